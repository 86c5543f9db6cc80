#!/bin/bash
# call 22 (after the final call): rt.c's programs from binaries refactored
# (binary_program, program_binary; devinfo_each): test_radix on the GPU with
# and without the bounds; radix_sort built (bounds written into the PTX) and
# then read from the kernel cache, with ptxas -v on the cached binary.
set -u
R=$(pwd); B=$R/.carry/psearch; P=$B/psearch; O=$OUT/r; mkdir -p $O; cd $O
for t in "" OS_MIN_GROUPS=0; do
  PSEARCH_TEST_TUNE=$t LD_LIBRARY_PATH=$B/lib timeout 150 $B/bin/test_radix > "test_radix-${t:-default}.log" 2>&1
  echo "test_radix ${t:-default}: exit $? ($(grep -c '^\[       OK \]' "test_radix-${t:-default}.log") passed)" | tee -a tests.txt
done
export XDG_CACHE_HOME=$(mktemp -d)
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
for run in built cached; do
  $P bench -v -r 30 -x --no-convergence-phase s.bench --json "$run.json" > "$run.txt" 2> "$run.err"
  echo "== $run: $(grep -o 'kernel time [0-9.]*' $run.txt) $(grep -c 'PTX entries bound' $run.err) 'bound' messages"
done
for f in $XDG_CACHE_HOME/psearch/kernels/*.bin; do tail -c +21 "$f" | tr -d '\000' > k.ptx
  grep -q os_pass k.ptx || continue
  echo "$(grep -c minnctapersm k.ptx) .minnctapersm lines; $(/usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o /dev/null 2>&1 | grep -A3 "'os_pass'" | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ')"
done
rm -f k.ptx
grep -h '"validation"' *.json | sort | uniq -c
cd $OUT && tar czf r.tgz r && rm -rf r
