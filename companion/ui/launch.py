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
    from kivy.config import Config as KivyConfig

    from companion.ui.kivy_logging import quiet_missing_cutbuffer

    quiet_missing_cutbuffer()
    display = config["display"]
    touch = display["touch"]
    if sim and touch == "auto":
        touch = "mouse"  # a desktop trying the app: the mouse is the finger
    KivyConfig.set("graphics", "fullscreen", "auto" if display["fullscreen"] else "0")
    KivyConfig.set("graphics", "width", str(display["width"]))
    KivyConfig.set("graphics", "height", str(display["height"]))
    KivyConfig.set("graphics", "resizable", "1")
    KivyConfig.set("kivy", "exit_on_escape", "0")
    # On the touchscreen there is no keyboard: typing a name docks Kivy's own keyboard.
    KivyConfig.set("kivy", "keyboard_mode", "systemanddock" if touch == "auto" else "system")
    install_input_config(KivyConfig, touch)


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
    from companion.broadcast.mqtt import Broadcaster
    from companion.inputs.start import start_inputs
    from companion.store import Store, StoreError
    from companion.table import Table
    from companion.ui.app import CompanionApp

    try:
        store = Store(config.database)
    except StoreError as exc:
        log.error("%s", exc)
        print(f"companion: {exc}", file=sys.stderr, flush=True)
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
    try:
        app.run()
    finally:
        inputs.close()
        broadcaster.close()  # "offline" on the availability topic before leaving
        store.close()
    return 0


def stop_on_sigterm(app) -> None:
    """systemd stops the service with SIGTERM (a terminal with SIGINT): leave through the app's own stop, so every
    adapter closes cleanly (the broker hears "offline"), instead of dying mid-frame."""
    import signal

    from kivy.clock import Clock

    for signum in (signal.SIGTERM, signal.SIGINT):  # Ctrl+C in a terminal leaves the same way
        signal.signal(signum, lambda *_: Clock.schedule_once(lambda _dt: app.stop(), 0))
