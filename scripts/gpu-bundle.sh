#!/bin/sh
# gpu-bundle.sh [DIR]: what a GPU host needs to build nothing and run
# everything: build/psearch and the unit tests that run kernels (engine,
# search, gather, cost, radix, skew) with the shared libraries a GPU host may lack (cJSON,
# xxHash, cmocka), a wrapper DIR/psearch that finds them, the peer anchors
# (scripts/anchors: torch_anchor.py, and cub_anchor and cub_sort_big built
# with nvcc -O3 -arch=sm_90 when nvcc is here), and the scripts. Default DIR .carry/psearch
# (ignored by git; name .carry in the device tool's carry). docs/gpu.md.
set -eu
cd "$(dirname "$0")/.."
dir=${1:-.carry/psearch}
rm -rf "$dir"
mkdir -p "$dir/lib" "$dir/bin" "$dir/anchors"
cp build/psearch "$dir/bin/psearch"
for t in test_engine test_search test_gather test_cost test_radix test_skew; do
  [ -x build/test/$t ] && cp build/test/$t "$dir/bin/$t"
done
for bin in "$dir"/bin/*; do
  ldd "$bin" | awk '/libcjson|libxxhash|libcmocka/ { print $3 }' | while read -r lib; do
    cp -L "$lib" "$dir/lib/"
  done
done
cp scripts/anchors/torch_anchor.py "$dir/anchors/"
if command -v nvcc >/dev/null; then
  nvcc -O3 -arch=sm_90 -o "$dir/anchors/cub_anchor" scripts/anchors/cub_anchor.cu
  nvcc -O3 -arch=sm_90 -o "$dir/anchors/cub_sort_big" scripts/anchors/cub_sort_big.cu
else
  echo "gpu-bundle.sh: no nvcc here: the bundle has no CUB anchor" >&2
fi
cat > "$dir/psearch" <<'SH'
#!/bin/sh
here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/bin/psearch" "$@"
SH
chmod +x "$dir/psearch"
echo "gpu-bundle.sh: $dir ($(du -sh "$dir" | cut -f1))"
