#!/bin/bash
# CLI tests of `psearch devices` (with its identities: PoCL's none, a stand-in
# NVML's) and `psearch run` on the default device (PoCL in CI).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
FAKE_NVML=${2:-}
export PSEARCH_NO_CACHE=1

check devices 0 $P devices;            has $OUT "Platform 0:"; has $OUT "compute units"
check devices-json 0 $P devices --json -
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d and 'max_work_group_size' in d[0] and 'int64_atomics' in d[0]" $OUT \
  || fail "devices --json - is not the expected JSON"
check devices-bad 2 $P devices --frob
# each device's identity as bench records it: PoCL reports no UUID or PCI
# address; NVML's (a stand-in library for any device) where it knows the device
check devices-id 0 $P devices
has $OUT "UUID not reported, PCI bus id not reported"
check devices-id-json 0 $P devices --json -
py devices-identity $OUT <<'PY'
import json, sys
for d in json.load(open(sys.argv[1])):
    assert d["identity"]["absent"] == ["uuid", "pci_bus_id", "board", "serial", "nvml_driver", "clocks_at_start"], d
PY
if [ -n "$FAKE_NVML" ]; then
  check devices-nvml 0 env PSEARCH_TEST_NVML=$FAKE_NVML $P devices
  has $OUT "UUID 3f9a2b1c-0d4e-5f60-7182-93a4b5c6d7e8 (nvml), PCI bus id 00000000:17:00.0 (nvml)"
  check devices-nvml-json 0 env PSEARCH_TEST_NVML=$FAKE_NVML FAKE_NVML_UUID=GPU-00000000-1111-2222-3333-444444444444 \
    $P devices --json -
  py devices-nvml-identity $OUT <<'PY'
import json, sys
for d in json.load(open(sys.argv[1])):
    i = d["identity"]
    assert i["uuid"] == "00000000-1111-2222-3333-444444444444" and i["uuid_from"] == "nvml", i
    assert i["pci_bus_id"] == "00000000:17:00.0" and i["board"] == "Fake H200" and i["absent"] == [], i
PY
fi

# run: sorted equals the input sorted by Python (an independent oracle)
$P dataset -n 5000 -o $T/in.bin
$P dataset -n 100000 -o $T/big.bin
py sorted-oracle $T/in.bin $T/want.bin $T/big.bin $T/bigwant.bin <<'PY'
import struct, sys
for src, dst in ((sys.argv[1], sys.argv[2]), (sys.argv[3], sys.argv[4])):
    b = open(src, "rb").read()
    n = struct.unpack("<q", b[7:15])[0]
    open(dst, "wb").write(b[:15] + struct.pack("<%di" % n, *sorted(struct.unpack("<%di" % n, b[15:]))))
PY
check_in sorted-multicore-3 0 $T/big.bin $P run -e sorted -b --backend=multicore --threads 3
same $OUT $T/bigwant.bin
has $ERR "backend multicore: 3 threads"
for b in opencl c multicore; do
  check_in sorted-$b 0 $T/in.bin $P run -e sorted -b --backend=$b
  same $OUT $T/want.bin
  check_in copy-$b 0 $T/in.bin $P run -e bench_copy -b --backend=$b
  same $OUT $T/in.bin
done
check_in text-out 0 $T/in.bin $P run -e sorted;   has $OUT "i32, "
check_in runs 0 $T/in.bin $P run -e bench_copy -r 7 -t $T/times.txt
[ "$(wc -l < $T/times.txt)" = 7 ] || fail "-r 7 -t gives 7 lines"
grep -qvE '^[0-9]+$' $T/times.txt && fail "runtime lines are not integers"

# selection
check_in by-index 0 $T/in.bin $P run -e bench_copy -p 0 -d 0 -b
check_in by-type 0 $T/in.bin $P run -e bench_copy --device-type=cpu -b
check_in no-device 1 $T/in.bin $P run -e bench_copy -d no-such-device-xyz; has $ERR "no OpenCL device matches"
check_in bad-kdir 1 $T/in.bin $P run -e bench_copy --kernels /no/such/dir; has $ERR "/no/such/dir/copy.cl"
check_in devtype-bad 2 $T/in.bin $P run -e bench_copy --device-type=fpga

