"""Independent oracle for the judge of positions where the side NOT to move
is in check (an unlawful move that stood, FIDE Laws A.5.2).

It plays N random games from the initial position to a random depth, then
makes a random pseudo-legal move that leaves the mover's own king in check
(the unlawful move), and prints one JSON line per position:
[fen, [[uci, san], ...]] with python-chess's legal moves of the opponent,
without captures of the king (not a move of chess).
Usage: python3 opposite_check.py N SEED

Before the random ones it prints the positions after a few chosen unlawful
moves that random play rarely reaches (en passant of a pawn whose two-square
advance left its king in check, castling past the exposed king).
"""
import json
import random
import sys

import chess


CHOSEN = [
    # g2-g4 leaves the white king on h2 open to the rook; ...fxg3 e.p.
    ("4k3/8/8/8/5p2/8/r5PK/8 w - - 0 1", "g2g4"),
    # The same for Black: e7-e5 opens the seventh rank; dxe6 e.p.
    ("8/R3p2k/8/3P4/8/8/8/4K3 b - - 0 1", "e7e5"),
    # Black's f-pawn steps aside from the queen's diagonal; White castles.
    ("r3k2r/5p2/8/7Q/8/8/8/R3K2R b KQkq - 0 1", "f7f6"),
]


def emit(board, move):
    board.push(move)
    replies = [
        [m.uci(), board.san(m)]
        for m in board.legal_moves
        if board.piece_type_at(m.to_square) != chess.KING
    ]
    print(json.dumps([board.fen(), sorted(replies)]))


def main():
    n, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for fen, uci in CHOSEN:
        board = chess.Board(fen)
        move = chess.Move.from_uci(uci)
        assert board.is_pseudo_legal(move) and board.is_into_check(move), fen
        emit(board, move)
    made = 0
    while made < n:
        board = chess.Board()
        for _ in range(rng.randrange(0, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        exposing = [
            m
            for m in board.pseudo_legal_moves
            if board.is_into_check(m) and board.piece_type_at(m.to_square) != chess.KING
        ]
        if not exposing:
            continue
        emit(board, rng.choice(exposing))
        made += 1


if __name__ == "__main__":
    main()
