#!/usr/bin/env python3
"""Writes piglit's desktop OpenGL tests of the installed piglit that the shared
gl-core-dev list does not hold, as a command list for run.py: all of them, or
a seeded random sample.

gl-core-dev is a sample; Brass is also measured on desktop tests nobody sees,
drawn from the same piglit. This list is the rest of that pool: shader_runner
tests whose profile entry asks for a core context, glslparsertest cases of
desktop GLSL versions and the desktop test programs (not *_gles*), read from
piglit's own test profiles (tests/{opengl,shader,glslparser}.xml.gz).

    tools/conformance/desktop_sweep.py --sample 400 --seed 1 --out build/conformance/desktop-sweep.txt
    BRASS_GL_VERSION_OVERRIDE=4.6 tools/conformance/run.py build/conformance/desktop-sweep.txt \\
        --driver brass --driver llvmpipe
"""
import argparse
import ast
import gzip
import os
import random
import xml.etree.ElementTree as ET

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit"
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/conformance")
ES_GLSL_VERSIONS = ("1.00", "3.00", "3.00 es", "3.10 es", "3.20 es")


def quote(arg):
    return "'%s'" % arg if (" " in arg or "!" in arg or arg == "") else arg


def desktop_command(cmd, api):
    """The list line of one profile entry, or None when it is not a desktop test."""
    exe = cmd[0]
    if exe == "shader_runner":
        # Compatibility-profile shader tests need a context Brass does not make.
        if "core" not in api:
            return None
        return "bin/" + " ".join(quote(a) for a in cmd) + " -auto -fbo"
    if exe.startswith("glslparsertest"):
        if exe != "glslparsertest" or len(cmd) < 4 or cmd[3] in ES_GLSL_VERSIONS:
            return None
        return "bin/" + " ".join(quote(a) for a in cmd)
    # ES programs, and the window-system tests (EGL, GLX and Windows' WGL).
    if exe.endswith(("_gles1", "_gles2", "_gles3", "_gles31", "_gles")) or exe.startswith(("egl", "glx", "wgl")):
        return None
    if "shader_runner" in exe:
        return None
    return "bin/" + " ".join(quote(a) for a in cmd) + " -auto -fbo"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--piglit-root", default=PIGLIT)
    ap.add_argument("--shared", default=SHARED, help="directory of the shared lists to leave out")
    ap.add_argument("--sample", type=int, default=0, help="this many tests at random (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    known = set()
    path = os.path.join(args.shared, "gl-core-dev.txt")
    if os.path.exists(path):
        known.update(line.strip() for line in open(path))
    lines, seen = [], set()
    for profile in ("opengl.xml.gz", "shader.xml.gz", "glslparser.xml.gz"):
        root = ET.fromstring(gzip.open(os.path.join(args.piglit_root, "tests", profile)).read())
        for test in root:
            opts = {o.get("name"): o.get("value") for o in test.findall("option")}
            cmd = ast.literal_eval(opts.get("command", "[]"))
            line = desktop_command(cmd, opts.get("api") or "") if cmd else None
            if line and line not in seen and line not in known:
                seen.add(line)
                lines.append(line)
    total = len(lines)
    if args.sample and args.sample < total:
        lines = sorted(random.Random(args.seed).sample(lines, args.sample))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d of %d tests -> %s" % (len(lines), total, args.out))


if __name__ == "__main__":
    main()
