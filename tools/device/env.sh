# Sourced on the device machine from the repository root (see pack.sh):
# unpacks glvnd's loaders, and describes Brass as a glvnd vendor.
for f in .gl/*.deb; do dpkg -x "$f" /; done
ldconfig
export LD_LIBRARY_PATH=$PWD/.devbin/lib
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export XDG_RUNTIME_DIR=/tmp
# The validation layer pack.sh --tests carries (BRASS_DEBUG=validation finds it).
[ -d "$PWD/.devbin/layers" ] && export VK_LAYER_PATH=$PWD/.devbin/layers
export NATIVE_VENDOR_JSON=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
# A build-tree layout, so tools/bench/compare --build /tmp/b finds the JSON.
mkdir -p /tmp/b/share/glvnd/egl_vendor.d
cat > /tmp/b/share/glvnd/egl_vendor.d/60_brass.json <<JSON
{"file_format_version":"1.0.0","ICD":{"library_path":"$PWD/.devbin/lib/libEGL_brass.so"}}
JSON
export BRASS_VENDOR_JSON=/tmp/b/share/glvnd/egl_vendor.d/60_brass.json
