"""Start the touchscreen app: Kivy settings first (they must precede Kivy's window), then the app."""

from __future__ import annotations

import configparser
import logging
import os
import sys
from importlib import resources

from companion.config import Config

log = logging.getLogger(__name__)


def prepare_kivy(config: Config, sim: bool) -> None:
    """Environment and Kivy config for this table; call before anything imports kivy.core.window."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    # Kivy keeps its own config.ini in KIVY_HOME: keep it beside the games, not in ~/.kivy,
    # so a stale ~/.kivy/config.ini can never add a second touch source.
    kivy_home = config.data_dir / "kivy"
    kivy_home.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("KIVY_HOME", str(kivy_home))
    # Every Kivy setting the table needs is set below, at each start: Kivy reads and writes no
    # config.ini. (With one, a fresh KIVY_HOME greeted every new install with "Older configuration
    # version detected", and a stale file could bring back a second touch source.) Its log
    # file still goes to KIVY_HOME/logs.
    os.environ.setdefault("KIVY_NO_CONFIG", "1")
    from companion.ui import kivy_logging

    kivy_logging.before_kivy()
    from kivy.config import Config as KivyConfig

    kivy_logging.quiet_missing_cutbuffer()
    kivy_logging.terminal_warnings()
    display = config["display"]
    touch = display["touch"]
    if sim and touch == "auto":
        touch = "mouse"  # a desktop trying the app: the mouse is the finger
    KivyConfig.set("graphics", "fullscreen", kivy_fullscreen(display["fullscreen"], os.environ.get("SDL_VIDEODRIVER", "")))
    KivyConfig.set("graphics", "width", str(display["width"]))
    KivyConfig.set("graphics", "height", str(display["height"]))
    KivyConfig.set("graphics", "resizable", "1")
    KivyConfig.set("kivy", "exit_on_escape", "0")
    # On the touchscreen there is no keyboard: typing a name docks Kivy's own keyboard.
    KivyConfig.set("kivy", "keyboard_mode", "systemanddock" if touch == "auto" else "system")
    install_input_config(KivyConfig, touch)


def kivy_fullscreen(fullscreen: bool, video_driver: str) -> str:
    """Kivy's [graphics] fullscreen for the table's setting under this SDL video driver.

    Without a desktop (SDL's KMSDRM, the Pi's kiosk) the app's one window is the whole screen.
    Asked for Kivy's fullscreen there ("auto", SDL's desktop fullscreen) it shows only black
    (seen through KMSDRM on virtio-gpu and on a plain VGA in tests/deploy/test_vm_appliance.py),
    while a plain window of the screen's size fills it: [display] width and height, the panel's.
    """
    if video_driver.lower() == "kmsdrm":
        return "0"
    return "auto" if fullscreen else "0"


def install_input_config(kivy_config, touch: str) -> None:
    """Replace Kivy's [input] section with the shipped block for this touch mode."""
    shipped = configparser.ConfigParser(interpolation=None)
    shipped.read_string(resources.files("companion.ui").joinpath("kivy-input.ini").read_text())
    for key in list(kivy_config.options("input")):
        kivy_config.remove_option("input", key)
    for key, value in shipped.items(touch):
        kivy_config.set("input", key, value)


def launch(config: Config, sim: bool) -> int:
    prepare_kivy(config, sim)
    say(start_report(config, sim))  # first: what follows (a warning, say) reads against it
    from companion.broadcast.mqtt import Broadcaster
    from companion.inputs.start import start_inputs
    from companion.store import Store, StoreError
    from companion.table import Table
    from companion.ui.app import CompanionApp

    try:
        store = Store(config.database)
    except StoreError as exc:
        log.error("%s", exc)  # on the terminal as "Error: ...", and in the log file
        return 2
    table = Table(store)
    # The broker never holds up the screen: start() returns at once and connects in the background.
    broadcaster = Broadcaster(config, table)
    broadcaster.start()
    app = CompanionApp(config, table, devices=[broadcaster.status], sim=sim)
    # Input threads only hand over to the app's thread (Clock), so the app exists before they start.
    inputs = start_inputs(
        config,
        lambda: table.session,
        on_control=lambda name: app.post_control(name, "gpio"),
        on_roll=lambda face, info: app.post_roll(face, info),
        sim=sim,
    )
    app.attach_inputs(inputs.router, inputs.statuses, inputs.sim_tray)
    stop_on_sigterm(app)
    from kivy.clock import Clock

    from companion.ui.screen_report import screen_report

    # Once the window is open: the screen SDL really took (KMSDRM on the Pi), for the journal.
    Clock.schedule_once(lambda _dt: say(screen_report()), 0)
    try:
        app.run()
    finally:
        inputs.close()
        broadcaster.close()  # "offline" on the availability topic before leaving
        store.close()
    say("The table companion has stopped.")
    return 0


def say(text: str) -> None:
    """A line for the person who started the app (the terminal, or the journal)."""
    print(text, flush=True)


def start_report(config: Config, sim: bool) -> str:
    """What a person needs once the app is up: where it is, the phone page, the log, how to stop it."""
    from companion.broadcast.phone_url import reachable_page_url
    from companion.inputs.keyboard import HELP as KEYBOARD_HELP
    from companion.ui.kivy_logging import log_file
    from companion.ui.phone_code import NO_NETWORK

    display = config["display"]
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in ("offscreen", "dummy"):
        where = f"running with no screen to show (SDL_VIDEODRIVER={driver})"
    elif display["fullscreen"]:
        where = "full screen"
    else:
        where = f"a {display['width']}x{display['height']} window, \"{config['table']['name']}\""
    lines = [f"Table companion: {where}"]
    if sim:
        lines.append(f"  Keys: {KEYBOARD_HELP}")
    if config["mqtt"]["enabled"]:
        url = reachable_page_url(config)
        lines.append(f"  Phone page: {url}" if url else f"  Phone page: {NO_NETWORK}")
    else:
        lines.append("  Phone page: off ([mqtt] enabled is false)")
    log = log_file()
    lines.append(f"  Log: {log}" if log else "  Log: warnings and errors here only (Kivy's log file is off)")
    if os.environ.get("INVOCATION_ID"):  # started by systemd
        lines.append("  Stop: sudo systemctl stop companion")
    elif where.startswith("a "):
        lines.append("  Stop: close the window, or press Ctrl+C here")
    else:
        lines.append("  Stop: press Ctrl+C here")
    return "\n".join(lines)


def stop_on_sigterm(app) -> None:
    """systemd stops the service with SIGTERM (a terminal with SIGINT): leave through the app's own stop, so every
    adapter closes cleanly (the broker hears "offline"), instead of dying mid-frame."""
    import signal

    from kivy.clock import Clock

    for signum in (signal.SIGTERM, signal.SIGINT):  # Ctrl+C in a terminal leaves the same way
        signal.signal(signum, lambda *_: Clock.schedule_once(lambda _dt: app.stop(), 0))
