"""Unit tests for the dEQP runner (tools/conformance/deqp.py).

Run:  python3 -m unittest discover -s tests/conformance -p 'test_*.py'
(from the repository root; stdlib only, needs no dEQP and runs no GL: the
end-to-end tests use a fake run.sh and a fake renderer probe).
"""
import contextlib
import io
import json
import os
import sys
import tempfile
import textwrap
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "conformance"))

import deqp  # noqa: E402


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if mode:
        os.chmod(path, mode)


def read(path):
    with open(path) as f:
        return f.read()


def load(path):
    with open(path) as f:
        return json.load(f)


def tests_of(pairs):
    return {c: {"result": deqp.map_status(st), "status": st, "detail": ""}
            for c, st in pairs}


class StatusMap(unittest.TestCase):
    def test_mapping(self):
        want = {"Pass": "pass", "QualityWarning": "warn",
                "CompatibilityWarning": "warn", "NotSupported": "skip",
                "Fail": "fail", "ResourceError": "fail",
                "InternalError": "fail", "Missing": "fail",
                "Crash": "crash", "Timeout": "timeout"}
        for st, col in want.items():
            self.assertEqual(deqp.map_status(st), col, st)

    def test_every_mapping_is_a_column(self):
        for col in deqp.STATUS_MAP.values():
            self.assertIn(col, deqp.COLUMNS)

    def test_unknown_is_fail(self):
        self.assertEqual(deqp.map_status("Bogus"), "fail")
        self.assertEqual(deqp.map_status(""), "fail")

    def test_warnings_count_as_passing(self):
        self.assertTrue(deqp.passing("pass"))
        self.assertTrue(deqp.passing("warn"))
        for r in ("fail", "skip", "crash", "timeout", None):
            self.assertFalse(deqp.passing(r))


class ResultsTsv(unittest.TestCase):
    def test_parse(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "results.tsv")
            write(p, "dEQP-GLES2.info.vendor\tPass\tPass\n"
                     "dEQP-GLES2.a.b.c\tFail\tGot 1, expected 2\ttab\n"
                     "\n"
                     "garbage-without-status\n"
                     "dEQP-GLES2.a.b.d\tCrash\n"
                     "dEQP-GLES2.a.b.e\tQualityWarning\tslow\n")
            rows = deqp.parse_results_tsv(p)
            self.assertEqual(list(rows), ["dEQP-GLES2.info.vendor",
                                          "dEQP-GLES2.a.b.c",
                                          "dEQP-GLES2.a.b.d",
                                          "dEQP-GLES2.a.b.e"])
            self.assertEqual(rows["dEQP-GLES2.a.b.c"],
                             ("Fail", "Got 1, expected 2\ttab"))
            self.assertEqual(rows["dEQP-GLES2.a.b.d"], ("Crash", ""))
            tests = deqp.tests_from_tsv(rows)
            self.assertEqual(tests["dEQP-GLES2.a.b.e"],
                             {"result": "warn", "status": "QualityWarning",
                              "detail": "slow"})
            c = deqp.run.count(t["result"] for t in tests.values())
            self.assertEqual((c["pass"], c["fail"], c["crash"], c["warn"]),
                             (1, 1, 1, 1))

    def test_read_case_list(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "l.txt")
            write(p, "# comment\n\ndEQP-GLES2.a.b\n dEQP-GLES2.a.c \n"
                     "dEQP-GLES2.a.b\ndEQP-GLES2.x.*\n")
            names, pats = deqp.read_case_list(p)
            self.assertEqual(names, ["dEQP-GLES2.a.b", "dEQP-GLES2.a.c"])
            self.assertEqual(pats, ["dEQP-GLES2.x.*"])

    def test_module_and_name(self):
        self.assertEqual(deqp.module_of(["dEQP-GLES3.a", "dEQP-GLES3.b*"]),
                         "gles3")
        with self.assertRaises(deqp.InfraError):
            deqp.module_of(["dEQP-GLES2.a", "dEQP-GLES3.b"])
        with self.assertRaises(deqp.InfraError):
            deqp.module_of(["dEQP-VK.a"])
        self.assertEqual(deqp.list_name_of("/x/gles2-dev.txt", True),
                         "gles2-dev")
        self.assertEqual(deqp.list_name_of("dEQP-GLES2.info.*", False),
                         "dEQP-GLES2.info")


