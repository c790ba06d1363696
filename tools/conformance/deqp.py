#!/usr/bin/env python3
"""Brass dEQP runner: runs a Khronos dEQP (VK-GL-CTS) GLES2/GLES3 case list
against Brass and/or Mesa (llvmpipe, zink) through the shared run.sh, maps
dEQP statuses onto run.py's columns, compares Brass with llvmpipe, writes a
result JSON and a markdown section.  Python 3 stdlib only.  See
docs/conformance.md ("dEQP").

Exit status (as run.py):
  0  the runner worked (whatever the pass counts are)
  1  infrastructure error: no dEQP build (and no --src to build one), build
     failed, no shared run.sh, unreadable list, nothing selected, run.sh
     failed or gave no results, a Mesa driver that did not load the
     renderer it should, a --reuse directory without results or lacking
     cases of the selection, or a runner exception
  2  bad command line
  3  Brass was asked for but no Brass build was found (every Brass case is
     reported as skip, detail "no Brass build")
  130 interrupted (SIGINT/SIGTERM): run.sh and its dEQP processes killed,
     nothing written
"""
import argparse
import collections
import datetime
import glob
import json
import os
import platform
import re
import shlex
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402  (importing run.py has no side effects)

REPO = run.REPO
# Next to the repository, like run.py's /work/shared/conformance/ (the
# repository is /work/main, so this is /work/shared/conformance/deqp).
DEQP_DIR = os.path.join(os.path.dirname(REPO), "shared", "conformance",
                        "deqp")
BUILD_DIR = "/tmp/deqp-build"
DRIVERS = run.DRIVERS
COLUMNS = run.COLUMNS
MESA_JSON = run.MESA_JSON
EXIT_OK, EXIT_INFRA, EXIT_USAGE, EXIT_NO_BRASS = (
    run.EXIT_OK, run.EXIT_INFRA, run.EXIT_USAGE, run.EXIT_NO_BRASS)
InfraError = run.InfraError

# Every driver runs with the on-disk shader caches off, so each run compiles
# every shader (results never depend on an earlier run's cache).
CACHE_ENV = {"BRASS_SHADER_CACHE_DISABLE": "1",
             "MESA_SHADER_CACHE_DISABLE": "true"}

# dEQP test-log status -> run.py column.  The warnings count as passing in
# comparisons (as the CTS does); see passing().
STATUS_MAP = {
    "Pass": "pass",
    "QualityWarning": "warn",
    "CompatibilityWarning": "warn",
    "CapabilityWarning": "warn",
    "NotSupported": "skip",
    "Waiver": "skip",
    "NotRun": "skip",        # run.sh: dEQP ran no case (also an infra error)
    "Fail": "fail",
    "ResourceError": "fail",
    "InternalError": "fail",
    "Missing": "fail",       # run.sh: name not in the test hierarchy
    "Pending": "fail",
    "Crash": "crash",
    "DeviceLost": "crash",
    "Timeout": "timeout",
}

# Case-name root -> dEQP module (as run.sh).
MODULES = {"dEQP-GLES2": "gles2", "dEQP-GLES3": "gles3",
           "dEQP-GLES31": "gles31", "dEQP-EGL": "egl"}


def map_status(status):
    """dEQP status word -> one of COLUMNS (unknown words are fail)."""
    return STATUS_MAP.get(status, "fail")


def passing(result):
    """A run.py column that counts as passing in comparisons."""
    return result in ("pass", "warn")


def find_brass_json(repo=REPO):
    """run.py's lookup (build/{ci,release,dev,*}/src/egl/*.json), then the
    build tree's glvnd JSON that CMake generates with an absolute library
    path: build/{ci,release,dev,*}/share/glvnd/egl_vendor.d/*.json."""
    found = run.find_brass_json(repo)
    if found:
        return found
    for preset in ("ci", "release", "dev", "*"):
        for c in sorted(glob.glob(os.path.join(
                repo, "build", preset, "share", "glvnd", "egl_vendor.d",
                "*.json"))):
            if os.path.isfile(c):
                return os.path.abspath(c)
    return None


def list_name_of(spec, is_file):
    """Name for the output file and the doc markers: a list file's base
    name without .txt, or the pattern with the wildcards dropped."""
    if is_file:
        return os.path.splitext(os.path.basename(spec))[0]
    name = re.sub(r"[^A-Za-z0-9.-]+", "_", spec).strip("_.")
    return name or "deqp"


def read_case_list(path):
    """-> (names, patterns) of a run.sh case-list file ('#' comments and
    blank lines ignored; lines containing '*' are patterns)."""
    names, patterns = [], []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            (patterns if "*" in line else names).append(line)
    return list(dict.fromkeys(names)), patterns


def module_of(items):
    """The dEQP module all case names / patterns belong to."""
    roots = {n.split(".", 1)[0] for n in items}
    if len(roots) != 1 or next(iter(roots)) not in MODULES:
        raise InfraError("cases must all start with one of %s (got %s)" % (
            ", ".join(MODULES), ", ".join(sorted(roots)) or "nothing"))
    return MODULES[roots.pop()]


