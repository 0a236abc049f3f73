"""Start the touchscreen app: Kivy settings first (they must precede Kivy's window), then the app."""

from __future__ import annotations

import configparser
import logging
import os
import sys
import threading
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

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
    # No multisampling (Kivy's default draws every pixel twice over): the screen is text and flat
    # boxes, whose only slanted edges are rounded corners a few pixels across. Where GL is drawn
    # in software (Mesa's llvmpipe: a Pi without its GPU driver, the virtual table, the tests) it
    # took most of the renderer's CPU: Bonbon's board tests, renderer threads 34 s -> 13 s.
    KivyConfig.set("graphics", "multisamples", "0")
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
    store_opened = open_store_meanwhile(config.database)
    say(start_report(config, sim))  # first: what follows (a warning, say) reads against it
    from companion.store import StoreError
    from companion.table import Table
    from companion.ui.app import CompanionApp
    from companion.ui.first_frame import keep_out_of_collections
    from companion.ui.rest_collections import RestCollections

    try:
        store = store_opened()
    except StoreError as exc:
        log.error("%s", exc)  # on the terminal as "Error: ...", and in the log file
        return 2
    table = Table(store)
    app = CompanionApp(config, table, sim=sim)
    adapters = Adapters(config, table, app, sim)
    # The first frame comes first: the broker and the physical inputs start right after it, on
    # the app's thread, so a table switched on as players sit down shows its screen sooner.
    app.first_frames.later(keep_out_of_collections)
    app.first_frames.later(RestCollections().start)  # full collections while nobody touches
    app.first_frames.later(adapters.start_broadcaster)
    app.first_frames.later(adapters.start_inputs)
    app.first_frames.later(store.reserve_log)  # the game log's working length, before the first move

    def warm_up_the_rest() -> None:
        """Every other screen and board, one a frame, worked out after the first frame too (it
        reads the menu); then what they made is set aside from collections as well."""
        for task in [*app.warm_ups(), keep_out_of_collections]:
            app.first_frames.later(task)

    app.first_frames.later(warm_up_the_rest)
    stop_on_sigterm(app)
    from kivy.clock import Clock

    from companion.ui.screen_report import screen_report

    # Once the window is open: the screen SDL really took (KMSDRM on the Pi), for the journal.
    Clock.schedule_once(lambda _dt: say(screen_report()), 0)
    try:
        app.run()
    finally:
        adapters.close()
        store.close()
    say("The table companion has stopped.")
    return 0


def open_store_meanwhile(path: Path) -> Callable[[], Any]:
    """Open (or create) the game database on a thread of its own while Kivy opens its window: its
    flushes (a new table's first start, an SD card) wait on the disk, not on the processor, and
    would otherwise come on top of the window. The returned function gives the Store, once open,
    or raises what opening it raised. Its write-ahead log is reserved after the first frame."""
    from companion.store import Store

    opened: dict[str, Any] = {}

    def open_it() -> None:
        try:
            opened["store"] = Store(path, reserve_log=False)
        except BaseException as exc:  # noqa: BLE001 - raised again on the app's thread, below
            opened["error"] = exc

    thread = threading.Thread(target=open_it, name="open-game-database", daemon=True)
    thread.start()

    def store() -> Any:
        thread.join()
        if "error" in opened:
            raise opened["error"]
        return opened["store"]

    return store


class Adapters:
    """The broker and the physical inputs of a running table, started once its first frame is shown."""

    def __init__(self, config: Config, table, app, sim: bool) -> None:
        self.config, self.table, self.app, self.sim = config, table, app, sim
        self.broadcaster = None
        self.inputs = None

    def start_broadcaster(self) -> None:
        """Follow the table (the resumed game too) and connect in the background: never waits on the broker."""
        from companion.broadcast.mqtt import Broadcaster

        self.broadcaster = Broadcaster(self.config, self.table)
        self.broadcaster.start()
        # The status screen lists the broker first, then the venue's hall link.
        self.app.devices[0:0] = [self.broadcaster.status, self.broadcaster.hall_status]

    def start_inputs(self) -> None:
        """Buttons, dial and dice tray; their threads only hand over to the app's thread (Clock)."""
        from companion.inputs.start import start_inputs

        app = self.app
        self.inputs = start_inputs(
            self.config,
            lambda: self.table.session,
            on_control=lambda name: app.post_control(name, "gpio"),
            on_roll=lambda face, info: app.post_roll(face, info),
            sim=self.sim,
        )
        app.attach_inputs(self.inputs.router, self.inputs.statuses, self.inputs.sim_tray)

    def close(self) -> None:
        """Whatever was started: the inputs, then the broker ("offline" on the availability topic)."""
        if self.inputs is not None:
            self.inputs.close()
        if self.broadcaster is not None:
            self.broadcaster.close()


def say(text: str) -> None:
    """A line for the person who started the app (the terminal, or the journal)."""
    print(text, flush=True)


def start_report(config: Config, sim: bool) -> str:
    """What a person needs once the app is up: where it is, the phone page, the log, how to stop it."""
    from companion.broadcast.phone_url import reachable_page_url
    from companion.inputs.keyboard import HELP as KEYBOARD_HELP
    from companion.ui.display_found import why_offscreen
    from companion.ui.kivy_logging import log_file
    from companion.ui.phone_code import NO_NETWORK

    display = config["display"]
    offscreen = why_offscreen()
    if offscreen:
        where = f"running offscreen, as there is no screen to draw to ({offscreen}): nothing is shown, and no key reaches it"
    elif display["fullscreen"]:
        where = "full screen"
    else:
        where = f"a {display['width']}x{display['height']} window, \"{config['table']['name']}\""
    lines = [f"Table companion: {where}"]
    if sim and not offscreen:  # keys reach a window, never an offscreen app
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
