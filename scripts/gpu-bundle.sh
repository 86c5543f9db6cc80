#!/bin/sh
# gpu-bundle.sh [DIR]: copy build/psearch (and the engine, cost and radix tests) with the shared
# libraries a GPU host may lack (cJSON, xxHash, cmocka) into DIR (default
# .carry/psearch), with a wrapper DIR/psearch that finds them. The OpenCL ICD
# loader and the vendor's driver are taken from the host. docs/gpu.md.
set -eu
cd "$(dirname "$0")/.."
dir=${1:-.carry/psearch}
mkdir -p "$dir/lib" "$dir/bin"
cp build/psearch "$dir/bin/psearch"
for t in test_engine test_cost test_radix; do
  [ -x build/test/$t ] && cp build/test/$t "$dir/bin/$t"
done
for bin in "$dir"/bin/*; do
  ldd "$bin" | awk '/libcjson|libxxhash|libcmocka/ { print $3 }' | while read -r lib; do
    cp -L "$lib" "$dir/lib/"
  done
done
cat > "$dir/psearch" <<'SH'
#!/bin/sh
here=$(cd "$(dirname "$0")" && pwd)
LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$here/bin/psearch" "$@"
SH
chmod +x "$dir/psearch"
echo "gpu-bundle.sh: $dir ($(du -sh "$dir" | cut -f1))"
