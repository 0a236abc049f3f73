"""A damaged write-ahead log: every move its intact frames still hold is kept, in order, and the
table says game by game what was lost; never a move replayed that was not made in that order.

The log is made by the table itself: games of every kind played through a stored table whose
connection never checkpoints, then the database and its log copied while the connection is
still open (what a pulled plug leaves before the next start checkpoints it). The damage is then
made to that copy: a byte flipped in a frame's page, in a frame's header, in its checksum, in its
salt, the log cut in the middle of a frame, or another table's log beside the database.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion import games
from companion.core.session import Session
from companion.store import Store
from companion.store import wal as wal_format
from companion.table import Table
from tests.support import typed_play

FRAME_HEADER = 24


@dataclass
class Evening:
    """A crashed table's database and log, with what was acknowledged to the players."""

    path: Path
    page_size: int
    pass_frames: int  # frames of the log's current pass
    acknowledged: dict[int, list[tuple[dict, str]]]  # game -> its moves in effect, as played
    records: dict[int, tuple[str, list[str], str]]  # game -> (id, players, status)


SHIPPED = [g for g in games.known() if g != "tally"]  # the five games a table ships with


def play_evening(folder: Path, seed: int, moves: int = 30, checkpointed: int = 0) -> Evening:
    """One game of every kind a table ships with and a Tally, each left as the next starts (or
    finished), the last still being played; the table's connection still open when its files are
    copied. The order turns with the seed, so the game left being played (and where each game's
    frames fall in the log) differs from evening to evening. Every game is in the log only,
    unless the first `checkpointed` were copied into the database file, as an earlier checkpoint
    does."""
    live = folder / "live" / "companion.db"
    live.parent.mkdir(parents=True)
    store = Store(live)
    store.db.execute("PRAGMA wal_autocheckpoint = 0")  # everything stays in the log
    table = Table(store)
    rng = random.Random(seed)
    kinds = [*SHIPPED, "tally"]
    kinds = kinds[seed % len(kinds):] + kinds[: seed % len(kinds)]
    for number, game_id in enumerate(kinds):
        if checkpointed and number == checkpointed:
            store.db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        game = games.get(game_id)
        session = table.start(game_id, typed_play.players_for(game, rng), {})
        for _ in range(moves):
            if session.result() is not None or typed_play.step(rng, session) is None:
                break
    acknowledged = {r.id: store.played(r.id) for r in [*store.history(), *filter(None, [store.unfinished()])]}
    records = {r.id: (r.game, r.names, r.status) for r in [*store.history(), *filter(None, [store.unfinished()])]}
    crashed = folder / "crashed" / "companion.db"
    crashed.parent.mkdir()
    shutil.copyfile(live, crashed)
    shutil.copyfile(f"{live}-wal", f"{crashed}-wal")
    page_size = store.db.execute("PRAGMA page_size").fetchone()[0]
    store.close()
    raw = Path(f"{crashed}-wal").read_bytes()
    return Evening(crashed, page_size, _pass_length(raw, page_size), acknowledged, records)


def every_shipped_game_is_in_the_log_only(evening: Evening) -> None:
    """The damage below falls on games of every kind: the database file alone holds none of them."""
    assert {game for game, _, _ in evening.records.values()} >= set(SHIPPED)
    alone = evening.path.parent.parent / "file-alone.db"
    shutil.copyfile(evening.path, alone)  # without its log beside it
    db = sqlite3.connect(alone)
    try:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0
    finally:
        db.close()


def _pass_length(raw: bytes, page_size: int) -> int:
    salts = raw[16:24]
    n = 0
    while 32 + (n + 1) * (FRAME_HEADER + page_size) <= len(raw):
        at = 32 + n * (FRAME_HEADER + page_size)
        if raw[at + 8: at + 16] != salts:
            break
        n += 1
    return n


def frame_at(evening: Evening, n: int) -> int:
    return 32 + n * (FRAME_HEADER + evening.page_size)


