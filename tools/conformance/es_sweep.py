#!/usr/bin/env python3
"""Writes every piglit OpenGL ES 2.0/3.0 test of the installed piglit that the
shared lists (es-dev, es31-dev) do not hold, as a command list for run.py.

The shared lists are a sample; Brass is also measured on ES tests nobody
sees, drawn from the same piglit. This list is the rest of that pool: the
ES-only test programs (*_gles2, *_gles3), shader_runner tests whose profile
entry asks for an ES API, and glslparsertest cases of GLSL ES 1.00 / 3.00,
read from piglit's own test profiles (tests/{opengl,shader,glslparser}.xml.gz).

    tools/conformance/es_sweep.py --out build/conformance/es-sweep.txt
    tools/conformance/run.py build/conformance/es-sweep.txt --driver brass --driver llvmpipe

--es31 adds the GLSL ES 3.10 and 3.20 parser tests (the ES 3.1 / 3.2 side of
the pool; the ES programs and shader_runner tests above already include the
ones that ask for ES 3.1 or 3.2 contexts).
"""
import argparse
import ast
import gzip
import os
import xml.etree.ElementTree as ET

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit"
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/conformance")


def quote(arg):
    return "'%s'" % arg if (" " in arg or "!" in arg) else arg


def es_command(cmd, api, glsl_versions):
    """The list line of one profile entry, or None when it is not an ES test."""
    exe = cmd[0]
    if exe == "shader_runner":
        if "gles2" in api:
            exe = "shader_runner_gles2"
        elif "gles3" in api:
            exe = "shader_runner_gles3"
        else:
            return None
        return "bin/" + " ".join(quote(a) for a in [exe] + cmd[1:]) + " -auto -fbo"
    if exe.startswith("glslparsertest"):
        if not any(v in cmd for v in glsl_versions):
            return None
        return "bin/" + " ".join(quote(a) for a in ["glslparsertest_gles2"] + cmd[1:])
    if exe.endswith(("_gles2", "_gles3", "_gles")):
        return "bin/" + " ".join(quote(a) for a in cmd) + " -auto -fbo"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--piglit-root", default=PIGLIT)
    ap.add_argument("--shared", default=SHARED, help="directory of the shared lists to leave out")
    ap.add_argument("--out", required=True)
    ap.add_argument("--es31", action="store_true",
                    help="also the GLSL ES 3.10 / 3.20 parser tests (ES 3.1 and 3.2 contexts)")
    args = ap.parse_args()
    known = set()
    for name in ("es-dev.txt", "es31-dev.txt"):
        path = os.path.join(args.shared, name)
        if os.path.exists(path):
            known.update(line.strip() for line in open(path))
    glsl_versions = ("1.00", "3.00", "3.00 es")
    if args.es31:
        glsl_versions += ("3.10 es", "3.20 es")
    lines, seen = [], set()
    for profile in ("opengl.xml.gz", "shader.xml.gz", "glslparser.xml.gz"):
        root = ET.fromstring(gzip.open(os.path.join(args.piglit_root, "tests", profile)).read())
        for test in root:
            opts = {o.get("name"): o.get("value") for o in test.findall("option")}
            cmd = ast.literal_eval(opts.get("command", "[]"))
            line = es_command(cmd, opts.get("api", ""), glsl_versions) if cmd else None
            if line and line not in seen and line not in known:
                seen.add(line)
                lines.append(line)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("%d tests -> %s" % (len(lines), args.out))


if __name__ == "__main__":
    main()
