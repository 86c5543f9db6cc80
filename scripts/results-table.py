#!/usr/bin/env python3
"""results-table.py RESULTS.json...: one markdown row per dataset of psearch
bench results: program, dataset, runs, mean, median, RSD, kernel time (event
profiled), min bytes / mean as GB/s, validation. The tables of
docs/performance.md are read off this output (and the anchors' logs beside
the JSON), so each figure there can be traced to a committed file."""
import json
import sys

print("| file | entry | dataset | runs | mean µs | median µs | RSD | kernel µs | GB/s | validation |")
print("|---|---|---|---:|---:|---:|---:|---:|---:|---|")
for path in sys.argv[1:]:
    for prog, p in json.load(open(path)).items():
        for name, d in p["datasets"].items():
            if isinstance(d, str):
                print("| %s | %s | %s | failed: %s |" % (path.split("/")[-1], prog.split(":")[-1], name, d))
                continue
            s = d["psearch"]
            gbs = s["min_bytes"] / s["mean_us"] / 1e3 if "min_bytes" in s else float("nan")
            print("| %s | %s | %s | %d | %.1f | %.1f | %.3f | %s | %.0f | %s |" % (
                path.split("/")[-1], prog.split(":")[-1], name, s["runs"], s["mean_us"], s["median_us"],
                s["rsd"], "%.1f" % s["kernel_us_mean"] if "kernel_us_mean" in s else "-", gbs,
                s["validation"]))