class Compare(unittest.TestCase):
    def setUp(self):
        self.llvm = tests_of([("g.a.b.c.1", "Pass"), ("g.a.b.c.2", "Pass"),
                              ("g.a.b.d.1", "QualityWarning"),
                              ("g.a.b.d.2", "Fail"),
                              ("g.a.b.d.3", "NotSupported"),
                              ("g.x.y.z.1", "Pass")])
        self.brass = tests_of([("g.a.b.c.1", "Fail"), ("g.a.b.c.2",
                                                       "CompatibilityWarning"),
                               ("g.a.b.d.1", "Crash"), ("g.a.b.d.2", "Pass"),
                               ("g.a.b.d.3", "Pass")])

    def test_compare_both_ways(self):
        # g.x.y.z.1 is absent for Brass: not passing there.
        self.assertEqual(deqp.compare(self.llvm, self.brass),
                         ["g.a.b.c.1", "g.a.b.d.1", "g.x.y.z.1"])
        self.assertEqual(deqp.compare(self.brass, self.llvm),
                         ["g.a.b.d.2", "g.a.b.d.3"])

    def test_comparison_entry(self):
        c = deqp.comparison({"brass": self.brass, "llvmpipe": self.llvm},
                            "brass", "llvmpipe")
        self.assertEqual(c["llvmpipe_passes_brass_does_not"],
                         ["g.a.b.c.1", "g.a.b.d.1", "g.x.y.z.1"])
        self.assertEqual(c["brass_passes_llvmpipe_does_not"],
                         ["g.a.b.d.2", "g.a.b.d.3"])
        self.assertEqual(list(c["groups_llvmpipe_passes_brass_does_not"]
                              .items()),
                         [("g.a.b.c", 1), ("g.a.b.d", 1), ("g.x.y.z", 1)])


class Groups(unittest.TestCase):
    def test_group_of(self):
        self.assertEqual(deqp.group_of(
            "dEQP-GLES2.functional.shaders.linkage.varying.x"),
            "dEQP-GLES2.functional.shaders.linkage")
        # never the whole name
        self.assertEqual(deqp.group_of("dEQP-GLES2.info.vendor"),
                         "dEQP-GLES2.info")
        self.assertEqual(deqp.group_of("a.b.c.d", 4), "a.b.c")
        self.assertEqual(deqp.group_of("a.b.c.d.e", 2), "a.b")
        self.assertEqual(deqp.group_of("single"), "single")

    def test_group_cases_order_and_breakdown(self):
        cases = ["r.f.a.x.1", "r.f.b.y.1", "r.f.b.y.2", "r.f.b.y.3",
                 "r.f.c.z.1", "r.f.c.z.2", "r.f.a.x.2", "r.f.a.x.3"]
        brass = tests_of([("r.f.b.y.1", "Fail"), ("r.f.b.y.2", "Crash"),
                          ("r.f.b.y.3", "Fail")])
        rows = deqp.group_cases(cases, brass)
        # most first; ties (a.x and b.y both 3) keep first-seen order
        self.assertEqual([(g, n) for g, n, _ in rows],
                         [("r.f.a.x", 3), ("r.f.b.y", 3), ("r.f.c.z", 2)])
        self.assertEqual(rows[1][2], {"fail": 2, "crash": 1})
        self.assertEqual(rows[0][2], {"absent": 3})
        self.assertEqual(deqp.group_cases(cases, depth=2)[0][:2],
                         ("r.f", 8))


def fake_data(n_lost=40):
    llvm = [("dEQP-GLES2.functional.grp%d.sub.case%d" % (i % 3, i), "Pass")
            for i in range(n_lost)] + [("dEQP-GLES2.info.vendor", "Pass")]
    brass = [(c, "Fail") for c, _ in llvm[:-1]] + \
        [("dEQP-GLES2.info.vendor", "Pass")]
    tests = {"brass": tests_of(brass), "llvmpipe": tests_of(llvm)}
    tests["brass"]["dEQP-GLES2.functional.grp0.sub.case0"]["detail"] = \
        "Image | comparison `failed`"
    drivers = {k: {"counts": deqp.run.count(t["result"] for t in v.values()),
                   "tests": v, "wall": 12.3, "note": None,
                   "deqp_renderer": "R " + k, "renderer": None}
               for k, v in tests.items()}
    return {"list": "gles2-dev", "tests_run": n_lost + 1,
            "tests_in_list": 100, "finished": "2026-11-26T01:02:03+00:00",
            "host": "vm", "jobs": 2, "wall_seconds": 25,
            "deqp_build": "/tmp/deqp-build", "group_depth": 4,
            "command": "tools/conformance/deqp.py gles2-dev.txt --compare",
            "drivers": drivers,
            "brass_vs_llvmpipe": deqp.comparison(tests, "brass", "llvmpipe")}