def deqp_exe(build_dir, module):
    return os.path.join(build_dir, "modules", module, "deqp-" + module)


def parse_results_tsv(path):
    """run.sh's results.tsv (case<TAB>status<TAB>detail) -> ordered
    {case: (status, detail)}.  Lines without a status are ignored."""
    out = collections.OrderedDict()
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            p = line.rstrip("\n").split("\t", 2)
            if len(p) < 2 or not p[0] or not p[1]:
                continue
            out[p[0]] = (p[1], p[2] if len(p) > 2 else "")
    return out


def tests_from_tsv(rows):
    """{case: (status, detail)} -> {case: {result, status, detail}}."""
    return collections.OrderedDict(
        (c, {"result": map_status(st), "status": st, "detail": det})
        for c, (st, det) in rows.items())


def pattern_rx(patterns):
    """A regex that matches (re.match) the case names dEQP's --deqp-case
    patterns select: '*' matches any run of characters, dots included."""
    return re.compile("(?:%s)\\Z" % "|".join(
        ".*".join(re.escape(part) for part in p.split("*"))
        for p in patterns))


def qpa_renderer(run_dir):
    """The renderer dEQP logged (#sessionInfo renderer) in run.sh's
    logs/*.qpa of run_dir (batch logs first, then the expansion's), or
    None."""
    logs = sorted(glob.glob(os.path.join(run_dir, "logs", "*.qpa")),
                  key=lambda p: (os.path.basename(p).startswith("expand"),
                                 p))
    for path in logs:
        try:
            with open(path, encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("#beginTestCaseResult"):
                        break
                    p = line.split(" ", 2)
                    if p[0] == "#sessionInfo" and len(p) == 3 and \
                            p[1] == "renderer":
                        return p[2].strip().strip('"') or None
        except OSError:
            continue
    return None


def read_reused_run(run_dir):
    """An earlier run.sh output directory (the per-driver one, holding
    results.tsv; a path to the results.tsv itself is accepted too) ->
    {dir, rows, summary, renderer, date, wall, env}.  summary.json is
    optional: it gives the wall time, the renderer dEQP logged and (its
    modification time) the date; without it the renderer comes from the
    .qpa logs and the date from results.tsv's modification time."""
    d = os.path.abspath(os.path.expanduser(run_dir))
    if os.path.basename(d) == "results.tsv" and os.path.isfile(d):
        d = os.path.dirname(d)
    tsv = os.path.join(d, "results.tsv")
    try:
        rows = parse_results_tsv(tsv)
    except OSError as e:
        raise InfraError("--reuse %s: cannot read %s: %s" % (run_dir, tsv, e))
    if not rows:
        raise InfraError("--reuse %s: %s has no results" % (run_dir, tsv))
    summ, stamp = None, tsv
    sp = os.path.join(d, "summary.json")
    try:
        with open(sp) as f:
            summ = json.load(f)
        if not isinstance(summ, dict):
            summ = None
        else:
            stamp = sp
    except (OSError, ValueError):
        summ = None
    summ = summ or {}
    renderer = (summ.get("gl") or {}).get("renderer") or qpa_renderer(d)
    try:
        date = datetime.datetime.fromtimestamp(
            os.path.getmtime(stamp), datetime.timezone.utc).isoformat(
                timespec="seconds")
    except OSError:
        date = None
    env = {}
    if summ.get("vendor"):
        env["__EGL_VENDOR_LIBRARY_FILENAMES"] = summ["vendor"]
    env.update(summ.get("env") or {})
    return {"dir": d, "rows": rows, "summary": summ or None,
            "renderer": renderer, "date": date, "wall": summ.get("wall_s"),
            "env": env, "setup_failure": bool(summ.get("setup_failure"))}


def reused_note(d):
    """ "reused from an earlier run: DIR, DATE" for a reused driver."""
    date = d.get("reused_date")
    return "reused from an earlier run: %s%s" % (
        d["reused_from"], ", " + date[:16].replace("T", " ") + " UTC"
        if date else "")


def compare(tests_a, tests_b):
    """Cases (in tests_a's order) that pass (or warn) in tests_a but not in
    tests_b; a case absent from tests_b counts as not passing there."""
    return [c for c, t in tests_a.items() if passing(t["result"])
            and not passing(tests_b.get(c, {}).get("result"))]


def group_of(case, depth=4):
    """The first `depth` dot-separated components, but never the whole
    name: dEQP-GLES2.functional.shaders.linkage.varying.x ->
    dEQP-GLES2.functional.shaders.linkage; dEQP-GLES2.info.vendor ->
    dEQP-GLES2.info."""
    parts = case.split(".")
    return ".".join(parts[:max(1, min(depth, len(parts) - 1))])


def group_cases(cases, tests=None, depth=4):
    """-> [(group, count, {result: n})], most cases first (ties: first
    seen).  The result breakdown is of `tests` (e.g. Brass's)."""
    groups = collections.OrderedDict()
    for c in cases:
        g = groups.setdefault(group_of(c, depth), [0, collections.Counter()])
        g[0] += 1
        if tests is not None:
            g[1][tests.get(c, {}).get("result", "absent")] += 1
    order = {g: i for i, g in enumerate(groups)}
    rows = [(g, v[0], dict(v[1])) for g, v in groups.items()]
    rows.sort(key=lambda r: (-r[1], order[r[0]]))
    return rows


def comparison(tests, a, b, depth=4):
    """The "<a>_vs_<b>" JSON entry (a is Brass)."""
    b_not_a = compare(tests[b], tests[a])
    return {
        "%s_passes_%s_does_not" % (b, a): b_not_a,
        "%s_passes_%s_does_not" % (a, b): compare(tests[a], tests[b]),
        "groups_%s_passes_%s_does_not" % (b, a): collections.OrderedDict(
            (g, n) for g, n, _ in group_cases(b_not_a, depth=depth)),
    }


def md_cell(s, n=80):
    s = " ".join(str(s).split()).replace("|", "\\|").replace("`", "'")
    return s if len(s) <= n else s[:n - 3] + "..."


def md_section(data, max_cases=30, max_groups=30):
    """Markdown for one list (without the markers)."""
    L = []
    L.append("### dEQP `%s` (%d cases run of %d in the list)" % (
        data["list"], data["tests_run"], data["tests_in_list"]))
    L.append("")
    L.append("Measured %s on %s (jobs %d, wall %ds), dEQP build %s." % (
        data["finished"][:16].replace("T", " ") + " UTC", data["host"],
        data["jobs"], data["wall_seconds"], data["deqp_build"]))
    L.append("")
    L.append("    " + data["command"])
    L.append("")
    L.append("| driver | renderer | pass | fail | skip | crash | timeout |"
             " warn | wall |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for drv, d in data["drivers"].items():
        c = d["counts"]
        rend = d.get("deqp_renderer") or \
            (d.get("renderer") or {}).get("gl_renderer") or "-"
        if d.get("note"):
            rend = "**%s**" % d["note"]
        elif d.get("renderer_problem"):
            rend = "**renderer check: %s**" % md_cell(d["renderer_problem"])
        name = drv
        if d.get("reused_from"):
            name = "%s (%s)" % (drv, md_cell(reused_note(d), 1000))
        wall = d.get("wall")
        L.append("| %s | %s | %s | %s |" % (
            name, md_cell(rend), " | ".join(str(c[k]) for k in COLUMNS),
            "-" if wall is None else "%ds" % wall))
    L.append("")
    L.append("warn = QualityWarning/CompatibilityWarning (passing); skip = "
             "NotSupported; fail = Fail/ResourceError/InternalError/Missing.")
    cmp_ = data.get("brass_vs_llvmpipe")
    if cmp_ is not None:
        lost = cmp_["llvmpipe_passes_brass_does_not"]
        won = cmp_["brass_passes_llvmpipe_does_not"]
        brass = data["drivers"]["brass"]
        L.append("")
        L.append("- Brass vs llvmpipe: %d case(s) llvmpipe passes that Brass "
                 "does not%s; %d Brass passes that llvmpipe does not." % (
                     len(lost), " (no Brass build: all skipped)"
                     if brass.get("note") else "", len(won)))
    zc = data.get("brass_vs_zink")
    if zc is not None:
        if cmp_ is None:
            L.append("")
        L.append("- Brass vs zink: %d case(s) zink passes that Brass "
                 "does not; %d Brass passes that zink does not." % (
                     len(zc["zink_passes_brass_does_not"]),
                     len(zc["brass_passes_zink_does_not"])))
    if cmp_ is not None:
        if lost and not brass.get("note"):
            bt = brass["tests"]
            rows = group_cases(lost, bt, data.get("group_depth", 4))
            L.append("")
            L.append("Where they cluster (group = first %d name components):"
                     % data.get("group_depth", 4))
            L.append("")
            L.append("| group | cases | Brass results |")
            L.append("|---|---:|---|")
            for g, n, res in rows[:max_groups]:
                L.append("| `%s` | %d | %s |" % (g, n, ", ".join(
                    "%s %d" % (k, res[k]) for k in sorted(
                        res, key=lambda k: (-res[k], k)))))
            if len(rows) > max_groups:
                L.append("| ... %d more groups | %d | |" % (
                    len(rows) - max_groups,
                    sum(r[1] for r in rows[max_groups:])))
            L.append("")
            L.append("First %d of them (list order), Brass's status and "
                     "detail:" % min(max_cases, len(lost)))
            L.append("")
            for c in lost[:max_cases]:
                t = bt.get(c, {})
                det = md_cell(t.get("detail", ""))
                L.append("- `%s`: %s%s" % (c, t.get("status", "absent"),
                                           " (%s)" % det if det else ""))
            if len(lost) > max_cases:
                L.append("- ... (%d more in the result JSON)"
                         % (len(lost) - max_cases))
    return "\n".join(L)


def scrubbed_env():
    env = {k: v for k, v in os.environ.items() if k not in run.SCRUB}
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    return env


def apply_kv(env, pairs):
    """run.sh's -e semantics: K=V sets, K= (empty value) unsets."""
    for k, v in pairs:
        if v == "":
            env.pop(k, None)
        else:
            env[k] = v
    return env


def parse_kv(s):
    k, sep, v = s.partition("=")
    if not sep or not k or not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", k):
        raise ValueError(s)
    return k, v


# ---- subprocesses (run.sh, build.sh, dEQP) and their cleanup

_CHILD = [None]


def _descendants(pid):
    kids = collections.defaultdict(list)
    for st in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(st) as f:
                s = f.read()
            ppid = int(s[s.rindex(")") + 2:].split()[1])
            kids[ppid].append(int(st.split("/")[2]))
        except (OSError, ValueError, IndexError):
            pass
    out, todo = [], [pid]
    while todo:
        for c in kids.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kill_child():
    """Kill the running run.sh/build.sh and everything it started (run.sh
    starts each dEQP process in its own session, so a process-group kill
    of run.sh alone would leave them running)."""
    p = _CHILD[0]
    if p is None or p.poll() is not None:
        return
    desc = _descendants(p.pid)
    for pid in [p.pid] + desc:
        for kill in (os.killpg, os.kill):
            try:
                kill(pid, signal.SIGKILL)
                break
            except (ProcessLookupError, PermissionError):
                continue
    p.wait()


def stream(argv, env, log_path, prefix, quiet, cwd=None):
    """Run argv, its output to log_path and (unless quiet) to stderr with a
    prefix.  Returns the exit status."""
    with open(log_path, "w") as log:
        p = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             start_new_session=True)
        _CHILD[0] = p
        try:
            for raw in p.stdout:
                line = raw.decode("utf-8", "replace")
                log.write(line)
                log.flush()
                if not quiet:
                    sys.stderr.write(prefix + line)
                    sys.stderr.flush()
            return p.wait()
        finally:
            if p.poll() is None:
                kill_child()
            _CHILD[0] = None


def tail_of(path, n=15):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-n:])
    except OSError:
        return ""


