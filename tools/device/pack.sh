#!/usr/bin/env bash
# Packs what the `device` machine (an NVIDIA GPU, no Brass build tools) needs
# to run Brass and brass-bench, into .devbin/ (git-ignored; carry it, with
# .gl/ holding glvnd's loader packages as the device tool's README says).
#   tools/device/pack.sh            then, on the device: source tools/device/env.sh
#   tools/device/pack.sh --tests    also the pipe-level and end-to-end test
#                                   binaries (CI preset, stripped) and the
#                                   Khronos validation layer, for the GPL /
#                                   descriptor-buffer tests that lavapipe
#                                   skips: on the device run .devbin/pipe_tests,
#                                   .devbin/e2e_egl_test (with
#                                   BRASS_GLES_VERSION_OVERRIDE=3.0) and
#                                   .devbin/e2e_es31_test (env.sh sets the
#                                   layer and the vendor JSON up)
#   tools/device/pack.sh --tests-only  the same tests with the CI preset's
#                                   libEGL_brass.so (optimized, assertions on)
#                                   and no release build or benchmarks: for
#                                   correctness runs (check.sh --no-bench)
set -euo pipefail
cd "$(dirname "$0")/../.."
with_tests=0 release=1
[[ "${1:-}" == --tests ]] && with_tests=1
[[ "${1:-}" == --tests-only ]] && with_tests=1 release=0
rm -rf .devbin && mkdir -p .devbin/lib
if (( release )); then
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 >/dev/null
  cp build/release/lib/libEGL_brass.so build/release/tools/bench/gles/brass-bench build/release/tools/bench/brass_bench_draw \
     build/release/tools/demo/brass-demo build/release/tools/brass-info/brass-info .devbin/ 2>/dev/null || true
else
  cmake --build --preset ci -j2 --target EGL_brass brass-info >/dev/null
  cp build/ci/lib/libEGL_brass.so build/ci/tools/brass-info/brass-info .devbin/
fi
mv .devbin/libEGL_brass.so .devbin/lib/
strip .devbin/lib/libEGL_brass.so
# Libraries Brass and the tools link that the device image lacks (libastcenc:
# the ASTC decoder libEGL_brass.so loads).
for l in libbenchmark.so.1debian libastcenc.so.3d libXfixes.so.3 libX11.so.6 libX11-xcb.so.1 libxcb.so.1 libXau.so.6 libXdmcp.so.6 libbsd.so.0 libmd.so.0 libpng16.so.16 libz.so.1; do
  cp -L "/lib/x86_64-linux-gnu/$l" .devbin/lib/
done
if (( with_tests )); then
  cmake --build --preset ci -j2 --target pipe_tests e2e_egl_test e2e_es31_test e2e_gl_core_test >/dev/null
  cp build/ci/tests/pipe/pipe_tests build/ci/tests/e2e/e2e_egl_test build/ci/tests/e2e/e2e_es31_test \
     build/ci/tests/e2e/e2e_gl_core_test .devbin/
  strip .devbin/pipe_tests .devbin/e2e_egl_test .devbin/e2e_es31_test .devbin/e2e_gl_core_test
  mkdir -p .devbin/layers
  cp /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so .devbin/layers/
  strip .devbin/layers/libVkLayer_khronos_validation.so
  sed 's|"library_path": *"[^"]*"|"library_path": "./libVkLayer_khronos_validation.so"|' \
    /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json > .devbin/layers/VkLayer_khronos_validation.json
fi
du -sh .devbin
