#!/usr/bin/env python3
"""Time `psearch dataset --sorted -n N -o FILE` against numpy doing the same
(generate N random i32, sort, write a Futhark binary file), side by side on
this machine, and report peak memory. Usage:
    scripts/bench_dataset.py [--psearch build/psearch] [-n 33554431] [--reps 5] [--json FILE]
                             [--vs numpy|dd]
With --json, the raw wall times of every repetition go to FILE.
--vs dd: instead, `psearch dataset --sorted -n N > FILE` (standard output
redirected, as issue 51 words it) against `dd if=/dev/zero of=FILE bs=1M`
writing as many MiB as the file has (rounded up), interleaved rep by rep on a
fresh file each time; the medians and their ratio (issue 51's target: 2x).
Needs numpy for --vs numpy (scripts/setup.sh --tests puts it in .venv)."""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

NUMPY_PROG = r"""
import sys, numpy as np
n, path = int(sys.argv[1]), sys.argv[2]
a = np.random.default_rng(1).integers(-2**31, 2**31, size=n, dtype=np.int32)
a.sort()
if path == "/dev/null":
    sys.exit(0)
with open(path, "wb") as f:
    f.write(b"b\x02\x01 i32" + np.int64(n).tobytes())
    a.tofile(f)
"""


def run(cmd, stdout=None):
    """Wall time and peak RSS (bytes) of one child process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=stdout, stderr=subprocess.DEVNULL if stdout else None)
    _, status, ru = os.wait4(p.pid, 0)
    t = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise SystemExit("%s failed" % cmd)
    return t, ru.ru_maxrss * 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--psearch", default="build/psearch")
    ap.add_argument("-n", type=int, default=33554431)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--json")
    ap.add_argument("--vs", choices=("numpy", "dd"), default="numpy")
    a = ap.parse_args()
    if a.vs == "dd":
        return against_dd(a)
    d = tempfile.mkdtemp()
    out = os.path.join(d, "input")
    size = 15 + 4 * a.n
    ps_t, np_t, ps_c, np_c = [], [], [], []
    ps_mem = np_mem = 0
    for _ in range(a.reps):  # interleaved, so drift hits both alike
        ps_c.append(run([a.psearch, "dataset", "--sorted", "-n", str(a.n), "-o", "/dev/null"])[0])
        np_c.append(run([sys.executable, "-c", NUMPY_PROG, str(a.n), "/dev/null"])[0])
        t, m = run([a.psearch, "dataset", "--sorted", "-n", str(a.n), "-o", out])
        ps_t.append(t)
        ps_mem = max(ps_mem, m)
        os.unlink(out)
        t, m = run([sys.executable, "-c", NUMPY_PROG, str(a.n), out])
        np_t.append(t)
        np_mem = max(np_mem, m)
        os.unlink(out)
    os.rmdir(d)
    import json
    import numpy
    if a.json:
        json.dump({"n": a.n, "bytes": size, "cpus": os.cpu_count(), "numpy": numpy.__version__,
                   "seconds": {"psearch": ps_t, "numpy": np_t, "psearch_no_file": ps_c,
                               "numpy_no_file": np_c},
                   "peak_rss_bytes": {"psearch": ps_mem, "numpy": np_mem}},
                  open(a.json, "w"), indent=1)
    print("n = %d (%d bytes), %d reps, %d CPUs, numpy %s" %
          (a.n, size, a.reps, os.cpu_count(), numpy.__version__))
    print("psearch dataset --sorted: median %.3f s (min %.3f), peak RSS %.2fx output" %
          (statistics.median(ps_t), min(ps_t), ps_mem / size))
    print("numpy generate+sort+write: median %.3f s (min %.3f), peak RSS %.2fx output" %
          (statistics.median(np_t), min(np_t), np_mem / size))
    print("ratio psearch/numpy: %.2f" % (statistics.median(ps_t) / statistics.median(np_t)))
    print("without writing the file: psearch %.3f s, numpy %.3f s, ratio %.2f" %
          (statistics.median(ps_c), statistics.median(np_c),
           statistics.median(ps_c) / statistics.median(np_c)))


def against_dd(a):
    """psearch dataset --sorted > FILE beside dd writing the same bytes."""
    import json
    d = tempfile.mkdtemp()
    out = os.path.join(d, "input")
    size = 15 + 4 * a.n
    mib = (size + (1 << 20) - 1) >> 20
    ps_t, dd_t = [], []
    for _ in range(a.reps):  # interleaved, so drift hits both alike
        with open(out, "wb") as f:
            ps_t.append(run([a.psearch, "dataset", "--sorted", "-n", str(a.n)], stdout=f)[0])
        if os.path.getsize(out) != size:
            raise SystemExit("psearch wrote %d bytes, not %d" % (os.path.getsize(out), size))
        os.unlink(out)
        dd_t.append(run(["dd", "if=/dev/zero", "of=" + out, "bs=1M", "count=%d" % mib],
                        stdout=subprocess.DEVNULL)[0])
        os.unlink(out)
    os.rmdir(d)
    if a.json:
        json.dump({"n": a.n, "bytes": size, "cpus": os.cpu_count(),
                   "seconds": {"psearch": ps_t, "dd": dd_t}}, open(a.json, "w"), indent=1)
    print("n = %d (%d bytes; dd %d MiB), %d reps interleaved, %d CPUs, load %s" %
          (a.n, size, mib, a.reps, os.cpu_count(), open("/proc/loadavg").read().split()[0]))
    print("psearch dataset --sorted > FILE: median %.3f s (min %.3f, max %.3f)" %
          (statistics.median(ps_t), min(ps_t), max(ps_t)))
    print("dd bs=1M: median %.3f s (min %.3f, max %.3f)" %
          (statistics.median(dd_t), min(dd_t), max(dd_t)))
    print("ratio psearch/dd: %.2f (medians)" % (statistics.median(ps_t) / statistics.median(dd_t)))


if __name__ == "__main__":
    main()