def ensure_build(a, module, deqp_dir):
    """The dEQP executable for module: from --build-dir, else built there
    from --src with the shared build.sh, else InfraError."""
    exe = deqp_exe(a.build_dir, module)
    if os.access(exe, os.X_OK):
        return exe
    build_sh = os.path.join(deqp_dir, "build.sh")
    if not a.src:
        raise InfraError(
            "no dEQP build: %s is missing.  Build deqp-gles2 and deqp-gles3 "
            "(about 6-9 minutes on 2 cores) by passing --src with a "
            "VK-GL-CTS work tree or bare git directory, e.g.\n"
            "  tools/conformance/deqp.py ... --src "
            "/work/.mirror/KhronosGroup+VK-GL-CTS/repo --build-dir %s\n"
            "or by hand: %s SRC %s  (see %s), or point --build-dir at an "
            "existing build." % (exe, a.build_dir, build_sh, a.build_dir,
                                 os.path.join(deqp_dir, "README.md")))
    if not os.access(build_sh, os.X_OK):
        raise InfraError("no build.sh in %s (--deqp-dir)" % deqp_dir)
    if not os.path.exists(a.src):
        raise InfraError("--src %s does not exist" % a.src)
    os.makedirs(a.work_dir, exist_ok=True)
    log = os.path.join(a.work_dir, "build.log")
    sys.stderr.write("deqp.py: no dEQP build in %s; building it from %s "
                     "(log %s)\n" % (a.build_dir, a.src, log))
    rc = stream([build_sh, os.path.abspath(a.src), a.build_dir],
                dict(os.environ), log, "[build] ", a.quiet)
    if rc != 0 or not os.access(exe, os.X_OK):
        raise InfraError("build.sh %s %s failed (rc %s), log %s:\n%s" % (
            a.src, a.build_dir, rc, log, tail_of(log)))
    return exe