def flip(path: Path, *offsets: int) -> None:
    data = bytearray(path.read_bytes())
    for offset in offsets:
        data[offset] ^= 0x5A
    path.write_bytes(bytes(data))


def what_sqlite_alone_reads(evening: Evening, tmp_path: Path) -> dict[int, int]:
    """Moves in effect SQLite itself keeps of each game, from a copy of the damaged files."""
    copy = tmp_path / "sqlite-alone" / "companion.db"
    copy.parent.mkdir()
    shutil.copyfile(evening.path, copy)
    shutil.copyfile(f"{evening.path}-wal", f"{copy}-wal")
    db = sqlite3.connect(copy)
    try:
        return {gid: n for gid, n in db.execute(
            "SELECT g.id, (SELECT count(*) FROM actions a WHERE a.game_id = g.id AND a.idx < g.cursor) FROM games g")}
    finally:
        db.close()


def check_kept_in_order_and_told(evening: Evening, store: Store) -> dict[int, int]:
    """Every game kept holds its acknowledged moves from the first, none other, none out of
    order; each game that lost moves is named with its count in the notice. Returns kept counts."""
    kept = {}
    notice = " ".join(store.notices)
    for gid, moves in evening.acknowledged.items():
        record = store.record(gid)
        game, names, _status = evening.records[gid]
        if record is None:
            assert "whose record was lost" in notice, (gid, notice)
            kept[gid] = 0
            continue
        played = store.played(gid)
        assert [m for m, _ in played] == [m for m, _ in moves[: len(played)]], f"game {gid}: a move out of order"
        kept[gid] = len(played)
        lost = len(moves) - len(played)
        title = games.get(game).title
        if lost:
            assert f"{title} ({', '.join(names)}) lost" in notice, (gid, lost, notice)
            last = "its last move" if lost == 1 else f"its last {lost} moves"
            said = f"lost all its {lost} moves" if not played else f"lost {last}; the game is kept up to move {len(played)}"
            if lost == 1 and not played:
                said = "lost its one move"
            assert said in notice, (gid, said, notice)
            assert record.actions == len(moves), "the game keeps its count of moves"
            assert store.unfinished() is None or store.unfinished().id != gid, "never resumed on a wrong state"
        else:
            assert f"{title} ({', '.join(names)}) lost" not in notice, (gid, notice)
    # A game being played resumes only when none of its moves was lost, in the state they make.
    table = Table(store)
    session = table.resume()
    if session is not None:
        gid = table.record.id
        assert kept[gid] == len(evening.acknowledged[gid])
        again = Session(games.get(table.record.game), table.record.players, table.record.options)
        for action, _ in evening.acknowledged[gid]:
            again.dispatch(action)
        assert session.view() == again.view()
    return kept


def kept_files(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if ".damaged-" in p.name)


def evening_copy(tmp_path: Path, seed: int, checkpointed: int = 0) -> Evening:
    return play_evening(tmp_path / f"evening-{seed}", seed, checkpointed=checkpointed)


def damage_page(evening: Evening, n: int) -> None:
    damage_pages(evening, range(n, n + 1))


