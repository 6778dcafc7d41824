#!/usr/bin/env python3
"""A scripted 3+2 blitz game played through `arbiter play --speak` with a
speech program that takes real time (a stub that sleeps SECONDS_PER_WORD a
word, as espeak-ng on a sound device takes as long as its words last), and
answers asked between the moves. Speech must cost no one time: the log's
move times must equal the instants the moves were typed, within 50 ms.

    cargo build -p arbiter-cli && python3 bench/speech-blitz.py [target/debug/arbiter]

Prints each move's typed and logged instants (relative to the first move)
and the largest difference; exits 1 when it is 50 ms or more.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

SECONDS_PER_WORD = 0.3
# The Opera game (Morphy, Paris 1858): 33 half-moves.
MOVES = ("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 "
         "Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#").split()
# A question every few moves: long answers to say (pieces, history, help).
QUESTIONS = {2: "p", 5: "h", 9: "help", 14: "c", 20: "p", 26: "h"}
GAP = 0.9  # seconds between typed moves


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/debug/arbiter"
    work = tempfile.mkdtemp(prefix="arbiter-speech-blitz-")
    stub = os.path.join(work, "slow-speaker")
    with open(stub, "w") as f:
        f.write("#!/bin/sh\ntext=$(cat)\nn=$(echo \"$text\" | wc -w)\n"
                f"sleep $(awk \"BEGIN{{print $n*{SECONDS_PER_WORD}}}\")\n")
    os.chmod(stub, 0o755)
    log = os.path.join(work, "game.jsonl")
    env = dict(os.environ, ARBITER_ESPEAK=stub)
    p = subprocess.Popen([binary, "play", "--white", "human", "--black", "human",
                          "--control", "180+2", "--speak", "--log", log],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
    out = []
    reader = threading.Thread(target=lambda: out.extend(p.stdout), daemon=True)
    reader.start()
    time.sleep(1.0)
    typed = []
    t0 = time.monotonic()
    for i, mv in enumerate(MOVES):
        due = t0 + i * GAP
        time.sleep(max(0.0, due - time.monotonic()))
        typed.append(time.monotonic())
        p.stdin.write(mv + "\n")
        p.stdin.flush()
        if i in QUESTIONS:
            time.sleep(GAP / 2)
            p.stdin.write(QUESTIONS[i] + "\n")
            p.stdin.flush()
    p.stdin.close()
    p.wait(timeout=600)
    logged = [json.loads(l) for l in open(log) if '"type":"move"' in l]
    logged = [e["at"] for e in logged]
    if len(logged) != len(MOVES):
        print(f"logged {len(logged)} moves of {len(MOVES)}")
        return 1
    worst = 0.0
    total = 0.0
    for i, (t, at) in enumerate(zip(typed, logged)):
        want = (t - typed[0]) * 1000
        got = at - logged[0]
        diff = got - want
        worst = max(worst, abs(diff))
        total += abs(diff)
        print(f"{i + 1:2} {MOVES[i]:7} typed {want:8.1f} ms  logged {got:6d} ms  diff {diff:+6.1f}")
    print(f"speech: {SECONDS_PER_WORD} s a word; moves {len(MOVES)}; "
          f"max |logged - typed| = {worst:.1f} ms, mean {total / len(MOVES):.1f} ms")
    return 0 if worst < 50 else 1


if __name__ == "__main__":
    sys.exit(main())
