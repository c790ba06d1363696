"""Unit tests for the conformance runner's result rules and doc handling.

Run:  python3 -m unittest discover -s tests/conformance -p 'test_*.py'
(from the repository root; stdlib only, runs no GL).
"""
import json
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "conformance"))

import piglit_result as pr  # noqa: E402
import run  # noqa: E402


class Decide(unittest.TestCase):
    def test_pass(self):
        out = 'stuff\nPIGLIT: {"result": "pass" }\n'
        self.assertEqual(pr.decide(out, 0)[0], "pass")

    def test_fail_exit_1_is_fail_not_crash(self):
        out = 'PIGLIT: {"result": "fail" }\n'
        self.assertEqual(pr.decide(out, 1)[0], "fail")

    def test_skip(self):
        self.assertEqual(pr.decide('PIGLIT: {"result": "skip" }', 0)[0],
                         "skip")

    def test_warn(self):
        self.assertEqual(pr.decide('PIGLIT: {"result": "warn" }', 0)[0],
                         "warn")

    def test_last_result_wins(self):
        out = 'PIGLIT: {"result": "pass"}\nPIGLIT: {"result": "fail"}\n'
        self.assertEqual(pr.decide(out, 1)[0], "fail")

    def test_timeout_beats_everything(self):
        out = 'PIGLIT: {"result": "pass" }\n'
        self.assertEqual(pr.decide(out, -9, timed_out=True)[0], "timeout")

    def test_signal_after_pass_is_crash(self):
        res, _, why = pr.decide('PIGLIT: {"result": "pass" }\n', -11)
        self.assertEqual(res, "crash")
        self.assertIn("signal 11", why)

    def test_nonzero_without_result_is_crash(self):
        self.assertEqual(pr.decide("assertion failed\n", 134)[0], "crash")

    def test_zero_without_anything_is_crash(self):
        res, _, why = pr.decide("hello\n", 0)
        self.assertEqual(res, "crash")
        self.assertIn("no result", why)

    def test_empty_output(self):
        self.assertEqual(pr.decide("", 0)[0], "crash")
        self.assertEqual(pr.decide(None, 1)[0], "crash")

    def test_subtests_recorded_with_final(self):
        out = ('PIGLIT: {"subtest": {"a" : "pass"}}\n'
               'PIGLIT: {"subtest": {"b c" : "fail"}}\n'
               'PIGLIT: {"result": "fail" }\n')
        res, subs, _ = pr.decide(out, 1)
        self.assertEqual(res, "fail")
        self.assertEqual(subs, {"a": "pass", "b c": "fail"})

    def test_final_result_wins_over_subtests(self):
        out = ('PIGLIT: {"subtest": {"a" : "fail"}}\n'
               'PIGLIT: {"result": "pass" }\n')
        self.assertEqual(pr.decide(out, 0)[0], "pass")

    def test_subtests_no_final_exit0_worst(self):
        out = ('PIGLIT: {"subtest": {"a" : "pass"}}\n'
               'PIGLIT: {"subtest": {"b" : "fail"}}\n'
               'PIGLIT: {"subtest": {"c" : "skip"}}\n')
        res, subs, why = pr.decide(out, 0)
        self.assertEqual(res, "fail")
        self.assertEqual(len(subs), 3)
        self.assertIn("worst", why)

    def test_subtests_all_skip_is_skip(self):
        out = ('PIGLIT: {"subtest": {"a" : "skip"}}\n'
               'PIGLIT: {"subtest": {"b" : "skip"}}\n')
        self.assertEqual(pr.decide(out, 0)[0], "skip")

    def test_subtests_skip_and_pass_is_pass(self):
        out = ('PIGLIT: {"subtest": {"a" : "skip"}}\n'
               'PIGLIT: {"subtest": {"b" : "pass"}}\n')
        self.assertEqual(pr.decide(out, 0)[0], "pass")

    def test_subtests_no_final_nonzero_is_crash(self):
        out = 'PIGLIT: {"subtest": {"a" : "pass"}}\n'
        res, subs, _ = pr.decide(out, 1)
        self.assertEqual(res, "crash")
        self.assertEqual(subs, {"a": "pass"})

    def test_subtests_then_signal_is_crash(self):
        out = 'PIGLIT: {"subtest": {"a" : "pass"}}\n'
        self.assertEqual(pr.decide(out, -6)[0], "crash")

    def test_marker_mid_line(self):
        out = 'no newline before PIGLIT: {"result": "pass" }\n'
        self.assertEqual(pr.decide(out, 0)[0], "pass")

    def test_garbage_after_marker_ignored(self):
        out = 'PIGLIT: not json\nPIGLIT: {"result": "skip"}\n'
        self.assertEqual(pr.decide(out, 0)[0], "skip")

    def test_enumerate_line_ignored(self):
        out = ('PIGLIT: {"enumerate subtests": ["a", "b"]}\n'
               'PIGLIT: {"subtest": {"a" : "pass"}}\n'
               'PIGLIT: {"subtest": {"b" : "pass"}}\n')
        res, subs, _ = pr.decide(out, 0)
        self.assertEqual(res, "pass")
        self.assertEqual(set(subs), {"a", "b"})

    def test_normalise(self):
        self.assertEqual(pr.normalise("dmesg-fail"), "fail")
        self.assertEqual(pr.normalise("dmesg-warn"), "warn")
        self.assertEqual(pr.normalise("incomplete"), "crash")
        self.assertEqual(pr.normalise("PASS"), "pass")
        self.assertEqual(pr.normalise("weird"), "fail")

    def test_worst(self):
        self.assertEqual(pr.worst(["pass", "crash", "fail"]), "crash")
        self.assertEqual(pr.worst(["pass", "timeout", "fail"]), "timeout")
        self.assertIsNone(pr.worst([]))

    def test_tail(self):
        t = "\n".join(str(i) for i in range(100))
        self.assertEqual(pr.tail(t, 3), "97\n98\n99")
        self.assertEqual(pr.tail(""), "")