def expand_patterns(exe, patterns, env, out_dir, timeout=600):
    """Case names matching dEQP patterns, in hierarchy order, from the dEQP
    executable's txt-caselist mode (which builds the test hierarchy and so
    needs a working EGL: env is llvmpipe's)."""
    os.makedirs(out_dir, exist_ok=True)
    exp = os.path.join(out_dir, "expanded.txt")
    if os.path.exists(exp):
        os.unlink(exp)
    argv = [exe, "--deqp-case=" + ",".join(patterns),
            "--deqp-runmode=txt-caselist",
            "--deqp-caselist-export-file=" + exp,
            "--deqp-log-filename=" + os.path.join(out_dir, "expand.qpa"),
            "--deqp-surface-type=pbuffer", "--deqp-visibility=hidden",
            "--deqp-gl-config-name=rgba8888d24s8ms0",
            "--deqp-surface-width=256", "--deqp-surface-height=256"]
    env = dict(env)
    env.setdefault("EGL_PLATFORM", "surfaceless")
    try:
        p = subprocess.run(argv, cwd=os.path.dirname(exe), env=env,
                           stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise InfraError("dEQP case expansion timed out: %s" % patterns)
    if not os.path.exists(exp):
        raise InfraError("dEQP case expansion failed (rc %s): %s" % (
            p.returncode, run.piglit_result.tail(
                p.stdout.decode("utf-8", "replace"), 10)))
    names = []
    with open(exp, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("TEST: "):
                names.append(line[6:].strip())
    return names


def parse_args(argv):
    ap = argparse.ArgumentParser(
        description="Run a dEQP GLES2/GLES3 case list against Brass / Mesa "
        "through the shared run.sh.")
    ap.add_argument("list", help="case-list file (e.g. /work/shared/"
                    "conformance/deqp/gles2-dev.txt) or a dEQP pattern "
                    "('dEQP-GLES2.info.*', comma-separated)")
    ap.add_argument("--driver", action="append", choices=DRIVERS,
                    help="driver to run (repeatable); default brass")
    ap.add_argument("--compare", action="store_true",
                    help="run brass, llvmpipe and zink")
    ap.add_argument("--jobs", "-j", type=int, default=2,
                    help="parallel dEQP processes per driver (default 2)")
    ap.add_argument("--filter", help="only cases matching this regex "
                    "(re.search on the case name)")
    ap.add_argument("--limit", type=int,
                    help="only the first N cases (after --filter)")
    ap.add_argument("--out", help="result JSON (default "
                    "conformance-deqp-<list>.json in the current directory)")
    ap.add_argument("--update-doc", metavar="MD",
                    help="replace this list's section in a markdown file")
    ap.add_argument("--brass-json", help="Brass glvnd vendor JSON (default: "
                    "as run.py, then build/*/share/glvnd/egl_vendor.d/*.json)")
    ap.add_argument("--extra-env", action="append", default=[],
                    metavar="K=V", help="extra environment for every driver "
                    "(repeatable; K= unsets K), passed to run.sh as -e")
    ap.add_argument("--build-dir", default=BUILD_DIR,
                    help="dEQP build directory (default %s)" % BUILD_DIR)
    ap.add_argument("--src", help="VK-GL-CTS work tree or bare git dir to "
                    "build dEQP from when --build-dir has no build")
    ap.add_argument("--deqp-dir", default=DEQP_DIR,
                    help="the shared run.sh/build.sh directory (default %s)"
                    % DEQP_DIR)
    ap.add_argument("--work-dir", help="per-driver run.sh output "
                    "directories go here (default /tmp/deqp-results/"
                    "<list>-<date>)")
    ap.add_argument("--watchdog", type=int,
                    help="dEQP watchdog per case in s (run.sh -W, "
                    "default 300)")
    ap.add_argument("--group-depth", type=int, default=4,
                    help="name components that make a group in the doc "
                    "table (default 4)")
    ap.add_argument("--reuse", action="append", default=[],
                    dest="reuse_specs", metavar="DRIVER=RUN_DIR",
                    help="do not run DRIVER: take its results from an "
                    "earlier run.sh output directory (the one holding "
                    "results.tsv, e.g. <work-dir>/llvmpipe); repeatable; "
                    "the driver is selected by this")
    ap.add_argument("--no-verify", action="store_true",
                    help="do not check the renderer string before running")
    ap.add_argument("--quiet", "-q", action="store_true",
                    help="do not echo run.sh's output")
    a = ap.parse_args(argv)
    a.reuse = collections.OrderedDict()
    for spec in a.reuse_specs:
        drv, sep, run_dir = spec.partition("=")
        if not sep or not run_dir:
            ap.error("--reuse wants DRIVER=RUN_DIR, got %r" % spec)
        if drv not in DRIVERS:
            ap.error("--reuse %s: unknown driver %r (choose from %s)" % (
                spec, drv, ", ".join(DRIVERS)))
        if drv in a.reuse:
            ap.error("--reuse given twice for %s" % drv)
        a.reuse[drv] = run_dir
    drivers = list(DRIVERS) if a.compare else (a.driver or ["brass"])
    a.drivers = list(dict.fromkeys(drivers + list(a.reuse)))
    if a.jobs < 1:
        ap.error("--jobs must be >= 1")
    if a.limit is not None and a.limit < 1:
        ap.error("--limit must be >= 1")
    if a.group_depth < 1:
        ap.error("--group-depth must be >= 1")
    try:
        a.extra_kv = [parse_kv(s) for s in a.extra_env]
    except ValueError as e:
        ap.error("--extra-env wants KEY=VALUE, got %r" % str(e))
    if a.filter:
        try:
            a.filter_rx = re.compile(a.filter)
        except re.error as e:
            ap.error("--filter: %s" % e)
    a.build_dir = os.path.abspath(a.build_dir)
    return a


def main(argv=None):
    argv = argv if argv is not None else sys.argv[1:]
    a = parse_args(argv)
    t_start = datetime.datetime.now(datetime.timezone.utc)
    is_file = os.path.isfile(a.list)
    list_name = list_name_of(a.list, is_file)
    if a.work_dir is None:
        a.work_dir = "/tmp/deqp-results/%s-%s" % (
            list_name, time.strftime("%Y%m%d-%H%M%S"))
    a.work_dir = os.path.abspath(a.work_dir)
    deqp_dir = os.path.abspath(a.deqp_dir)
    run_sh = os.path.join(deqp_dir, "run.sh")
    # Drivers that run now; the --reuse ones take an earlier run's results.
    fresh = [drv for drv in a.drivers if drv not in a.reuse]
    if fresh and not os.access(run_sh, os.X_OK):
        raise InfraError("no run.sh in %s (--deqp-dir)" % deqp_dir)
    reused = collections.OrderedDict(
        (drv, read_reused_run(rd)) for drv, rd in a.reuse.items())

    # ---- the cases
    if is_file:
        try:
            names, patterns = read_case_list(a.list)
        except OSError as e:
            raise InfraError("cannot read %s: %s" % (a.list, e))
    else:
        names, patterns = [], [p for p in a.list.split(",") if p]
    if not names and not patterns:
        raise InfraError("no cases in %s" % a.list)
    module = module_of(names + patterns)
    if fresh:
        exe = ensure_build(a, module, deqp_dir)
    else:
        # Only reused drivers: no dEQP build needed (one is used, if there,
        # to expand patterns).
        exe = deqp_exe(a.build_dir, module)
        exe = exe if os.access(exe, os.X_OK) else None
    os.makedirs(a.work_dir, exist_ok=True)

    env0 = scrubbed_env()

    def expand(pats):
        if exe is None:
            first = next(iter(reused.values()))
            sys.stderr.write(
                "deqp.py: no dEQP build in %s to expand %s: taking the cases "
                "of %s/results.tsv that the patterns match (cases it lacks "
                "cannot be detected)\n" % (a.build_dir, ",".join(pats),
                                            first["dir"]))
            rx = pattern_rx(pats)
            return [c for c in first["rows"] if rx.match(c)]
        mesa = apply_kv(dict(env0, **run.driver_env("llvmpipe", None),
                             **CACHE_ENV), a.extra_kv)
        return expand_patterns(exe, pats, mesa,
                               os.path.join(a.work_dir, "expand"))

    selected = None          # explicit case names, or None: LIST as is
    n_list = len(names) if not patterns else None
    if a.filter or a.limit is not None:
        cases = list(names)
        if patterns:
            cases = list(dict.fromkeys(expand(patterns) + names))
            n_list = len(cases)
        if a.filter:
            cases = [c for c in cases if a.filter_rx.search(c)]
        if a.limit is not None:
            cases = cases[:a.limit]
        if not cases:
            raise InfraError("no cases selected from %s" % a.list)
        selected = cases
        case_arg = os.path.join(a.work_dir, "selected-cases.txt")
        with open(case_arg, "w") as f:
            f.write("".join(c + "\n" for c in cases))
    else:
        case_arg = os.path.abspath(a.list) if is_file else a.list

    # ---- reused drivers: their results restricted to the selection, which
    # they must cover (checked before anything runs)
    if reused:
        expected = selected
        if expected is None:
            expected = names if not patterns else list(dict.fromkeys(
                expand(patterns) + names))
            if n_list is None:
                n_list = len(expected)
        want = set(expected)
        lacking = []
        for drv, r in reused.items():
            missing = [c for c in expected if c not in r["rows"]]
            if missing:
                lacking.append("%s: %s/results.tsv lacks %d of the %d "
                               "selected cases (e.g. %s)" % (
                                   drv, r["dir"], len(missing),
                                   len(expected), ", ".join(missing[:3])))
            r["tests"] = tests_from_tsv(collections.OrderedDict(
                (c, v) for c, v in r["rows"].items() if c in want))
        if lacking:
            raise InfraError(
                "the reused results do not cover the selection (run those "
                "drivers again, or select only cases they ran):\n  "
                + "\n  ".join(lacking))

    # ---- drivers: environment and renderer check
    exit_code = EXIT_OK
    drivers = collections.OrderedDict()
    for drv in a.drivers:
        d = {"env": {}, "renderer": None, "deqp_renderer": None,
             "note": None, "renderer_problem": None}
        if drv in reused:
            # No renderer probe: the renderer is what that run's dEQP
            # logged, checked like a probed one when known.
            r = reused[drv]
            d.update(env=r["env"], deqp_renderer=r["renderer"],
                     reused_from=r["dir"], reused_date=r["date"],
                     out_dir=r["dir"], tests=r["tests"], wall=r["wall"])
            if r["renderer"]:
                bad = run.check_renderer(drv, {"gl_renderer": r["renderer"]})
                if bad:
                    d["renderer_problem"] = bad
                    if drv == "brass":
                        run.loud("Brass renderer check (reused run %s): %s"
                                 % (r["dir"], bad))
                    elif not a.no_verify:
                        raise InfraError("%s (reused from %s): %s" % (
                            drv, r["dir"], bad))
            if not a.quiet:
                sys.stderr.write("%s: %s, %d cases, renderer %r\n" % (
                    drv, reused_note(d), len(r["tests"]), r["renderer"]))
            drivers[drv] = d
            continue
        bj = None
        if drv == "brass":
            if a.brass_json and not os.path.isfile(a.brass_json):
                raise InfraError("--brass-json %s does not exist"
                                 % a.brass_json)
            bj = os.path.abspath(a.brass_json) if a.brass_json \
                else find_brass_json()
            if not bj:
                d["note"] = "no Brass build"
                run.loud("NO BRASS BUILD FOUND (looked in %s/build/{ci,"
                         "release,dev,*}/src/egl/*.json and share/glvnd/"
                         "egl_vendor.d/*.json). Every Brass case is reported "
                         "as skip. Pass --brass-json or build first." % REPO)
                exit_code = EXIT_NO_BRASS
        denv = run.driver_env(drv, bj)
        d["vendor_json"] = denv.pop("__EGL_VENDOR_LIBRARY_FILENAMES")
        d["env"] = dict([("__EGL_VENDOR_LIBRARY_FILENAMES",
                          d["vendor_json"])] + list(denv.items()) +
                        list(CACHE_ENV.items()) + list(a.extra_kv))
        d["_e"] = list(denv.items()) + list(CACHE_ENV.items()) + a.extra_kv
        if d["note"] is None:
            penv = apply_kv(dict(env0, __EGL_VENDOR_LIBRARY_FILENAMES=d[
                "vendor_json"]), d["_e"])
            d["renderer"] = run.probe_renderer(penv)
            bad = run.check_renderer(drv, d["renderer"])
            if bad:
                d["renderer_problem"] = bad
                if drv == "brass":
                    run.loud("Brass renderer check: %s (running anyway)"
                             % bad)
                elif not a.no_verify:
                    raise InfraError("%s: %s" % (drv, bad))
            if not a.quiet:
                sys.stderr.write("%s: renderer %r\n" % (
                    drv, d["renderer"].get("gl_renderer")))
        drivers[drv] = d

    # ---- run
    infra = []
    t0 = time.monotonic()
    for drv, d in drivers.items():
        if d.get("reused_from"):
            # As for a driver that ran (run.sh's exit status is not kept:
            # its summary.json says whether setup failed).
            if drv in reused and reused[drv]["setup_failure"]:
                infra.append("%s: the reused run %s had a setup failure "
                             "(see its summary.txt)" % (drv, d["out_dir"]))
            not_run = [c for c, r in d["tests"].items()
                       if r["status"] == "NotRun"]
            if not_run:
                infra.append("%s: %d case(s) NotRun in the reused run %s" % (
                    drv, len(not_run), d["out_dir"]))
            continue
        if d["note"] is not None:
            continue
        out_dir = os.path.join(a.work_dir, drv)
        os.makedirs(out_dir, exist_ok=True)
        for stale in ("results.tsv", "summary.json", "summary.txt"):
            if os.path.exists(os.path.join(out_dir, stale)):
                os.unlink(os.path.join(out_dir, stale))
        cmd = [run_sh, "-b", a.build_dir, "-v", d["vendor_json"],
               "-o", out_dir, "-j", str(a.jobs)]
        if a.watchdog:
            cmd += ["-W", str(a.watchdog)]
        for k, v in d["_e"]:
            cmd += ["-e", "%s=%s" % (k, v)]
        cmd.append(case_arg)
        d["out_dir"] = out_dir
        d["run_sh"] = " ".join(shlex.quote(x) for x in cmd)
        if not a.quiet:
            sys.stderr.write("%s: %s\n" % (drv, d["run_sh"]))
        t = time.monotonic()
        rc = stream(cmd, env0, os.path.join(out_dir, "run.log"),
                    "[%s] " % drv, a.quiet)
        d["run_seconds"] = round(time.monotonic() - t, 1)
        tsv = os.path.join(out_dir, "results.tsv")
        if os.path.exists(tsv):
            d["tests"] = tests_from_tsv(parse_results_tsv(tsv))
        else:
            d["tests"] = collections.OrderedDict()
        try:
            with open(os.path.join(out_dir, "summary.json")) as f:
                summ = json.load(f)
            d["wall"] = summ.get("wall_s", d["run_seconds"])
            d["deqp_renderer"] = (summ.get("gl") or {}).get("renderer")
        except (OSError, ValueError):
            d["wall"] = d["run_seconds"]
        if rc != 0 or not d["tests"]:
            infra.append("%s: run.sh exited %s%s, log %s: %s" % (
                drv, rc, "" if d["tests"] else " without results",
                os.path.join(out_dir, "run.log"),
                tail_of(os.path.join(out_dir, "run.log"), 5).strip()))
        not_run = [c for c, r in d["tests"].items() if r["status"] == "NotRun"]
        if not_run and rc == 0:
            infra.append("%s: %d case(s) NotRun" % (drv, len(not_run)))
    wall_total = time.monotonic() - t0

    # Case order: the selection, else the first driver that has results.
    order = selected
    if order is None:
        for d in drivers.values():
            if d.get("tests"):
                order = list(d["tests"])
                break
    order = order or []
    for d in drivers.values():
        if d["note"] is not None:
            d["tests"] = collections.OrderedDict(
                (c, {"result": "skip", "status": "NotRun",
                     "detail": d["note"]}) for c in order)
            d["wall"] = 0
    if n_list is None:
        n_list = len(order)
    n_run = max([len(order)] + [len(d["tests"]) for d in drivers.values()])

    out = {
        "list": list_name,
        "list_path": os.path.abspath(a.list) if is_file else None,
        "pattern": None if is_file else a.list,
        "module": module, "host": platform.node(),
        "started": t_start.isoformat(timespec="seconds"),
        "finished": datetime.datetime.now(datetime.timezone.utc)
        .isoformat(timespec="seconds"),
        "command": "tools/conformance/deqp.py " + " ".join(
            shlex.quote(x) for x in argv),
        "jobs": a.jobs, "filter": a.filter, "limit": a.limit,
        "extra_env": a.extra_env, "deqp_build": a.build_dir,
        "deqp_dir": deqp_dir, "work_dir": a.work_dir,
        "group_depth": a.group_depth,
        "tests_in_list": n_list, "tests_run": n_run,
        "wall_seconds": round(wall_total, 1),
        "drivers": collections.OrderedDict(), "infra_errors": infra,
    }
    for drv, d in drivers.items():
        tests = d["tests"]
        out["drivers"][drv] = {
            "env": d["env"], "renderer": d["renderer"],
            "deqp_renderer": d["deqp_renderer"], "note": d["note"],
            "renderer_problem": d["renderer_problem"],
            "run_sh": d.get("run_sh"), "out_dir": d.get("out_dir"),
            "reused_from": d.get("reused_from"),
            "reused_date": d.get("reused_date"),
            "counts": run.count(t["result"] for t in tests.values()),
            "status_counts": dict(collections.Counter(
                t["status"] for t in tests.values())),
            "wall": d.get("wall", 0), "tests": tests}
    all_tests = {drv: d["tests"] for drv, d in out["drivers"].items()}
    for other in ("llvmpipe", "zink"):
        if "brass" in all_tests and other in all_tests:
            out["brass_vs_" + other] = comparison(all_tests, "brass", other,
                                                  a.group_depth)

    path = a.out or "conformance-deqp-%s.json" % list_name
    tmp = path + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(tmp)), exist_ok=True)
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)
    if a.update_doc:
        run.update_doc(a.update_doc, "deqp-" + list_name, md_section(out))

    # ---- summary
    w = sys.stdout.write
    w("dEQP %s: %d of %d cases, jobs %d, wall %.0fs\n" % (
        list_name, n_run, n_list, a.jobs, wall_total))
    w("%-10s %s\n" % ("", " ".join("%7s" % k for k in COLUMNS)))
    for drv, d in out["drivers"].items():
        note = d["note"] or (reused_note(d) if d["reused_from"] else None)
        w("%-10s %s%s\n" % (drv, " ".join("%7d" % d["counts"][k]
                                          for k in COLUMNS),
                            "   (%s)" % note if note else ""))
    if "brass_vs_llvmpipe" in out:
        c = out["brass_vs_llvmpipe"]
        lost = c["llvmpipe_passes_brass_does_not"]
        w("llvmpipe passes, Brass does not: %d; Brass passes, llvmpipe "
          "does not: %d\n" % (len(lost),
                              len(c["brass_passes_llvmpipe_does_not"])))
        for g, n in list(c["groups_llvmpipe_passes_brass_does_not"]
                         .items())[:10]:
            w("  %5d  %s\n" % (n, g))
    if "brass_vs_zink" in out:
        c = out["brass_vs_zink"]
        w("zink passes, Brass does not: %d; Brass passes, zink does not: "
          "%d\n" % (len(c["zink_passes_brass_does_not"]),
                    len(c["brass_passes_zink_does_not"])))
    w("results: %s (run.sh output: %s)\n" % (path, a.work_dir))
    if infra:
        for e in infra[:10]:
            sys.stderr.write("INFRA: %s\n" % e)
        exit_code = EXIT_INFRA
    if drivers.get("brass", {}).get("note"):
        run.loud("Brass column is all skip: no Brass build.")
    return exit_code


if __name__ == "__main__":
    # ^C and SIGTERM stop the run cleanly, as in run.py.
    signal.signal(signal.SIGINT, run._interrupt)
    signal.signal(signal.SIGTERM, run._interrupt)
    try:
        sys.exit(main())
    except InfraError as e:
        sys.stderr.write("deqp.py: infrastructure error: %s\n" % e)
        sys.exit(EXIT_INFRA)
    except KeyboardInterrupt:
        kill_child()
        sys.stderr.write("deqp.py: interrupted (run.sh and dEQP killed; no "
                         "results written)\n")
        sys.exit(130)
