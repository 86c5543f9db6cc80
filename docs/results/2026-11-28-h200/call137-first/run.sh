#!/bin/bash
# call 137, the first on the H200: the OpenCL stack probed (the ICD loader is carried in case
# the image lacks one), the four kernel test programs, scripts/gpu-sort.sh (tests, the sorts,
# the look-back primitives, the portable ranking, CUB, torch, CuPy), then the pairs' tile
# shapes by tunes, ABAB, and CUB's anchor again.
set -u
ROOT=$(pwd); C=$ROOT/.carry; B=$C/psearch
mkdir -p $OUT/r
{ echo "== ldconfig"; ldconfig -p | grep -i opencl; echo "== vendors"; ls -la /etc/OpenCL/vendors; cat /etc/OpenCL/vendors/*.icd
  echo "== find"; find /usr /lib /lib64 /opt /usr/local/nvidia \( -name 'libnvidia-opencl*' -o -name 'libOpenCL*' \) 2>/dev/null | head -20
  cat /etc/os-release | head -3; nvidia-smi -L; } > $OUT/r/ocl-probe.txt 2>&1
cat $OUT/r/ocl-probe.txt
ldconfig -p | grep -q 'libOpenCL.so.1' || { cp $C/ocl/libOpenCL.so.1 $B/lib/; echo "call137: the carried ICD loader"; }
if ! ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1; then
  nv=$(find /usr /lib /usr/local/nvidia -name 'libnvidia-opencl.so.1' 2>/dev/null | head -1)
  mkdir -p /etc/OpenCL/vendors && echo "${nv:-libnvidia-opencl.so.1}" > /etc/OpenCL/vendors/nvidia.icd
  echo "call137: /etc/OpenCL/vendors/nvidia.icd -> ${nv:-libnvidia-opencl.so.1}"
fi
$B/psearch devices 2>&1 | tee $OUT/r/devices.txt
grep -q '\[gpu\]' $OUT/r/devices.txt || { echo "call137: no GPU through OpenCL"; exit 3; }
export XDG_CACHE_HOME=$(mktemp -d)
for t in test_engine test_search; do
  (cd $B && LD_LIBRARY_PATH=$B/lib timeout 90 bin/$t) > $OUT/r/$t.log 2>&1; echo "$t: rc $? $(grep -c '^\[       OK \]' $OUT/r/$t.log) passed"
done | tee $OUT/r/tests2.txt
timeout 300 bash scripts/gpu-sort.sh $B $OUT/r/s > $OUT/r/r-sort.log 2>&1; echo "gpu-sort rc $?"
grep -E "^test_|kernel time|span|SortKeys|SortPairs|InclusiveSum|Select|Reduce|torch.sort|torch.argsort|Results for|^\[|^lo|^allkept" $OUT/r/r-sort.log | cut -c1-230 | head -90
N=33554431 timeout 120 bash scripts/gpu-variants.sh $B $OUT/r/v base=@p i17=OS_ITEMS=17@p i16=OS_ITEMS=16@p base=@p i17=OS_ITEMS=17@p i16=OS_ITEMS=16@p > $OUT/r/variants.txt 2>&1
echo "variants rc $?"; grep -v '^   ' $OUT/r/variants.txt | tail -25
timeout 40 $B/anchors/cub_anchor 33554431 10000000 > $OUT/r/cub2.txt 2>&1; grep -E 'Sort(Pairs|Keys)' $OUT/r/cub2.txt
