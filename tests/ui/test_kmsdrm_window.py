"""The app's window on a screen without a desktop (SDL's KMSDRM) and on a desktop."""

from companion.ui.launch import kivy_fullscreen


def test_without_a_desktop_the_window_is_the_screen_not_kivys_fullscreen():
    # Kivy's fullscreen through KMSDRM draws only black (tests/deploy/test_vm_appliance.py found it).
    assert kivy_fullscreen(True, "kmsdrm") == "0"
    assert kivy_fullscreen(True, "KMSDRM") == "0"


def test_on_a_desktop_fullscreen_is_kivys_own():
    assert kivy_fullscreen(True, "") == "auto"
    assert kivy_fullscreen(True, "x11") == "auto"
    assert kivy_fullscreen(False, "x11") == "0"
