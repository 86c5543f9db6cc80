#!/bin/bash
# gpu-scale.sh BUNDLE OUTDIR: the scale figures of docs/performance.md on a
# host with two GPUs (the device tool's nvidia-h200-x2; docs/cluster.md):
#   1. `-d all` on the search suite: both GPUs one after another in one
#      process; the per-device means (target: within 3% of each other);
#   2. the default suites on one GPU, then as two shards on the two GPUs at
#      once (CUDA_VISIBLE_DEVICES=0 and =1, --shard 1/2 and 2/2, balanced by
#      the first run's runtimes: --balance-from) and merged:
#      the wall times (target: sharded + merge at most 0.6x one GPU).
# BUNDLE is scripts/gpu-bundle.sh's folder (psearch in it); the files of OUTDIR
# are committed under docs/results/ (docs/results/README.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/gpu-setup.sh" "${1:-}" "${2:-/tmp/results}"
now() { date +%s.%N; }

echo "== 1. -d all --device-type=gpu on the search suite"
$P bench -d all --device-type=gpu builtin:search.bench --json dall.json > dall.txt 2> dall.err
echo "exit $?"
python3 - dall.json <<'PY' | tee dall-ratio.txt
import json, sys
r = json.load(open(sys.argv[1]))
by = {}
for p, v in r.items():
    prog, dev = p.rsplit("@", 1)
    for d, x in v["datasets"].items():
        if isinstance(x, dict):
            by.setdefault((prog, d), {})[dev] = x["psearch"]["mean_us"]
worst = 0
for (prog, d), m in sorted(by.items()):
    if len(m) == 2:
        a, b = sorted(m.values())
        worst = max(worst, b / a - 1)
        print(f"{prog} {d}: " + ", ".join(f"{k} {v:.2f} us" for k, v in sorted(m.items())) + f" ({100 * (b / a - 1):.1f}%)")
print(f"largest difference between the devices' means: {100 * worst:.2f}% (target: at most 3%)")
PY

echo "== 2. the default suites: one GPU, then two shards on two GPUs, merged"
# The first run fills the dataset and reference caches (XDG_CACHE_HOME), which
# the later runs read: so the shards are timed against a second one-GPU run
# with the same warm caches (like for like); the first run's time is shown too.
t0=$(now)
CUDA_VISIBLE_DEVICES=0 $P bench --device-type=gpu --json one-cold.json > one-cold.txt 2> one-cold.err
echo "one GPU, cold caches: exit $?"
t1=$(now)
CUDA_VISIBLE_DEVICES=0 $P bench --device-type=gpu --shard 1/2 --balance-from one-cold.json --json shard-1.json > shard-1.txt 2> shard-1.err &
a=$!
CUDA_VISIBLE_DEVICES=1 $P bench --device-type=gpu --shard 2/2 --balance-from one-cold.json --json shard-2.json > shard-2.txt 2> shard-2.err &
b=$!
wait $a; echo "shard 1/2: exit $?"
wait $b; echo "shard 2/2: exit $?"
$P merge -o all.json shard-1.json shard-2.json; echo "merge: exit $?"
t2=$(now)
CUDA_VISIBLE_DEVICES=0 $P bench --device-type=gpu --json one.json > one.txt 2> one.err
echo "one GPU, warm caches: exit $?"
t3=$(now)
$P compare one.json all.json > compare.txt; echo "compare one GPU -> sharded: exit $?"
python3 - "$t0" "$t1" "$t2" "$t3" <<'PY' | tee wall.txt
import sys
t0, t1, t2, t3 = map(float, sys.argv[1:])
cold, two, one = t1 - t0, t2 - t1, t3 - t2
print(f"one GPU: {one:.1f} s (the first, cold-cache run: {cold:.1f} s); two shards + merge: {two:.1f} s; "
      f"ratio {two / one:.3f} (target: at most 0.6)")
PY
grep -h "shard" shard-1.err shard-2.err
