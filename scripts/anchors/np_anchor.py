#!/usr/bin/env python3
"""np_anchor.py OUT.json [N] [M] [A]: numpy on this CPU, for the CPU figures of
docs/performance.md, on the same shapes and element types as psearch's:
  sum, cumsum of [N]i32 (each both with numpy's default accumulator, int64,
  and with dtype=np.int32, which is what psearch's reduce and scan compute),
  filter x[x >= 0] of [N]i32, sort of [N]i32 (default kind, and
  kind="stable"), searchsorted of M random keys in a sorted [A]i32 (A
  defaults to M; side="left": lower bounds, as psearch's searches).
Data: full-range uniform i32 from default_rng(1). One warm-up, then 10 timed
runs each (time.perf_counter around the call); sort copies its input first,
outside the timed region. Writes every run's µs to OUT.json and prints means.
"""
import json
import sys
import time

import numpy as np

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
m = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
a = int(sys.argv[4]) if len(sys.argv) > 4 else m
rng = np.random.default_rng(1)
x = rng.integers(-2**31, 2**31, size=n, dtype=np.int32)
xs = np.sort(rng.integers(-2**31, 2**31, size=a, dtype=np.int32))
keys = rng.integers(int(xs[0]), int(xs[-1]) + 1, size=m, dtype=np.int32)


def bench(f, prep=None, runs=10):
    ts = []
    for i in range(runs + 1):
        arg = prep() if prep else None
        t0 = time.perf_counter()
        f(arg)
        t1 = time.perf_counter()
        if i > 0:
            ts.append((t1 - t0) * 1e6)
    return ts


res = {"numpy": np.__version__, "n": n, "m": m, "a": a, "runs_us": {}}
cases = [
    ("sum [N]i32 (int64 accumulator, numpy's default)", lambda _: x.sum(), None),
    ("sum [N]i32 dtype=int32", lambda _: x.sum(dtype=np.int32), None),
    ("cumsum [N]i32 (int64 result, numpy's default)", lambda _: np.cumsum(x), None),
    ("cumsum [N]i32 dtype=int32", lambda _: np.cumsum(x, dtype=np.int32), None),
    ("filter [N]i32 x >= 0", lambda _: x[x >= 0], None),
    ("sort [N]i32 (default kind)", lambda a: a.sort(), lambda: x.copy()),
    ("sort [N]i32 kind=stable", lambda a: a.sort(kind="stable"), lambda: x.copy()),
    ("searchsorted [A]i32, M random keys", lambda _: np.searchsorted(xs, keys), None),
]
for name, f, prep in cases:
    ts = bench(f, prep)
    res["runs_us"][name] = ts
    print("%-52s mean %12.1f us  min %12.1f" % (name, sum(ts) / len(ts), min(ts)))
json.dump(res, open(out, "w"), indent=1)
