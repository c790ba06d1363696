#!/usr/bin/env bash
# Installs the Debian packages Brass needs, and only those that are missing.
# Idempotent and quiet when everything is present; runs `apt-get update` only
# when something must be installed.
#   tools/bootstrap.sh               build + test dependencies
#   tools/bootstrap.sh --with-piglit also piglit and the conformance tools
#                                    (and gnuplot for tools/bench/compare's chart),
#                                    apitrace for tools/traces (replay: apitrace;
#                                    recording: apitrace-tracers and the traced
#                                    programs, libsdl2-tests among them)
#   tools/bootstrap.sh --with-fuzz   also clang 14 and its libFuzzer runtime (the fuzz preset)
#   (the two options combine)
set -euo pipefail

packages=(
  build-essential cmake pkg-config ccache python3
  libvulkan-dev libvulkan1 libvulkan-volk-dev
  glslang-dev glslang-tools spirv-tools libspirv-cross-c-shared-dev
  libgtest-dev libgmock-dev libbenchmark-dev libxxhash-dev libastcenc-dev
  khronos-api
  libglvnd-dev libegl-dev libgles-dev libegl1 libgles2 libx11-dev libx11-xcb-dev libxcb1-dev libpng-dev
  mesa-vulkan-drivers vulkan-validationlayers
  xvfb
)
for option in "$@"; do
  case "$option" in
    --with-piglit)
      packages+=(piglit mesa-utils-bin glmark2-es2-x11 mesa-utils libgl1-mesa-dri libegl-mesa0 gnuplot-nox
        apitrace apitrace-tracers libsdl2-tests) ;;
    --with-fuzz) packages+=(clang-14 libclang-rt-14-dev) ;;
    *) echo "bootstrap: unknown option $option" >&2; exit 1 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "bootstrap: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
echo "bootstrap: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
