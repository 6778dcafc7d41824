"""The package against the command: the same records on the same input,
and the documented exceptions on bad input."""

from __future__ import annotations

import json
import subprocess
import threading

import pytest

import arbiter_chess as ac
from conftest import LOG, SAMPLE, TAVRELI, arbiter_bin, command_json


def test_the_sample_audits_as_the_command_does():
    expected = command_json("audit", str(SAMPLE))
    got = ac.audit_pgn(SAMPLE.read_text(encoding="utf-8"))
    assert len(expected) == 438
    assert got == expected


@pytest.mark.parametrize("edition", ["2005", "2017", "2018", "2023"])
def test_every_edition_audits_as_the_command_does(edition):
    expected = command_json("audit", str(SAMPLE), "--edition", edition)
    assert ac.audit_pgn(SAMPLE.read_bytes(), edition=edition) == expected


def test_the_editions_differ_as_the_commands_do(tmp_path):
    # Knights out and back five times: the fifth occurrence ends the game
    # by itself from the 2017 Laws on (9.6.1), not under the 2005 Laws.
    shuffle = " ".join(f"{2 * i + 1}. Nf3 Nf6 {2 * i + 2}. Ng1 Ng8" for i in range(5))
    pgn = f'[Result "1/2-1/2"]\n\n{shuffle} 1/2-1/2\n'
    path = tmp_path / "fivefold.pgn"
    path.write_text(pgn, encoding="utf-8")
    old = ac.audit_pgn(pgn, edition="2005")
    new = ac.audit_pgn(pgn, edition="2023")
    assert old == command_json("audit", str(path), "--edition", "2005")
    assert new == command_json("audit", str(path), "--edition", "2023")
    assert old[0]["termination"] != new[0]["termination"]


def test_the_tavreli_records_audit_as_the_command_does():
    expected = command_json("audit", str(TAVRELI), "--variant", "tavreli")
    got = ac.audit_pgn(TAVRELI.read_text(encoding="utf-8"), variant="tavreli")
    assert expected and got == expected


def test_a_game_that_cannot_be_read_carries_its_error_and_the_rest_go_on():
    pgn = (
        '[Result "1-0"]\n\n1. e4 e5 2. Ke3?? Nf6 1-0\n\n'
        '[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
    )
    first, second = ac.audit_pgn(pgn)
    assert first["error"] and not first["agrees"]
    assert second["error"] is None and second["agrees"]
    assert second["termination"] == "checkmate"


def test_the_keys_are_the_commands():
    rec = ac.audit_pgn(SAMPLE.read_text(encoding="utf-8"))[0]
    assert set(rec) <= set(ac.AUDIT_KEYS)
    assert set(ac.AUDIT_KEYS) - set(rec) <= {"notes"}


def test_bytes_that_are_not_utf8_raise_input_error():
    with pytest.raises(ac.InputError, match="not UTF-8"):
        ac.audit_pgn(b'[Event "\xff"]\n\n1. e4 *\n')


def test_an_unknown_edition_or_variant_raises_option_error():
    with pytest.raises(ac.OptionError, match="edition"):
        ac.audit_pgn("1. e4 *", edition="1999")
    with pytest.raises(ac.OptionError, match="variant"):
        ac.audit_pgn("1. e4 *", variant="shogi")
    with pytest.raises(ac.OptionError, match="regime"):
        ac.audit_pgn("1. e4 *", regime="bullet")


def test_a_line_too_long_stops_the_reading_with_input_error():
    with pytest.raises(ac.InputError, match="line 1"):
        ac.audit_pgn("[Event \"" + "x" * 70_000 + "\"]\n\n1. e4 *\n")


def test_the_errors_are_one_family():
    for kind in (ac.InputError, ac.OptionError, ac.MoveError):
        assert issubclass(kind, ac.ArbiterError)
    assert issubclass(ac.MoveError, ac.InputError)
    assert not issubclass(ac.OptionError, ac.InputError)


def test_replay_gives_the_commands_report():
    out = subprocess.run(
        [str(arbiter_bin()), "replay", str(LOG), "--json"], capture_output=True, text=True, check=True
    )
    assert ac.replay(LOG.read_text(encoding="utf-8")) == json.loads(out.stdout)
    assert ac.replay(LOG.read_bytes()) == json.loads(out.stdout)


def test_an_unreadable_log_raises_input_error():
    with pytest.raises(ac.InputError):
        ac.replay("this is not a log\n")
    with pytest.raises(ac.InputError):
        ac.replay("")
    header = LOG.read_text(encoding="utf-8").splitlines()[0]
    with pytest.raises(ac.InputError, match="line 2"):
        ac.replay(header + "\n" + "x" * 70_000 + "\n")


