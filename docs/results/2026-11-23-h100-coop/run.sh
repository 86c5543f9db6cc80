B=$(pwd)/.carry/psearch; P=$B/psearch; cd $OUT
LD_LIBRARY_PATH=$B/lib timeout 200 $B/bin/test_search > ts.log 2>&1; echo "test_search exit $? $(grep -c '^\[       OK \]' ts.log)"
cat > bt.bench <<'E'
==
entry: bench_copy bench_btree_search bench_btree_search_random
random sorted input { [33554431]i32 }
E
for v in BTREE_COOP=0 BTREE_COOP=1 BTREE_BATCH=8 BTREE_BATCH=2; do
  echo "== $v"; PSEARCH_TEST_TUNE=$v $P bench -r 50 -x --no-convergence-phase --no-validate bt.bench --json "$v.json" 2>/dev/null | grep -E "^sorted|kernel time"
done
