#!/usr/bin/env python3
"""peers.py: times the library peers of psearch's entries on the datasets of
psearch's suites, and writes futhark bench JSON that psearch reads
(docs/peers.md says what each peer computes).

    scripts/peers.py --psearch PSEARCH [-o OUT.json] [--merge RESULTS.json]
                     [--libs numpy,torch,cupy] [--runs N] [--min-time S]
                     [--max-runs N] [--warmup N] SUITE...

SUITE is a suite file, or builtin:NAME (datasets/NAME of this checkout), as
given to `psearch bench`. For each block, the peers of its entries (PEER_OF)
run on each of its cases (but `nobench` and `disable` ones): the data are
psearch's own, made by `psearch dataset` with the generator items, seeds and
`--sorted` the suite implies (random cases), or converted by it from the file
or the inline values. A program is `SUITE:peer/LIB:OP` and its datasets are
named exactly as psearch names the case, so `psearch plot --bars` draws the
peers in the group of psearch's entries when both are in one file
(--merge RESULTS.json writes psearch's results with the peers added), and
`psearch compare` and `psearch export` read the file.

Timing, as psearch's: one region per run on the host's monotonic clock
(time.perf_counter), the call and, on a GPU, a device synchronisation
before and after it; inputs are uploaded and keys drawn before, outside it.
`--warmup` calls first (default 1), then at least --runs runs (default 10)
and --min-time seconds (default 0.5), at most --max-runs (default 100000).
A peer that raises records its message as the dataset's result (futhark's
failed dataset); the others go on. Exit 0, 1 when any peer failed, 2 usage.
"""
import argparse
import datetime
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# psearch's entry -> the peer operation that computes the same (docs/peers.md)
PEER_OF = {"bench_copy": "copy", "sorted": "sort", "radix_sort": "sort", "radix_sort_1bit": "sort",
           "reduce": "sum", "red": "sum", "scan": "cumsum", "scan_hillis_steele": "cumsum",
           "scan_rts": "cumsum", "scan_exclusive": "cumsum", "scan_blelloch": "cumsum",
           "scan_max": "cummax", "filter": "filter", "filter_scan": "filter", "histogram": "bincount",
           "argmax": "argmax", "binary_search": "searchsorted", "btree_search": "searchsorted",
           "nary_search": "searchsorted", "sorted_keys_search": "searchsorted"}
for _e in ["bench_binary_search", "bench_eytzinger_search", "bench_btree_search", "bench_sorted_keys_search",
           "bench_nary4_search", "bench_nary16_search", "bench_nary64_search"]:
    PEER_OF[_e] = "searchsorted"
for _e in ["bench_binary_search_random", "bench_eytzinger_search_random", "bench_btree_search_random",
           "bench_nary16_search_random"]:
    PEER_OF[_e] = "searchsorted_random"

DTYPES = {"i8": "<i1", "i16": "<i2", "i32": "<i4", "i64": "<i8", "u8": "<u1", "u16": "<u2", "u32": "<u4",
          "u64": "<u8", "f16": "<f2", "f32": "<f4", "f64": "<f8", "bool": "?"}


# ---------------------------------------------------------------- suites

def squash(s):
    return " ".join(s.split())


def expand_sweep(values):
    """The values texts of a random case, one per size of its ranges (docs/suites.md)."""
    rng = re.compile(r"\[\s*([0-9*]+)\s*\.\.\s*([0-9*]+)\s*(?:by\s*([*+])\s*([0-9]+))?\s*\]")

    def num(t):
        b, _, e = t.partition("**")
        return int(b) ** int(e) if e else int(b)

    found = list(rng.finditer(values))
    if not found:
        return [values]
    sizes = []
    for m in found:
        lo, hi, op, step = num(m.group(1)), num(m.group(2)), m.group(3) or "*", int(m.group(4) or 2)
        s, v = [], lo
        while v <= hi:
            s.append(v)
            v = v * step if op == "*" else v + step
        sizes.append(s)
    out = []
    for k in range(len(sizes[0])):
        text, at = "", 0
        for m, s in zip(found, sizes):
            text += values[at:m.start()] + "[%d]" % s[k]
            at = m.end()
        out.append(text + values[at:])
    return out


