#!/bin/bash
# call 88: the pairs' ranking by atomic OR (OS_PEERS_OR=1, as the keys-only pass ranks)
# at 512 x 16-18 against the ballots (call 87: the ranking is 47% of a tile's time); the
# marks (PSEARCH_TIMELINE) of the best; ABAB
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
PSEARCH_TEST_TUNE=OS_PEERS_OR=1 timeout -s KILL 90 $B/psearch bench -r 3 $R/sane.bench --json sane.json > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
echo "sanity: $(grep -c '"validation":.*"ok"' sane.json) ok of $(grep -c '"validation"' sane.json)"
PSEARCH_TEST_TUNE=OS_PEERS_OR=1 LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/test_radix > test_radix.log 2>&1; echo "test_radix (OS_PEERS_OR=1): exit $? ($(grep -c '^\[       OK \]' test_radix.log) passed)"
V=$ROOT/scripts/gpu-variants.sh
bash $V $B $OUT/v p=@p o=OS_PEERS_OR=1@p o16=OS_PEERS_OR=1,OS_ITEMS=16@p o18=OS_PEERS_OR=1,OS_ITEMS=18@p \
  a=@a ao=OS_PEERS_OR=1@a p=@p o=OS_PEERS_OR=1@p a=@a ao=OS_PEERS_OR=1@a > $OUT/variants.txt 2>&1
grep "spill" $OUT/variants.txt | sort | uniq -c
sed -n '/^[a-zA-Z0-9-]*  /p' $OUT/variants.txt | tail -12
N=33554431
printf -- '==\nentry: radix_sort_pairs\nrandom input { [%s]i32 [%s]i32 }\n' $N $N > p.bench
PSEARCH_TEST_TUNE=OS_PEERS_OR=1 PSEARCH_TIMELINE=$OUT/tl-po.bin timeout -s KILL 120 $B/psearch bench -r 30 -x --no-convergence-phase p.bench > po-tl.txt 2>&1
python3 $R/tl.py $OUT/tl-po.bin | tee $OUT/tl.txt
cd $OUT && xz -9 tl-*.bin; find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v && rm -rf r v && ls -la
