"""How soon the table shows its first frame, beside a bare Kivy app; and how soon each first touch answers.

Run: .venv/bin/python -m bench.start [--rounds 7] [--touch-rounds 3]

Every start is a fresh process under SDL_VIDEODRIVER=offscreen, timed from just before it is
spawned to the second frame it draws (COMPANION_FIRST_FRAME=exit: companion/ui/first_frame.py;
bench/bare_kivy.py counts frames the same way). Table and bare starts alternate, round after
round, so a busy machine slows both alike; medians are printed with their spread (lowest-highest),
and beside the wall time the CPU time each process had used at its first frame (load on a shared
machine stretches the first, hardly the second). Peak memory is each process's ru_maxrss
(os.wait4), for the table once its start-up work after the first frame is done too.

Starts measured: the table with an empty data folder (Home first), and the table resuming a game
in progress of each listed game (its board first); no GPIO, no dice tray, the broker as
configured by default (connected to in the background).

First touches: bench/touch_walk.py walks the screens in fresh processes, touching what a player
touches, each screen and board opened for the first time in its process (half a second after the
first frame and between touches; the app's warm-up of the other screens waits while a player is
touching, so each is built cold, at its touch); printed are the median wall time from the touch
to the second frame after it, and the app thread's CPU time in it. Under a software renderer
(llvmpipe, where there is no GPU) the wall time includes drawing the frames on other threads.
Targets: table/bare <= 1.3, resumed/bare <= 1.5, memory at the first frame <= bare + 25 MB, every first
touch < 100 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.start_tables import fresh_copy, listed_games, make_table, write_config

ROOT = Path(__file__).parent.parent
PYTHON = sys.executable
TIMEOUT = 120.0


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", COMPANION_FIRST_FRAME="exit",
               KIVY_HOME=str(home / "kivy"))
    env.pop("GPIOZERO_PIN_FACTORY", None)
    # A table reads its modules' cached bytecode, as the Pi's service does from its second start
    # on (deploy/setup.sh compiles it at install): a shell that forbids writing it would time
    # Python compiling every module of the table on every start instead.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def compile_bytecode() -> None:
    """Cache the bytecode of the table's modules (and the benchmark's) before timing any start."""
    subprocess.run([PYTHON, "-m", "compileall", "-q", "companion", "bench"], cwd=ROOT, check=True)


def run(args: list[str], env: dict[str, str]) -> dict[str, float]:
    """One fresh process: seconds to its reported frame (wall, and CPU it had used by then), seconds
    to its settled start-up if it reports one, and its peak RSS in MB."""
    started = time.monotonic()
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    timer = threading.Timer(TIMEOUT, proc.kill)
    timer.start()
    errors: list[str] = []
    reader = threading.Thread(target=lambda: errors.extend(proc.stderr), daemon=True)
    reader.start()
    lines = [line.split() for line in proc.stdout]
    _pid, status, usage = os.wait4(proc.pid, 0)  # the child's own rusage: its peak RSS
    proc.returncode = os.waitstatus_to_exitcode(status)
    timer.cancel()
    reader.join()
    frame = [line for line in lines if line[:1] == ["first-frame"]]
    if proc.returncode != 0 or not frame:
        raise RuntimeError(f"{' '.join(args)} failed ({proc.returncode}):\n" + "".join(errors[-30:]))
    settled = [float(line[1]) - started for line in lines if line[:1] == ["settled"]]
    shown_kb = float(frame[0][3]) if len(frame[0]) > 3 else float("nan")
    return {"wall": float(frame[0][1]) - started, "cpu": float(frame[0][2]), "shown_mb": shown_kb / 1024,
            "mb": usage.ru_maxrss / 1024, "settled": settled[0] if settled else float("nan")}


def spread(values: list[float], scale: float = 1.0, unit: str = "s", digits: int = 3) -> str:
    return (f"{statistics.median(values) * scale:.{digits}f} {unit} "
            f"({min(values) * scale:.{digits}f}-{max(values) * scale:.{digits}f})")


def starts(work: Path, rounds: int) -> None:
    masters = {"table": work / "empty"}
    write_config(masters["table"])
    for game in listed_games():
        masters[f"resumed {game}"] = work / f"playing-{game}"
        make_table(masters[f"resumed {game}"], playing=game)
    env = _env(work)
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in ["bare", *masters]}
    paired: dict[str, list[float]] = {name: [] for name in masters}  # each start / the bare start just before
    for _ in range(rounds):
        for name, master in masters.items():
            bare = run([PYTHON, "bench/bare_kivy.py"], env)  # alternate: load hits both alike
            config = fresh_copy(master, work / "run")
            table = run([PYTHON, "-m", "companion.cli", "run", "--config", str(config)], env)
            runs["bare"].append(bare)
            runs[name].append(table)
            paired[name].append(table["wall"] / bare["wall"])

    def median(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    print(f"First frame (the second drawn), fresh processes, {rounds} rounds alternating with bare Kivy; "
          "medians (lowest-highest):")
    print(f"  {'':<18} {'wall':<22} {'ratio':>5} {'paired':>6}  {'CPU':<7} {'ratio':>5}  "
          f"{'peak RSS at the frame':<21}  {'peak RSS, settled':<19}  {'settled':<8}")
    for name in runs:
        wall, cpu, mb, shown = median(name, "wall"), median(name, "cpu"), median(name, "mb"), median(name, "shown_mb")
        ratios = ("", "", "") if name == "bare" else (
            f"{wall / median('bare', 'wall'):.2f}", f"{statistics.median(paired[name]):.2f}",
            f"{cpu / median('bare', 'cpu'):.2f}")
        extra = "" if name == "bare" else f"+{mb - median('bare', 'mb'):.1f}"
        extra_shown = "" if name == "bare" else f"+{shown - median('bare', 'shown_mb'):.1f}"
        settled = "" if name == "bare" else f"{median(name, 'settled'):.3f} s"
        print(f"  {name:<18} {spread([r['wall'] for r in runs[name]]):<22} {ratios[0]:>5} {ratios[1]:>6}  "
              f"{cpu:.3f} s {ratios[2]:>5}  {shown:6.1f} MB {extra_shown:>7} MB  {mb:6.1f} MB {extra:>7} MB  {settled}")
    resumed = [n for n in masters if n != "table"]
    worst = max(resumed, key=lambda n: median(n, "wall"))
    heaviest = max(masters, key=lambda n: median(n, "shown_mb"))
    settled_heaviest = max(masters, key=lambda n: median(n, "mb"))
    print(f"table/bare {median('table', 'wall') / median('bare', 'wall'):.2f} (target <= 1.3); "
          f"resumed/bare worst {median(worst, 'wall') / median('bare', 'wall'):.2f} ({worst}, target <= 1.5); "
          f"memory above bare at the first frame worst +{median(heaviest, 'shown_mb') - median('bare', 'shown_mb'):.1f} MB "
          f"({heaviest}, target <= 25); once settled +{median(settled_heaviest, 'mb') - median('bare', 'mb'):.1f} MB "
          f"({settled_heaviest}: every screen built, the broker and the inputs started)")
    print("  (ratio: of the medians; paired: median of each start over the bare start just before it; "
          "CPU: the process's CPU time at its first frame, which load on the machine barely changes; "
          "peak RSS at the frame: VmHWM then; settled: ru_maxrss of the whole run, for the table until the "
          "work after its first frame is done (broker, inputs, the other screens warmed up), at the time shown)")


def touches(work: Path, rounds: int) -> None:
    games = listed_games()
    history = work / "history"
    make_table(history, history=tuple(games))
    playing = work / "history-playing"
    make_table(playing, history=tuple(games), playing=games[0])
    walks = {"history": history, "resumed": playing, **{f"new:{g}": history for g in games}}
    env = _env(work)
    env.pop("COMPANION_FIRST_FRAME")
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    for _ in range(rounds):
        for walk, master in walks.items():
            config = fresh_copy(master, work / "run")
            proc = subprocess.run([PYTHON, "-m", "bench.touch_walk", str(config), walk], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=TIMEOUT)
            found = [line.split() for line in proc.stdout.splitlines() if line.startswith("touch ")]
            if proc.returncode != 0 or not found:
                raise RuntimeError(f"walk {walk} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
            for _touch, what, ms, cpu_ms in found:
                wall.setdefault(what, []).append(float(ms))
                cpu.setdefault(what, []).append(float(cpu_ms))
    print(f"First touch of each screen and board, the first time in its process ({rounds} rounds; built at the "
          "touch: the warm-up waits while a player touches), touch to its second frame:")
    for what in wall:
        print(f"  {what:<18} {spread(wall[what], 1, 'ms', 0)}   app thread CPU {statistics.median(cpu[what]):.0f} ms")
    worst = max(wall, key=lambda w: statistics.median(wall[w]))
    print(f"slowest first touch: {worst} {statistics.median(wall[worst]):.0f} ms (target < 100 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="alternating start rounds (default 7)")
    parser.add_argument("--touch-rounds", type=int, default=3, help="rounds of first-touch walks (default 3)")
    parser.add_argument("--no-touches", action="store_true", help="starts only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        work = Path(tmp)
        compile_bytecode()
        starts(work, args.rounds)
        if not args.no_touches and args.touch_rounds > 0:
            touches(work, args.touch_rounds)


if __name__ == "__main__":
    main()
