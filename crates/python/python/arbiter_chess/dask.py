"""Audit PGN archives with Dask, one row per game.

    python -m arbiter_chess.dask audit INPUT... --output DIR
        [--edition E] [--variant chess|tavreli] [--scheduler ADDRESS]
        [--blocksize BYTES]

The same inputs and the same Parquet rows as ``python -m
arbiter_chess.spark audit`` (see there). A plain PGN file is read in
blocks cut at the delimiter ``"\\n\\n["`` (``dask.bytes.read_bytes``), one
task a block; a ``.bz2`` or ``.zst`` file, which cannot be cut, is
streamed by one task, its games audited in batches on that task's threads; Parquet is read by partitions. The
games are audited with ``arbiter_chess.audit_pgn``, which releases the GIL:
by default on this machine's threads (Dask's threaded scheduler, no other
process), with ``--scheduler`` on a dask.distributed cluster (its workers
need the package installed). The rows are numbered in file order on the
client and written with pyarrow.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from . import _jobs


def arrow_schema():
    """The output's Arrow schema (the columns of :data:`_jobs.COLUMNS`)."""
    import pyarrow as pa

    claim = pa.struct([("claim", pa.string()), ("ply", pa.int64())])
    flag = pa.struct([("side", pa.string()), ("ply", pa.int64())])
    kinds = {c: pa.string() for c in _jobs.COLUMNS}
    kinds.update(
        game=pa.int64(),
        ply=pa.int64(),
        agrees=pa.bool_(),
        claimable=pa.list_(claim),
        flag=flag,
        notes=pa.list_(pa.string()),
    )
    return pa.schema([(c, kinds[c]) for c in _jobs.COLUMNS])


# Every task gives its rows and the number of the file's lines it read, so
# that the client moves each block's line numbers on by the blocks before it
# (a block does not know where in the file it starts).


def _audit_block(block: bytes, first: bool, path: str, edition, variant) -> tuple[list[dict[str, Any]], int]:
    if not block:
        return [], 0
    text = block.decode("utf-8", errors="replace")
    if not first:
        text = "[" + text
    if text.endswith(_jobs.DELIMITER):
        text = text[:-1]
    rows = list(_jobs.audit_stream(text.split("\n"), path, edition, variant))
    return rows, text.count("\n")


#: Games audited together by one thread of a compressed file's task.
_BATCH = 256


def _audit_stream(path: str, edition, variant) -> tuple[list[dict[str, Any]], int]:
    """A compressed file, which cannot be cut, is read by one task; its
    games are audited in batches on the task's threads (``audit_pgn``
    releases the GIL), a few batches ahead of the reading at most, so the
    memory stays that of a few batches whatever the file's size."""
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor

    threads = max(os.cpu_count() or 1, 1)
    rows: list[dict[str, Any]] = []
    pending: deque = deque()
    with _jobs.open_text(path) as f, ThreadPoolExecutor(threads) as pool:
        for batch in _batches(f):
            pending.append(pool.submit(_audit_batch, batch, path, edition, variant))
            while len(pending) > 2 * threads:
                rows.extend(pending.popleft().result())
        while pending:
            rows.extend(pending.popleft().result())
    return rows, 0


def _batches(lines) -> Any:
    """The pieces of a stream in batches of :data:`_BATCH`, each piece with
    the number of the file's lines before it."""
    batch, before = [], 0
    for piece in _jobs.split_games(lines):
        batch.append((before, piece))
        before += piece.count("\n")
        if len(batch) == _BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _audit_batch(batch, path: str, edition, variant) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for before, piece in batch:
        rows.extend(_jobs.audit_piece(piece, path, edition, variant, before))
    return rows


def _audit_parquet_part(frame, path: str, edition, variant) -> tuple[list[dict[str, Any]], int]:
    rows: list[dict[str, Any]] = []
    for record in frame.to_dict(orient="records"):
        clean = {k: (None if _missing(v) else v) for k, v in record.items()}
        rows.extend(_jobs.audit_piece(_jobs.lichess_pgn(clean), path, edition, variant))
    return rows, 0


def _missing(value: Any) -> bool:
    try:
        return value is None or value != value  # NaN and NA
    except (TypeError, ValueError):
        return False


def tasks(path: str, edition: str | None, variant: str, blocksize: int) -> list:
    """The delayed lists of rows of one input, in file order."""
    import dask
    from dask.bytes import read_bytes

    kind = _jobs.input_kind(path)
    audit = dask.delayed(_audit_block, pure=True)
    if kind == "parquet":
        import dask.dataframe as dd

        parts = dd.read_parquet(path).to_delayed()
        run = dask.delayed(_audit_parquet_part, pure=True)
        return [run(p, path, edition, variant) for p in parts]
    if kind in ("zst", "bz2"):
        return [dask.delayed(_audit_stream, pure=True)(path, edition, variant)]
    _, blocks = read_bytes(path, delimiter=_jobs.DELIMITER.encode(), blocksize=blocksize, sample=False)
    return [audit(b, i == 0, path, edition, variant) for i, b in enumerate(blocks[0])]


def audit(inputs: list[str], output: str, edition: str | None, variant: str,
          scheduler: str | None = None, blocksize: int = 64 << 20) -> int:
    """Audits every input and writes the rows as Parquet in ``output``
    (one file per input); returns the number of rows written."""
    import dask
    import pyarrow as pa
    import pyarrow.parquet as pq

    client = None
    if scheduler:
        from dask.distributed import Client

        client = Client(scheduler)
    try:
        per_input = [tasks(p, edition, variant, blocksize) for p in inputs]
        computed = dask.compute(*per_input, scheduler=None if client else "threads")
    finally:
        if client is not None:
            client.close()
    os.makedirs(output, exist_ok=True)
    total = 0
    for n, parts in enumerate(computed):
        rows, before = [], 0
        for part, lines in parts:
            rows.extend(_jobs.shift_lines(part, before))
            before += lines
        for i, r in enumerate(rows):
            r["game"] = i + 1
        table = pa.Table.from_pylist(rows, schema=arrow_schema())
        pq.write_table(table, os.path.join(output, f"part-{n:05d}.parquet"))
        total += len(rows)
    return total


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m arbiter_chess.dask",
        description="Audit PGN archives against the FIDE Laws with Dask.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    a = sub.add_parser("audit", help="audit every game; write one Parquet row per game")
    a.add_argument("inputs", nargs="+", metavar="INPUT", help="PGN (.pgn, .bz2, .zst) or Lichess Parquet")
    a.add_argument("--output", required=True, metavar="DIR", help="the Parquet directory to write")
    a.add_argument("--edition", help="2005, 2017, 2018, 2023 or tavreli (default: the variant's)")
    a.add_argument("--variant", default="chess", help="chess (default) or tavreli")
    a.add_argument("--scheduler", metavar="ADDRESS", help="a dask.distributed scheduler (default: local threads)")
    a.add_argument("--blocksize", type=int, default=64 << 20, metavar="BYTES",
                   help="bytes per block of a plain PGN file (default: 64 MiB)")
    return p


def main(argv: list[str] | None = None) -> int:
    """The command line; exit 0 when the rows are written, 2 on bad options."""
    args = _parser().parse_args(argv)
    from . import OptionError, audit_pgn

    try:
        audit_pgn("", edition=args.edition, variant=args.variant)
    except OptionError as e:
        print(f"arbiter_chess.dask: {e}", file=sys.stderr)
        return 2
    n = audit(args.inputs, args.output, args.edition, args.variant, args.scheduler, args.blocksize)
    print(f"{n} games audited; Parquet written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
