#!/bin/bash
# call 64: one look-back helper (tile_prefix) for scan, filter and segmented scan,
# against e1d38e4 (the same cost.cl as 636112b), ABAB, with the warp's walk and with
# one work-item's (COST_WARPLB=0); with values, the digit counts split between two
# work-items a digit (OS_SPLITC=1); CUB in the same call
set -u
ROOT=$(pwd); R=$ROOT/.carry; B=$R/psearch; OLD=$R/base/psearch
mkdir -p $OUT/r && cd $OUT/r || exit 1
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: scan scan_exclusive scan_max filter\nrandom input { [100000]i32 }\n==\nentry: segmented_scan segmented_reduce\nrandom input { [100000]i32 [100000]bool }\n' > sane.bench
timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane.txt 2>&1 || { echo "sanity failed"; tail -20 sane.txt; exit 1; }
PSEARCH_TEST_TUNE=COST_WARPLB=0 timeout -s KILL 90 $B/psearch bench -r 3 sane.bench > sane0.txt 2>&1 || { echo "sanity (WARPLB=0) failed"; tail -20 sane0.txt; exit 1; }
echo "sanity ok"
for t in test_cost: test_cost:COST_WARPLB=0 test_radix:OS_SPLITC=1; do
  bin=${t%%:*} tune=${t#*:}
  PSEARCH_TEST_TUNE=$tune LD_LIBRARY_PATH=$B/lib timeout -s KILL 200 $B/bin/$bin > "$bin-$tune.log" 2>&1
  echo "$t: exit $? ($(grep -c '^\[       OK \]' "$bin-$tune.log") passed)"
  grep -m5 -E "FAILED|differ|ERROR" "$bin-$tune.log"
done
cat > prims.bench <<'S'
==
entry: bench_copy scan scan_exclusive filter
random input { [10000000]i32 }
random input { [33554431]i32 }
==
entry: segmented_scan segmented_reduce
random input { [10000000]i32 [10000000]bool }
random input { [33554431]i32 [33554431]bool }
S
for tune in "" COST_WARPLB=0; do
  for round in 1 2; do
    for b in new old; do
      bin=$B/psearch; [ $b = old ] && bin=$OLD
      f=$b${tune:+-lb1}-$round
      PSEARCH_TEST_TUNE=$tune $bin bench -r 50 -x --no-convergence-phase prims.bench --json $f.json > $f.txt 2>&1
      echo "== $f"; grep -E "^Results|i32" $f.txt | grep -v "runs;"
    done
  done
done
bash $ROOT/scripts/gpu-variants.sh $B $OUT/v p=@p ps=OS_SPLITC=1@p a=@a as=OS_SPLITC=1@a p=@p ps=OS_SPLITC=1@p a=@a as=OS_SPLITC=1@a > $OUT/variants.txt 2>&1 || true
grep -E "^==|Used" $OUT/variants.txt | paste - - | sed 's/kernel time//' | cut -c1-170
tail -9 $OUT/variants.txt
$B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1
cat cub.txt
cd $OUT && find . -name "*.in" -delete; find . -name "*.json" -size +200k -exec xz -9 {} \; ; tar cJf r.txz r v variants.txt && rm -rf r v && ls -la
