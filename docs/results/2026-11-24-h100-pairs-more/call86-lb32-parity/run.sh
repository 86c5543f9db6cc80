#!/bin/bash
# call 86: 32-bit look-back words with the epoch's parity, one set for all passes, nothing
# cleared (os_hist no longer zeroes 4 x tiles x 256 words); ABAB against 0e3524f (.carry/base)
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
timeout -s KILL 90 $B/psearch bench -r 5 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
echo "sanity: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix: exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
grep -m5 -E "FAILED|differ|error" test_radix.log
V=$ROOT/scripts/gpu-variants.sh
for round in 1 2; do
  bash $V $B $OUT/v$round p=@p s=@s a=@a > $OUT/new$round.txt 2>&1
  bash $V $R/base $OUT/b$round p=@p s=@s a=@a > $OUT/old$round.txt 2>&1
done
bash $V $B $OUT/v3 f=@f P=@P > $OUT/new3.txt 2>&1
for f in new1 old1 new2 old2 new3; do echo "## $f"; sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/$f.txt | grep -v "^psearch\|^date\|^cpus\|^name"; grep -c '"validation".*"ok"' $OUT/$f.txt; done
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v1 v2 v3 b1 b2 && rm -rf r v1 v2 v3 b1 b2 && ls -la
