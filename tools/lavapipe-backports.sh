#!/usr/bin/env bash
# Unpacks Debian bookworm-backports' Mesa Vulkan drivers (lavapipe 25.x, with
# VK_EXT_shader_object, descriptor buffers and extended dynamic state 3, which
# Debian 12's lavapipe 22.3 lacks) into a folder, for development only: CI and
# the README's commands use Debian 12's own lavapipe. Nothing is installed
# system-wide; the packages are Debian's (docs/testing.md, "A newer lavapipe").
#   tools/lavapipe-backports.sh [DIR]        (default /work/lvp25)
#   source DIR/env.sh                         then run any test or piglit command
set -euo pipefail
dir=$(realpath -m "${1:-/work/lvp25}")
mkdir -p "$dir/apt/lists/partial" "$dir/debs" "$dir/root"
printf 'deb http://deb.debian.org/debian bookworm main\ndeb http://deb.debian.org/debian bookworm-backports main\n' \
  > "$dir/apt/sources.list"
apt_options=(-o "Dir::Etc::SourceList=$dir/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
             -o "Dir::State::Lists=$dir/apt/lists")
apt-get "${apt_options[@]}" update >/dev/null
# The backport needs libdrm 2.4.121 or later, which bookworm-backports also
# has; libllvm15 comes from bookworm itself (installed with Debian's Mesa).
(cd "$dir/debs" && apt-get "${apt_options[@]}" download mesa-vulkan-drivers/bookworm-backports \
  libdrm2/bookworm-backports libdrm-amdgpu1/bookworm-backports)
for deb in "$dir"/debs/*.deb; do dpkg -x "$deb" "$dir/root"; done
lvp=$(find "$dir/root" -name libvulkan_lvp.so | head -n1)
[[ -n $lvp ]] || { echo "lavapipe-backports: libvulkan_lvp.so not in the packages" >&2; exit 1; }
python3 - "$dir/root/usr/share/vulkan/icd.d/lvp_icd.json" "$lvp" "$dir/lvp_icd.json" <<'PY'
import json, sys
icd = json.load(open(sys.argv[1]))
icd["ICD"]["library_path"] = sys.argv[2]
json.dump(icd, open(sys.argv[3], "w"), indent=1)
PY
cat > "$dir/env.sh" <<ENV
# Source to run Vulkan programs on the unpacked lavapipe (development only).
export VK_DRIVER_FILES=$dir/lvp_icd.json
export VK_ICD_FILENAMES=$dir/lvp_icd.json
export LD_LIBRARY_PATH=$dir/root/usr/lib/x86_64-linux-gnu\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}
ENV
echo "lavapipe-backports: source $dir/env.sh ($(basename "$(ls "$dir"/debs/mesa-vulkan-drivers_*.deb)"))"
