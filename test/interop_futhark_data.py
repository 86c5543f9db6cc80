#!/usr/bin/env python3
"""Independent check of psearch's data format against the Futhark project's
own Python reader and writer (PyPI `futhark-data`), binary path both ways:

1. psearch writes every type at ranks 0-3 (and empty arrays); futhark_data
   loads each value and writes it back with dumpb: the bytes must be identical,
   and the values must equal psearch's text rendering of them.
2. numpy makes values of every type and rank; futhark_data dumps them; psearch
   reads them and re-emits binary: identical bytes, and `-t` gives the shape.

Exit 77 (skipped) if futhark_data or numpy is not installed."""
import io
import subprocess
import sys

try:
    import numpy as np
    import futhark_data as fd
except ImportError as exc:
    print("skipping: %s (scripts/setup.sh --tests installs it)" % exc)
    sys.exit(77)

PSEARCH = sys.argv[1]
TYPES = ["i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64", "bool"]
NP = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64, "u8": np.uint8,
      "u16": np.uint16, "u32": np.uint32, "u64": np.uint64, "f16": np.float16,
      "f32": np.float32, "f64": np.float64, "bool": np.bool_}
SHAPES = ["", "[5]", "[3][4]", "[2][3][2]", "[0]", "[2][0]"]
failures = 0
checked = 0


def psearch(args, data=None):
    global checked
    checked += 1
    r = subprocess.run([PSEARCH] + args, input=data, capture_output=True)
    if r.returncode != 0:
        raise RuntimeError("psearch %s failed: %s" % (args, r.stderr.decode()))
    return r.stdout


def fail(msg):
    global failures
    failures += 1
    print("FAIL:", msg)


def text_values(txt, t):
    """Element values from psearch's text output (independent of psearch's reader)."""
    import re
    s = txt.decode()
    if s.startswith("empty("):
        return []
    toks = [x for x in re.split(r"[\[\],\s]+", s) if x]
    out = []
    for x in toks:
        if x in ("true", "false"):
            out.append(x == "true")
        elif ".nan" in x:
            out.append(float("nan"))
        elif ".inf" in x:
            out.append(float("-inf") if x.startswith("-") else float("inf"))
        else:
            out.append(float(x[:-len(t)]) if t.startswith("f") else int(x[:-len(t)]))
    return out


# 1. psearch writes, futhark_data reads and writes back
for t in TYPES:
    for k, shp in enumerate(SHAPES):
        args = ["dataset", "-s", str(k), "--f32-bounds=-1e6:1e6", "--f16-bounds=-100:100",
                "--f64-bounds=-1e100:1e100", "-g", shp + t]
        b = psearch(args + ["-b"])
        vals = list(fd.load(io.BytesIO(b)))
        if len(vals) != 1:
            fail("%s%s: futhark_data read %d values" % (shp, t, len(vals)))
            continue
        v = np.asarray(vals[0])
        if v.dtype != np.dtype(NP[t]):
            fail("%s%s: futhark_data dtype %s" % (shp, t, v.dtype))
        back = fd.dumpb(vals[0])
        if bytes(back) != b:
            fail("%s%s: futhark_data re-encoding differs from psearch's bytes" % (shp, t))
        ref = text_values(psearch(args + ["--text"]), t)
        got = v.flatten().tolist()
        if t.startswith("f"):
            ok = len(ref) == len(got) and all(
                (a == b_) or (a != a and b_ != b_) for a, b_ in zip(got, ref))
            # f16/f32 text is the shortest round-trip string: compare at that precision
            if not ok:
                ok = np.allclose(np.array(got, dtype=np.float64), np.array(ref, dtype=np.float64),
                                 rtol=1e-3 if t == "f16" else 1e-6)
        else:
            ok = got == ref
        if not ok:
            fail("%s%s: values differ between futhark_data and psearch text" % (shp, t))

# 2. numpy/futhark_data writes, psearch reads
rng = np.random.default_rng(1)
for t in TYPES:
    for shape in [(), (1,), (7,), (3, 5), (2, 2, 3), (0,), (3, 0)]:
        if t == "bool":
            a = rng.integers(0, 2, size=shape).astype(np.bool_)
        elif t.startswith("f"):
            a = (rng.standard_normal(size=shape) * 1000).astype(NP[t])
        else:
            info = np.iinfo(NP[t])
            a = rng.integers(info.min, info.max, size=shape, dtype=NP[t], endpoint=True)
        if shape == ():
            a = NP[t](a)
        b = bytes(fd.dumpb(a))
        if psearch(["dataset", "-b"], b) != b:
            fail("psearch re-encoding of futhark_data %s %s differs" % (t, shape))
        via_text = psearch(["dataset", "-b"], psearch(["dataset", "--text"], b))
        if via_text != b:
            fail("binary->text->binary of futhark_data %s %s differs" % (t, shape))
        want = "".join("[%d]" % d for d in shape) + t
        got = psearch(["dataset", "-t"], b).decode().strip()
        if got != want:
            fail("psearch -t says %s for %s" % (got, want))

print("futhark-data interop: %d psearch runs, %d failures" % (checked, failures))
sys.exit(1 if failures else 0)
