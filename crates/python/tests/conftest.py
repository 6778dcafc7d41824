"""Shared fixtures: the repository's data and the `arbiter` command, the
independent side of every comparison."""

from __future__ import annotations

import json
import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "data" / "games" / "lichess-sample.pgn"
TAVRELI = ROOT / "crates" / "tavreli" / "tests" / "data" / "games.pgn"
LOG = ROOT / "data" / "logs" / "illegal-and-claim.jsonl"


def arbiter_bin() -> pathlib.Path:
    """The command to compare with: $ARBITER_BIN, else the release build,
    else the debug build. A missing command fails the tests (it is what
    they compare with), with the way to build it."""
    env = os.environ.get("ARBITER_BIN")
    candidates = [pathlib.Path(env)] if env else []
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    candidates += [target / "release" / "arbiter", target / "debug" / "arbiter"]
    for c in candidates:
        if c.is_file() and os.access(c, os.X_OK):
            return c
    pytest.fail("no arbiter command: build it with `cargo build -p arbiter-cli` or set ARBITER_BIN")


def command_json(*args: str) -> list[dict]:
    """The JSON objects `arbiter ARGS --json` prints, one per line."""
    out = subprocess.run(
        [str(arbiter_bin()), *args, "--json"], capture_output=True, text=True, check=False
    )
    assert out.returncode in (0, 1), out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def split_sample(directory: pathlib.Path, parts: int = 4) -> list[pathlib.Path]:
    """The 438-game sample cut into `parts` files of whole games, as an
    archive split by month would be."""
    text = SAMPLE.read_text(encoding="utf-8")
    games = re.split(r"\n\n(?=\[Event )", text)
    assert len(games) == 438, len(games)
    size = -(-len(games) // parts)
    paths = []
    for i in range(parts):
        chunk = games[i * size : (i + 1) * size]
        p = directory / f"sample-{i}.pgn"
        p.write_text("\n\n".join(g.strip("\n") for g in chunk) + "\n", encoding="utf-8")
        paths.append(p)
    return paths


def expected_rows(paths: list[pathlib.Path]) -> dict[tuple[str, int], dict]:
    """The command's record of each game of each file, keyed by (file, game),
    `notes` an empty list where the command leaves it out."""
    rows = {}
    for p in paths:
        for r in command_json("audit", str(p)):
            r.setdefault("notes", [])
            rows[(str(p), r["game"])] = r
    return rows


@pytest.fixture(scope="session")
def sample_parts(tmp_path_factory) -> list[pathlib.Path]:
    return split_sample(tmp_path_factory.mktemp("parts"))
