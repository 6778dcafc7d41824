"""The Spark (local[2]) and Dask jobs against the command, row for row, on
the sample cut into four files; and the pieces they cut files into."""

from __future__ import annotations

import bz2
import os
import re
import sys

import pytest

from arbiter_chess import _jobs
from conftest import SAMPLE, expected_rows

import pyarrow  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402


def _read_rows(directory) -> dict[tuple[str, int], dict]:
    table = pq.read_table(str(directory))
    rows = {}
    for r in table.to_pylist():
        key = (r.pop("file"), r["game"])
        assert key not in rows, f"game {key} written twice"
        rows[key] = r
    return rows


def _assert_rows_equal(got: dict, expected: dict, tags: dict):
    assert set(got) == set(expected)
    for key, exp in expected.items():
        row = dict(got[key])
        site, white, black = row.pop("site"), row.pop("white"), row.pop("black")
        assert (site, white, black) == tags[key], key
        assert row == exp, key


def _tags(paths) -> dict:
    """(Site, White, Black) of each game, read by the test on its own."""
    out = {}
    for p in paths:
        n = 0
        site = white = black = None
        for line in p.read_text(encoding="utf-8").splitlines():
            if line.startswith("[Event "):
                n += 1
            if line.startswith("[Site "):
                site = line[7:-2]
            elif line.startswith("[White "):
                white = line[8:-2]
            elif line.startswith("[Black "):
                black = line[8:-2]
                out[(str(p), n)] = (site, white, black)
    return out


def test_pieces_are_games():
    text = SAMPLE.read_text(encoding="utf-8")
    pieces = list(_jobs.split_games(text.splitlines()))
    assert len(pieces) == 438
    assert all(p.startswith("[Event ") for p in pieces)


