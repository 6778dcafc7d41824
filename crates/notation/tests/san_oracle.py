"""SAN oracle for tests/roundtrip.rs: reads "FEN<TAB>UCI" lines on stdin and prints
python-chess's SAN for each, one per line. Runs at test time (not a frozen file)."""
import sys

import chess

out = []
for line in sys.stdin:
    line = line.rstrip("\n")
    if not line:
        continue
    fen, uci = line.split("\t")
    board = chess.Board(fen)
    out.append(board.san(chess.Move.from_uci(uci)))
sys.stdout.write("\n".join(out) + "\n")