def damage_pages(evening: Evening, frames: range) -> None:
    """A spoilt byte in the page of each of these frames (a bad stretch of the card)."""
    flip(Path(f"{evening.path}-wal"), *(frame_at(evening, n) + FRAME_HEADER + evening.page_size // 2 for n in frames))


def damage_header(evening: Evening, n: int) -> None:
    flip(Path(f"{evening.path}-wal"), frame_at(evening, n) + 3)  # the page number's low byte


def damage_checksum(evening: Evening, n: int) -> None:
    flip(Path(f"{evening.path}-wal"), frame_at(evening, n) + 17)


def damage_salt(evening: Evening, n: int) -> None:
    flip(Path(f"{evening.path}-wal"), frame_at(evening, n) + 9)


@pytest.mark.parametrize("damage", [damage_page, damage_header, damage_checksum, damage_salt])
@pytest.mark.parametrize("where", [0.3, 0.7])
def test_a_flipped_byte_in_the_log_loses_only_what_no_intact_frame_holds_and_says_so(tmp_path, damage, where):
    evening = evening_copy(tmp_path, seed=int(where * 10))
    every_shipped_game_is_in_the_log_only(evening)
    n = int(evening.pass_frames * where)
    damage(evening, n)
    sqlite_alone = what_sqlite_alone_reads(evening, tmp_path)
    before = sum(len(m) for m in evening.acknowledged.values())
    assert sum(sqlite_alone.values()) < before, "SQLite alone loses moves to this damage"

    store = Store(evening.path)
    try:
        kept = check_kept_in_order_and_told(evening, store)
        (notice,) = store.notices
        assert notice.startswith("The table's storage was damaged")
        names = kept_files(evening.path)
        assert any(name.endswith("-wal") for name in names) and f"kept as {names[0]}." in notice
        # More than SQLite alone: the frames after the damage gave their moves back.
        assert sum(kept.values()) > sum(sqlite_alone.values()), (kept, sqlite_alone)
        assert store.integrity() == "ok"
        # The table goes on: the next game takes the next number.
        Table(store).start("tally", ["Ann", "Ben"], {}).dispatch({"type": "add", "points": 1})
        assert store.unfinished().id == max(evening.acknowledged) + 1
    finally:
        store.close()


def test_a_log_cut_in_the_middle_of_a_frame_keeps_every_whole_commit_before_the_cut(tmp_path):
    """What a pulled plug during a write leaves: SQLite's own reading is right, and the table
    keeps every transaction whose commit frame is whole, none after it."""
    evening = evening_copy(tmp_path, seed=3)
    wal = Path(f"{evening.path}-wal")
    cut = frame_at(evening, evening.pass_frames // 2) + 1000
    wal.write_bytes(wal.read_bytes()[:cut])
    sqlite_alone = what_sqlite_alone_reads(evening, tmp_path)
    store = Store(evening.path)
    try:
        assert store.notices == [] and kept_files(evening.path) == []
        for gid, moves in evening.acknowledged.items():
            played = store.played(gid) if store.record(gid) else []
            assert [m for m, _ in played] == [m for m, _ in moves[: len(played)]], "in order"
            assert len(played) == sqlite_alone.get(gid, 0)
        assert 0 < sum(sqlite_alone.values()) < sum(len(m) for m in evening.acknowledged.values())
    finally:
        store.close()


def test_another_databases_log_is_set_aside_never_read_into_this_one(tmp_path):
    ours = evening_copy(tmp_path / "ours", seed=4, checkpointed=3)  # its first games in the file itself
    theirs = evening_copy(tmp_path / "theirs", seed=5)
    # What the database file itself holds (the log not read): the reference for what stays.
    alone = tmp_path / "alone.db"
    shutil.copyfile(ours.path, alone)
    with sqlite3.connect(alone) as db:
        file_games = {gid: (game, players) for gid, game, players in db.execute("SELECT id, game, players FROM games")}
    shutil.copyfile(f"{theirs.path}-wal", f"{ours.path}-wal")

    store = Store(ours.path)
    try:
        (notice,) = store.notices
        assert "the log beside the game database belongs to another database, so none of it was used" in notice
        assert any(name.endswith("-wal") for name in kept_files(ours.path))
        assert store.integrity() == "ok"
        now = {r.id: (r.game, json.dumps(r.players)) for r in [*store.history(), *filter(None, [store.unfinished()])]}
        assert {gid: g for gid, (g, _) in now.items()} == {gid: g for gid, (g, _) in file_games.items()}
        for gid in now:  # no game of the other table came in
            assert store.record(gid).names == [p["name"] for p in json.loads(file_games[gid][1])]
    finally:
        store.close()


def test_an_undamaged_log_is_read_by_sqlite_as_ever_and_nothing_is_said(tmp_path):
    evening = evening_copy(tmp_path, seed=6)
    assert wal_format.inspect(Path(f"{evening.path}-wal")) is None
    store = Store(evening.path)
    try:
        assert store.notices == [] and kept_files(evening.path) == []
        for gid, moves in evening.acknowledged.items():
            assert store.played(gid) == moves
    finally:
        store.close()


# Evenings whose spoilt stretch holds the last copy of some moves (the first assertion below): which
# do depends on how the pages fall, so an evening that stops doing so is swapped for another.
@pytest.mark.parametrize(("seed", "start"), [(3, 0.0), (4, 0.5), (7, 0.0)])
def test_a_spoilt_stretch_of_the_log_costs_only_the_moves_no_later_frame_holds_and_names_each_game(
        tmp_path, seed, start):
    """A bad stretch of the card: every frame from `start` of the pass to the last transaction."""
    evening = evening_copy(tmp_path, seed=seed)
    every_shipped_game_is_in_the_log_only(evening)
    damage_pages(evening, range(int(evening.pass_frames * start), evening.pass_frames - 4))
    sqlite_alone = what_sqlite_alone_reads(evening, tmp_path)
    store = Store(evening.path)
    try:
        kept = check_kept_in_order_and_told(evening, store)
        (notice,) = store.notices
        lost = {gid for gid, moves in evening.acknowledged.items() if kept[gid] < len(moves)}
        assert lost, "the stretch held the last copy of some moves"
        assert notice.startswith("The table's storage was damaged: ") and notice.count(" lost ") == len(lost)
        assert sum(kept.values()) > sum(sqlite_alone.values())
        for gid in lost:  # a game that lost moves is left unfinished, never resumed
            assert store.record(gid).status in ("finished", "abandoned")
    finally:
        store.close()


def test_the_listings_before_the_next_start_say_what_the_start_will_say_and_show_what_it_will_keep(tmp_path, capsys):
    from companion.cli import main

    evening = evening_copy(tmp_path, seed=3)
    damage_pages(evening, range(0, evening.pass_frames - 4))
    config = tmp_path / "config.toml"
    config.write_text(f'[data]\ndir = "{evening.path.parent}"\n')
    files = sorted(p.name for p in evening.path.parent.iterdir())

    assert main(["history", "--json", "--config", str(config)]) == 0
    out = capsys.readouterr()
    assert sorted(p.name for p in evening.path.parent.iterdir()) == files, "a listing moves nothing"
    listed = {g["id"]: g for g in json.loads(out.out)}
    assert out.err.startswith("companion history: The table's storage was damaged: "), out.err
    said = out.err.removeprefix("companion history: ").split(". The table sets")[0]

    store = Store(evening.path)  # the table starts: the same words, and the same games kept
    try:
        (notice,) = store.notices
        assert notice.startswith(said + ". The damaged files are kept as "), (said, notice)
        for gid, game in listed.items():
            assert game.get("moves_kept", game["actions"]) == len(store.played(gid))
        assert any("moves_lost" in g for g in listed.values())
    finally:
        store.close()
    assert main(["history", "--config", str(config)]) == 0
    after = capsys.readouterr()
    assert after.err == "", after.err
    assert "(the table's storage was damaged: " in after.out, after.out


def test_the_checksums_are_sqlites_own_every_frame_of_a_log_it_wrote_checks():
    """The log's reader agrees with SQLite on every frame SQLite wrote (else every log would look
    damaged, or none would)."""
    import struct
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.db"
        db = sqlite3.connect(path)
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA wal_autocheckpoint = 0")
        db.execute("CREATE TABLE t (v TEXT)")
        for i in range(50):
            with db:
                db.execute("INSERT INTO t VALUES (?)", (str(i) * 300,))
        raw = Path(f"{path}-wal").read_bytes()
        db.close()
    magic, _, page_size = struct.unpack(">3I", raw[:12])
    big = magic == 0x377F0683
    carried = struct.unpack(">2I", raw[24:32])
    assert wal_format.checksum(raw[:24], big) == carried
    size = FRAME_HEADER + page_size
    frames = (len(raw) - 32) // size
    assert frames >= 50
    for n in range(frames):
        at = 32 + n * size
        carried_now = struct.unpack(">2I", raw[at + 16: at + 24])
        assert wal_format.checksum(raw[at: at + 8] + raw[at + 24: at + size], big, *carried) == carried_now, n
        carried = carried_now


def test_a_torn_log_of_filler_alone_is_left_to_sqlite_and_nothing_is_said(tmp_path):
    """A power cut while the log is reserved at start-up (filler written unflushed) may leave a
    frame torn with filler after it: no game's row or move is in those frames, nothing is lost."""
    live = tmp_path / "live" / "companion.db"
    live.parent.mkdir()
    store = Store(live)
    session = Table(store).start("tally", ["Ann", "Ben"], {"target": 99})
    for _ in range(5):
        session.dispatch({"type": "dial", "step": 1})
    played = store.played(1)
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.db.isolation_level = None
    store.db.execute("PRAGMA wal_autocheckpoint = 0")
    store.db.execute("CREATE TABLE wal_filler (n INTEGER)")  # as _reserve_wal does
    store.db.execute("INSERT INTO wal_filler VALUES (0)")
    for _ in range(40):
        store.db.execute("UPDATE wal_filler SET n = n + 1")
    crashed = tmp_path / "crashed" / "companion.db"
    crashed.parent.mkdir()
    shutil.copyfile(live, crashed)
    shutil.copyfile(f"{live}-wal", f"{crashed}-wal")
    store.close()
    flip(Path(f"{crashed}-wal"), 32 + 5 * (FRAME_HEADER + 4096) + FRAME_HEADER + 100)
    assert wal_format.inspect(Path(f"{crashed}-wal")) is not None, "SQLite stops at the torn frame"
    again = Store(crashed)
    try:
        assert again.notices == [] and kept_files(crashed) == []
        assert again.played(1) == played
    finally:
        again.close()


def test_a_damaged_log_beside_a_damaged_file_is_read_as_a_damaged_file_is(tmp_path):
    evening = evening_copy(tmp_path, seed=8)
    damage_page(evening, evening.pass_frames // 2)
    evening.path.write_bytes(b"\x13" * evening.path.stat().st_size)  # every page of the file spoilt
    store = Store(evening.path)
    try:
        (notice,) = store.notices
        assert notice.startswith("The table's storage was damaged. A new game database holds what could still be read: ")
        assert any(name.endswith("-wal") for name in kept_files(evening.path))
        assert store.integrity() == "ok"
        for gid in evening.acknowledged:  # whatever came through is the game as played
            if store.record(gid) is not None:
                now = store.played(gid)
                assert [m for m, _ in now] == [m for m, _ in evening.acknowledged[gid][: len(now)]]
    finally:
        store.close()


def test_a_table_stopped_while_it_salvaged_a_log_finishes_at_its_next_start(tmp_path):
    """Pulled plug after the rebuilt database was complete, before the files were swapped."""
    from companion.store import wal_salvage

    evening = evening_copy(tmp_path, seed=3)
    damage_pages(evening, range(0, evening.pass_frames - 4))
    damage = wal_format.inspect(Path(f"{evening.path}-wal"))
    rebuilt = evening.path.with_name("companion.db.rebuilt")
    wal_salvage.salvage(evening.path, damage, rebuilt)
    (evening.path.parent / "companion.db.rebuilding").write_bytes(b"half a copy")
    store = Store(evening.path)
    try:
        (notice,) = store.notices
        assert "the table was stopped while it kept what could be read; it is kept now" in notice, notice
        assert not rebuilt.exists() and not (evening.path.parent / "companion.db.rebuilding").exists()
        assert any(name.endswith("-wal") for name in kept_files(evening.path))
        kept = {gid: len(store.played(gid)) for gid in evening.acknowledged if store.record(gid)}
        assert sum(kept.values()) > 0 and store.integrity() == "ok"
        for gid, n in kept.items():
            assert [m for m, _ in store.played(gid)] == [m for m, _ in evening.acknowledged[gid][:n]]
    finally:
        store.close()
