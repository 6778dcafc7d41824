"""Oracle for tests/describe.rs: reads FEN lines on stdin and prints, for each, what
python-chess says about the position, one fact per line, then a line "END":

  P <color> <role> <squares>     pieces of a kind (color w/b, role pnbrqk), squares sorted
  A <square> <color> <pieces>    attackers of a square, as role@square, sorted
  M <square> <ucis>              legal moves of the piece on a square, sorted
  S <square> <symbol>            what stands on a square ("." if empty)
  B <line>                       str(board), rank 8 first

Runs at test time (not a frozen file)."""
import sys

import chess

NAMES = "pnbrqk"


def facts(board):
    out = []
    for color, cname in ((chess.WHITE, "w"), (chess.BLACK, "b")):
        for pt in chess.PIECE_TYPES:
            sqs = sorted(chess.square_name(s) for s in board.pieces(pt, color))
            out.append(f"P {cname} {NAMES[pt - 1]} {' '.join(sqs)}".rstrip())
    for sq in chess.SQUARES:
        name = chess.square_name(sq)
        for color, cname in ((chess.WHITE, "w"), (chess.BLACK, "b")):
            att = sorted(
                f"{NAMES[board.piece_type_at(a) - 1]}@{chess.square_name(a)}"
                for a in board.attackers(color, sq)
            )
            out.append(f"A {name} {cname} {' '.join(att)}".rstrip())
        piece = board.piece_at(sq)
        out.append(f"S {name} {piece.symbol() if piece else '.'}")
        if piece and piece.color == board.turn:
            ms = sorted(m.uci() for m in board.legal_moves if m.from_square == sq)
            out.append(f"M {name} {' '.join(ms)}".rstrip())
    for line in str(board).split("\n"):
        out.append(f"B {line}")
    out.append("END")
    return out


lines = []
for fen in sys.stdin:
    fen = fen.strip()
    if fen:
        lines.extend(facts(chess.Board(fen)))
sys.stdout.write("\n".join(lines) + "\n")
