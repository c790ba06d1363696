#!/usr/bin/env bash
# The README's test command: installs what is missing (piglit included),
# builds the CI preset (-Werror, assertions), runs the whole suite under ctest
# on lavapipe with the Khronos validation layer, then the piglit smoke subset
# through Brass's EGL vendor (tools/conformance/smoke.sh: a test that passed
# before and no longer does fails the run).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh --with-piglit
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci
XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}" \
  tools/conformance/smoke.sh --brass-json "$PWD/build/ci/share/glvnd/egl_vendor.d/60_brass.json"