# tuning parameters (docs/architecture.md): listed, checked, applied, recorded
check list-tuning 0 $P list --tuning; has $OUT "sort_wg              256..1024"; has $OUT "btree_buckets"
check list-json 0 $P list --json -
py list-json-tuning $OUT <<'PY'
import json, sys
e = {x["name"]: x for x in json.load(open(sys.argv[1]))}
assert [p["name"] for p in e["bench_copy"]["tuning"]] == [], e["bench_copy"]["tuning"]
assert {"name": "cost_items", "min": 1, "max": 32} == {k: v for k, v in e["scan"]["tuning"][1].items() if k != "help"}
PY
check tune-unknown 2 $P run -e radix_sort --tune sort_wgg=256; has $ERR "no entry point takes 'sort_wgg' (did you mean 'sort_wg'?)"
check tune-range 2 $P run -e radix_sort --tune sort_wg=100; has $ERR "--tune sort_wg=100: sort_wg takes 256 to 1024"
check tune-value 2 $P run -e radix_sort --tune sort_wg=x; has $ERR "the value is not an integer"
check tune-backend 2 $P run -e radix_sort --backend=c --tune sort_wg=256; has $ERR "--tune are for --backend=opencl"
check_in tune-sort 0 $T/big.bin $P run -e sorted -b --tune sort_items=3,sort_wg=288,sort_lb32=1
same $OUT $T/bigwant.bin
printf -- '==\nentry: radix_sort scan\nrandom input { [5000]i32 }\n' > $T/tune.bench
check tune-bench 0 $P bench -r 1 --max-runs 1 --no-convergence-phase --tune sort_items=5,cost_items=3 --tune sort_items=7 \
  --json $T/tune.json $T/tune.bench
check no-tune-bench 0 $P bench -r 1 --max-runs 1 --no-convergence-phase --json $T/notune.json $T/tune.bench
py tune-json $T/tune.json $T/notune.json <<'PY'
import json, sys
t, n = (json.load(open(f)) for f in sys.argv[1:3])
sort, scan = (k for k in sorted(t) if k.endswith(":radix_sort")), (k for k in sorted(t) if k.endswith(":scan"))
sort, scan = next(sort), next(scan)
assert t[sort]["psearch_context"]["tuning"] == {"sort_items": 7, "cost_items": 3}, t[sort]["psearch_context"]
assert n[sort]["psearch_context"]["tuning"] == {}, n[sort]["psearch_context"]
got = lambda r, k: r[k]["datasets"]["[5000]i32"]["psearch"]["tuning"]
assert got(t, sort)["sort_items"] == 7 and got(t, scan)["cost_items"] == 3, (got(t, sort), got(t, scan))
assert got(n, sort)["sort_items"] == 16 and got(n, scan)["cost_items"] == 16, (got(n, sort), got(n, scan))
assert got(n, scan)["cost_walkers"] == 1, got(n, scan)  # without PTX: one work-item's walk
assert "cost_items" not in got(t, sort) and "sort_items" not in got(t, scan)
PY

# wrong inputs
$P dataset -g '[3]f32' -o $T/f.bin
check_in wrong-type 3 $T/f.bin $P run -e reduce; has $ERR "Expected input of types:"; has $ERR "Provided input of types: [3]f32"
$P dataset -g '[3]i32' -g '[3]i32' -o $T/two.bin
check_in two-inputs 3 $T/two.bin $P run -e sorted; has $ERR "Provided input of types: [3]i32 [3]i32"
printf '[1,2' > $T/bad.txt
check_in malformed 3 $T/bad.txt $P run -e sorted; has $ERR "standard input:1:5"
check_in no-entry 2 $T/in.bin $P run -e frobnicate; has $ERR "no entry point 'frobnicate'"
check_in missing-e 2 $T/in.bin $P run;             has $ERR "-e ENTRY is required"
check_in runs-zero 2 $T/in.bin $P run -e sorted -r 0
check_in backend-bad 2 $T/in.bin $P run -e sorted --backend=cuda

