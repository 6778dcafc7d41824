"""Peer (c) of the replay benchmark: python-chess replays the same games,
calling push(), outcome() and can_claim_threefold_repetition() after each ply.
Prints ns per ply (best of three runs). Usage: python3 replay_python.py FILE.pgn
"""
import sys
import time

import chess
import chess.pgn


def load(path):
    games = []
    with open(path, encoding="utf-8") as f:
        while True:
            g = chess.pgn.read_game(f)
            if g is None:
                return games
            games.append(list(g.mainline_moves()))


def run(games):
    plies = 0
    for moves in games:
        board = chess.Board()
        for m in moves:
            board.push(m)
            board.outcome()
            board.can_claim_threefold_repetition()
            plies += 1
    return plies


games = load(sys.argv[1])
best = None
for _ in range(3):
    t = time.perf_counter()
    n = run(games)
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(f"{best * 1e9 / n:.1f}")
