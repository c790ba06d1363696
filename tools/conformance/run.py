#!/usr/bin/env python3
"""Brass conformance runner: runs a piglit command list against Brass and/or
Mesa (llvmpipe, zink), compares with the committed baselines, writes a result
JSON and a markdown table.  Python 3 stdlib only.  See docs/conformance.md.

Exit status:
  0  the runner worked (whatever the pass counts are)
  1  infrastructure error: piglit root / list / baseline unreadable, a test
     binary missing, a test that could not be spawned, a Mesa driver that
     did not load the renderer it should (zink fell back to llvmpipe ...),
     or a runner exception
  2  bad command line (argparse)
  3  Brass was asked for but no Brass build was found (every Brass test is
     reported as skip, reason "no Brass build")
  130 interrupted (SIGINT/SIGTERM): running tests killed, nothing written
"""
import argparse
import concurrent.futures
import datetime
import glob
import json
import os
import platform
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import piglit_result  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
PIGLIT_ROOT = "/usr/lib/x86_64-linux-gnu/piglit"
MESA_JSON = "/usr/share/glvnd/egl_vendor.d/50_mesa.json"
BASELINE_DIR = "/work/shared/conformance/baseline"
DRIVERS = ("brass", "llvmpipe", "zink")
COLUMNS = ("pass", "fail", "skip", "crash", "timeout", "warn")
# Variables that select a Mesa driver; removed from the inherited
# environment so that one driver's settings never leak into another's run.
SCRUB = ("__EGL_VENDOR_LIBRARY_FILENAMES", "__EGL_VENDOR_LIBRARY_DIRS",
         "LIBGL_ALWAYS_SOFTWARE", "GALLIUM_DRIVER",
         "MESA_LOADER_DRIVER_OVERRIDE", "EGL_PLATFORM")

EXIT_OK, EXIT_INFRA, EXIT_USAGE, EXIT_NO_BRASS = 0, 1, 2, 3


class InfraError(Exception):
    pass


# Test processes now running, so that an interrupt can kill their process
# groups (they run in their own sessions and do not see the terminal's ^C).
_RUNNING = set()
_RUNNING_LOCK = threading.Lock()
_STOP = threading.Event()


def kill_running():
    _STOP.set()
    with _RUNNING_LOCK:
        procs = list(_RUNNING)
    for p in procs:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def find_brass_json(repo=REPO):
    """First existing Brass vendor JSON: build/ci, build/release, build/dev,
    then any build/*/.  Prefers brass_egl_vendor.json in each."""
    cands = []
    for preset in ("ci", "release", "dev", "*"):
        base = os.path.join(repo, "build", preset, "src", "egl")
        cands += sorted(glob.glob(os.path.join(base, "brass_egl_vendor.json")))
        cands += sorted(glob.glob(os.path.join(base, "*.json")))
    for c in cands:
        if os.path.isfile(c):
            return os.path.abspath(c)
    return None


def driver_env(driver, brass_json):
    """Extra environment for one driver (on top of the scrubbed base)."""
    if driver == "brass":
        return {"__EGL_VENDOR_LIBRARY_FILENAMES": brass_json or ""}
    env = {"__EGL_VENDOR_LIBRARY_FILENAMES": MESA_JSON,
           "LIBGL_ALWAYS_SOFTWARE": "1"}
    if driver == "zink":
        env["GALLIUM_DRIVER"] = "zink"
    return env


def base_env(piglit_root):
    env = {k: v for k, v in os.environ.items() if k not in SCRUB}
    env["PIGLIT_PLATFORM"] = "surfaceless_egl"
    env["PIGLIT_SOURCE_DIR"] = piglit_root
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    return env


