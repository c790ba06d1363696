#!/usr/bin/env python3
"""Self-test of brass-bench's frame checks (ctest bench_gles_wrong_frames).

  check_wrong_frames.py -- BRASS_BENCH ARGS...

Runs every variant of every scene that `BRASS_BENCH --list` names on its
own, with ARGS and --drop-last-draw, and passes when each one exits non-zero
saying "frame check failed": a frame that lacks a draw must never be
reported as a result. ARGS should make the dropped draw visible (e.g.
--draws 1: with many identical overlapping draws, leaving one out changes
no pixel).
"""
import subprocess
import sys


def scenes_and_variants(binary):
    out = subprocess.run([binary, "--list"], capture_output=True, text=True, check=True).stdout
    pairs, scene = [], None
    for line in out.splitlines():
        if not line.startswith(" "):
            scene = line.split()[0] if line.strip() else None
        elif scene:
            pairs.append((scene, line.strip()))
    return pairs


def main():
    cmd = sys.argv[1:]
    if cmd[:1] == ["--"]:
        cmd = cmd[1:]
    if not cmd:
        print("usage: check_wrong_frames.py -- BRASS_BENCH ARGS...", file=sys.stderr)
        return 2
    pairs = scenes_and_variants(cmd[0])
    if not pairs:
        print("FAIL: brass-bench --list names no variants")
        return 1
    failures = 0
    for scene, variant in pairs:
        run = subprocess.run(cmd + ["--scene", scene, "--variant", variant, "--drop-last-draw"],
                             capture_output=True, text=True)
        caught = run.returncode != 0 and "frame check failed" in run.stderr
        # Validation messages and assertions must still reach ctest's
        # FAIL_REGULAR_EXPRESSION; the expected frame-check message is not one.
        sys.stderr.write("".join(l for l in run.stderr.splitlines(True) if "frame check failed" not in l))
        print(f"{'ok  ' if caught else 'FAIL'} {scene}/{variant}: "
              + (run.stderr.strip().splitlines()[-1][:160] if caught else f"exit {run.returncode}, frame not caught"))
        failures += not caught
    print(f"{len(pairs) - failures} of {len(pairs)} wrong frames caught")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
