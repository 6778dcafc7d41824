"""Independent oracle for the differential test: python-chess's view of every
position of every game in a PGN file.

For each game it prints one JSON line: the game number and, for each position
from the start to the last move, a list
[fen, can_claim_threefold, can_claim_fifty, fivefold, seventyfive,
 checkmate, stalemate, insufficient_material].
Usage: python3 chess_oracle.py FILE.pgn
       python3 chess_oracle.py --random N SEED OUT.pgn   (writes N random games)

Random games (uniform random legal moves, played until python-chess's own
outcome() ends them) reach the 50-move, 75-move and fivefold positions that
real games rarely reach.
"""
import random
import json
import sys

import chess
import chess.pgn


def facts(board):
    return [
        board.fen(),
        board.can_claim_threefold_repetition(),
        board.can_claim_fifty_moves(),
        board.is_fivefold_repetition(),
        board.is_seventyfive_moves(),
        board.is_checkmate(),
        board.is_stalemate(),
        board.is_insufficient_material(),
    ]


def main(path):
    with open(path, encoding="utf-8") as f:
        n = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            n += 1
            board = game.board()
            rows = [facts(board)]
            for move in game.mainline_moves():
                board.push(move)
                rows.append(facts(board))
            print(json.dumps({"game": n, "positions": rows}))


def random_games(n, seed, out):
    rng = random.Random(seed)
    with open(out, "w", encoding="utf-8") as f:
        for i in range(n):
            board = chess.Board()
            game = chess.pgn.Game()
            game.headers["Event"] = f"random {seed}/{i + 1}"
            node = game
            while board.outcome() is None and board.ply() < 800:
                move = rng.choice(list(board.legal_moves))
                # Every other game leans towards undoing the mover's last
                # move, so that repetitions (and fivefold) occur.
                if i % 2 and len(board.move_stack) >= 2 and rng.random() < 0.6:
                    last = board.move_stack[-2]
                    back = chess.Move(last.to_square, last.from_square)
                    if board.is_legal(back):
                        move = back
                board.push(move)
                node = node.add_variation(move)
            game.headers["Result"] = board.result()
            print(game, file=f, end="\n\n")


if __name__ == "__main__":
    if sys.argv[1] == "--random":
        random_games(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        main(sys.argv[1])