def probe_renderer(env, timeout=30):
    """Run probe.py under env; returns its JSON (with "error" on failure)."""
    try:
        p = subprocess.run([sys.executable, os.path.join(HERE, "probe.py")],
                           env=env, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "probe timed out"}
    try:
        out = json.loads(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        out = {"error": "probe printed no JSON (rc %s): %s"
               % (p.returncode, piglit_result.tail(p.stderr, 3))}
    return out


def check_renderer(driver, info):
    """None if the renderer is what this driver should give, else why not."""
    r = (info.get("gl_renderer") or "")
    if "error" in info:
        return info["error"]
    if driver == "zink" and not r.startswith("zink"):
        return "expected a zink renderer, got %r" % r
    if driver == "llvmpipe" and (not r.startswith("llvmpipe")):
        return "expected an llvmpipe renderer, got %r" % r
    # Brass names itself "Brass (<Vulkan device>)", and on lavapipe the device
    # is "llvmpipe (...)": only the prefix tells Brass from Mesa.
    if driver == "brass" and not r.startswith("Brass"):
        return "Brass JSON gave a non-Brass renderer %r" % r
    return None


def read_list(path):
    cmds = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                cmds.append(line)
    return cmds


def run_one(cmd, env, piglit_root, timeout):
    """Run one piglit command line.  Returns the per-test record."""
    argv = shlex.split(cmd)
    exe = os.path.join(piglit_root, argv[0])
    rec = {"result": None, "duration": 0.0, "subtests": {},
           "returncode": None, "reason": None, "stderr_tail": ""}
    if not os.access(exe, os.X_OK):
        rec.update(result="crash", infra=True,
                   reason="infra: test binary missing: %s" % exe)
        return rec
    if _STOP.is_set():
        rec.update(result="skip", reason="runner interrupted")
        return rec
    t0 = time.monotonic()
    try:
        p = subprocess.Popen([exe] + argv[1:], cwd=piglit_root, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True)
    except OSError as e:
        rec.update(result="crash", infra=True,
                   reason="infra: cannot start: %s" % e)
        return rec
    with _RUNNING_LOCK:
        _RUNNING.add(p)
    timed_out = False
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        try:
            os.killpg(p.pid, signal.SIGKILL)  # the test and its children
        except ProcessLookupError:
            pass
        out, err = p.communicate()
    finally:
        with _RUNNING_LOCK:
            _RUNNING.discard(p)
    rec["duration"] = round(time.monotonic() - t0, 3)
    out = out.decode("utf-8", "replace")
    err = err.decode("utf-8", "replace")
    res, subs, why = piglit_result.decide(out, p.returncode, timed_out)
    rec.update(result=res, subtests=subs, returncode=p.returncode,
               reason=why, stderr_tail=piglit_result.tail(err))
    if res in ("crash", "timeout", "fail"):
        rec["stdout_tail"] = piglit_result.tail(out, 10, 1000)
    return rec


class Progress:
    """One updating line on a tty; plain lines every ~10% / 30 s otherwise."""

    def __init__(self, total, stream=sys.stderr):
        self.total, self.done, self.stream = total, 0, stream
        self.counts = {}
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.t0 = time.monotonic()
        self.last_print = 0.0
        self.last_pct = -1
        self.lock = threading.Lock()

    def line(self):
        el = time.monotonic() - self.t0
        c = " ".join("%s %d" % (k, self.counts[k]) for k in COLUMNS
                     if self.counts.get(k))
        eta = ""
        if self.done and self.done < self.total:
            eta = " eta %ds" % (el / self.done * (self.total - self.done))
        return "[%d/%d] %3d%% %ds%s  %s" % (
            self.done, self.total, 100 * self.done // max(self.total, 1),
            el, eta, c)

    def update(self, result, label=""):
        with self.lock:
            self.done += 1
            self.counts[result] = self.counts.get(result, 0) + 1
            now = time.monotonic()
            if self.tty:
                bar_w = 24
                fill = bar_w * self.done // max(self.total, 1)
                s = "[" + "#" * fill + "." * (bar_w - fill) + "] " + \
                    self.line() + "  " + label[-40:]
                width = max(shutil.get_terminal_size().columns - 1, 20)
                self.stream.write("\r" + s[:width].ljust(width))
                self.stream.flush()
            else:
                pct = 10 * self.done // max(self.total, 1)
                if pct != self.last_pct or now - self.last_print > 30 \
                        or self.done == self.total:
                    self.last_pct, self.last_print = pct, now
                    self.stream.write("progress " + self.line() + "\n")
                    self.stream.flush()

    def finish(self):
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def count(results):
    c = {k: 0 for k in COLUMNS}
    for r in results:
        c[r if r in c else "fail"] += 1
    return c


def load_baselines(baseline_dir, list_name):
    """driver -> {command: result}.  Uses <list>.<driver>.json; for a list
    without its own baseline (smoke.txt, a hand-made subset) it merges every
    *.<driver>.json in the directory, since the keys are the commands."""
    out = {}
    for drv in ("llvmpipe", "zink"):
        path = os.path.join(baseline_dir, "%s.%s.json" % (list_name, drv))
        paths = [path] if os.path.isfile(path) else sorted(
            glob.glob(os.path.join(baseline_dir, "*.%s.json" % drv)))
        merged = {}
        for pth in paths:
            with open(pth) as f:
                data = json.load(f)
            if not isinstance(data, dict):
                raise InfraError("baseline %s is not a JSON object" % pth)
            for k, v in data.items():
                merged.setdefault(k, v)
        if merged:
            out[drv] = merged
    return out


def md_section(data):
    """Markdown for one list (without the markers)."""
    L = []
    name = data["list"]
    L.append("### `%s` (%d tests run of %d in the list)" % (
        name, data["tests_run"], data["tests_in_list"]))
    L.append("")
    L.append("Measured %s on %s (jobs %d, timeout %gs, wall %ds), %s." % (
        data["finished"][:16].replace("T", " ") + " UTC", data["host"],
        data["jobs"], data["timeout"], data["wall_seconds"],
        data["piglit_root"]))
    L.append("")
    L.append("    " + data["command"])
    L.append("")
    L.append("| driver | renderer | pass | fail | skip | crash | timeout |"
             " warn | test time |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for drv, d in data["drivers"].items():
        c = d["counts"]
        rend = (d.get("renderer") or {}).get("gl_renderer") or "-"
        if d.get("note"):
            rend = "**%s**" % d["note"]
        elif d.get("renderer_problem"):
            rend = "**renderer check: %s**" % d["renderer_problem"]
        L.append("| %s (measured) | %s | %s | %ds |" % (
            drv, rend, " | ".join(str(c[k]) for k in COLUMNS), d["wall"]))
    for drv, c in data["baseline_counts"].items():
        L.append("| %s (baseline, Mesa 22.3.6) | - | %s | - |" % (
            drv, " | ".join(str(c[k]) for k in COLUMNS)))
    L.append("")
    for drv, diffs in data["diff_vs_own_baseline"].items():
        if not diffs:
            L.append("- %s: every result matches its baseline." % drv)
        else:
            L.append("- %s: %d result(s) differ from its baseline:" % (
                drv, len(diffs)))
            for cmd, dd in sorted(diffs.items())[:15]:
                L.append("  - `%s`: baseline %s, now %s" % (
                    cmd, dd["baseline"], dd["now"]))
            if len(diffs) > 15:
                L.append("  - ... (%d more in the result JSON)"
                         % (len(diffs) - 15))
    if "brass" in data["drivers"]:
        reg = data["regressions_vs_baseline_zink"]
        L.append("- Brass vs baseline zink: %d test(s) zink passes that "
                 "Brass does not%s." % (len(reg), " (no Brass build: all "
                 "skipped)" if data["drivers"]["brass"].get("note") else ""))
    return "\n".join(L)


def update_doc(path, list_name, section):
    begin = "<!-- conformance:%s:begin -->" % list_name
    end = "<!-- conformance:%s:end -->" % list_name
    text = open(path).read() if os.path.exists(path) else \
        "# Conformance\n"
    block = begin + "\n" + section + "\n" + end
    pat = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    if pat.search(text):
        text = pat.sub(lambda m: block, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    tmp = path + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(tmp)), exist_ok=True)
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def loud(msg):
    bar = "!" * 72
    sys.stderr.write("\n%s\n!! %s\n%s\n\n" % (bar, msg, bar))
    sys.stderr.flush()


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Run a piglit command list against Brass / Mesa.")
    ap.add_argument("list", help="list file, one piglit command per line")
    ap.add_argument("--driver", action="append", choices=DRIVERS,
                    help="driver to run (repeatable); default brass")
    ap.add_argument("--compare", action="store_true",
                    help="run brass, llvmpipe and zink")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0,
                    help="per-test time limit in seconds (default 20)")
    ap.add_argument("--filter", help="only commands matching this regex")
    ap.add_argument("--limit", type=int, help="only the first N commands "
                    "(after --filter)")
    ap.add_argument("--out", help="result JSON (default "
                    "conformance-<list>.json in the current directory)")
    ap.add_argument("--update-doc", metavar="MD",
                    help="replace this list's section in a markdown file")
    ap.add_argument("--baseline-dir", default=BASELINE_DIR)
    ap.add_argument("--brass-json", help="Brass glvnd vendor JSON (default: "
                    "first of build/{ci,release,dev,*}/src/egl/*.json)")
    ap.add_argument("--piglit-root", default=PIGLIT_ROOT)
    ap.add_argument("--no-verify", action="store_true",
                    help="do not check the renderer string before running")
    ap.add_argument("--quiet", "-q", action="store_true",
                    help="no progress output")
    a = ap.parse_args(argv)
    drivers = list(DRIVERS) if a.compare else (a.driver or ["brass"])
    a.drivers = list(dict.fromkeys(drivers))  # dedupe, keep order
    if a.jobs < 1:
        ap.error("--jobs must be >= 1")
    return a


