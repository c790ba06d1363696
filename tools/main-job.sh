#!/usr/bin/env bash
# The README's main job: installs what is missing, builds the release preset,
# prints the device Brass runs on (brass-info), then runs the demo through the
# real glvnd path (brass-run points libEGL at Brass's vendor JSON): a lit,
# textured, animated GLES 3 scene, with its renderer string, frames per second
# and the last frame written to brass-demo.png.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
cmake --preset release >/dev/null
cmake --build --preset release
build/release/tools/brass-info/brass-info | sed -n '1,12p'
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
exec tools/brass-run --build build/release build/release/tools/demo/brass-demo "$@"
