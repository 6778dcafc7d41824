"""arbiter_chess: the FIDE Laws of Chess as a library.

The functions are those of the ``arbiter`` command, called game by game:

* :func:`audit_pgn` judges every game of a PGN record against an edition of
  the Laws, one dict per game with the keys of ``arbiter audit --json``;
* :func:`replay` folds an event log, the keys of ``arbiter replay --json``;
* :func:`unwinnable` says which sides can still mate (the label of
  ``arbiter unwinnable``);
* :func:`parse_move` reads a move in any notation and gives SAN, and
  :func:`say` says it in words (FIDE Laws, Appendix D).

Errors are :class:`ArbiterError` and its kinds :class:`InputError`,
:class:`OptionError` and :class:`MoveError` (a kind of InputError). The
work runs without the GIL, so threads of one process audit in parallel.

``python -m arbiter_chess.spark audit`` and ``python -m arbiter_chess.dask
audit`` audit whole archives on Spark and Dask.
"""

from ._arbiter import (
    ArbiterError,
    InputError,
    MoveError,
    OptionError,
    audit_pgn,
    parse_move,
    replay,
    say,
    unwinnable,
)

#: The keys of one record of ``audit_pgn`` (``notes`` only when there are any).
AUDIT_KEYS = (
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

__all__ = [
    "AUDIT_KEYS",
    "ArbiterError",
    "InputError",
    "MoveError",
    "OptionError",
    "audit_pgn",
    "parse_move",
    "replay",
    "say",
    "unwinnable",
]
