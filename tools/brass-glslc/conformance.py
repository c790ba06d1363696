#!/usr/bin/env python3
"""Runs brass-glslc over the shader sources of piglit conformance lists.

For each list (default: es-dev and es31-dev under /work/shared/conformance),
takes the shader_runner (.shader_test) and glslparsertest commands that pass on
Mesa's llvmpipe according to baseline/<list>.llvmpipe.json, runs brass-glslc
on their files and prints matched/total per list.

usage: conformance.py [--glslc PATH] [--lists es-dev,es31-dev] [--show-mismatches]
"""
import argparse
import json
import os
import shlex
import subprocess
import sys

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit"
CONFORMANCE = "/work/shared/conformance"


def tests_of(list_name):
    baseline = json.load(open(os.path.join(CONFORMANCE, "baseline", f"{list_name}.llvmpipe.json")))
    out = []
    for line in open(os.path.join(CONFORMANCE, f"{list_name}.txt")):
        line = line.strip()
        if not line or baseline.get(line) != "pass":
            continue
        argv = shlex.split(line)
        if "shader_runner" in argv[0] or "glslparsertest" in argv[0]:
            out.append(os.path.join(PIGLIT, argv[1]))
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_glslc = os.path.join(here, "..", "..", "build", "ci", "tools", "brass-glslc", "brass-glslc")
    ap = argparse.ArgumentParser()
    ap.add_argument("--glslc", default=default_glslc)
    ap.add_argument("--lists", default="es-dev,es31-dev")
    ap.add_argument("--show-mismatches", action="store_true")
    args = ap.parse_args()
    all_ok = True
    for name in args.lists.split(","):
        files = tests_of(name)
        proc = subprocess.run([args.glslc, "--json", "--no-cache"] + files, capture_output=True, text=True, errors="replace")
        try:
            summary = json.loads(proc.stdout)
        except json.JSONDecodeError:
            print(f"{name}: brass-glslc failed (status {proc.returncode})\n{proc.stderr[-2000:]}")
            return 2
        matched, total = summary["matched"], summary["total"]
        print(f"{name}: {matched}/{total} matched ({100.0 * matched / max(total, 1):.1f}%)")
        if args.show_mismatches:
            for r in summary["results"]:
                if not r["matched"]:
                    print(f"  MISMATCH {r['file'][len(PIGLIT) + 1:]}: expected {r['expected']}, got {r['got']}")
                    for l in r["log"].splitlines()[:4]:
                        print(f"      {l}")
        all_ok = all_ok and matched == total
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