def parse_suite(text):
    """Blocks as (entries, cases); a case is a dict: name, tags, values or file."""
    text = re.sub(r"--[^\n]*", "", text)
    chunks = re.split(r"^\s*==\s*$", text, flags=re.M)[1:]
    case_re = re.compile(r'(?:"([^"]*)"\s+)?((?:[A-Za-z_][\w-]*\s+)*?)input\s*(?:\{([^}]*)\}|@\s*(\S+))'
                         r'(?:\s*(?:auto\s+output|output\s*(?:\{[^}]*\}|@\s*\S+)|error:[^\n]*))?', re.S)
    blocks = []
    for ch in chunks:
        m = re.search(r"^\s*entry:([^\n]*)", ch, re.M)
        entries = m.group(1).split() if m else ["main"]
        body = ch[m.end():] if m else ch
        cases = []
        for c in case_re.finditer(body):
            name, tags, values, path = c.group(1), c.group(2).split(), c.group(3), c.group(4)
            if path is not None:
                cases.append({"name": name or re.sub(r"\.gz$", "", path), "tags": tags, "file": path})
                continue
            random, eytz = "random" in tags, "eytzinger" in tags
            texts = expand_sweep(values) if random else [values]
            for v in texts:
                sq = squash(v)
                if random and ("sorted" in tags or eytz):
                    vn = "%s %s" % ("eytzinger" if eytz else "sorted", sq)
                elif random:
                    vn = sq
                else:
                    vn = '#%d ("%.50s%s")' % (len(cases), sq, "..." if len(sq) > 50 else "")
                full = vn if name is None else name if len(texts) == 1 else "%s %s" % (name, vn)
                cases.append({"name": full, "tags": tags, "values": v})
        blocks.append((entries, cases))
    return blocks


def read_values(buf):
    """Futhark binary values (docs/data-format.md) as numpy arrays."""
    vals, i = [], 0
    while i < len(buf):
        if buf[i:i + 1] != b"b" or buf[i + 1] != 2:
            raise ValueError("not a binary value at byte %d" % i)
        rank, tag = buf[i + 2], buf[i + 3:i + 7].decode().strip()
        dims = [int(d) for d in np.frombuffer(buf, "<i8", rank, i + 7)]
        dt = np.dtype(DTYPES[tag])
        n = int(np.prod(dims)) if rank else 1
        off = i + 7 + 8 * rank
        vals.append(np.frombuffer(buf, dt, n, off).reshape(dims).copy())
        i = off + n * dt.itemsize
    return vals


def load_case(psearch, suite_dir, case):
    """The case's values, made or converted by `psearch dataset` (an Eytzinger case: sorted)."""
    tags = case["tags"]
    if "file" in case:
        with open(os.path.join(suite_dir, case["file"]), "rb") as f:
            out = subprocess.run([psearch, "dataset", "-b"], stdin=f, capture_output=True, check=True)
    elif "random" in tags:
        items = re.findall(r"\S+", case["values"])
        args = [psearch, "dataset"] + (["--sorted"] if "sorted" in tags or "eytzinger" in tags else [])
        for it in items:  # the k-th item's seed is 1 + k, as in a suite
            args += ["-g", it]
        out = subprocess.run(args, capture_output=True, check=True)
    else:
        out = subprocess.run([psearch, "dataset", "-b"], input=case["values"].encode(), capture_output=True,
                             check=True)
    return read_values(out.stdout)


# ---------------------------------------------------------------- peers

