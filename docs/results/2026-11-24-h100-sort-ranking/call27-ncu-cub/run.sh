#!/bin/bash
# call 27 (2026-11-24): Nsight Compute on CUB's onesweep pass and histogram and, if ncu can see
# OpenCL launches, on psearch's os_pass and os_hist: speed of light, occupancy, warp states.
R=$(pwd)/.carry; B=$R/psearch; P=$B/psearch; O=$OUT; cd $O
export XDG_CACHE_HOME=$(mktemp -d)
NCU=/usr/local/cuda/bin/ncu
S="--section SpeedOfLight --section Occupancy --section WarpStateStats --section LaunchStats --section SchedulerStats --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis"
$NCU --clock-control none -k regex:Onesweep --launch-skip 4 --launch-count 1 $S $B/anchors/cub_anchor 33554431 10000000 > ncu-cub-pass.txt 2>&1
$NCU --clock-control none -k regex:Histogram --launch-skip 1 --launch-count 1 $S $B/anchors/cub_anchor 33554431 10000000 > ncu-cub-hist.txt 2>&1
printf -- '==\nentry: radix_sort\nrandom input { [33554431]i32 }\n' > s.bench
timeout 120 $NCU --clock-control none -k regex:os_ --launch-skip 10 --launch-count 3 $S $P bench -r 2 --no-convergence-phase s.bench > ncu-ps.txt 2>&1
for f in ncu-*.txt; do echo "=== $f"; grep -E "os_|Onesweep|Histogram|Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Limit|Memory Throughput|DRAM Throughput|Compute \(SM\) Throughput|Warp Cycles Per Issued|Issued Ipc|Shared Memory Configuration Size|Dynamic Shared|Static Shared|No Eligible|ERR|rror" $f | cut -c1-160 | head -60; done
