#!/bin/bash
# CLI test of each kernel family past 2^31 on the default device (PoCL in
# CI): buffers whose byte offsets pass 2^31 ([600000000]i32: the copy, the
# cost family's scan, filter, reduce and histogram, a binary search and a
# B+ tree search of 100000 keys in them; [300000000]i64: the gather's
# positions and answers, 2.4 GB each) and a sort whose element indices
# pass 2^31 ([2147483653]u8: radix_sort), each run and validated against its
# reference. About 10 GB of memory and a few minutes on 2 cores: suite
# 'slow' (meson test -C build --suite slow).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$T" || exit 1
export XDG_CACHE_HOME=$T/cache

cat > big.bench <<'B'
==
entry: bench_copy scan filter reduce histogram
random input { [600000000]i32 }
==
entry: binary_search btree_search
random sorted input { [600000000]i32 [100000]i32 }
==
entry: bench_gather
random sorted input { [300000000]i64 }
==
entry: radix_sort
random input { [2147483653]u8 }
B
check "past 2^31" 0 $P bench -r 1 --max-runs 1 --no-convergence-phase --json big.json big.bench
py "every dataset validated" big.json <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
got = {p.split(":")[-1]: list(v["datasets"]) for p, v in r.items()}
want = ["bench_copy", "scan", "filter", "reduce", "histogram", "binary_search", "btree_search", "bench_gather",
        "radix_sort"]
missing = [w for w in want if not got.get(w)]
if missing:
    sys.exit("no results for %s (have %s)" % (missing, sorted(got)))
for p, v in r.items():
    for d, res in v["datasets"].items():
        if not res.get("runtimes"):
            sys.exit("%s %s: no runtimes" % (p, d))
PY

finish
