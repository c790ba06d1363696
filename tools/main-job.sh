#!/usr/bin/env bash
# The README's main job: installs what is missing, builds the release preset
# and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
cmake --preset release >/dev/null
cmake --build --preset release
exec build/release/tools/brass-info/brass-info "$@"