class Doc(unittest.TestCase):
    def test_sections_replace_only_their_own(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "c.md")
            with open(p, "w") as f:
                f.write("# Title\n\nprose\n")
            run.update_doc(p, "es-dev", "one")
            run.update_doc(p, "gl-core-dev", "two")
            run.update_doc(p, "es-dev", "three")
            text = open(p).read()
            self.assertIn("prose", text)
            self.assertNotIn("one", text)
            self.assertIn("<!-- conformance:es-dev:begin -->\nthree\n"
                          "<!-- conformance:es-dev:end -->", text)
            self.assertIn("two", text)
            self.assertEqual(text.count("conformance:es-dev:begin"), 1)
            self.assertLess(text.index("three"), text.index("two"))

    def test_section_text_with_backslashes(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "c.md")
            run.update_doc(p, "x", "a")
            run.update_doc(p, "x", r"back\1slash \g<0>")
            self.assertIn(r"back\1slash \g<0>", open(p).read())


class Misc(unittest.TestCase):
    def test_count(self):
        c = run.count(["pass", "pass", "skip", "timeout", "weird"])
        self.assertEqual(c["pass"], 2)
        self.assertEqual(c["timeout"], 1)
        self.assertEqual(c["fail"], 1)

    def test_find_brass_json_order(self):
        with tempfile.TemporaryDirectory() as d:
            self.assertIsNone(run.find_brass_json(d))
            for preset in ("dev", "release", "zz"):
                os.makedirs(os.path.join(d, "build", preset, "src", "egl"))
                open(os.path.join(d, "build", preset, "src", "egl",
                                  "brass.json"), "w").close()
            self.assertTrue(run.find_brass_json(d).endswith(
                "release/src/egl/brass.json"))
            os.remove(os.path.join(d, "build", "release", "src", "egl",
                                   "brass.json"))
            os.remove(os.path.join(d, "build", "dev", "src", "egl",
                                   "brass.json"))
            self.assertTrue(run.find_brass_json(d).endswith(
                "zz/src/egl/brass.json"))

    def test_check_renderer(self):
        z = {"gl_renderer": "zink (llvmpipe (LLVM 15.0.6, 256 bits))"}
        l = {"gl_renderer": "llvmpipe (LLVM 15.0.6, 256 bits)"}
        self.assertIsNone(run.check_renderer("zink", z))
        self.assertIsNotNone(run.check_renderer("zink", l))
        self.assertIsNone(run.check_renderer("llvmpipe", l))
        self.assertIsNotNone(run.check_renderer("llvmpipe", z))
        self.assertIsNotNone(run.check_renderer("brass", l))
        self.assertIsNone(run.check_renderer("brass", {"gl_renderer": "Brass"}))
        self.assertIsNotNone(run.check_renderer("zink", {"error": "x"}))

    def test_driver_env_isolated(self):
        self.assertNotIn("GALLIUM_DRIVER", run.driver_env("llvmpipe", None))
        self.assertEqual(run.driver_env("zink", None)["GALLIUM_DRIVER"],
                         "zink")
        self.assertEqual(run.driver_env("brass", "/x.json"),
                         {"__EGL_VENDOR_LIBRARY_FILENAMES": "/x.json"})


