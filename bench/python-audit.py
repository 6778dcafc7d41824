"""The Python package's audit beside its peers.

1. One core: games/s of ``arbiter_chess.audit_pgn`` (one call for the whole
   text, and one call per game), beside ``arbiter audit --threads 1`` on the
   same file (the same code without Python) and beside python-chess doing
   the same checks as the project's peer script (bench/replay_python.py:
   ``push``, ``outcome`` and ``can_claim_threefold_repetition`` after each
   ply), plus reading the PGN and comparing the recorded result, which the
   audit does too. The Python overhead per game is the per-game call's
   time less the command's, per game.
2. Two cores: games/s of the Spark job in ``local[2]`` (the session already
   running; the job reads the files, audits and writes Parquet), beside
   ``arbiter audit --threads 2`` on the same files.

Usage: .venv/bin/python bench/python-audit.py [--copies N] [--skip-spark]
(the sample, data/games/lichess-sample.pgn, repeated N times; default 10).
The extension should be a release build (pip install ./crates/python).
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

import arbiter_chess as ac

ROOT = pathlib.Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "data" / "games" / "lichess-sample.pgn"


def best(f, runs=3):
    """The best wall time of `runs` calls of f, and its last result."""
    times, out = [], None
    for _ in range(runs):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def command(*args: str) -> float:
    binary = os.environ.get("ARBITER_BIN", str(ROOT / "target" / "release" / "arbiter"))
    t, _ = best(lambda: subprocess.run([binary, *args], stdout=subprocess.DEVNULL, check=False))
    return t


def python_chess(text: str) -> int:
    """python-chess: read each game, replay it with the peer script's checks
    after every ply, and compare the recorded result with the outcome."""
    import io

    import chess.pgn

    f = io.StringIO(text)
    agree = 0
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        outcome = None
        for move in game.mainline_moves():
            board.push(move)
            outcome = board.outcome()
            board.can_claim_threefold_repetition()
            board.can_claim_fifty_moves()
        if outcome is not None and outcome.result() == game.headers.get("Result"):
            agree += 1
    return agree


def one_core(text: str, games: list[str], path: pathlib.Path, n: int) -> None:
    whole, records = best(lambda: ac.audit_pgn(text))
    assert len(records) == n
    each, _ = best(lambda: [ac.audit_pgn(g) for g in games])
    cli = command("audit", str(path), "--json", "--threads", "1")
    peer_games = games[: max(n // 5, 1)]
    peer, _ = best(lambda: python_chess("\n\n".join(peer_games)), runs=1)
    print(f"one core, {n} games (the sample x{n // 438}):")
    print(f"  arbiter audit --threads 1 --json  {n / cli:10.0f} games/s")
    print(f"  audit_pgn, one call               {n / whole:10.0f} games/s")
    print(f"  audit_pgn, one call per game      {n / each:10.0f} games/s")
    print(f"  python-chess, same checks         {len(peer_games) / peer:10.0f} games/s"
          f"  (on {len(peer_games)} games)")
    print(f"  Python overhead per game: {1e6 * (whole - cli) / n:+.1f} us in one call beside the command"
          f" (dicts instead of JSON lines), {1e6 * (each - whole) / n:+.1f} us more a game"
          f" called one by one")
    print(f"  audit_pgn (one call) is {(n / whole) / (len(peer_games) / peer):.0f}x python-chess")


def two_cores(parts: list[pathlib.Path], n: int) -> None:
    from pyspark.sql import SparkSession

    from arbiter_chess import spark as job

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = (SparkSession.builder.master("local[2]").appName("bench")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    with tempfile.TemporaryDirectory() as out:
        inputs = [str(p) for p in parts]
        job.audit(spark, inputs, out + "/warm", None, "chess")
        t, written = best(lambda: job.audit(spark, inputs, out + "/o", None, "chess"))
    spark.stop()
    assert written == n
    joined = parts[0].parent / "all.pgn"
    joined.write_text("\n\n".join(p.read_text(encoding="utf-8").strip("\n") for p in parts) + "\n")
    cli = command("audit", str(joined), "--json", "--threads", "2")
    print(f"two cores, {n} games in {len(parts)} files:")
    print(f"  arbiter audit --threads 2 --json  {n / cli:10.0f} games/s")
    print(f"  Spark local[2] job (to Parquet)   {n / t:10.0f} games/s")


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--copies", type=int, default=10)
    p.add_argument("--skip-spark", action="store_true")
    a = p.parse_args()
    sample = SAMPLE.read_text(encoding="utf-8").strip("\n")
    one = re.split(r"\n\n(?=\[Event )", sample)
    games = one * a.copies
    text = "\n\n".join(games) + "\n"
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "games.pgn"
        path.write_text(text, encoding="utf-8")
        one_core(text, games, path, len(games))
        if not a.skip_spark:
            parts = []
            for i in range(4):
                part = pathlib.Path(d) / f"part-{i}.pgn"
                part.write_text("\n\n".join(games[i::4]) + "\n", encoding="utf-8")
                parts.append(part)
            two_cores(parts, len(games))


if __name__ == "__main__":
    main()
