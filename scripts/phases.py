#!/usr/bin/env python3
"""phases.py RESULTS.json [TIME.txt]: where a bench run's wall time went.

Sums psearch.phase_seconds over every dataset of a results file (load,
prepare, runs, result, validate) and, given /usr/bin/time -v's output of the
same run, the wall time and what no dataset accounts for (start-up, the copy
bandwidth probe, printing). "runs" is the measurement itself (on a GPU: the
device's share plus launch overhead); everything else is host work.
"""
import json
import re
import sys

res = json.load(open(sys.argv[1]))
tot = {}
nds = 0
for prog in res.values():
    for d in prog["datasets"].values():
        if not isinstance(d, dict):
            continue
        nds += 1
        for k, v in d["psearch"].get("phase_seconds", {}).items():
            tot[k] = tot.get(k, 0.0) + v
acc = sum(tot.values())
print("datasets: %d" % nds)
for k in ("load", "prepare", "runs", "result", "validate"):
    print("%-9s %9.1f s" % (k, tot.get(k, 0.0)))
if len(sys.argv) > 2:
    t = open(sys.argv[2]).read()
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", t)
    wall = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
    print("%-9s %9.1f s" % ("other", wall - acc))
    print("%-9s %9.1f s" % ("wall", wall))
    print("host share (all but runs): %.2f" % ((wall - tot.get("runs", 0.0)) / wall))
