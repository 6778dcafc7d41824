"""Audit PGN archives on Apache Spark, one row per game.

    python -m arbiter_chess.spark audit INPUT... --output DIR
        [--edition E] [--variant chess|tavreli] [--master URL]

INPUT is a PGN file (plain, ``.bz2`` or ``.zst``, as the Lichess database
ships them) or Parquet in the Lichess layout (a ``movetext`` column beside
header columns ``Site``, ``White``, ``Black``, ``Result``, ``TimeControl``…).
The output is Parquet in DIR: the columns ``file``, ``site``, ``white``,
``black`` and the keys of ``arbiter audit --json`` under their own names;
``game`` is the game's number in its file, as the command counts it.

How a file is split, so that no executor reads a whole file:

* plain and ``.bz2`` PGN through Hadoop's text input with the record
  delimiter ``"\\n\\n["`` (bzip2 is splittable): each split is read by its
  own task, game by game;
* ``.zst`` (not splittable) is streamed by one task, a game at a time, and
  the games are spread over the executors before the audit;
* Parquet by row groups, as Spark reads it.

The games are audited on the executors with ``arbiter_chess.audit_pgn``,
which must be installed there (``pip install arbiter-chess`` on each node,
or ``--py-files``/an archive of the environment, as your cluster does it).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Iterable, Iterator

from . import _jobs

_TEXT_INPUT = "org.apache.hadoop.mapreduce.lib.input.TextInputFormat"


def schema():
    """The output's Spark schema (the columns of :data:`_jobs.COLUMNS`)."""
    from pyspark.sql import types as T

    claim = T.StructType([T.StructField("claim", T.StringType()), T.StructField("ply", T.LongType())])
    flag = T.StructType([T.StructField("side", T.StringType()), T.StructField("ply", T.LongType())])
    text = ("file", "site", "white", "black", "recorded", "result", "termination", "error")
    kinds = {name: T.StringType() for name in text}
    kinds.update(
        game=T.LongType(),
        ply=T.LongType(),
        agrees=T.BooleanType(),
        claimable=T.ArrayType(claim),
        flag=flag,
        notes=T.ArrayType(T.StringType()),
    )
    return T.StructType([T.StructField(c, kinds[c]) for c in _jobs.COLUMNS])


def _restore_tags(index: int, pieces: Iterable[str]) -> Iterator[str]:
    """Gives back the ``[`` the delimiter took from every piece but the
    file's first (the first of the first split)."""
    for i, piece in enumerate(pieces):
        yield piece if index == 0 and i == 0 else "[" + piece


def _pieces_text(sc, path: str):
    """The pieces of a plain or bzip2 PGN file, in file order, split by
    Hadoop across tasks."""
    conf = {"textinputformat.record.delimiter": _jobs.DELIMITER}
    rdd = sc.newAPIHadoopFile(
        path,
        _TEXT_INPUT,
        "org.apache.hadoop.io.LongWritable",
        "org.apache.hadoop.io.Text",
        conf=conf,
    )
    return rdd.values().mapPartitionsWithIndex(_restore_tags, preservesPartitioning=True)


def _pieces_zst(path: str) -> Iterator[tuple[int, tuple[int, str]]]:
    with _jobs.open_text(path) as f:
        before = 0
        for index, piece in enumerate(_jobs.split_games(f)):
            yield index, (before, piece)
            before += piece.count("\n")


#: The key of the last item of a partition of rows: the file's lines the
#: partition read, so that the next partitions' line numbers move on by it.
_LINES = "_lines"


def _audit(pieces, path: str, edition: str | None, variant: str):
    """The rows of a file's pieces (Hadoop's, cut at the delimiter, which
    takes two of the file's line ends with it), each partition closed by
    its count of lines."""

    def run(index: int, items: Iterable[str]) -> Iterator[dict[str, Any]]:
        before = 0
        for piece in items:
            for r in _jobs.audit_piece(piece, path, edition, variant, before):
                r["_part"] = index
                yield r
            before += piece.count("\n") + 2
        yield {"_part": index, _LINES: before}

    return pieces.mapPartitionsWithIndex(run, preservesPartitioning=True)


