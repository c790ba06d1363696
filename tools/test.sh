#!/usr/bin/env bash
# The README's test command: installs what is missing, builds the CI preset
# (-Werror, assertions) and runs the whole suite under ctest on lavapipe with
# the Khronos validation layer.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
ctest --preset ci
