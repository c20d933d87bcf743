#!/usr/bin/env python3
"""A Stolik bot in Python: the external bot protocol, version 1
(docs/bot-protocol.md), with the standard library only.

Stolik runs it as `exec:python3 examples/python/bot.py`. It reads one JSON
object per line on standard input and answers each "move" request with one
line {"move": "<notation>"} on standard output. It plays a random legal
move, drawn from the seed of the hello so that a run repeats; put a better
rule in choose().
"""

import json
import random
import sys

PROTOCOL = 1


def choose(view, legal, rng):
    """Picks one of the legal moves (strings in the game's notation); view
    is everything the seat may know, as the game documents it."""
    return rng.choice(legal)


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            if msg.get("protocol") != PROTOCOL:
                print(f"protocol {msg.get('protocol')} is not {PROTOCOL}", file=sys.stderr)
            rng = random.Random(msg.get("seed", 0))
        elif kind == "move":
            move = choose(msg["view"], msg["legal"], rng)
            print(json.dumps({"move": move, "comment": f"{len(msg['legal'])} legal moves"}), flush=True)
        elif kind == "end":
            pass  # the next game, if any, starts with another hello
    # Standard input closed: Stolik is done with this program.


if __name__ == "__main__":
    main()
