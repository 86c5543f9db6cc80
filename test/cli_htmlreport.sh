#!/bin/bash
# CLI tests of `psearch report`: the page is well-formed (it parses as XML),
# loads nothing from elsewhere, holds the context, the summary (fastest first
# in each problem, noisy rows marked, readable without its script), the inline
# figures and, with two files, the comparison; HTML is not written to a
# terminal. With "browser" (suite slow) headless Chromium renders the page
# with JavaScript on and off and screenshots it.
PSEARCH=$1
MODE=${2:-fast}
. "$(dirname "$0")/lib.sh"
P=$(cd "$(dirname "$PSEARCH")" && pwd)/$(basename "$PSEARCH")
cd "$(dirname "$0")/compare" || exit 1

# a sweep, a noisy dataset, layouts of one problem, a failure, names to escape
python3 - $T/r.json <<'PY'
import json, sys
r = lambda *us: {"runtimes": list(us)}
ctx = {"backend": "opencl", "device": "GPU <A> & co", "date": "2026-01-02T03:04:05Z", "host": "h"}
json.dump({"s.bench:bench_copy": {"psearch_context": ctx, "datasets": {
               "sorted [1024]i32": r(10, 11, 10, 10), "sorted [4096]i32": r(40, 41, 40, 40)}},
           "s.bench:bench_binary_search": {"psearch_context": ctx, "datasets": {
               "sorted [1024]i32": r(80, 81, 80, 80), "sorted [4096]i32": r(300, 310, 305, 300),
               "noisy": r(10, 100, 10, 50, 10)}},
           "s.bench:bench_eytzinger_search": {"psearch_context": ctx, "datasets": {
               "eytzinger [1024]i32": r(40, 41, 40, 40), "eytzinger [4096]i32": "Validation failed: <x> & y"}}},
          open(sys.argv[1], "w"))
PY
check report 0 $P report $T/r.json -o $T/one.html
check report-two 0 $P report old.json new.json -o $T/two.html
check report-stdout 0 $P report $T/r.json
same $OUT $T/one.html
py report-page $T/one.html $T/two.html <<'PY'
import re, sys, xml.etree.ElementTree as E
def load(path):
    text = open(path, encoding="utf-8").read()
    assert text.startswith("<!DOCTYPE html>\n"), text[:40]
    return text, E.fromstring(text[len("<!DOCTYPE html>"):])  # well-formed: every tag closed, all escaped
def texts(el): return "".join(el.itertext())
for path in sys.argv[1:]:
    text, root = load(path)
    # nothing from elsewhere: no URL, no src, no stylesheet or font link, no CSS url()
    assert not re.search(r"https?:|src=|<link|@import|url\(|@font-face", text, re.I), re.search(r"https?:|src=|<link|@import|url\(", text)
    assert all(a.get("href", "#").startswith("#") for a in root.iter("a")), "a link leaves the page"
    assert len(text) < 400_000, len(text)
    scripts = list(root.iter("script"))
    assert len(scripts) == 1 and not scripts[0].get("src"), scripts
text, root = load(sys.argv[1])
body = texts(root)
assert "GPU <A> & co" in body and "Device and run" in body, body[:500]      # the context, escaped
table = root.find(".//table[@id='summary-table']")
rows = [[texts(c) for c in tr] for tr in table.find("tbody")]
# each problem fastest first (with JavaScript off, as written): [1024]i32 copy, eytzinger, binary
got = [(r[0], r[1]) for r in rows]
assert got[:3] == [("[1024]i32", "bench_copy"), ("[1024]i32", "bench_eytzinger_search"),
                   ("[1024]i32", "bench_binary_search")], got
