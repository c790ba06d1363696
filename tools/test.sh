#!/usr/bin/env bash
# The README's test command: installs what is missing (piglit and clang
# included), builds the CI preset (-Werror, assertions), runs the whole suite
# under ctest on lavapipe with the Khronos validation layer, the piglit smoke
# subset through Brass's EGL vendor (tools/conformance/smoke.sh: a test that
# passed before and no longer does fails the run), then the fuzz smoke: the
# three libFuzzer harnesses for 60 s each (fuzz-smoke preset: clang builds
# the harnesses and the GLSL compiler with ASan + UBSan, the GL and EGL
# harnesses drive the ci build's libEGL_brass; docs/testing.md, "The CI
# fuzz smoke").
#   tools/test.sh --fuzz   also builds the fuzz preset (all of Brass
#                          instrumented, about 30 minutes on two cores) and
#                          runs its harnesses for 20 s each
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz=0
for option in "$@"; do
  case "$option" in
    --fuzz) fuzz=1 ;;
    *) echo "test.sh: unknown option $option" >&2; exit 1 ;;
  esac
done
tools/bootstrap.sh --with-piglit --with-fuzz
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci
XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}" \
  tools/conformance/smoke.sh --brass-json "$PWD/build/ci/share/glvnd/egl_vendor.d/60_brass.json"
cmake --preset fuzz-smoke >/dev/null
cmake --build --preset fuzz-smoke
ctest --preset fuzz-smoke
if [[ $fuzz -eq 1 ]]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  ctest --preset fuzz
fi
