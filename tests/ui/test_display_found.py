"""Whether the app will have a screen, known before Kivy opens its window (its first line says it)."""

from companion.ui.display_found import why_offscreen


def test_asked_for_offscreen_it_says_so(tmp_path):
    assert why_offscreen({"SDL_VIDEODRIVER": "offscreen"}, tmp_path) == "SDL_VIDEODRIVER=offscreen"
    assert why_offscreen({"SDL_VIDEODRIVER": "dummy", "DISPLAY": ":0"}, tmp_path) == "SDL_VIDEODRIVER=dummy"


def test_a_desktop_or_a_named_driver_is_a_screen(tmp_path):
    assert why_offscreen({"DISPLAY": ":0"}, tmp_path / "none") is None
    assert why_offscreen({"WAYLAND_DISPLAY": "wayland-0"}, tmp_path / "none") is None
    assert why_offscreen({"SDL_VIDEODRIVER": "kmsdrm"}, tmp_path / "none") is None


def test_the_console_s_screen_counts_when_this_user_may_open_it(tmp_path):
    card = tmp_path / "card0"
    card.write_bytes(b"")
    card.chmod(0o666)
    assert why_offscreen({}, tmp_path) is None


def test_nothing_to_draw_to_is_said_in_words(tmp_path):
    said = why_offscreen({}, tmp_path / "no-dri")
    assert said == "no desktop (DISPLAY and WAYLAND_DISPLAY are unset) and no screen in /dev/dri"
    assert why_offscreen({}, tmp_path) == said  # a /dev/dri with no card in it
