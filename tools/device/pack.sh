#!/usr/bin/env bash
# Packs what the `device` machine (an NVIDIA GPU, no Brass build tools) needs
# to run Brass and brass-bench, into .devbin/ (git-ignored; carry it, with
# .gl/ holding glvnd's loader packages as the device tool's README says).
#   tools/device/pack.sh            then, on the device: source tools/device/env.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake --preset release >/dev/null
cmake --build --preset release -j2 >/dev/null
rm -rf .devbin && mkdir -p .devbin/lib
cp build/release/lib/libEGL_brass.so build/release/tools/bench/gles/brass-bench \
   build/release/tools/demo/brass-demo build/release/tools/brass-info/brass-info .devbin/ 2>/dev/null || true
mv .devbin/libEGL_brass.so .devbin/lib/
strip .devbin/lib/libEGL_brass.so
# Libraries Brass and the tools link that the device image lacks.
for l in libX11.so.6 libX11-xcb.so.1 libxcb.so.1 libXau.so.6 libXdmcp.so.6 libbsd.so.0 libmd.so.0 libpng16.so.16 libz.so.1; do
  cp -L "/lib/x86_64-linux-gnu/$l" .devbin/lib/
done
du -sh .devbin
