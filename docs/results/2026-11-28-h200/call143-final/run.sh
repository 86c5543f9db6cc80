#!/bin/bash
# call 143 on the H200: os_pass's readers of the scan group's offsets back to mem_fence (call 142's
# membar.gl there cost 5% of the pairs), its writer keeping device_fence: test_radix, then the
# sorts beside the build of b1a1007, ABAB (scripts/gpu-sort-ab.sh), and CUB's anchor.
set -u
ROOT=$(pwd); B=$ROOT/.carry/psearch; O=$ROOT/.carry/base
mkdir -p $OUT/v && cd $OUT/v || exit 1
bash $ROOT/scripts/machine.sh $B/psearch > machine.txt 2>&1; head -4 machine.txt
(cd $B && LD_LIBRARY_PATH=$B/lib timeout 100 bin/test_radix) > test_radix.log 2>&1; echo "test_radix: rc $? $(tail -1 test_radix.log)"
timeout 150 bash $ROOT/scripts/gpu-sort-ab.sh $B $OUT/v $O/psearch > sort-ab.log 2>&1; echo "sort-ab rc $?"; cat $OUT/v/ab/ab.txt
timeout 40 $B/anchors/cub_anchor 33554431 10000000 > cub.txt 2>&1; grep -E 'Sort(Pairs|Keys).*full' cub.txt