if __name__ == "__main__":
    unittest.main()


class RunOne(unittest.TestCase):
    """run.run_one against fake piglit binaries (shell scripts): exercises
    the subprocess layer (argument splitting, exit codes, signals, time
    limit) without any GL."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = self.tmp.name
        os.makedirs(os.path.join(self.root, "bin"))
        self.env = dict(os.environ)

    def tearDown(self):
        self.tmp.cleanup()

    def script(self, name, body):
        p = os.path.join(self.root, "bin", name)
        with open(p, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(p, 0o755)

    def run_cmd(self, cmd, timeout=10):
        return run.run_one(cmd, self.env, self.root, timeout)

    def test_pass_and_quoted_args(self):
        self.script("t", 'echo "$2"; [ "$2" = "3.00 es" ] && '
                         'echo \'PIGLIT: {"result": "pass" }\'')
        rec = self.run_cmd("bin/t x '3.00 es' -auto")
        self.assertEqual(rec["result"], "pass")
        self.assertEqual(rec["returncode"], 0)

    def test_fail_exit1(self):
        self.script("t", 'echo \'PIGLIT: {"result": "fail" }\'; '
                         'echo oops >&2; exit 1')
        rec = self.run_cmd("bin/t")
        self.assertEqual(rec["result"], "fail")
        self.assertIn("oops", rec["stderr_tail"])

    def test_subtests_only(self):
        self.script("t", 'echo \'PIGLIT: {"subtest": {"a" : "pass"}}\'; '
                         'echo \'PIGLIT: {"subtest": {"b" : "skip"}}\'')
        rec = self.run_cmd("bin/t")
        self.assertEqual(rec["result"], "pass")
        self.assertEqual(rec["subtests"], {"a": "pass", "b": "skip"})

    def test_signal(self):
        self.script("t", 'echo \'PIGLIT: {"result": "pass" }\'; '
                         'kill -SEGV $$')
        rec = self.run_cmd("bin/t")
        self.assertEqual(rec["result"], "crash")
        self.assertEqual(rec["returncode"], -11)

    def test_timeout_kills_children(self):
        self.script("t", "sleep 30 & sleep 30")
        rec = self.run_cmd("bin/t", timeout=0.5)
        self.assertEqual(rec["result"], "timeout")
        self.assertLess(rec["duration"], 5)

    def test_missing_binary_is_infra(self):
        rec = self.run_cmd("bin/nope -auto")
        self.assertTrue(rec.get("infra"))
        self.assertIn("missing", rec["reason"])
