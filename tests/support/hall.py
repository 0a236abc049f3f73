"""A venue broker and tables bridged into it, for the hall's tests and benchmark: every broker a
real Mosquitto on loopback ports, every bridge the drop-in `companion hall-join` writes."""

from __future__ import annotations

import glob
import shutil
import subprocess
from pathlib import Path
from typing import Any

from companion import config as companion_config
from companion.broadcast.mqtt import Broadcaster
from companion.hall.bridge import drop_in
from companion.hall.enrol import ORGANISER, enrol, new_password, session
from companion.store import Store
from companion.table import Table
from tests.support.cut_link import CutLink
from tests.support.mosquitto import ROOT, WEB, Broker, free_ports

HALL_DEPLOY = ROOT / "deploy" / "hall"
KEEPALIVE = 5  # the shortest [hall] keepalive the venue needs: a cut link is seen at once here
ORGANISER_PASSWORD = "organiser-password-for-tests"
DYNSEC = next(iter(glob.glob("/usr/lib/*/mosquitto_dynamic_security.so")), "/usr/lib/mosquitto_dynamic_security.so")


class VenueBroker(Broker):
    """The venue's Mosquitto from deploy/hall/venue.conf as venue.sh sets it up: its own CA and
    certificate (deploy/hall/venue-tls.sh), the organiser's login in the dynamic-security file,
    tables on `tls_port` each with its own login (add_table), anyone reading on `mqtt_port` and
    `ws_port`. Saves to its own folder."""

    def __init__(self, workdir: Path) -> None:
        workdir = Path(workdir)
        workdir.mkdir(parents=True, exist_ok=True)
        mqtt_port, ws_port, self.tls_port = free_ports(3)
        self.fingerprint = subprocess.run(["sh", str(HALL_DEPLOY / "venue-tls.sh"), str(workdir)], check=True,
                                          capture_output=True, text=True).stdout.strip()
        self.cafile = str(workdir / "ca.pem")
        (workdir / "logins").mkdir(exist_ok=True)
        subprocess.run(["mosquitto_ctrl", "dynsec", "init", str(workdir / "logins" / "dynamic-security.json"),
                        ORGANISER, ORGANISER_PASSWORD], check=True, capture_output=True)
        # The pages as venue.sh copies them, with the CA a table fetches (never into the repository).
        web = workdir / "web"
        shutil.copytree(WEB, web, dirs_exist_ok=True)
        shutil.copy(workdir / "ca.pem", web / "hall-ca.pem")
        self._pending: dict[str, str] = {}
        self._logins: dict[str, str] = {}  # table id -> its password
        super().__init__(workdir, conf_template=HALL_DEPLOY / "venue.conf", acl_template=HALL_DEPLOY / "acl",
                         debian_persistence=True, ports=[mqtt_port, ws_port], web_dir=web,
                         values={"TLS_PORT": str(self.tls_port), "DYNSEC": DYNSEC})

    @property
    def hall(self) -> dict[str, Any]:
        """[hall] of a table that dials this venue directly."""
        return {"host": "127.0.0.1", "port": self.tls_port, "cafile": self.cafile, "username": ""}

    def add_table(self, table_id: str, prefix: str = "companion") -> str:
        """The table's own login, made as hall-join makes it (now, or as soon as the venue runs)."""
        password = new_password()
        self._pending[table_id] = self._logins[table_id] = password
        if self.proc is not None:
            self._enrol_pending(prefix)
        return password

    def as_table(self, table_id: str, prefix: str = "companion", *, index: bool = False) -> Any:
        """A session (a context manager giving a paho client) logged in on the tables' listener as
        `table_id`, enrolled now if it is not yet: what that table's bridge may do, no more. The
        login is the client id: `index` logs in as the read-back one (`<id>.index`), which knocks
        that table's read-back bridge off for a moment rather than its link."""
        from contextlib import contextmanager

        @contextmanager
        def logged_in() -> Any:
            password = self._logins.get(table_id) or self.add_table(table_id, prefix)
            with session(self.hall, table_id + (".index" if index else ""), password) as client:
                yield client
        return logged_in()

    def _enrol_pending(self, prefix: str = "companion") -> None:
        with session(self.hall, ORGANISER, ORGANISER_PASSWORD) as client:
            for table_id, password in self._pending.items():
                enrol(client, prefix, table_id, password)
        self._pending.clear()

    def start(self, timeout: float = 5.0) -> VenueBroker:
        super().start(timeout)
        if self._pending:
            self._enrol_pending()
        return self