def test_a_bad_event_line_is_rejected_as_the_command_rejects_it(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(LOG.read_text(encoding="utf-8").splitlines()[0] + "\n{not json\n")
    out = subprocess.run(
        [str(arbiter_bin()), "replay", str(path), "--json"], capture_output=True, text=True, check=True
    )
    got = ac.replay(path.read_text())
    assert got == json.loads(out.stdout)
    assert got["rejected"][0]["line"] == 2


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
        "8/4k3/8/1p1p1p1p/1P1P1P1P/8/4K3/8 w - - 0 1",
        "3kr3/8/8/8/8/3KN3/8/8 b - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ],
)
def test_unwinnable_gives_the_commands_label(fen):
    out = subprocess.run(
        [str(arbiter_bin()), "unwinnable", fen], capture_output=True, text=True, check=True
    )
    label = out.stdout.splitlines()[-1]
    assert ac.unwinnable(fen) == label
    white = subprocess.run(
        [str(arbiter_bin()), "unwinnable", fen, "--side", "white"],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()[-1]
    assert ac.unwinnable(fen, side="white") == white
    assert ac.unwinnable(fen, budget_ms=2000) == label


def test_unwinnable_labels_differ():
    assert ac.unwinnable("8/8/4k3/8/8/4K3/8/8 w - - 0 1") == "--"
    assert ac.unwinnable("3kr3/8/8/8/8/3KN3/8/8 b - - 0 1") == "WB"
    assert ac.unwinnable("3kr3/8/8/8/8/3KN3/8/8 b - - 0 1", side="black") == "?B"


def test_unwinnable_refuses_bad_input():
    with pytest.raises(ac.InputError, match="bad FEN"):
        ac.unwinnable("not a fen")
    with pytest.raises(ac.OptionError, match="neither white nor black"):
        ac.unwinnable("8/8/4k3/8/8/4K3/8/8 w - - 0 1", side="red")
    with pytest.raises(ac.OptionError):
        ac.unwinnable("8/8/4k3/8/8/4K3/8/8 w - - 0 1", edition="tavreli")


def test_parse_move_reads_every_notation_as_the_command_does():
    for text in ("Nf3", "g1f3", "Кf3", "конь эф три", "Springer Felix drei"):
        out = subprocess.run(
            [str(arbiter_bin()), "notation", "--as", "san", text],
            capture_output=True, text=True, check=True,
        )
        assert ac.parse_move(text) == out.stdout.strip() == "Nf3"
    assert ac.parse_move("конь эф три", lexicon="ru") == "Nf3"


def test_parse_move_raises_move_error_with_the_candidates():
    with pytest.raises(ac.MoveError, match="пешка эф два эф четыре"):
        ac.parse_move("конь эф четыре")
    with pytest.raises(ac.MoveError):
        ac.parse_move("x" * 300)
    with pytest.raises(ac.InputError, match="(?i)fen"):
        ac.parse_move("e4", fen="8/8/8 w")
    with pytest.raises(ac.OptionError, match="lexicon"):
        ac.parse_move("e4", lexicon="klingon")


@pytest.mark.parametrize("lexicon", ["en", "ru", "fide-de", "ru-fide", "nato"])
def test_say_speaks_as_the_command_does(lexicon):
    out = subprocess.run(
        [str(arbiter_bin()), "notation", "--as", _spoken_style(lexicon), "Nf3"],
        capture_output=True, text=True, check=True,
    )
    assert ac.say("Nf3", lexicon=lexicon) == out.stdout.strip()


def _spoken_style(lexicon: str) -> str:
    return {"en": "en-spoken", "ru": "ru-spoken"}.get(lexicon, lexicon)


def test_say_words_differ_by_lexicon():
    assert ac.say("Nf3", lexicon="fide-de") == "Springer Felix drei"
    assert ac.say("Nf3", lexicon="ru") != ac.say("Nf3", lexicon="en")


def test_threads_audit_in_parallel_and_agree():
    text = SAMPLE.read_text(encoding="utf-8")
    expected = ac.audit_pgn(text)
    results = [None] * 4

    def work(i):
        results[i] = ac.audit_pgn(text)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


def test_the_help_reads_well():
    doc = ac.audit_pgn.__doc__
    assert "arbiter audit --json" in doc and "OptionError" in doc
    assert ac.audit_pgn.__text_signature__.startswith("(text, edition=None")
