#!/bin/sh
# Brass conformance smoke run: tools/conformance/smoke.txt (37 tests from
# es-dev) against Brass only, 2 jobs, ${SMOKE_TIMEOUT:-10} s per test (every
# test hanging would still end in ~3 min).
#
# Exit status (CI calls this):
#   0  the runner worked; pass/fail counts do NOT change the exit status
#      (read the summary / JSON for those)
#   1  infrastructure error: piglit missing, list unreadable, a test binary
#      missing, a test that could not be started, a runner exception
#   2  bad arguments
#   4  a test listed in smoke-expected-pass.txt no longer passes (regression)
#   3  no Brass build found (every test reported skip, "no Brass build");
#      a CI job that forgot to build must not look green.  Set
#      SMOKE_ALLOW_NO_BUILD=1 to turn this into 0.
#
# Extra arguments go to run.py, e.g. --brass-json build/dev/src/egl/x.json.
# Results: $SMOKE_OUT (default build/conformance/smoke.json).
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${SMOKE_OUT:-$repo/build/conformance/smoke.json}
mkdir -p "$(dirname "$out")" || exit 1
python3 "$here/run.py" "$here/smoke.txt" --driver brass --jobs 2 \
    --timeout "${SMOKE_TIMEOUT:-10}" --out "$out" "$@"
rc=$?
if [ "$rc" -eq 3 ] && [ "${SMOKE_ALLOW_NO_BUILD:-0}" = 1 ]; then
    echo "smoke.sh: no Brass build, allowed by SMOKE_ALLOW_NO_BUILD=1" >&2
    rc=0
fi
case $rc in
    0|1|2|3) ;;
    *) rc=1 ;;   # anything else (interrupt, python crash) is infrastructure
esac
# Regression floor: every test in smoke-expected-pass.txt must still pass.
if [ "$rc" -eq 0 ]; then
    python3 - "$out" "$here/smoke-expected-pass.txt" <<'PY' || rc=4
import json, sys
results = json.load(open(sys.argv[1]))["drivers"]["brass"]["tests"]
expected = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
lost = [t for t in expected if results.get(t, {}).get("result") != "pass"]
for t in lost:
    print("smoke.sh: regression: %s -> %s" % (t, results.get(t, {}).get("result", "not run")))
print("smoke.sh: %d of %d expected passes still pass" % (len(expected) - len(lost), len(expected)))
sys.exit(1 if lost else 0)
PY
fi
exit $rc
