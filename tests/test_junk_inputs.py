"""Junk in, a message out: replay scripts, configuration files and games rows made of generated
junk end in exit status 0 or 2, and a refusal is one line saying what and where. Never a traceback."""

import io
import json
import sqlite3
import sys
import tempfile
from contextlib import redirect_stderr
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.config import SCHEMA
from companion.store import Store
from companion.table import Table

JUNK = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Text as a hostile file could hold it: control characters, bidi overrides, lone surrogates.
text = st.text(st.characters(blacklist_categories=()), max_size=30)
numbers = st.one_of(st.integers(), st.floats(allow_nan=True))
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, text),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=12,
)
games = st.sampled_from(["tally", "bonbon", "bondcones"])
headers = st.fixed_dictionaries(
    {"game": st.one_of(games, json_values), "players": st.one_of(st.lists(st.one_of(text, json_values), max_size=5),
                                                                 json_values)},
    optional={"options": json_values, "actions_version": json_values},
)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.one_of(st.sampled_from(["add", "pass", "roll", "undo", "redo", "draw"]),
                                             json_values)},
                          optional={"points": json_values, "face": json_values, "by": json_values}),
)


def as_line(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=True)
    except ValueError:  # a number too long for Python to print: write its digits out
        return "9" * 5000


def deep(n: int) -> str:
    return "[" * n + "]" * n


lines = st.one_of(actions.map(as_line), text, st.integers(1, 200_000).map(deep), st.just('{"type": ' + "9" * 5000 + "}"))


def run_cli(*argv: str) -> tuple[int, str, str]:
    """The command as a shell runs it: stdout encoded as UTF-8 (a lone surrogate cannot be)."""
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict")
    real = sys.stdout
    sys.stdout = stdout
    try:
        with redirect_stderr(err):
            code = main(list(argv))
        stdout.flush()
    finally:
        sys.stdout = real
    return code, out.getvalue().decode("utf-8"), err.getvalue()


def assert_one_line_refusal(code: int, out: str, err: str, prefix: str, where: Path) -> None:
    """Exit 0, or 2 with nothing on stdout and one line on stderr naming the file at fault."""
    assert code in (0, 2)
    if code == 2:
        assert out == ""
        assert err.startswith(prefix) and err.count("\n") == 1 and str(where) in err, err


@JUNK
@given(header=st.one_of(headers.map(as_line), text), body=st.lists(lines, max_size=5))
def test_replay_of_generated_junk_exits_0_or_2_with_one_line(header, body):
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "script.jsonl"
        script.write_text("\n".join([header, *body]) + "\n", encoding="utf-8", errors="surrogatepass")
        assert_one_line_refusal(*run_cli("replay", str(script)), prefix="companion replay: ", where=script)


toml_strings = text.map(lambda s: json.dumps(s))  # JSON's escapes are TOML's, lone surrogates too
toml_values = st.one_of(
    toml_strings,
    st.integers().map(str),
    st.just("9" * 5000),
    st.sampled_from(["true", "false", "[]", "[1, 2]", "{a = 1}", "1.5", "nan", "2024-01-01"]),
    text,  # not TOML at all
)
keys = st.sampled_from([(k.section, k.name) for k in SCHEMA] + [("data", "nope"), ("nope", "dir")])


@JUNK
@given(entries=st.lists(st.tuples(keys, toml_values), max_size=4), junk=st.one_of(st.just(""), text))
def test_a_config_of_generated_junk_exits_0_or_2_with_one_line(entries, junk):
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config.toml"
        body = "".join(f"[{section}]\n{name} = {value}\n" for (section, name), value in entries)
        config.write_text(body + junk, encoding="utf-8", errors="surrogatepass")
        code, out, err = run_cli("history", "--config", str(config))
        assert_one_line_refusal(code, out, err, prefix="companion: ", where=config)


columns = st.sampled_from(["game", "players", "options", "started_at", "ended_at", "result", "cursor"])
cells = st.one_of(json_values.map(as_line), text, st.binary(max_size=20), st.integers(), st.none())


@JUNK
@given(damage=st.lists(st.tuples(columns, cells), min_size=1, max_size=4), as_json=st.booleans())
def test_history_of_games_rows_holding_generated_junk_exits_0_or_2_with_one_line(damage, as_json):
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder) / "config.toml"
        config.write_text(f'[data]\ndir = "{folder}"\n')
        db = Path(folder) / "companion.db"
        store = Store(db)
        table = Table(store)
        table.start("tally", ["Ann", "Ben"], {"target": 3}).dispatch({"type": "add", "points": 3})
        table.start("tally", ["Cy", "Dee"], {})
        table.close_game()
        store.close()
        with sqlite3.connect(db) as raw:
            raw.execute("PRAGMA ignore_check_constraints = ON")
            for column, value in damage:
                try:
                    raw.execute(f"UPDATE games SET {column} = ?", (value,))
                except (sqlite3.IntegrityError, UnicodeEncodeError, OverflowError):
                    pass  # NOT NULL, a lone surrogate, a number SQLite cannot keep: not writable junk
        argv = ["history", "--config", str(config)] + (["--json"] if as_json else [])
        code, out, err = run_cli(*argv)
        assert_one_line_refusal(code, out, err, prefix="companion history: ", where=db)
        if code == 0 and as_json:
            assert len(json.loads(out)) == 2, "every game is listed, damaged or not"