class Doc(unittest.TestCase):
    def test_md_section(self):
        md = deqp.md_section(fake_data())
        self.assertIn("    tools/conformance/deqp.py gles2-dev.txt "
                      "--compare", md)
        self.assertIn("| brass | R brass | 1 | 40 | 0 | 0 | 0 | 0 | 12s |",
                      md)
        self.assertIn("40 case(s) llvmpipe passes that Brass does not", md)
        # groups: grp0 has 14 cases, grp1 and grp2 13 each
        self.assertIn("| `dEQP-GLES2.functional.grp0.sub` | 14 | fail 14 |",
                      md)
        self.assertLess(md.index("grp0.sub` | 14"),
                        md.index("grp1.sub` | 13"))
        self.assertIn("First 30 of them", md)
        self.assertEqual(md.count("\n- `dEQP-GLES2.functional."), 30)
        self.assertIn("(10 more in the result JSON)", md)
        # detail is made safe for markdown
        self.assertIn("Image \\| comparison 'failed'", md)

    def test_md_section_no_brass_build(self):
        data = fake_data(3)
        data["drivers"]["brass"]["note"] = "no Brass build"
        md = deqp.md_section(data)
        self.assertIn("**no Brass build**", md)
        self.assertIn("(no Brass build: all skipped)", md)
        self.assertNotIn("Where they cluster", md)

    def test_md_section_reused_driver(self):
        data = fake_data(3)
        llvm = data["drivers"]["llvmpipe"]
        llvm.update(reused_from="/tmp/r/llvmpipe",
                    reused_date="2026-11-25T14:02:09+00:00", wall=None)
        md = deqp.md_section(data)
        self.assertIn("| llvmpipe (reused from an earlier run: "
                      "/tmp/r/llvmpipe, 2026-11-25 14:02 UTC) | R llvmpipe "
                      "| 4 | 0 | 0 | 0 | 0 | 0 | - |", md)
        self.assertIn("| brass | R brass |", md)
        llvm["reused_date"] = None
        self.assertIn("| llvmpipe (reused from an earlier run: "
                      "/tmp/r/llvmpipe) |", deqp.md_section(data))

    def test_update_doc_section(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "c.md")
            write(p, "# T\n\n<!-- conformance:es-dev:begin -->\npiglit\n"
                     "<!-- conformance:es-dev:end -->\n\nprose\n")
            sec = deqp.md_section(fake_data(2))
            deqp.run.update_doc(p, "deqp-gles2-dev", "old")
            deqp.run.update_doc(p, "deqp-gles2-dev", sec)
            text = read(p)
            self.assertIn("piglit", text)
            self.assertIn("prose", text)
            self.assertNotIn("\nold\n", text)
            self.assertIn("<!-- conformance:deqp-gles2-dev:begin -->\n" + sec
                          + "\n<!-- conformance:deqp-gles2-dev:end -->", text)
            self.assertEqual(text.count("deqp-gles2-dev:begin"), 1)


FAKE_RUN_SH = textwrap.dedent('''\
    #!%s
    # Fake run.sh: every case passes, except that the Brass vendor fails
    # names containing "bad"; records its argv in OUT/argv.json.
    import json, os, sys
    args = sys.argv[1:]
    opts, i = {}, 0
    while i < len(args) - 1:
        opts.setdefault(args[i], []).append(args[i + 1]); i += 2
    cases = args[-1]
    out = opts["-o"][0]
    os.makedirs(out, exist_ok=True)
    names = [l.strip() for l in open(cases)] if os.path.isfile(cases) \\
        else ["dEQP-GLES2.info.vendor", "dEQP-GLES2.info.renderer"]
    brass = "brass" in opts["-v"][0]
    with open(os.path.join(out, "results.tsv"), "w") as f:
        for n in names:
            st = "Fail" if brass and "bad" in n else "Pass"
            f.write("%%s\\t%%s\\tdetail of %%s\\n" %% (n, st, n))
    json.dump({"wall_s": 1.5, "gl": {"renderer": "R"}},
              open(os.path.join(out, "summary.json"), "w"))
    json.dump(args, open(os.path.join(out, "argv.json"), "w"))
    print("fake run.sh ran %%d cases" %% len(names))
    ''') % sys.executable


