B=$(pwd)/.carry/psearch; P=$B/psearch; cd $OUT; export XDG_CACHE_HOME=$(mktemp -d)
LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/test_search > ts.log 2>&1; echo "test_search exit $? $(grep -c '^\[       OK \]' ts.log)"
cat > bt.bench <<'E'
==
entry: bench_copy bench_btree_search bench_btree_search_random
random sorted input { [33554431]i32 }
random sorted input { [268435456]i32 }
E
for v in BTREE_IDX32=1 BTREE_IDX32=0 BTREE_IDX32=1 BTREE_IDX32=0; do
  echo "== $v"; PSEARCH_TEST_TUNE=$v $P bench -r 20 --no-convergence-phase --no-validate bt.bench --json "r$((++k))-${v#*=}.json" 2>/dev/null | grep -E "^Results|\]i32"
done
