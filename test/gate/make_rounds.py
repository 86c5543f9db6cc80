#!/usr/bin/env python3
"""Synthetic rounds for the gate's deterministic tests (test/cli_gate.sh).

make_rounds.py DIR SIDE K [ENTRY:FACTOR ...] [--drop DATASET] [--fail DATASET]
               [--noisy DATASET]

Writes DIR/SIDE-1.json .. DIR/SIDE-K.json, psearch bench results of program
"g.bench:e" with datasets a, b and c (base runtimes 100, 200 and 400 µs),
200 runs each. Every round k has a drift shared by both sides (as in an ABBA
A/B run on one machine) plus an offset of its own invocation, per side; runs
scatter 0.5% around the round's level. ENTRY:FACTOR multiplies one dataset's
runtimes (b:1.05 = 5% slower). --noisy gives a dataset a large swing of its
own per round (-9% to +16%, 4% slower on average): a change beyond the
threshold that the rounds do not show to be significant. Deterministic: a
fixed seed per side and round.
"""
import json
import random
import sys

args = sys.argv[1:]
drop = fail = noisy = None
if "--noisy" in args:
    i = args.index("--noisy"); noisy = args[i + 1]; del args[i:i + 2]
if "--drop" in args:
    i = args.index("--drop"); drop = args[i + 1]; del args[i:i + 2]
if "--fail" in args:
    i = args.index("--fail"); fail = args[i + 1]; del args[i:i + 2]
out, side, k = args[0], args[1], int(args[2])
factor = {a.split(":")[0]: float(a.split(":")[1]) for a in args[3:]}
base = {"a": 100.0, "b": 200.0, "c": 400.0}
drift = [0.00, 0.02, -0.01, 0.03, 0.01, -0.02, 0.015, -0.005, 0.025, 0.0]
offset = {"old": [0.010, -0.008, 0.005, -0.012, 0.009, -0.004, 0.006, -0.010, 0.003, -0.002],
          "new": [-0.006, 0.011, -0.009, 0.007, -0.010, 0.013, -0.004, 0.008, -0.011, 0.005]}
for r in range(k):
    rng = random.Random(1000 * r + (side == "new"))
    ds = {}
    for name, b in base.items():
        if name == drop:
            continue
        if name == fail:
            ds[name] = "Execution exceeded 10 seconds."
            continue
        level = b * (1 + drift[r % 10]) * (1 + offset[side][r % 10]) * factor.get(name, 1.0)
        if name == noisy:
            level *= 1 + [0.16, -0.06, 0.14, -0.04, 0.13, -0.09][r % 6]
        us = [level * (1 + rng.gauss(0, 0.005)) for _ in range(200)]
        ds[name] = {"runtimes": [int(x + 0.5) for x in us], "bytes": {},
                    "psearch": {"runtimes_us": us}}
    json.dump({"g.bench:e": {"datasets": ds}}, open("%s/%s-%d.json" % (out, side, r + 1), "w"))
