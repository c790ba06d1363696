#!/usr/bin/env bash
# On the device machine, after tools/device/pack.sh --tests here (the device
# tool carries .devbin and .gl): issue 16's separable-program checks. First
# the program-pipeline end-to-end tests (every test whose name has
# ProgramPipeline or Separab) with the validation layer in every descriptor
# mode (db: descriptor buffers, lazy, cached, and db with compactsets and
# with nogpl) and without it (shader objects), then the separable-storm scene on Brass in each mode, with
# nogpl, and on the device's own GL ES (tools/bench/separable-storm --native).
# Logs and the table go to $OUT (or ./device-separable).
#   tools/device/separable-storm.sh [--no-tests] [--no-bench] [--reps N] [--frames N]
set -uo pipefail
cd "$(dirname "$0")/../.."
source tools/device/env.sh
out=${OUT:-$PWD/device-separable}
mkdir -p "$out"
tests=1 bench=1 reps=3 frames=10
while [[ $# -gt 0 ]]; do
  case $1 in
    --no-tests) tests=0 ;;
    --no-bench) bench=0 ;;
    --reps) reps=$2; shift ;;
    --frames) frames=$2; shift ;;
  esac
  shift
done
status=0
# NVIDIA's vendor after Brass's: NVIDIA's Vulkan driver calls EGL (docs/egl.md).
vendors=$BRASS_VENDOR_JSON:$NATIVE_VENDOR_JSON
if (( tests )); then
  # noval: without the validation layer, whose 1.3.239 predates
  # VK_EXT_shader_object (Brass leaves the extension off under it): the
  # runs where separable tessellation/geometry stages are shader objects.
  for run in db lazy cached db:compactsets db:nogpl db:noval lazy:noval db:noval,nogpl; do
    mode=${run%%:*} extra=${run#*:}
    [[ $extra == "$run" ]] && extra="" || extra=",$extra"
    debug=validation$extra
    [[ $extra == *noval* ]] && debug=${extra//,noval/} && debug=${debug#,}
    log="$out/e2e-pipelines-${run//[:,]/-}.txt"
    __EGL_VENDOR_LIBRARY_FILENAMES=$vendors BRASS_DEBUG=$debug BRASS_DESCRIPTORS=$mode \
      timeout 240 .devbin/e2e_es31_test --gtest_filter='*ProgramPipeline*:*Separab*' --gtest_brief=1 > "$log" 2>&1
    rc=$?
    echo "e2e_es31_test pipelines $run: rc=$rc $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$log" | tr '\n' ' ')"
    [[ $rc -eq 0 ]] || status=1
  done
  # The scene itself with validation on (a short run; no timing).
  __EGL_VENDOR_LIBRARY_FILENAMES=$vendors BRASS_DEBUG=validation timeout 240 \
    .devbin/brass-bench --scene separable-storm --frames 2 > "$out/separable-storm-validation.txt" 2>&1
  rc=$?
  echo "brass-bench separable-storm with validation: rc=$rc $(grep -c 'vulkan validation' "$out/separable-storm-validation.txt") validation messages"
  [[ $rc -eq 0 ]] || status=1
fi
if (( bench )); then
  python3 tools/bench/separable-storm --bench .devbin/brass-bench --brass-json "$BRASS_VENDOR_JSON" \
    --modes cached,lazy,db --nogpl --native --reps "$reps" --frames "$frames" | tee "$out/separable-storm.md"
  [[ ${PIPESTATUS[0]} -eq 0 ]] || status=1
fi
exit $status