def venue_broker(workdir: Path) -> VenueBroker:
    """The venue's Mosquitto as venue.sh sets it up, saving to its own folder."""
    return VenueBroker(workdir)


class HallTable:
    """One table: its own Mosquitto bridged to the venue through a link that can be cut, its store,
    and its broadcaster (started by start_app, stopped by stop_app as the app would be)."""

    def __init__(self, workdir: Path, venue: Broker, table_id: str, name: str, *, through_link: bool = True,
                 plays_hours: int = 24) -> None:
        self.dir = Path(workdir)
        self.id, self.name = table_id, name
        self.broker = Broker(self.dir / "broker")
        self.link = CutLink(venue.tls_port) if through_link else None
        port = self.link.port if self.link else venue.tls_port
        self.password = venue.add_table(table_id)
        self.config = self.broker.companion_config(
            table={"id": table_id, "name": name},
            hall={**venue.hall, "port": port, "keepalive": KEEPALIVE, "plays_hours": plays_hours},
        )
        self.broker.set_extra_conf(drop_in(self.config, self.password))
        self.db = self.dir / "companion.db"
        self.store: Store | None = None
        self.table: Table | None = None
        self.broadcaster: Broadcaster | None = None

    def start(self) -> HallTable:
        self.broker.start()
        return self.start_app()

    def start_app(self) -> HallTable:
        self.store = Store(self.db)
        self.table = Table(self.store)
        self.broadcaster = Broadcaster(self.config, self.table)
        self.broadcaster.start()
        if self.table.resume_pending:
            self.table.resume()
        return self

    def stop_app(self) -> None:
        if self.broadcaster:
            self.broadcaster.close()
        if self.store:
            self.store.close()
        self.broadcaster = self.table = self.store = None

    def kill_app(self) -> None:
        """As a crash would: the connection drops without a goodbye, so the table's broker sends
        its Last Will ("offline"); nothing more is published, and the store is left as it is."""
        b = self.broadcaster
        if b is not None and b._client is not None:
            b._client.loop_stop()  # paho's thread ends without sending DISCONNECT
            b._client._sock_close()
            with b._cond:
                b._closed = b._stopping = True
                b._cond.notify_all()
            if b._unsubscribe:
                b._unsubscribe()
            if b.hall:
                b.hall.close()
        if self.store:
            self.store.close()
        self.broadcaster = self.table = self.store = None

    def version(self) -> int:
        """The version of the state the table shows now (docs/mqtt.md)."""
        from companion.broadcast.topics import version

        assert self.table is not None
        session, record = self.table.session, self.table.record
        if session is None:
            return version(self.table.store.last_game_number(), None)
        return version(record.id if record else None, session.revision)

    def play(self, *actions: dict[str, Any]) -> None:
        assert self.table is not None and self.table.session is not None
        for action in actions:
            self.table.session.dispatch(action)

    def close(self) -> None:
        self.stop_app()
        self.broker.stop()
        if self.link:
            self.link.close()


def config_with(values: dict[str, dict[str, Any]]) -> companion_config.Config:
    base = companion_config.defaults()
    for section, overrides in values.items():
        base[section].update(overrides)
    return companion_config.Config(base, None)


SCRIPTS = ROOT / "tests" / "games"


def play_script(t: HallTable, relative: str, upto: int | None = None, players: list[str] | None = None) -> None:
    """Start the game of tests/games/<relative> (a JSON-lines script) at table `t` and play its
    actions, all of them or the first `upto`; `players` renames the seats in order."""
    import json

    lines = [json.loads(line) for line in (SCRIPTS / relative).read_text().splitlines() if line.strip()]
    setup, actions = lines[0], lines[1:]
    names = list(setup["players"])
    rename = dict(zip(names, players)) if players else {}
    assert t.table is not None
    t.table.start(setup["game"], [rename.get(n, n) for n in names], setup.get("options", {}))
    for action in actions[:upto]:
        if rename:
            action = json.loads(_renamed(json.dumps(action), rename))
        t.play(action)


def _renamed(text: str, rename: dict[str, str]) -> str:
    for old, new in rename.items():
        text = text.replace(f'"{old}"', f'"{new}"')
    return text
