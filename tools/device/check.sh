#!/usr/bin/env bash
# On the device machine, after tools/device/pack.sh --tests here (the device
# tool carries .devbin and .gl): the pipe and end-to-end suites with the
# validation layer in every descriptor mode, then the descriptor benchmarks
# per mode. Logs go to $OUT (or ./device-check).
#   tools/device/check.sh [--no-bench] [--reps N]
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/device/env.sh
out=${OUT:-$PWD/device-check}
mkdir -p "$out"
bench=1 reps=5
while [[ $# -gt 0 ]]; do
  case $1 in
    --no-bench) bench=0 ;;
    --reps) reps=$2; shift ;;
  esac
  shift
done
# Only the end-to-end suite goes through glvnd's libEGL; NVIDIA's vendor is
# listed after Brass's (NVIDIA's Vulkan driver calls EGL, docs/egl.md). The
# other programs link Brass directly and must not see Brass's vendor: their
# Vulkan instance would load it again from inside NVIDIA's driver.
e2e_vendors=$BRASS_VENDOR_JSON:$NATIVE_VENDOR_JSON
BRASS_DESCRIPTORS=db timeout 60 .devbin/brass-info > "$out/brass-info-db.txt" 2>&1
status=0
# The end-to-end suites as ctest runs them: e2e_egl_test in ES 3.0 contexts,
# e2e_es31_test in the default ones (ES 3.1, or 3.2 where the device has it),
# e2e_gl_core_test in desktop core contexts (through EGL, the surfaceless and
# device platforms).
suites=(pipe_tests e2e_egl_test)
[[ -x .devbin/e2e_es31_test ]] && suites+=(e2e_es31_test)
[[ -x .devbin/e2e_gl_core_test ]] && suites+=(e2e_gl_core_test)
for mode in db lazy cached; do
  for suite in "${suites[@]}"; do
    vendors=()
    case $suite in
      e2e_egl_test) vendors=(__EGL_VENDOR_LIBRARY_FILENAMES="$e2e_vendors" BRASS_GLES_VERSION_OVERRIDE=3.0 BRASS_GL_VERSION_OVERRIDE=none) ;;
      e2e_es31_test) vendors=(__EGL_VENDOR_LIBRARY_FILENAMES="$e2e_vendors") ;;
      e2e_gl_core_test) vendors=(__EGL_VENDOR_LIBRARY_FILENAMES="$e2e_vendors") ;;
    esac
    env "${vendors[@]}" BRASS_DEBUG=validation BRASS_DESCRIPTORS=$mode \
      timeout 240 .devbin/$suite --gtest_brief=1 > "$out/$suite-$mode.txt" 2>&1
    rc=$?
    echo "$suite $mode: rc=$rc $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$out/$suite-$mode.txt" | tr '\n' ' ')"
    [[ $rc -eq 0 ]] || status=1
  done
done
for variant in nogpl compactsets; do
  BRASS_DEBUG=validation,$variant BRASS_DESCRIPTORS=db timeout 120 .devbin/pipe_tests --gtest_brief=1 \
    > "$out/pipe_tests-db-$variant.txt" 2>&1
  rc=$?
  echo "pipe_tests db $variant: rc=$rc $(grep -E '^\[  (PASSED|FAILED) ' "$out/pipe_tests-db-$variant.txt" | tr '\n' ' ')"
  [[ $rc -eq 0 ]] || status=1
done
if (( bench )); then
  python3 tools/bench/descriptor-modes --bench .devbin/brass_bench_draw --modes lazy,cached,db --reps "$reps" \
    | tee "$out/descriptor-modes.md"
fi
exit $status
