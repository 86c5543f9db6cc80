#!/bin/bash
# sassck.sh P OUTDIR TUNE...: for each tune, builds the sorts' kernels (keys,
# argsort, pairs at [100000]) and prints, per os_pass program, ptxas's regs and
# spills and how many LDG of the keys come before the ranking's first
# ATOMS.OR / VOTE.ANY in the SASS.
P=$1; O=$2; shift 2; mkdir -p $O; cd $O
printf -- '==\nentry: radix_sort argsort\nrandom input { [100000]i32 }\n==\nentry: radix_sort_pairs\nrandom input { [100000]i32 [100000]i32 }\n' > k.bench
for tune in "$@"; do
  export XDG_CACHE_HOME=$(mktemp -d)
  PSEARCH_TEST_TUNE="$tune" $P bench -r 2 k.bench > k-$tune.txt 2>&1
  for f in "$XDG_CACHE_HOME"/psearch/kernels/*.bin; do
    tail -c +21 "$f" | tr -d '\000' > k.ptx
    grep -q "\.entry os_pass" k.ptx || continue
    v=$(grep -c "ld.global.nc" k.ptx)
    /usr/local/cuda/bin/ptxas -v -arch=sm_90 k.ptx -o k.cubin > k.log 2>&1
    /usr/local/cuda/bin/cuobjdump -sass -fun os_pass k.cubin > k.sass 2>&1
    echo "[$tune] $(grep -A3 "'os_pass'" k.log | grep -o "[0-9]* bytes spill stores\|Used [0-9]* registers" | tr '\n' ' ') ldg-before-rank=$(awk '/ATOMS.OR|VOTE.ANY/{print n; exit} /LDG/{n++}' k.sass) ldg-total=$(grep -c LDG k.sass) sass-lines=$(grep -c '/\*[0-9a-f]*\*/' k.sass)"
  done
done
