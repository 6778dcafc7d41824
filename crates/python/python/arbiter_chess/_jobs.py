"""What the Spark and Dask jobs share: PGN read as the texts of games, the
Lichess Parquet layout written back as PGN, and the rows they write.

A PGN file is cut where a line starting with ``[`` follows an empty line
(the record delimiter ``"\\n\\n["``): in the Lichess database, and in PGN as
the standard writes it, that is where a game's tags begin. A piece may
still hold several games, or none; the package's reader splits it as the
command would, and the rows are numbered in file order afterwards, so the
``game`` column is the command's number whatever the pieces were.
"""

from __future__ import annotations

import bz2
import io
import os
import re
from typing import Any, Iterable, Iterator

from ._arbiter import audit_pgn

#: Where a PGN file is cut: an empty line, then a tag.
DELIMITER = "\n\n["

#: The columns of the output, in order: the file, three headers, then the
#: keys of ``arbiter audit --json`` under their own names.
COLUMNS = (
    "file",
    "site",
    "white",
    "black",
    "game",
    "recorded",
    "result",
    "termination",
    "ply",
    "agrees",
    "claimable",
    "error",
    "flag",
    "notes",
)

#: A line number in an error, as the readers write it ("line 7, column 7").
_LINE = re.compile(r"\bline (\d+)")

_TAG = re.compile(r'^\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')

#: The seven-tag roster first when a Parquet row is written as PGN.
_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def input_kind(path: str) -> str:
    """``parquet``, ``zst``, ``bz2`` or ``pgn``, by the path's ending (a
    directory is a Parquet dataset, as Spark and Dask write them)."""
    p = path.rstrip("/").lower()
    if p.endswith(".parquet") or os.path.isdir(path):
        return "parquet"
    if p.endswith(".zst") or p.endswith(".zstd"):
        return "zst"
    if p.endswith(".bz2"):
        return "bz2"
    return "pgn"


def split_games(lines: Iterable[str]) -> Iterator[str]:
    """The pieces of a PGN stream, cut as :data:`DELIMITER` cuts a file,
    holding one game's lines at a time."""
    piece: list[str] = []
    previous_empty = False
    for line in lines:
        text = line.rstrip("\r\n")
        if text.startswith("[") and previous_empty and any(piece):
            yield "\n".join(piece) + "\n"
            piece = []
        piece.append(text)
        previous_empty = text == ""
    if any(piece):
        yield "\n".join(piece) + "\n"


def open_text(path: str) -> io.TextIOBase:
    """A compressed or plain PGN file as a text stream, decompressed as it
    is read (so a file of any size takes the memory of one game)."""
    kind = input_kind(path)
    if kind == "zst":
        import zstandard

        raw = zstandard.ZstdDecompressor().stream_reader(open(path, "rb"))
        return io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline="")
    if kind == "bz2":
        return bz2.open(path, "rt", encoding="utf-8", errors="replace", newline="")
    return open(path, "rt", encoding="utf-8", errors="replace", newline="")


def tag_blocks(text: str) -> list[dict[str, str]]:
    """The tags of each game of a piece, in order (one dict per tag section)."""
    blocks: list[dict[str, str]] = []
    in_tags = False
    for line in text.split("\n"):
        m = _TAG.match(line.strip())
        if m:
            if not in_tags:
                blocks.append({})
                in_tags = True
            value = m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            blocks[-1].setdefault(m.group(1), value)
        elif line.strip():
            in_tags = False
    return blocks


def _tag_value(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def lichess_pgn(row: dict[str, Any]) -> str:
    """A row of the Lichess Parquet layout (``movetext`` beside header
    columns named as the tags) as the PGN of its game."""
    headers = {k: v for k, v in row.items() if k != "movetext" and v is not None}
    order = [k for k in _ROSTER if k in headers] + [k for k in headers if k not in _ROSTER]
    tags = "".join(f'[{k} "{_tag_value(headers[k])}"]\n' for k in order)
    return f"{tags}\n{row.get('movetext') or ''}\n"


def audit_piece(
    text: str, path: str, edition: str | None, variant: str, lines_before: int = 0
) -> list[dict[str, Any]]:
    """The output rows of the games of one piece, numbered within it (the
    job renumbers them in file order). ``lines_before`` is the number of the
    file's lines before the piece, so that an error names the line of the
    file, as the command does, and not of the piece."""
    records = audit_pgn(text, edition=edition, variant=variant)
    blocks = tag_blocks(text) if records else []
    rows = []
    for i, r in enumerate(records):
        tags = blocks[i] if i < len(blocks) else {}
        rows.append(row(r, tags, path))
    return shift_lines(rows, lines_before)


def shift_lines(rows: list[dict[str, Any]], lines_before: int) -> list[dict[str, Any]]:
    """The rows with every line number in their ``error`` moved on by
    ``lines_before`` (a piece's lines count from 1 within the piece)."""
    if lines_before:
        move = lambda m: f"line {int(m.group(1)) + lines_before}"  # noqa: E731
        for r in rows:
            if r.get("error"):
                r["error"] = _LINE.sub(move, r["error"])
    return rows


def audit_stream(lines: Iterable[str], path: str, edition: str | None, variant: str) -> Iterator[dict[str, Any]]:
    """The rows of a stream of a file's lines, a game at a time, with the
    file's line numbers in their errors."""
    before = 0
    for piece in split_games(lines):
        yield from audit_piece(piece, path, edition, variant, before)
        before += piece.count("\n")


def row(record: dict[str, Any], tags: dict[str, Any], path: str) -> dict[str, Any]:
    """One output row: the file, the Site, White and Black headers, and the
    record's keys (``notes`` an empty list where the command leaves it out)."""
    out = {
        "file": path,
        "site": _text_or_none(tags.get("Site")),
        "white": _text_or_none(tags.get("White")),
        "black": _text_or_none(tags.get("Black")),
    }
    for key in COLUMNS[4:]:
        out[key] = record.get(key)
    out["notes"] = list(record.get("notes") or [])
    out["claimable"] = [dict(c) for c in record.get("claimable") or []]
    return out


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)
