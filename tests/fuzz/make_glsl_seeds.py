#!/usr/bin/env python3
"""Builds the seed corpus of fuzz_glsl (corpus/fuzz_glsl) from Debian's piglit.

Takes the GLSL of .vert/.frag/.geom/.comp/.tesc/.tese files and of the shader
sections of .shader_test files under /usr/lib/x86_64-linux-gnu/piglit, keeps
sources of 100 to 1500 bytes, and picks an evenly spread, deterministic
sample per stage and GLSL version family (ES 1.00, ES 3.x, desktop), so the
corpus stays small (docs/testing.md, "Fuzzing"). Each seed is the harness's
3-byte header (stage, API/version choice, link flag) and the source.
"""
import hashlib
import os
import re
import sys

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit"
STAGES = {"vertex": 0, "tessellation control": 1, "tessellation evaluation": 2,
          "geometry": 3, "fragment": 4, "compute": 5}
EXTENSIONS = {".vert": 0, ".tesc": 1, ".tese": 2, ".geom": 3, ".frag": 4, ".comp": 5}
PER_BUCKET = 14


def shader_test_sources(text):
    section = None
    lines = []
    for line in text.splitlines(keepends=True):
        m = re.match(r"^\[(.*)\]\s*$", line)
        if m:
            if section is not None and lines:
                yield section, "".join(lines)
            name = m.group(1).strip()
            section = STAGES.get(name[:-len(" shader")]) if name.endswith(" shader") else None
            lines = []
        elif section is not None:
            lines.append(line)
    if section is not None and lines:
        yield section, "".join(lines)


def family(source):
    m = re.search(r"#version\s+(\d+)(\s+es)?", source)
    if not m or m.group(1) == "100":
        return "es100"
    return "es3" if m.group(2) else "desktop"


def main(out):
    buckets = {}
    for root, _, files in os.walk(PIGLIT):
        for f in sorted(files):
            path = os.path.join(root, f)
            ext = os.path.splitext(f)[1]
            try:
                if ext in EXTENSIONS:
                    items = [(EXTENSIONS[ext], open(path, errors="replace").read())]
                elif ext == ".shader_test":
                    items = list(shader_test_sources(open(path, errors="replace").read()))
                else:
                    continue
            except OSError:
                continue
            for stage, src in items:
                if 100 <= len(src) <= 1500:
                    buckets.setdefault((stage, family(src)), []).append(src)
    os.makedirs(out, exist_ok=True)
    total = 0
    for (stage, fam), sources in sorted(buckets.items()):
        sources.sort(key=lambda s: hashlib.sha1(s.encode()).hexdigest())
        step = max(1, len(sources) // PER_BUCKET)
        for i, src in enumerate(sources[::step][:PER_BUCKET]):
            api = 0 if fam != "desktop" else 5  # leave the source's own #version
            data = bytes([stage, api, i & 1]) + src.encode()
            name = hashlib.sha1(data).hexdigest()
            with open(os.path.join(out, name), "wb") as fh:
                fh.write(data)
            total += len(data)
    print(f"{sum(1 for _ in os.scandir(out))} seeds, {total} bytes", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "corpus", "fuzz_glsl"))
