#!/usr/bin/env python3
"""table.py: issue #17's ratios on the H200 (docs/performance.md, first section), read
from the calls' archives here: psearch's mean span (kernel_span_us_mean, bench -x) over
the peers' CUDA-event means (CUB's anchor, torch's) in the same call. Output: table.txt."""
import json, lzma, re, tarfile

def members(call):
    t = tarfile.open(call + "/r.txz")
    out = {}
    for m in t.getmembers():
        if m.isfile():
            b = t.extractfile(m).read()
            out[m.name] = lzma.decompress(b) if m.name.endswith(".xz") else b
    return out

def spans(files, name):
    """{(entry, dataset): span} of one psearch JSON of the archive"""
    key = next(k for k in files if k.endswith("/" + name) or k.endswith("/" + name + ".xz"))
    res = {}
    for prog, p in json.loads(files[key]).items():
        for ds, d in p["datasets"].items():
            if not isinstance(d, str):
                res[(prog.split(":")[-1], ds)] = d["psearch"]["kernel_span_us_mean"]
    return res

def peer(files, name, row):
    key = next(k for k in files if k == name or k.endswith("/" + name))
    for line in files[key].decode().splitlines():
        if line.startswith(row):
            return float(re.search(r"mean\s+([0-9.]+)", line[len(row):]).group(1))
    raise KeyError(row)

FULL_K, FULL_P = "cub SortKeys [N]i32 full range (in -> out)", "cub SortPairs [N]i32 full range + i32 values"
rows = []
def add(what, mine, theirs, peer_name, target):
    rows.append("| %s | %.1f | %s %.1f | %.3fx | %s |" % (what, mine, peer_name, theirs, mine / theirs, target))

# the sorts: call 137 (gpu-sort.sh, then the variants) and call 138's three rounds
c = members("call137-first")
s = spans(c, "sort.json")
add("radix_sort [N]i32 (137)", s[("radix_sort", "[33554431]i32")], peer(c, "r/s/cub.txt", FULL_K), "SortKeys", "<= 1.0x")
add("radix_sort_pairs (137)", s[("radix_sort_pairs", "[33554431]i32 [33554431]i32")], peer(c, "r/s/cub.txt", FULL_P),
    "SortPairs", "<= 1.0x")
add("argsort [N]i32 (137)", s[("argsort", "[33554431]i32")],
    peer(c, "r/s/torch.txt", "torch.argsort [33554431]i32 full range (stable)"), "torch.argsort", "< 1.0x")
p = spans(c, "prims.json")
add("filter [10^7] (137)", p[("filter", "[10000000]i32")], peer(c, "r/s/cub.txt", "cub Select::If x>=0 [M]i32"),
    "Select::If", "<= 1.0x")
add("filter all kept [N] (137)", p[("filter", "allkept.in")],
    peer(c, "r/s/cub.txt", "cub Select::If x>=0 [N]i32 (all kept)"), "Select::If", "<= 1.0x")
add("scan [10^7] (137)", p[("scan", "[10000000]i32")], peer(c, "r/s/cub.txt", "cub InclusiveSum [M]i32"),
    "InclusiveSum", "<= 1.0x")
add("scan [N] (137)", p[("scan", "[33554431]i32")], peer(c, "r/s/cub.txt", "cub InclusiveSum [N]i32"),
    "InclusiveSum", "<= 1.0x")
seg = ("[10000000]i32 [10000000]bool")
add("segmented_reduce [10^7] (137)", p[("segmented_reduce", seg)], p[("segmented_scan", seg)], "segmented_scan",
    "<= 1.2x")
c = members("call138-rounds")
for r in (1, 2, 3):
    v = spans(c, "r%d/p.json" % r)
    add("radix_sort_pairs (138, round %d)" % r, v[("radix_sort_pairs", "[33554431]i32 [33554431]i32")],
        peer(c, "v/cub%d.txt" % r, FULL_P), "SortPairs", "<= 1.0x")
    v = spans(c, "r%d/s.json" % r)
    add("radix_sort [N]i32 (138, round %d)" % r, v[("radix_sort", "[33554431]i32")], peer(c, "v/cub%d.txt" % r, FULL_K),
        "SortKeys", "<= 1.0x")
# reduce: call 138 (two kernels), call 140 (one launch, membar.gl) against the old build, CUB before and after
p = spans(c, "prims.json")
for n, row in (("[10000000]i32", "cub Reduce Sum [M]i32"), ("[33554431]i32", "cub Reduce Sum [N]i32")):
    add("reduce %s, two kernels (138)" % n, p[("reduce", n)], peer(c, "v/cub0.txt", row), "Reduce::Sum", "within 5%")