assert ("[4096]i32", "bench_eytzinger_search") in got and any("failed: Validation failed: <x> & y" in c for r in rows for c in r), rows
noisy = [tr for tr in table.find("tbody") if tr.get("class") == "noisy"]
assert len(noisy) == 1 and texts(noisy[0]).startswith("noisy"), [texts(t) for t in noisy]
med = [r for r in rows if r[1] == "bench_copy" and r[0] == "[1024]i32"][0]
assert med[4] == "10.0 µs", med                                                  # the median, in µs
svgs = list(root.iter("svg"))
assert len(svgs) == 2 and all(s.get("xmlns") is None for s in svgs), svgs        # box plots and the sweep, inline
assert "Comparison" not in body
text, root = load(sys.argv[2])
body = texts(root)
cmp = [t for t in root.iter("table") if t.get("id") != "summary-table"][-1]
crow = {texts(tr[0]) + " " + texts(tr[1]): [texts(c) for c in tr] for tr in cmp.find("tbody")}
r = crow["s.bench:search [1000]i32"]
# the ratio with its interval; one file a side is judged by nothing, as psearch compare does
assert r[4] == "0.909x" and re.match(r"\[0\.\d+, 0\.\d+\]", r[5]) and r[6] == "-" and r[7] == "? not judged", r
assert "3 programs, 8 datasets" in body and "Size sweeps" in body, body
PY
# HTML is not written to a terminal (a pseudo-terminal: python's pty)
python3 - "$P" $T/r.json > $T/pty.txt 2>&1 <<'PY'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "report", sys.argv[2]])
out = b""
while True:
    try:
        d = os.read(fd, 4096)
    except OSError:
        break
    if not d:
        break
    out += d
_, st = os.waitpid(pid, 0)
print("rc", os.WEXITSTATUS(st), out.decode(errors="replace"))
PY
has $T/pty.txt "rc 2 "
has $T/pty.txt "refusing to write HTML to a terminal"
check report-none 2 $P report
check report-missing 1 $P report $T/nope.json -o $T/x.html
printf '[1, 2]' > $T/array.json
check report-notresults 3 $P report $T/array.json -o $T/x.html
[ -e $T/x.html ] && fail "report wrote a page of a file that is not results"

if [ "$MODE" = browser ]; then
  B=$(command -v chromium || command -v chromium-browser)
  if [ -z "$B" ]; then
    echo "SKIP: no chromium"
    exit 77
  fi
  for js in on off; do
    flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1200,2400
           --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir=$T/chrome-$js)
    [ $js = off ] && flags+=(--disable-javascript)
    timeout 120 "$B" "${flags[@]}" --screenshot=$T/shot-$js.png "file://$T/two.html" > $T/chrome.log 2>&1 \
      || fail "chromium ($js): $(tail -3 $T/chrome.log)"
    timeout 120 "$B" "${flags[@]}" --dump-dom "file://$T/two.html" > $T/dom-$js.html 2>> $T/chrome.log \
      || fail "chromium --dump-dom ($js)"
    py "screenshot-$js" $T/shot-$js.png $T/dom-$js.html <<'PY'
import struct, sys, zlib
png = open(sys.argv[1], "rb").read()
assert png[:8] == b"\x89PNG\r\n\x1a\n", png[:8]
w, h = struct.unpack(">II", png[16:24])
assert w >= 1000 and h >= 1000 and len(png) > 50_000, (w, h, len(png))  # a page of tables and figures, not blank
dom = open(sys.argv[2], encoding="utf-8").read()
assert dom.count("<svg") >= 2 and "summary-table" in dom and "s.bench:search" in dom, len(dom)
PY
  done
  # the sort script: the page with a click on the summary's Median head appended
  sed 's|</body>|<script>document.querySelectorAll("#summary-table th")[4].click()</script></body>|' $T/two.html > $T/click.html
  timeout 120 "$B" --headless --no-sandbox --disable-gpu --user-data-dir=$T/chrome-click --dump-dom \
    "file://$T/click.html" > $T/dom-click.html 2>> $T/chrome.log || fail "chromium --dump-dom (click)"
  py sort-script $T/dom-click.html <<'PY'
import re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
table = dom[dom.index('id="summary-table"'):]
table = table[:table.index("</table>")]
v = [float(x) for x in re.findall(r'<tr[^>]*><td>[^<]*</td><td>[^<]*</td><td>[^<]*</td><td>[^<]*</td><td class="n" data-v="([^"]+)"', table)]
assert len(v) == 16 and v == sorted(v) and v[0] == 10.0, v   # every row, by median, the fastest first
PY
  [ -n "${SHOT:-}" ] && cp $T/shot-on.png "$SHOT"
fi
finish
