"""Type stubs of the extension module ``arbiter_chess._arbiter``."""

from typing import Any, Literal

Edition = Literal["2005", "2017", "2018", "2017/18", "2023", "tavreli"]
Lexicon = Literal["fide-de", "ru-fide", "ru", "en", "nato"]

class ArbiterError(Exception):
    """The base of every error arbiter_chess raises; its message is the reason."""

class InputError(ArbiterError):
    """The input cannot be read: bytes that are not UTF-8, an unreadable event
    log, a bad FEN, a record whose reading had to stop."""

class OptionError(ArbiterError):
    """An option names nothing known: an edition, a variant, a regime, a
    lexicon or a side."""

class MoveError(InputError):
    """A move that cannot be played in the position: illegal, ambiguous or
    unreadable (the message lists the candidates)."""

def audit_pgn(
    text: str | bytes,
    edition: Edition | str | None = None,
    variant: Literal["chess", "tavreli"] | str = "chess",
    regime: Literal["standard", "rapid", "blitz"] | str | None = None,
) -> list[dict[str, Any]]:
    """Audit every game of a PGN record against the FIDE Laws, as
    ``arbiter audit --json`` does: one dict per game, in file order, with the
    keys game, recorded, result, termination, ply, agrees, claimable, error,
    flag (and notes when there are any).

    ``edition`` None is the variant's own (2023 for chess, tavreli for
    Tavreli). A game that cannot be replayed carries its reason in "error".
    Raises InputError (not UTF-8, a line over 64 KiB) and OptionError (an
    unknown edition, variant or regime)."""

def replay(log_text: str | bytes) -> dict[str, Any]:
    """Fold an event log (JSON Lines) and return its final state with the
    keys of ``arbiter replay --json``. Raises InputError when the log
    cannot be read whole."""

def unwinnable(
    fen: str,
    side: Literal["white", "black", "w", "b"] | None = None,
    budget_ms: int | None = None,
    edition: Edition | str | None = None,
) -> str:
    """Which sides can still mate: "W"/"-" then "B"/"-", "?" undetermined or
    not asked. Raises InputError (bad FEN) and OptionError (side, edition)."""

def parse_move(text: str, fen: str | None = None, lexicon: Lexicon | str | None = None) -> str:
    """A move in any notation arbiter reads, in SAN. Raises MoveError,
    InputError (bad FEN) and OptionError (unknown lexicon)."""

def say(san: str, fen: str | None = None, lexicon: Lexicon | str = "en") -> str:
    """The move in the words of the lexicon (FIDE Laws, Appendix D). Raises
    MoveError, InputError and OptionError as parse_move does."""
