"""What tools/bench/shader-storm and tools/bench/separable-storm share: one
brass-bench run of a storm scene with every on-disk shader cache disabled
(BRASS_SHADER_CACHE_DISABLE=1, MESA_SHADER_CACHE_DISABLE=1, and
__GL_SHADER_DISK_CACHE=0 for NVIDIA), Brass's BRASS_STATS counters of that
run added to the scene's metrics, and the markdown table of medians over
repetitions. A storm scene gives each program constants unique to the
process, so nothing is answered from a cache in memory either.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NVIDIA_JSON = "/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json"


def brass_vendors(brass_json, native_json):
    """glvnd's vendor list for Brass: NVIDIA's Vulkan driver needs NVIDIA's
    EGL loadable next to Brass's (docs/egl.md)."""
    return brass_json + (":" + native_json if os.path.exists(native_json) else "")


def run_scene(bench, scene, vendors, extra_env, bench_args, stats_wanted):
    """(driver, metrics) of one run: the scene's first result's metrics plus
    the BRASS_STATS counters at exit for which stats_wanted(name) holds."""
    env = dict(os.environ)
    env.update({"__EGL_VENDOR_LIBRARY_FILENAMES": vendors, "XDG_RUNTIME_DIR": env.get("XDG_RUNTIME_DIR", "/tmp"),
                "BRASS_SHADER_CACHE_DISABLE": "1", "MESA_SHADER_CACHE_DISABLE": "1", "__GL_SHADER_DISK_CACHE": "0"})
    env.update(extra_env)
    with tempfile.TemporaryDirectory() as tmp:
        stats_path = os.path.join(tmp, "stats.txt")
        env["BRASS_STATS"] = stats_path
        out = subprocess.run([bench, "--scene", scene, "--json"] + bench_args, env=env, capture_output=True,
                             text=True, timeout=600)
        if out.returncode != 0:
            sys.exit(f"brass-bench failed ({out.returncode}): {out.stderr[-2000:]}")
        doc = json.loads(out.stdout)
        stats = {}
        text = open(stats_path).read() if os.path.exists(stats_path) else ""
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 2 and stats_wanted(parts[0]):
                stats[parts[0]] = float(parts[1])
    metrics = doc["results"][0]["metrics"]
    metrics.update(stats)
    return doc["driver"], metrics, out.stderr


def run_interleaved(configs, reps, run_one):
    """configs: [(name, ...)]; run_one(config) -> (driver, metrics). Each
    repetition rotates which configuration goes first. Returns
    ({name: [metrics per rep]}, {name: driver})."""
    results = {c[0]: [] for c in configs}
    drivers = {}
    for rep in range(reps):
        for c in configs[rep % len(configs):] + configs[:rep % len(configs)]:
            drivers[c[0]], m = run_one(c)
            results[c[0]].append(m)
    return results, drivers


def print_median_table(names, drivers, results, keys):
    for name in names:
        print(f"- {name}: {drivers[name]}")
    print()
    print("| metric | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for k in keys:
        cells = []
        for name in names:
            vals = [m[k] for m in results[name] if k in m]
            cells.append(f"{statistics.median(vals):,.1f}" if vals else "-")
        if any(c != "-" for c in cells):
            print(f"| {k} | " + " | ".join(cells) + " |")