def prepare(op, vals):
    """Host arrays the op works on: (x, keys); keys for the searches only."""
    x = vals[0].ravel()
    if not op.startswith("searchsorted"):
        return x, None
    xs = x if np.all(x[:-1] <= x[1:]) else np.sort(x)
    if op == "searchsorted_random":  # n keys uniform in [min, max], fixed seed
        rng = np.random.default_rng(1)
        keys = rng.integers(int(xs[0]), int(xs[-1]) + 1, size=len(xs), dtype=xs.dtype, endpoint=False) \
            if len(xs) else xs.copy()
    else:
        keys = vals[1].ravel() if len(vals) > 1 else xs
    return xs, keys


def numpy_peer(op, x, keys):
    y = np.empty_like(x)
    calls = {
        "copy": lambda: np.copyto(y, x),
        "searchsorted": lambda: np.searchsorted(x, keys, side="left"),
        "sort": lambda: np.sort(x),
        "sum": lambda: x.sum(dtype=x.dtype),
        "cumsum": lambda: np.cumsum(x, dtype=x.dtype, out=y),
        "cummax": lambda: np.maximum.accumulate(x, out=y),
        "filter": lambda: x[x >= 0],
        "bincount": lambda: np.bincount((x & 255).astype(np.intp), minlength=256),
        "argmax": lambda: np.argmax(x),
    }
    calls["searchsorted_random"] = calls["searchsorted"]
    return calls[op], lambda: None


def torch_peer(op, x, keys):
    import torch
    xd = torch.from_numpy(x).cuda()
    kd = torch.from_numpy(keys).cuda() if keys is not None else None
    y = torch.empty_like(xd)
    calls = {
        "copy": lambda: y.copy_(xd),
        "searchsorted": lambda: torch.searchsorted(xd, kd, out_int32=True),
        "sort": lambda: torch.sort(xd),
        "sum": lambda: torch.sum(xd, dtype=xd.dtype),
        "cumsum": lambda: torch.cumsum(xd, 0, dtype=xd.dtype),
        "cummax": lambda: torch.cummax(xd, 0),
        "filter": lambda: torch.masked_select(xd, xd >= 0),
        "bincount": lambda: torch.bincount(xd & 255, minlength=256),
        "argmax": lambda: torch.argmax(xd),
    }
    calls["searchsorted_random"] = calls["searchsorted"]
    return calls[op], torch.cuda.synchronize


def cupy_peer(op, x, keys):
    import cupy as cp
    xd = cp.asarray(x)
    kd = cp.asarray(keys) if keys is not None else None
    y = cp.empty_like(xd)
    calls = {
        "copy": lambda: cp.copyto(y, xd),
        "searchsorted": lambda: cp.searchsorted(xd, kd, side="left"),
        "sort": lambda: cp.sort(xd),
        "sum": lambda: xd.sum(dtype=xd.dtype),
        "cumsum": lambda: cp.cumsum(xd, dtype=xd.dtype),
        "filter": lambda: xd[xd >= 0],
        "bincount": lambda: cp.bincount(xd & 255, minlength=256),
        "argmax": lambda: cp.argmax(xd),
    }
    calls["searchsorted_random"] = calls["searchsorted"]
    if op not in calls:
        raise NotImplementedError("no CuPy peer for %s" % op)
    return calls[op], cp.cuda.runtime.deviceSynchronize


PEERS = {"numpy": numpy_peer, "torch": torch_peer, "cupy": cupy_peer}


def available(lib):
    """(version, device) when lib can run here, else None."""
    try:
        if lib == "numpy":
            return np.__version__, "host CPU (numpy %s)" % np.__version__
        if lib == "torch":
            import torch
            if torch.cuda.is_available():
                return torch.__version__, torch.cuda.get_device_name(0)
        if lib == "cupy":
            import cupy as cp
            if cp.cuda.runtime.getDeviceCount() > 0:
                return cp.__version__, cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    except Exception:  # not installed, no driver: not available
        pass
    return None