def main(argv=None):
    a = parse_args(argv if argv is not None else sys.argv[1:])
    t_start = datetime.datetime.now(datetime.timezone.utc)
    list_name = os.path.splitext(os.path.basename(a.list))[0]
    piglit_root = os.path.abspath(a.piglit_root)
    if not os.path.isdir(os.path.join(piglit_root, "bin")):
        raise InfraError("no piglit at %s" % piglit_root)
    cmds = read_list(a.list)
    n_list = len(cmds)
    if a.filter:
        rx = re.compile(a.filter)
        cmds = [c for c in cmds if rx.search(c)]
    if a.limit is not None:
        cmds = cmds[:a.limit]
    if not cmds:
        raise InfraError("no commands selected from %s" % a.list)

    env0 = base_env(piglit_root)
    exit_code = EXIT_OK
    drivers = {}
    for drv in a.drivers:
        d = {"env": {}, "renderer": None, "note": None, "tests": {}}
        bj = None
        if drv == "brass":
            # Tests run from piglit's root, so a relative path would not resolve.
            bj = os.path.abspath(a.brass_json) if a.brass_json else find_brass_json()
            if a.brass_json and not os.path.isfile(a.brass_json):
                raise InfraError("--brass-json %s does not exist"
                                 % a.brass_json)
            if not bj:
                d["note"] = "no Brass build"
                loud("NO BRASS BUILD FOUND (looked in %s/build/{ci,release,"
                     "dev,*}/src/egl/*.json). Every Brass test is reported "
                     "as skip, reason 'no Brass build'. Pass --brass-json "
                     "or build first." % REPO)
                exit_code = EXIT_NO_BRASS
        d["env"] = driver_env(drv, bj)
        env = dict(env0, **d["env"])
        d["_env"] = env
        if d["note"] is None:
            d["renderer"] = probe_renderer(env)
            bad = check_renderer(drv, d["renderer"])
            if bad:
                d["renderer_problem"] = bad
                if drv == "brass":
                    loud("Brass renderer check: %s (running anyway)" % bad)
                elif not a.no_verify:
                    raise InfraError("%s: %s" % (drv, bad))
            if not a.quiet:
                sys.stderr.write("%s: renderer %r\n" % (
                    drv, d["renderer"].get("gl_renderer")))
        drivers[drv] = d

    jobs = [(drv, c) for drv in a.drivers for c in cmds
            if drivers[drv]["note"] is None]
    for drv, d in drivers.items():
        if d["note"] is not None:
            for c in cmds:
                d["tests"][c] = {"result": "skip", "duration": 0.0,
                                 "subtests": {}, "reason": d["note"],
                                 "stderr_tail": ""}
    prog = Progress(len(jobs)) if not a.quiet else None
    walls = {drv: 0.0 for drv in drivers}
    infra = []
    t0 = time.monotonic()
    if jobs:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            futs = {ex.submit(run_one, c, drivers[drv]["_env"], piglit_root,
                              a.timeout): (drv, c) for drv, c in jobs}
            try:
                for f in concurrent.futures.as_completed(futs):
                    drv, c = futs[f]
                    rec = f.result()
                    drivers[drv]["tests"][c] = rec
                    walls[drv] += rec["duration"]
                    if rec.get("infra"):
                        infra.append("%s: %s" % (drv, rec["reason"]))
                    if prog:
                        prog.update(rec["result"], c.split()[0])
            except BaseException:
                # ^C or a runner bug: kill what runs, drop what is queued.
                kill_running()
                ex.shutdown(wait=False, cancel_futures=True)
                raise
        if prog:
            prog.finish()
    wall_total = time.monotonic() - t0

    baselines = load_baselines(a.baseline_dir, list_name)
    out = {
        "list": list_name, "list_path": os.path.abspath(a.list),
        "piglit_root": piglit_root, "host": platform.node(),
        "started": t_start.isoformat(timespec="seconds"),
        "finished": datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
        "command": "tools/conformance/run.py " + " ".join(
            shlex.quote(x) for x in (argv if argv is not None
                                     else sys.argv[1:])),
        "jobs": a.jobs, "timeout": a.timeout, "filter": a.filter,
        "limit": a.limit, "tests_in_list": n_list, "tests_run": len(cmds),
        "wall_seconds": round(wall_total, 1),
        "drivers": {}, "baseline_counts": {}, "diff_vs_own_baseline": {},
        "regressions_vs_baseline_zink": [], "infra_errors": infra,
    }
    for drv, d in drivers.items():
        tests = {c: d["tests"][c] for c in cmds}  # list order
        out["drivers"][drv] = {
            "env": d["env"], "renderer": d["renderer"], "note": d["note"],
            "renderer_problem": d.get("renderer_problem"),
            "counts": count(t["result"] for t in tests.values()),
            "wall": round(walls[drv], 1),
            "tests": tests}
        if drv in baselines:
            b = baselines[drv]
            out["diff_vs_own_baseline"][drv] = {
                c: {"baseline": b.get(c, "absent"), "now": t["result"],
                    "reason": t.get("reason")}
                for c, t in tests.items()
                if c in b and b[c] != t["result"]}
    for drv, b in baselines.items():
        out["baseline_counts"][drv] = count(b[c] for c in cmds if c in b)
        missing = [c for c in cmds if c not in b]
        if missing:
            out.setdefault("not_in_baseline", {})[drv] = missing
    if "brass" in drivers and "zink" in baselines:
        bt = out["drivers"]["brass"]["tests"]
        out["regressions_vs_baseline_zink"] = [
            c for c in cmds if baselines["zink"].get(c) == "pass"
            and bt[c]["result"] != "pass"]

    path = a.out or "conformance-%s.json" % list_name
    tmp = path + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(tmp)), exist_ok=True)
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, path)
    if a.update_doc:
        update_doc(a.update_doc, list_name, md_section(out))

    # Summary
    w = sys.stdout.write
    w("%s: %d of %d tests, jobs %d, timeout %gs, wall %.0fs\n" % (
        list_name, len(cmds), n_list, a.jobs, a.timeout, wall_total))
    w("%-10s %s\n" % ("", " ".join("%7s" % k for k in COLUMNS)))
    for drv, d in out["drivers"].items():
        w("%-10s %s%s\n" % (drv, " ".join("%7d" % d["counts"][k]
                                          for k in COLUMNS),
                            "   (%s)" % d["note"] if d["note"] else ""))
    for drv, c in out["baseline_counts"].items():
        w("%-10s %s\n" % ("base:" + drv[:5],
                          " ".join("%7d" % c[k] for k in COLUMNS)))
    for drv, diffs in out["diff_vs_own_baseline"].items():
        w("%s vs its baseline: %d difference(s)\n" % (drv, len(diffs)))
        for c, dd in list(diffs.items())[:10]:
            w("  %s -> %s  %s\n" % (dd["baseline"], dd["now"], c))
    if "brass" in drivers:
        reg = out["regressions_vs_baseline_zink"]
        w("regressions vs baseline zink (zink passes, Brass does not): %d\n"
          % len(reg))
        for c in reg[:10]:
            w("  %s: %s\n" % (out["drivers"]["brass"]["tests"][c]["result"],
                              c))
        if len(reg) > 10:
            w("  ... %d more in %s\n" % (len(reg) - 10, path))
    w("results: %s\n" % path)
    if infra:
        for e in infra[:10]:
            sys.stderr.write("INFRA: %s\n" % e)
        exit_code = EXIT_INFRA
    if drivers.get("brass", {}).get("note"):
        loud("Brass column is all skip: no Brass build.")
    return exit_code


def _interrupt(signum, frame):
    raise KeyboardInterrupt


if __name__ == "__main__":
    # ^C and SIGTERM (CI cancelling a job) both stop the run cleanly.
    signal.signal(signal.SIGINT, _interrupt)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        sys.exit(main())
    except InfraError as e:
        sys.stderr.write("run.py: infrastructure error: %s\n" % e)
        sys.exit(EXIT_INFRA)
    except KeyboardInterrupt:
        kill_running()
        sys.stderr.write("run.py: interrupted (running tests killed; no "
                         "results written)\n")
        sys.exit(130)