def _numbered(rows) -> Any:
    """The rows with ``game`` their number in file order and their errors'
    line numbers those of the file (one counting pass over the rows, which
    are kept so the games are audited once)."""
    from pyspark import StorageLevel

    rows = rows.persist(StorageLevel.MEMORY_AND_DISK)
    counts = dict(rows.filter(lambda r: _LINES in r).map(lambda r: (r["_part"], r[_LINES])).collect())
    before, total = {}, 0
    for part in sorted(counts):
        before[part], total = total, total + counts[part]

    def number(pair: tuple[dict[str, Any], int]) -> tuple:
        r, i = pair
        r["game"] = i + 1
        _jobs.shift_lines([r], before.get(r.pop("_part", None), 0))
        return tuple(r[c] for c in _jobs.COLUMNS)

    return rows.filter(lambda r: _LINES not in r).zipWithIndex().map(number)


def audit_file(spark, path: str, edition: str | None, variant: str):
    """The output rows of one input, as an RDD of tuples in column order."""
    sc = spark.sparkContext
    kind = _jobs.input_kind(path)
    if kind == "parquet":
        games = spark.read.parquet(path).rdd.map(lambda r: _jobs.lichess_pgn(r.asDict()))
        return _numbered(games.flatMap(lambda g: _jobs.audit_piece(g, path, edition, variant)))
    if kind == "zst":
        parts = max(sc.defaultParallelism, 1)
        keyed = sc.parallelize([path], 1).flatMap(_pieces_zst).repartition(parts)

        def run(items):
            for index, (before, piece) in items:
                for j, r in enumerate(_jobs.audit_piece(piece, path, edition, variant, before)):
                    yield (index, j), r

        ordered = keyed.mapPartitions(run).sortByKey().values()
        return _numbered(ordered)
    return _numbered(_audit(_pieces_text(sc, path), path, edition, variant))


def audit(spark, inputs: list[str], output: str, edition: str | None, variant: str) -> int:
    """Audits every input and writes the rows as Parquet in ``output``;
    returns the number of rows written."""
    rdds = [audit_file(spark, p, edition, variant) for p in inputs]
    rows = rdds[0] if len(rdds) == 1 else spark.sparkContext.union(rdds)
    frame = spark.createDataFrame(rows, schema())
    frame.write.mode("overwrite").parquet(output)
    return spark.read.parquet(output).count()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m arbiter_chess.spark",
        description="Audit PGN archives against the FIDE Laws on Apache Spark.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("audit", help="audit every game; write one Parquet row per game")
    a.add_argument("inputs", nargs="+", metavar="INPUT", help="PGN (.pgn, .bz2, .zst) or Lichess Parquet")
    a.add_argument("--output", required=True, metavar="DIR", help="the Parquet directory to write")
    a.add_argument("--edition", help="2005, 2017, 2018, 2023 or tavreli (default: the variant's)")
    a.add_argument("--variant", default="chess", help="chess (default) or tavreli")
    a.add_argument("--master", default="local[*]", help="the Spark master URL (default: local[*])")
    return p


def main(argv: list[str] | None = None) -> int:
    """The command line; exit 0 when the rows are written, 2 on bad options."""
    args = _parser().parse_args(argv)
    from . import OptionError, audit_pgn

    try:
        audit_pgn("", edition=args.edition, variant=args.variant)
    except OptionError as e:
        print(f"arbiter_chess.spark: {e}", file=sys.stderr)
        return 2
    from pyspark.sql import SparkSession

    # Local workers run this interpreter, which has the package; a
    # cluster's workers run what its configuration says.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    spark = SparkSession.builder.master(args.master).appName("arbiter audit").getOrCreate()
    try:
        n = audit(spark, args.inputs, args.output, args.edition, args.variant)
    finally:
        spark.stop()
    print(f"{n} games audited; Parquet written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
