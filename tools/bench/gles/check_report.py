#!/usr/bin/env python3
"""Runs brass-bench and checks its --json report (the ctest smoke tests).

  check_report.py [--expect-renderer TEXT] [--expect-variants-of SCENE]
                  [--expect-platform NAME] -- BRASS_BENCH ARGS...

Passes when the program exits 0, prints one JSON object whose `results` are
records {scene, variant, driver, metrics} with every metric a positive
number (a `checked_pixels` among them: the scene checked its last frame;
Brass's own counters, named brass_*, may be 0),
`driver` contains TEXT, and (with --expect-variants-of) every variant
that `brass-bench --list` names for SCENE was reported, and (with
--expect-platform) the report's egl_platform is NAME. No timing is judged.
"""
import argparse
import json
import subprocess
import sys


def listed_variants(binary, scene):
    out = subprocess.run([binary, "--list"], capture_output=True, text=True, check=True).stdout
    variants, current = [], None
    for line in out.splitlines():
        if not line.startswith(" "):
            current = line.split()[0] if line.strip() else None
        elif current == scene:
            variants.append(line.strip())
    return variants


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect-renderer", default="")
    ap.add_argument("--expect-variants-of")
    ap.add_argument("--expect-platform")
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        ap.error("no brass-bench command")
    run = subprocess.run(cmd, capture_output=True, text=True)
    sys.stderr.write(run.stderr)
    if run.returncode != 0:
        print(f"FAIL: exit status {run.returncode}\n{run.stdout}")
        return 1
    try:
        report = json.loads(run.stdout)
    except json.JSONDecodeError as e:
        print(f"FAIL: the report is not JSON ({e}):\n{run.stdout}")
        return 1
    errors = []
    if a.expect_renderer not in report.get("driver", ""):
        errors.append(f"driver {report.get('driver')!r} does not contain {a.expect_renderer!r}")
    if a.expect_platform and report.get("egl_platform") != a.expect_platform:
        errors.append(f"EGL platform {report.get('egl_platform')!r}, expected {a.expect_platform!r}")
    results = report.get("results")
    if not isinstance(results, list) or not results:
        errors.append("no results")
        results = []
    for r in results:
        where = f"{r.get('scene')}/{r.get('variant')}"
        for k in ("scene", "variant", "driver"):
            if not isinstance(r.get(k), str) or not r[k]:
                errors.append(f"{where}: no {k}")
        metrics = r.get("metrics")
        if not isinstance(metrics, dict) or not metrics:
            errors.append(f"{where}: no metrics")
            continue
        if "checked_pixels" not in metrics:
            errors.append(f"{where}: no checked_pixels (the frame was not checked)")
        for name, value in metrics.items():
            low_ok = name.startswith("brass_") and value == 0  # e.g. no full compiles
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not (value > 0 or low_ok):
                errors.append(f"{where}: metric {name} = {value!r} is not a positive number")
    if a.expect_variants_of:
        want = listed_variants(cmd[0], a.expect_variants_of)
        got = [r.get("variant") for r in results if r.get("scene") == a.expect_variants_of]
        if not want or sorted(want) != sorted(got):
            errors.append(f"variants reported {got}, listed {want}")
    for e in errors:
        print("FAIL:", e)
    if not errors:
        print(f"OK: {len(results)} results from {report['driver']}")
        for r in results:
            print(f"  {r['scene']}/{r['variant']}: " + ", ".join(f"{k}={v:g}" for k, v in r["metrics"].items()))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