def test_a_lichess_row_is_its_game():
    row = {"Site": "x", "White": 'a "b"', "Result": "1-0", "movetext": "1. f3 e5 2. g4 Qh4# 0-1", "Elo": 5}
    pgn = _jobs.lichess_pgn(row)
    assert pgn.startswith('[Site "x"]\n[White "a \\"b\\""]\n[Result "1-0"]\n[Elo "5"]\n\n1. f3')
    assert _jobs.tag_blocks(pgn) == [{"Site": "x", "White": 'a "b"', "Result": "1-0", "Elo": "5"}]


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (
        SparkSession.builder.master("local[2]")
        .appName("arbiter_chess tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_spark_rows_equal_the_commands(spark, sample_parts, tmp_path):
    from arbiter_chess import spark as job

    # Small splits, so that files are cut inside between games.
    spark.sparkContext._jsc.hadoopConfiguration().set(
        "mapreduce.input.fileinputformat.split.maxsize", str(64 * 1024)
    )
    inputs = [str(p) for p in sample_parts]
    assert job._pieces_text(spark.sparkContext, inputs[0]).getNumPartitions() > 1
    n = job.audit(spark, inputs, str(tmp_path / "out"), None, "chess")
    assert n == 438
    _assert_rows_equal(_read_rows(tmp_path / "out"), expected_rows(sample_parts), _tags(sample_parts))


def test_spark_reads_bz2_zst_and_lichess_parquet(spark, sample_parts, tmp_path):
    import zstandard

    from arbiter_chess import spark as job

    plain = sample_parts[0]
    packed_bz2 = tmp_path / "part.pgn.bz2"
    packed_bz2.write_bytes(bz2.compress(plain.read_bytes()))
    packed_zst = tmp_path / "part.pgn.zst"
    packed_zst.write_bytes(zstandard.ZstdCompressor().compress(plain.read_bytes()))
    lichess = tmp_path / "part.parquet"
    _write_lichess_parquet(plain, lichess)
    expected = expected_rows([plain])
    for source in (packed_bz2, packed_zst, lichess):
        out = tmp_path / f"out-{source.suffix}"
        job.audit(spark, [str(source)], str(out), None, "chess")
        got = {(str(plain), g): r for (_, g), r in _read_rows(out).items()}
        _assert_rows_equal(got, expected, _tags([plain]))


def _write_lichess_parquet(pgn, path):
    """The games of `pgn` in the Lichess Parquet layout: header columns and
    a movetext column."""
    rows = []
    for piece in _jobs.split_games(pgn.read_text(encoding="utf-8").splitlines()):
        tags = _jobs.tag_blocks(piece)[0]
        movetext = "\n".join(l for l in piece.splitlines() if l and not l.startswith("["))
        rows.append({**tags, "movetext": movetext})
    pq.write_table(pyarrow.Table.from_pylist(rows), str(path))


def test_dask_rows_equal_the_commands(sample_parts, tmp_path):
    from arbiter_chess import dask as job

    inputs = [str(p) for p in sample_parts]
    n = job.audit(inputs, str(tmp_path / "out"), None, "chess", blocksize=64 * 1024)
    assert n == 438
    _assert_rows_equal(_read_rows(tmp_path / "out"), expected_rows(sample_parts), _tags(sample_parts))


def test_dask_reads_bz2_and_lichess_parquet(sample_parts, tmp_path):
    from arbiter_chess import dask as job

    plain = sample_parts[1]
    packed = tmp_path / "part.pgn.bz2"
    packed.write_bytes(bz2.compress(plain.read_bytes()))
    lichess = tmp_path / "part.parquet"
    _write_lichess_parquet(plain, lichess)
    expected = expected_rows([plain])
    for source in (packed, lichess):
        out = tmp_path / f"out-{source.suffix}"
        job.audit([str(source)], str(out), None, "chess")
        got = {(str(plain), g): r for (_, g), r in _read_rows(out).items()}
        _assert_rows_equal(got, expected, _tags([plain]))


def test_the_command_line_refuses_an_unknown_edition(capsys):
    from arbiter_chess import spark as job

    assert job.main(["audit", str(SAMPLE), "--output", "/nonexistent", "--edition", "1999"]) == 2
    assert "unknown edition" in capsys.readouterr().err


@pytest.fixture(scope="module")
def broken_file(tmp_path_factory, sample_parts):
    """A part of the sample with unreadable moves in games near its start,
    middle and end, so that their errors name lines far into the file."""
    games = re.split(r"\n\n(?=\[Event )", sample_parts[2].read_text(encoding="utf-8"))
    for n in (1, len(games) // 2, len(games) - 1):
        games[n] = re.sub(r"\n1\. ", "\n1. Ke9 ", games[n], count=1)
    path = tmp_path_factory.mktemp("broken") / "broken.pgn"
    path.write_text("\n\n".join(g.strip("\n") for g in games) + "\n", encoding="utf-8")
    return path


def _errors(rows: dict) -> dict:
    return {key[1]: r["error"] for key, r in rows.items() if r["error"]}


def test_spark_errors_name_the_files_lines(spark, broken_file, tmp_path):
    from arbiter_chess import spark as job

    spark.sparkContext._jsc.hadoopConfiguration().set(
        "mapreduce.input.fileinputformat.split.maxsize", str(16 * 1024)
    )
    expected = _errors(expected_rows([broken_file]))
    assert len(expected) == 3 and all("line" in e for e in expected.values())
    packed = tmp_path / "broken.pgn.zst"
    import zstandard

    packed.write_bytes(zstandard.ZstdCompressor().compress(broken_file.read_bytes()))
    for source in (broken_file, packed):
        out = tmp_path / f"out-{source.suffix}"
        job.audit(spark, [str(source)], str(out), None, "chess")
        assert _errors(_read_rows(out)) == expected, source


def test_dask_errors_name_the_files_lines(broken_file, tmp_path, monkeypatch):
    from arbiter_chess import dask as job

    # Small batches, so that a compressed file's games go to several threads.
    monkeypatch.setattr(job, "_BATCH", 7)

    expected = _errors(expected_rows([broken_file]))
    packed = tmp_path / "broken.pgn.bz2"
    packed.write_bytes(bz2.compress(broken_file.read_bytes()))
    for source, size in ((broken_file, 16 * 1024), (packed, 64 << 20)):
        out = tmp_path / f"out-{source.suffix}"
        job.audit([str(source)], str(out), None, "chess", blocksize=size)
        assert _errors(_read_rows(out)) == expected, source