class EndToEnd(unittest.TestCase):
    """deqp.main() with a fake shared dir (run.sh, build.sh), a fake dEQP
    build and a fake renderer probe: no dEQP, no GL."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        t = self.tmp.name
        self.deqp_dir = os.path.join(t, "shared")
        write(os.path.join(self.deqp_dir, "run.sh"), FAKE_RUN_SH, 0o755)
        self.build = os.path.join(t, "build")
        self.brass_json = os.path.join(t, "brass.json")
        write(self.brass_json, "{}")
        self.list = os.path.join(t, "mini.txt")
        write(self.list, "dEQP-GLES2.a.b.c.ok\ndEQP-GLES2.a.b.c.bad1\n"
                         "dEQP-GLES2.a.b.d.bad2\ndEQP-GLES2.z.ok2\n")
        self.out = os.path.join(t, "out.json")
        self.doc = os.path.join(t, "doc.md")
        self._probe = deqp.run.probe_renderer
        deqp.run.probe_renderer = lambda env: {
            "gl_renderer": {"1": "llvmpipe (x)"}.get(
                env.get("LIBGL_ALWAYS_SOFTWARE"), "Brass (x)")
            if env.get("GALLIUM_DRIVER") != "zink" else "zink (x)"}

    def tearDown(self):
        deqp.run.probe_renderer = self._probe
        self.tmp.cleanup()

    def make_build(self):
        for m in ("gles2", "gles3"):
            write(os.path.join(self.build, "modules", m, "deqp-" + m),
                  "#!/bin/sh\n", 0o755)

    def main(self, *extra):
        argv = [self.list, "--deqp-dir", self.deqp_dir, "--build-dir",
                self.build, "--work-dir", os.path.join(self.tmp.name, "w"),
                "--out", self.out, "--quiet"] + list(extra)
        err = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(err):
            rc = deqp.main(argv)
        return rc, err.getvalue()

    def test_no_build_without_src_is_infra(self):
        with self.assertRaises(deqp.InfraError) as cm:
            self.main("--brass-json", self.brass_json)
        self.assertIn("--src", str(cm.exception))

    def test_build_with_src(self):
        # fake build.sh: records its arguments and "builds" the executables
        write(os.path.join(self.deqp_dir, "build.sh"),
              '#!/bin/sh\necho "$@" > "%s/build-args"\n'
              'for m in gles2 gles3; do mkdir -p "$2/modules/$m"; '
              'printf "#!/bin/sh\\n" > "$2/modules/$m/deqp-$m"; '
              'chmod +x "$2/modules/$m/deqp-$m"; done\n' % self.tmp.name,
              0o755)
        src = os.path.join(self.tmp.name, "src")
        os.makedirs(src)
        rc, _ = self.main("--brass-json", self.brass_json, "--src", src)
        self.assertEqual(rc, 0)
        self.assertEqual(read(os.path.join(self.tmp.name, "build-args"))
                         .split(), [src, self.build])

    def test_compare(self):
        self.make_build()
        rc, _ = self.main("--compare", "--brass-json", self.brass_json,
                          "--jobs", "3", "--extra-env", "FOO=bar",
                          "--update-doc", self.doc)
        self.assertEqual(rc, 0)
        data = load(self.out)
        self.assertEqual(list(data["drivers"]), ["brass", "llvmpipe", "zink"])
        self.assertEqual(data["tests_in_list"], 4)
        self.assertEqual(data["tests_run"], 4)
        b = data["drivers"]["brass"]
        self.assertEqual(b["counts"]["pass"], 2)
        self.assertEqual(b["counts"]["fail"], 2)
        self.assertEqual(b["tests"]["dEQP-GLES2.a.b.c.bad1"],
                         {"result": "fail", "status": "Fail",
                          "detail": "detail of dEQP-GLES2.a.b.c.bad1"})
        self.assertEqual(data["drivers"]["zink"]["counts"]["pass"], 4)
        self.assertEqual(data["brass_vs_llvmpipe"]
                         ["llvmpipe_passes_brass_does_not"],
                         ["dEQP-GLES2.a.b.c.bad1", "dEQP-GLES2.a.b.d.bad2"])
        self.assertEqual(data["brass_vs_llvmpipe"]
                         ["brass_passes_llvmpipe_does_not"], [])
        self.assertIn("brass_vs_zink", data)
        # run.sh got the driver environment
        argv = load(os.path.join(self.tmp.name, "w", "zink",
                                           "argv.json"))
        for kv in ("LIBGL_ALWAYS_SOFTWARE=1", "GALLIUM_DRIVER=zink",
                   "BRASS_SHADER_CACHE_DISABLE=1",
                   "MESA_SHADER_CACHE_DISABLE=true", "FOO=bar"):
            self.assertIn(kv, argv)
        self.assertEqual(argv[argv.index("-v") + 1], deqp.MESA_JSON)
        self.assertEqual(argv[argv.index("-j") + 1], "3")
        self.assertEqual(argv[argv.index("-b") + 1], self.build)
        self.assertEqual(argv[-1], os.path.abspath(self.list))
        bargv = load(os.path.join(self.tmp.name, "w", "brass",
                                            "argv.json"))
        self.assertEqual(bargv[bargv.index("-v") + 1], self.brass_json)
        self.assertNotIn("LIBGL_ALWAYS_SOFTWARE=1", bargv)
        doc = read(self.doc)
        self.assertIn("<!-- conformance:deqp-mini:begin -->", doc)
        self.assertIn("| `dEQP-GLES2.a.b.c` | 1 | fail 1 |", doc)

    def test_filter_limit_write_selected_list(self):
        self.make_build()
        rc, _ = self.main("--driver", "llvmpipe", "--filter", r"\.a\.b\.",
                          "--limit", "2")
        self.assertEqual(rc, 0)
        data = load(self.out)
        self.assertEqual(list(data["drivers"]["llvmpipe"]["tests"]),
                         ["dEQP-GLES2.a.b.c.ok", "dEQP-GLES2.a.b.c.bad1"])
        self.assertEqual(data["tests_in_list"], 4)
        self.assertEqual(data["tests_run"], 2)
        sel = os.path.join(self.tmp.name, "w", "selected-cases.txt")
        self.assertEqual(read(sel).split(),
                         ["dEQP-GLES2.a.b.c.ok", "dEQP-GLES2.a.b.c.bad1"])
        self.assertNotIn("brass_vs_llvmpipe", data)

    def test_no_brass_build_is_3(self):
        self.make_build()
        orig = deqp.find_brass_json
        deqp.find_brass_json = lambda repo=None: None
        try:
            rc, err = self.main("--compare")
        finally:
            deqp.find_brass_json = orig
        self.assertEqual(rc, 3)
        self.assertIn("NO BRASS BUILD", err)
        data = load(self.out)
        b = data["drivers"]["brass"]
        self.assertEqual(b["note"], "no Brass build")
        self.assertEqual(b["counts"]["skip"], 4)
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "w",
                                                     "brass")))
        self.assertEqual(len(data["brass_vs_llvmpipe"]
                             ["llvmpipe_passes_brass_does_not"]), 4)

    def test_run_sh_failure_is_infra(self):
        self.make_build()
        write(os.path.join(self.deqp_dir, "run.sh"),
              "#!/bin/sh\necho 'run.sh: case list expansion failed'\n"
              "exit 1\n", 0o755)
        rc, err = self.main("--driver", "llvmpipe")
        self.assertEqual(rc, 1)
        self.assertIn("expansion failed", err)

    def test_mesa_renderer_check(self):
        self.make_build()
        deqp.run.probe_renderer = lambda env: {"gl_renderer": "llvmpipe"}
        with self.assertRaises(deqp.InfraError):
            self.main("--driver", "zink")
        rc, _ = self.main("--driver", "zink", "--no-verify")
        self.assertEqual(rc, 0)

    # ---- --reuse: an earlier run.sh output directory instead of a run

    MINI = ["dEQP-GLES2.a.b.c.ok", "dEQP-GLES2.a.b.c.bad1",
            "dEQP-GLES2.a.b.d.bad2", "dEQP-GLES2.z.ok2"]

    def reused_dir(self, name, rows, summary=None, qpa_renderer=None,
                   mtime=None):
        """A run.sh output directory with results.tsv (rows: (case,
        status)), and summary.json / logs/0001-w0.qpa if given."""
        d = os.path.join(self.tmp.name, "earlier", name)
        write(os.path.join(d, "results.tsv"), "".join(
            "%s\t%s\tearlier %s\n" % (c, st, c) for c, st in rows))
        if summary is not None:
            write(os.path.join(d, "summary.json"), json.dumps(summary))
        if qpa_renderer:
            write(os.path.join(d, "logs", "0001-w0.qpa"),
                  '#sessionInfo vendor "Mesa"\n'
                  '#sessionInfo renderer "%s"\n#beginSession\n'
                  '#beginTestCaseResult x\n' % qpa_renderer)
        if mtime is not None:
            for f in ("results.tsv", "summary.json"):
                if os.path.exists(os.path.join(d, f)):
                    os.utime(os.path.join(d, f), (mtime, mtime))
        return d

    def test_reuse_llvmpipe_run_brass(self):
        self.make_build()
        probed = []
        probe = deqp.run.probe_renderer
        deqp.run.probe_renderer = lambda env: probed.append(env) or probe(env)
        # llvmpipe's earlier run: fails z.ok2, has a case of another list
        rows = [(c, "Pass") for c in self.MINI[:3]] + \
            [("dEQP-GLES2.z.ok2", "Fail"), ("dEQP-GLES2.other.x", "Pass")]
        d = self.reused_dir("llvmpipe", rows, {
            "wall_s": 321.4, "gl": {"renderer": "llvmpipe (LLVM 15)"},
            "vendor": deqp.MESA_JSON,
            "env": {"LIBGL_ALWAYS_SOFTWARE": "1"}}, mtime=1795000000)
        rc, err = self.main("--brass-json", self.brass_json, "--reuse",
                            "llvmpipe=" + d, "--update-doc", self.doc)
        self.assertEqual(rc, 0, err)
        data = load(self.out)
        self.assertEqual(list(data["drivers"]), ["brass", "llvmpipe"])
        # brass ran, llvmpipe did not (no run.sh output, no probe)
        w = os.path.join(self.tmp.name, "w")
        self.assertTrue(os.path.exists(os.path.join(w, "brass",
                                                    "argv.json")))
        self.assertFalse(os.path.exists(os.path.join(w, "llvmpipe")))
        self.assertEqual(len(probed), 1)
        self.assertNotIn("LIBGL_ALWAYS_SOFTWARE", probed[0])
        llvm = data["drivers"]["llvmpipe"]
        self.assertEqual(llvm["reused_from"], d)
        self.assertEqual(llvm["reused_date"], "2026-11-18T11:06:40+00:00")
        self.assertIsNone(data["drivers"]["brass"]["reused_from"])
        self.assertIsNone(llvm["renderer"])
        self.assertEqual(llvm["deqp_renderer"], "llvmpipe (LLVM 15)")
        self.assertEqual(llvm["wall"], 321.4)
        self.assertIsNone(llvm["run_sh"])
        self.assertEqual(llvm["out_dir"], d)
        self.assertEqual(llvm["env"]["LIBGL_ALWAYS_SOFTWARE"], "1")
        # the extra case is ignored; counts over the selection
        self.assertEqual(list(llvm["tests"]), self.MINI)
        self.assertEqual((llvm["counts"]["pass"], llvm["counts"]["fail"]),
                         (3, 1))
        self.assertEqual(llvm["tests"]["dEQP-GLES2.z.ok2"]["detail"],
                         "earlier dEQP-GLES2.z.ok2")
        self.assertEqual(data["tests_run"], 4)
        self.assertEqual(data["tests_in_list"], 4)
        cmp_ = data["brass_vs_llvmpipe"]
        self.assertEqual(cmp_["llvmpipe_passes_brass_does_not"],
                         ["dEQP-GLES2.a.b.c.bad1", "dEQP-GLES2.a.b.d.bad2"])
        self.assertEqual(cmp_["brass_passes_llvmpipe_does_not"],
                         ["dEQP-GLES2.z.ok2"])
        doc = read(self.doc)
        self.assertIn("| llvmpipe (reused from an earlier run: %s, "
                      "2026-11-18 11:06 UTC) | llvmpipe (LLVM 15) | 3 | 1 "
                      "| 0 | 0 | 0 | 0 | 321s |" % d, doc)
        self.assertIn("- Brass vs llvmpipe: 2 case(s) llvmpipe passes that "
                      "Brass does not; 1 Brass passes that llvmpipe does "
                      "not.", doc)

    def test_reuse_missing_cases_is_infra(self):
        self.make_build()
        d = self.reused_dir("llvmpipe", [(c, "Pass") for c in self.MINI[:2]]
                            + [("dEQP-GLES2.other.x", "Pass")])
        with self.assertRaises(deqp.InfraError) as cm:
            self.main("--brass-json", self.brass_json, "--reuse",
                      "llvmpipe=" + d)
        msg = str(cm.exception)
        self.assertIn("lacks 2 of the 4 selected cases", msg)
        self.assertIn("dEQP-GLES2.a.b.d.bad2", msg)
        # checked before anything ran; nothing written
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "w",
                                                     "brass")))
        self.assertFalse(os.path.exists(self.out))
        # a selection it covers is fine
        rc, err = self.main("--brass-json", self.brass_json, "--reuse",
                            "llvmpipe=" + d, "--filter", r"\.c\.")
        self.assertEqual(rc, 0, err)
        self.assertEqual(list(load(self.out)["drivers"]["llvmpipe"]["tests"]),
                         self.MINI[:2])

    def test_reuse_only_needs_no_build_or_run_sh(self):
        os.unlink(os.path.join(self.deqp_dir, "run.sh"))
        deqp.run.probe_renderer = None      # never called
        # no summary.json: renderer from the .qpa, date from results.tsv,
        # wall unknown; a path to results.tsv itself is accepted
        b = self.reused_dir("brass", [(c, "Fail" if "bad" in c else "Pass")
                                      for c in self.MINI],
                            qpa_renderer="Brass (llvmpipe)",
                            mtime=1795000000)
        ll = self.reused_dir("llvmpipe", [(c, "Pass") for c in self.MINI],
                             qpa_renderer="llvmpipe (LLVM 15)")
        rc, err = self.main("--reuse", "brass=" + b, "--reuse",
                            "llvmpipe=" + os.path.join(ll, "results.tsv"),
                            "--update-doc", self.doc)
        self.assertEqual(rc, 0, err)
        data = load(self.out)
        self.assertEqual(data["drivers"]["brass"]["deqp_renderer"],
                         "Brass (llvmpipe)")
        self.assertIsNone(data["drivers"]["brass"]["wall"])
        self.assertEqual(data["drivers"]["brass"]["reused_date"],
                         "2026-11-18T11:06:40+00:00")
        self.assertEqual(data["drivers"]["llvmpipe"]["reused_from"], ll)
        self.assertEqual(data["drivers"]["brass"]["counts"]["fail"], 2)
        self.assertEqual(len(data["brass_vs_llvmpipe"]
                             ["llvmpipe_passes_brass_does_not"]), 2)
        doc = read(self.doc)
        self.assertIn("| brass (reused from an earlier run: %s, 2026-11-18 "
                      "11:06 UTC) | Brass (llvmpipe) | 2 | 2 | 0 | 0 | 0 | 0 "
                      "| - |" % b, doc)
        self.assertIn("| llvmpipe (reused from an earlier run: %s, " % ll,
                      doc)

    def test_reuse_pattern_without_build(self):
        # reused only, no dEQP build: the pattern is matched against the
        # first reused results.tsv
        b = self.reused_dir("brass", [(c, "Pass") for c in self.MINI])
        self.list = "dEQP-GLES2.a.b.*"
        rc, err = self.main("--reuse", "brass=" + b)
        self.assertEqual(rc, 0, err)
        self.assertIn("no dEQP build", err)
        data = load(self.out)
        self.assertEqual(list(data["drivers"]["brass"]["tests"]),
                         self.MINI[:3])
        self.assertEqual(data["tests_in_list"], 3)

    def test_reuse_pattern_expanded_by_deqp(self):
        # with a dEQP build the pattern is expanded up front (as for
        # --filter) and the reused results must cover the expansion
        self.make_build()
        calls = []
        orig = deqp.expand_patterns
        deqp.expand_patterns = lambda exe, pats, env, out: \
            calls.append(pats) or self.MINI[:3]
        try:
            d = self.reused_dir("llvmpipe", [(c, "Pass")
                                             for c in self.MINI])
            self.list = "dEQP-GLES2.a.b.*"
            rc, err = self.main("--brass-json", self.brass_json,
                                "--reuse", "llvmpipe=" + d)
            self.assertEqual(rc, 0, err)
            self.assertEqual(calls, [["dEQP-GLES2.a.b.*"]])
            data = load(self.out)
            self.assertEqual(list(data["drivers"]["llvmpipe"]["tests"]),
                             self.MINI[:3])
            # run.sh still got the pattern itself
            argv = load(os.path.join(self.tmp.name, "w", "brass",
                                     "argv.json"))
            self.assertEqual(argv[-1], "dEQP-GLES2.a.b.*")
            deqp.expand_patterns = lambda exe, pats, env, out: \
                self.MINI + ["dEQP-GLES2.a.b.new"]
            with self.assertRaises(deqp.InfraError) as cm:
                self.main("--brass-json", self.brass_json,
                          "--reuse", "llvmpipe=" + d)
            self.assertIn("lacks 1 of the 5", str(cm.exception))
        finally:
            deqp.expand_patterns = orig

    def test_reuse_wrong_renderer(self):
        d = self.reused_dir("zink", [(c, "Pass") for c in self.MINI],
                            {"gl": {"renderer": "llvmpipe (LLVM 15)"}})
        with self.assertRaises(deqp.InfraError) as cm:
            self.main("--driver", "zink", "--reuse", "zink=" + d)
        self.assertIn("expected a zink renderer", str(cm.exception))
        rc, _ = self.main("--reuse", "zink=" + d, "--driver", "zink",
                          "--no-verify")
        self.assertEqual(rc, 0)
        self.assertIn("zink", load(self.out)["drivers"]["zink"]
                      ["renderer_problem"])

    def test_reuse_not_run_or_empty_is_infra(self):
        d = self.reused_dir("llvmpipe", [(c, "NotRun") for c in self.MINI],
                            {"setup_failure": True})
        rc, err = self.main("--driver", "llvmpipe", "--reuse",
                            "llvmpipe=" + d)
        self.assertEqual(rc, 1)
        self.assertIn("4 case(s) NotRun in the reused run", err)
        self.assertIn("setup failure", err)
        empty = os.path.join(self.tmp.name, "empty")
        os.makedirs(empty)
        with self.assertRaises(deqp.InfraError) as cm:
            self.main("--driver", "llvmpipe", "--reuse",
                      "llvmpipe=" + empty)
        self.assertIn("cannot read", str(cm.exception))

    def test_bad_command_line_is_2(self):
        for bad in (["--extra-env", "NOEQUALS"], ["--jobs", "0"],
                    ["--driver", "nope"], ["--filter", "("]):
            with contextlib.redirect_stderr(io.StringIO()), \
                    self.assertRaises(SystemExit) as cm:
                deqp.parse_args(["x.txt"] + bad)
            self.assertEqual(cm.exception.code, 2, bad)


class ReuseArgs(unittest.TestCase):
    def test_reused_driver_is_selected(self):
        a = deqp.parse_args(["x.txt", "--reuse", "llvmpipe=/r/l"])
        self.assertEqual(a.drivers, ["brass", "llvmpipe"])
        self.assertEqual(dict(a.reuse), {"llvmpipe": "/r/l"})
        a = deqp.parse_args(["x.txt", "--driver", "zink", "--reuse",
                             "brass=/r/b", "--reuse", "zink=/r/z"])
        self.assertEqual(a.drivers, ["zink", "brass"])
        a = deqp.parse_args(["x.txt", "--compare", "--reuse", "zink=/r/z"])
        self.assertEqual(a.drivers, ["brass", "llvmpipe", "zink"])
        # '=' in the directory is kept
        a = deqp.parse_args(["x.txt", "--reuse", "brass=/r/a=b"])
        self.assertEqual(a.reuse["brass"], "/r/a=b")

    def test_bad_reuse_is_2(self):
        for bad in (["--reuse", "llvmpipe"], ["--reuse", "llvmpipe="],
                    ["--reuse", "softpipe=/r"],
                    ["--reuse", "zink=/a", "--reuse", "zink=/b"]):
            with contextlib.redirect_stderr(io.StringIO()), \
                    self.assertRaises(SystemExit) as cm:
                deqp.parse_args(["x.txt"] + bad)
            self.assertEqual(cm.exception.code, 2, bad)

    def test_pattern_rx(self):
        rx = deqp.pattern_rx(["dEQP-GLES2.a.*", "dEQP-GLES2.z.ok2"])
        self.assertTrue(rx.match("dEQP-GLES2.a.b.c.ok"))
        self.assertTrue(rx.match("dEQP-GLES2.z.ok2"))
        self.assertFalse(rx.match("dEQP-GLES2.z.ok22"))
        self.assertFalse(rx.match("dEQP-GLES2.ab"))
        self.assertTrue(deqp.pattern_rx(["*.ok*"]).match("x.y.ok2"))


class BrassJson(unittest.TestCase):
    def test_falls_back_to_share_glvnd(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(deqp.find_brass_json(d))
            p = os.path.join(d, "build", "ci", "share", "glvnd",
                             "egl_vendor.d", "60_brass.json")
            write(p, "{}")
            self.assertEqual(deqp.find_brass_json(d), p)
            # run.py's own locations still come first
            q = os.path.join(d, "build", "dev", "src", "egl",
                             "brass_egl_vendor.json")
            write(q, "{}")
            self.assertEqual(deqp.find_brass_json(d), q)


if __name__ == "__main__":
    unittest.main()