c = members("call140-reduce-membar")
for n, row in (("[10000000]i32", "cub Reduce Sum [M]i32"), ("[33554431]i32", "cub Reduce Sum [N]i32")):
    cub = (peer(c, "v/cub1.txt", row) + peer(c, "v/cub2.txt", row)) / 2
    for b, what in (("new", "one launch"), ("old", "two kernels")):
        mine = sum(spans(c, "%s%d.json" % (b, k))[("reduce", n)] for k in (1, 2)) / 2
        add("reduce %s, %s (140, 2 rounds)" % (n, what), mine, cub, "Reduce::Sum", "within 5%")

print("| what (call) | psearch span µs | peer µs | ratio | target |")
print("|---|---:|---:|---:|---|")
print("\n".join(rows))

# call 141: the families (the bench part of scripts/gpu-results.sh) and the peers in one call
c = members("call141-families")
rows = []
s, r, k = spans(c, "search.json"), spans(c, "search_random.json"), spans(c, "cost.json")
S = "sorted [33554431]i32"
add("reduce [10^7] (141)", k[("reduce", "[10000000]i32")], peer(c, "v/cub.txt", "cub Reduce Sum [M]i32"),
    "Reduce::Sum", "within 5%")
add("reduce [N] (141)", k[("reduce", "[33554431]i32")], peer(c, "v/cub.txt", "cub Reduce Sum [N]i32"),
    "Reduce::Sum", "within 5%")
add("histogram [10^7] (141)", k[("histogram", "[10000000]i32")],
    peer(c, "v/cub.txt", "cub HistogramEven 256 bins (low byte) [M]"), "HistogramEven", "-")
add("radix_sort_pairs (141)", k[("radix_sort_pairs", "[33554431]i32 [33554431]i32")], peer(c, "v/cub.txt", FULL_P),
    "SortPairs", "<= 1.0x")
add("radix_sort [N]i32 (141)", k[("radix_sort", "[33554431]i32")], peer(c, "v/cub.txt", FULL_K), "SortKeys", "<= 1.0x")
add("bench_btree_search_random (141)", r[("bench_btree_search_random", S)],
    peer(c, "v/cub.txt", "thrust lower_bound, random keys"), "thrust lower_bound", "-")
add("bench_sorted_keys_search (141)", s[("bench_sorted_keys_search", S)],
    peer(c, "v/cub.txt", "thrust lower_bound, keys = the sorted array"), "thrust lower_bound", "-")
add("to_eytzinger (141)", s[("to_eytzinger", S)], s[("bench_copy", S)], "bench_copy", "-")
add("to_btree (141)", s[("to_btree", S)], s[("bench_copy", S)], "bench_copy", "-")
print()
print("| what (call) | psearch span µs | peer µs | ratio | target |")
print("|---|---:|---:|---:|---|")
print("\n".join(rows))

# calls 142 and 143: the fences of os_pass's scan group, the sorts by this build and by b1a1007, ABAB
rows = []
for call, what in (("call142-fences", "this build: a device fence on both sides"),
                   ("call143-final", "this build: a device fence on the writer only")):
    c = members(call)
    cubs = [k for k in c if re.search(r"v/cub[0-9]*\.txt$", k)]
    for e, ds, row, name in (("radix_sort", "[33554431]i32", FULL_K, "SortKeys"),
                             ("radix_sort_pairs", "[33554431]i32 [33554431]i32", FULL_P, "SortPairs")):
        cub = sum(peer(c, k, row) for k in cubs) / len(cubs)
        for b in ("new", "old"):
            mine = sum(spans(c, "ab/%s%d.json" % (b, k))[(e, ds)] for k in (1, 2)) / 2
            add("%s by %s (%s)" % (e, what if b == "new" else "b1a1007, mem_fence", call[4:7]), mine, cub, name,
                "<= 1.0x")
c = members("call142-fences")
for n, row in (("[10000000]i32", "cub Reduce Sum [M]i32"), ("[33554431]i32", "cub Reduce Sum [N]i32")):
    cub = (peer(c, "v/cub1.txt", row) + peer(c, "v/cub2.txt", row)) / 2
    for b, what in (("new", "one launch"), ("old", "two kernels")):
        mine = sum(spans(c, "p%s%d.json" % (b, k))[("reduce", n)] for k in (1, 2)) / 2
        add("reduce %s, %s (142, 2 rounds)" % (n, what), mine, cub, "Reduce::Sum", "within 5%")
print()
print("| what (call) | psearch span µs | peer µs | ratio | target |")
print("|---|---:|---:|---:|---|")
print("\n".join(rows))