def measure(call, sync, a):
    for _ in range(a.warmup):
        call()
    sync()
    ts, start = [], time.perf_counter()
    while len(ts) < a.max_runs and (len(ts) < a.runs or time.perf_counter() - start < a.min_time):
        t0 = time.perf_counter()
        call()
        sync()
        ts.append((time.perf_counter() - t0) * 1e6)
    return ts


# ---------------------------------------------------------------- main

def suite_of(arg):
    """(key, path): the program-name prefix psearch uses, and the file."""
    if arg.startswith("builtin:"):
        key = "datasets/" + arg[len("builtin:"):]
        return key, os.path.join(HERE, "..", key)
    return arg, arg


def run_suite(arg, a, libs, root):
    key, path = suite_of(arg)
    failures = 0
    with open(path) as f:
        blocks = parse_suite(f.read())
    for entries, cases in blocks:
        ops = [op for op in dict.fromkeys(PEER_OF.get(e) for e in entries) if op is not None]
        for case in cases:
            if "nobench" in case["tags"] or "disable" in case["tags"] or not ops:
                continue
            vals = load_case(a.psearch, os.path.dirname(path), case)
            for op in ops:
                x, keys = prepare(op, vals)
                for lib, (ver, dev) in libs.items():
                    prog = root.setdefault("%s:peer/%s:%s" % (key, lib, op), {
                        "datasets": {},
                        "psearch_context": {"backend": "peer/" + lib, "device": dev, "peer_version": ver,
                                            "date": datetime.datetime.now(datetime.timezone.utc)
                                            .strftime("%Y-%m-%dT%H:%M:%SZ"), "host": socket.gethostname()}})
                    try:
                        call, sync = PEERS[lib](op, x, keys)
                        ts = measure(call, sync, a)
                        prog["datasets"][case["name"]] = {"runtimes": [int(round(t)) for t in ts], "bytes": {},
                                                          "psearch": {"runtimes_us": ts, "runs": len(ts)}}
                        print("%s:peer/%s:%s %s: %.2f us (%d runs)" % (key, lib, op, case["name"],
                                                                       sum(ts) / len(ts), len(ts)),
                              file=sys.stdout if a.output else sys.stderr)
                    except Exception as ex:  # the peer failed: its message is the dataset's result
                        prog["datasets"][case["name"]] = "%s: %s" % (type(ex).__name__, ex)
                        print("%s:peer/%s:%s %s: failed: %s" % (key, lib, op, case["name"], ex), file=sys.stderr)
                        failures += 1
    return failures


def write_json(path, root):
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=d, prefix=os.path.basename(path) + ".tmp.")
    with os.fdopen(fd, "w") as f:
        json.dump(root, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("suites", nargs="+", metavar="SUITE")
    p.add_argument("--psearch", required=True, help="the psearch binary (for its datasets)")
    p.add_argument("-o", "--output", help="write the peers' JSON here (default: stdout)")
    p.add_argument("--merge", metavar="RESULTS.json", help="start from psearch's results: the output holds both")
    p.add_argument("--libs", default="numpy,torch,cupy", help="peers to try (default: those available)")
    p.add_argument("--runs", type=int, default=10)
    p.add_argument("--min-time", type=float, default=0.5)
    p.add_argument("--max-runs", type=int, default=100000)
    p.add_argument("--warmup", type=int, default=1)
    a = p.parse_args()
    libs = {}
    for lib in a.libs.split(","):
        if lib not in PEERS:
            p.error("unknown peer library %s (numpy, torch, cupy)" % lib)
        got = available(lib)
        if got is None:
            print("peers.py: %s: not available here (not installed, or no CUDA device)" % lib, file=sys.stderr)
        else:
            libs[lib] = got
    if not libs:
        print("peers.py: no peer library available", file=sys.stderr)
        return 1
    root = {}
    if a.merge:
        with open(a.merge) as f:
            root = json.load(f)
    failures = sum(run_suite(s, a, libs, root) for s in a.suites)
    if a.output:
        write_json(a.output, root)
    else:
        json.dump(root, sys.stdout, indent=1)
        print()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