# radix_sort_pairs: keys and values each of its own type ([n]t [n]v), on every
# backend; a value type it does not take named by its input's position, in run
# and in a suite (the file and line); the JSON names a dataset by both types
$P dataset -g '[3i64, -9223372036854775808i64, 3i64, 0i64, 9223372036854775807i64]' \
  -g '[10i32, 11i32, 12i32, 13i32, 14i32]' -o $T/pairs.bin
for b in opencl c multicore; do
  check_in pairs-$b 0 $T/pairs.bin $P run -e radix_sort_pairs --backend=$b
  has $OUT "[-9223372036854775808i64, 0i64, 3i64, 3i64, 9223372036854775807i64]"; has $OUT "[11i32, 13i32, 10i32, 12i32, 14i32]"
done
$P dataset -g '[3]i64' -g '[3]bool' -o $T/pairs-bool.bin
check_in pairs-bool-values 3 $T/pairs-bool.bin $P run -e radix_sort_pairs
has $ERR "Input #1 is [3]bool: v takes i32 | i64 | u32 | u64 | f32 | f64"
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1000]i64 [1000]i32 }\nrandom input { [1000]f32 [1000]u64 }\n' > $T/pairs.bench
check pairs-bench 0 $P bench -r 1 --max-runs 1 --no-convergence-phase --json $T/pairs.json $T/pairs.bench
py pairs-json $T/pairs.json <<'PY'
import json, sys
r = next(v for k, v in json.load(open(sys.argv[1])).items() if k.endswith(":radix_sort_pairs"))["datasets"]
assert sorted(r) == ["[1000]f32 [1000]u64", "[1000]i64 [1000]i32"], sorted(r)
for name, d in r.items():
    assert d["psearch"]["validation"] == "ok" and d["psearch"]["min_bytes"] == 2 * 1000 * (4 + 8 if "f32" in name else 8 + 4), (name, d["psearch"])
PY
printf -- '==\nentry: radix_sort_pairs\nrandom input { [1000]i64 [1000]i32 }\nrandom input { [1000]i64 [1000]i16 }\n' > $T/pairs-i16.bench
check pairs-bench-i16 3 $P bench $T/pairs-i16.bench
has $ERR "pairs-i16.bench:4: dataset [1000]i64 [1000]i16 for radix_sort_pairs"; has $ERR "Input #1 is [1000]i16: v takes"

# the blog post's examples: binary_search (<=) [1,3,5,7,9,11] on 0, 9 and 2 gives 0, 4 and 1
$P dataset -g '[1,3,5,7,9,11]' -g '[0,9,2]' -o $T/post.bin
for b in opencl c; do
  check_in post-$b 0 $T/post.bin $P run -e binary_search --backend=$b; has $OUT "[0i64, 4i64, 1i64]"
done
$P dataset -g '[1,3,5,7,9,11]' | $P run -e to_eytzinger -b > $T/eyt.bin
check_in eytzinger-layout 0 $T/eyt.bin $P dataset --text; has $OUT "[7i32, 3i32, 11i32, 1i32, 5i32, 9i32]"
$P dataset -g '[0,9,2,12]' >> $T/eyt.bin
check_in eytzinger-search 0 $T/eyt.bin $P run -e eytzinger_search; has $OUT "[3i64, 5i64, 1i64, -1i64]"
# the AMD sample's worked example: 42 in 2, 4, ..., 128 is at index 20; 43 is absent (lower bound 21)
$P dataset -g "[$(seq -s, 2 2 128)]" -g '[42, 43]' -o $T/amd.bin
for b in opencl c; do
  check_in amd-$b 0 $T/amd.bin $P run -e nary_search --backend=$b; has $OUT "[20i64, 21i64]"
done
# unsorted input to a search is refused, not answered wrongly
$P dataset -g '[3,1,2]' -o $T/unsorted.bin
check_in unsorted 1 $T/unsorted.bin $P run -e bench_binary_search; has $ERR "the input is not sorted: element 0 (3i32)"
check_in not-eytzinger 1 $T/unsorted.bin $P run -e bench_eytzinger_search; has $ERR "not an Eytzinger array"

finish
