#!/usr/bin/env bash
# The README's test command: installs what is missing (piglit included),
# builds the CI preset (-Werror, assertions), runs the whole suite under ctest
# on lavapipe with the Khronos validation layer, then the piglit smoke subset
# through Brass's EGL vendor (tools/conformance/smoke.sh: a test that passed
# before and no longer does fails the run).
#   tools/test.sh --fuzz   also builds the fuzz preset (clang, the three
#                          libFuzzer harnesses and what they need) and runs
#                          each harness for 20 s on its corpus (ctest label
#                          fuzz; docs/testing.md, "Fuzzing")
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz=0
for option in "$@"; do
  case "$option" in
    --fuzz) fuzz=1 ;;
    *) echo "test.sh: unknown option $option" >&2; exit 1 ;;
  esac
done
bootstrap_options=(--with-piglit)
[[ $fuzz -eq 1 ]] && bootstrap_options+=(--with-fuzz)
tools/bootstrap.sh "${bootstrap_options[@]}"
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci
XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}" \
  tools/conformance/smoke.sh --brass-json "$PWD/build/ci/share/glvnd/egl_vendor.d/60_brass.json"
if [[ $fuzz -eq 1 ]]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz
  ctest --preset fuzz
fi
