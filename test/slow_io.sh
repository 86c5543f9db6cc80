#!/bin/bash
# Slow tests of issue 49's "inputs of real size" (docs/reliability.md), in the
# suite 'slow': 200,000 names read by every reader and the suite parser in
# under 5 s each (plot, whose SVG grows with the panels, by its shape: ten
# times the names take at most twenty times as long, not a hundred), and the
# peak memory of the readers on a 19 MiB file of 10 million runtimes at most
# ten times the file (GNU time's maximum resident set size).
PSEARCH=$1
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd $T

python3 - <<'PY'
import json
def files(n, tag):
    one = {"p": {"datasets": {"[%d]i32" % i: {"runtimes": [i % 7 + 1, i % 5 + 2]} for i in range(n)}}}
    many = {"s.bench:e%d" % i: {"datasets": {"d": {"runtimes": [1, 2]}}} for i in range(n)}
    items = list(one["p"]["datasets"].items())
    json.dump(one, open("one%s.json" % tag, "w"))
    json.dump(many, open("many%s.json" % tag, "w"))
    json.dump({"p": {"datasets": dict(items[n // 2:])}}, open("a%s.json" % tag, "w"))
    json.dump({"p": {"datasets": dict(items[:n // 2])}}, open("b%s.json" % tag, "w"))
    open("cases%s.bench" % tag, "w").write("==\nentry: bench_copy\n" +
                                           "".join('"c%d" input { [1i32] }\n' % i for i in range(n)))
files(200000, "")
files(20000, "20k")
open("runs10m.json", "w").write('{"p":{"datasets":{"d":{"runtimes":[' + ",".join(["1"] * 5000000 + ["2"] * 5000000) + ']}}}}')
PY

# seconds CMD...: run CMD (its output discarded) and print its wall time
seconds() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>$ERR
  t1=$(date +%s.%N)
  python3 -c "print('%.2f' % ($t1 - $t0))"
}
within() { # NAME LIMIT CMD...
  local name=$1 limit=$2 s
  shift 2
  s=$(seconds "$@")
  checks=$((checks + 1))
  echo "$name: $s s"
  python3 -c "import sys; sys.exit(0 if $s < $limit else 1)" || fail "$name: $s s, more than $limit s"
}
within compare-200k-datasets 5 $P compare one.json one.json
within compare-200k-programs 5 $P compare many.json many.json
within merge-200k 5 $P merge --json m.json a.json b.json
within export-200k 5 $P export --csv /dev/null --markdown /dev/null many.json
within suite-200k 5 $P bench --backend=c -e sorted cases.bench
small=$(seconds $P plot one20k.json one20k.json -o /dev/null)
big=$(seconds $P plot one.json one.json -o /dev/null)
echo "plot: $small s for 20k names, $big s for 200k"
checks=$((checks + 1))
python3 -c "import sys; sys.exit(0 if $big < 20 * max($small, 0.05) else 1)" || fail "plot: not linear ($small s, then $big s)"

# peak memory on 10 million runtimes (2 bytes each in the file)
if [ -x /usr/bin/time ]; then
  size=$(stat -c %s runs10m.json)
  for cmd in "compare runs10m.json runs10m.json" "merge --json m.json runs10m.json" \
             "export --csv /dev/null --markdown /dev/null runs10m.json" "plot runs10m.json -o /dev/null"; do
    /usr/bin/time -f %M -o rss.txt $P $cmd >/dev/null 2>$ERR || fail "$cmd failed"
    kib=$(tail -1 rss.txt)
    echo "$cmd: peak $((kib / 1024)) MiB, $(python3 -c "print('%.1f' % ($kib * 1024 / $size))")x the file"
    checks=$((checks + 1))
    [ $((kib * 1024)) -le $((10 * size)) ] || fail "$cmd: peak $kib KiB, more than 10x the file ($size bytes)"
  done
else
  echo "note: /usr/bin/time missing (Debian's 'time'): peak memory not checked"
fi

finish
