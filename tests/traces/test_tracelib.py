"""Unit tests of tools/traces/tracelib.py: snapshot parsing, PNG round trip
and the frame metric (no GL, no apitrace needed)."""

import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools" / "traces"))
import tracelib  # noqa: E402


def solid(w, h, rgb):
    return tracelib.Image(w, h, bytes(rgb) * (w * h))


def with_block(img, x0, y0, x1, y1, rgb):
    """img with the rectangle [x0, x1) x [y0, y1) painted."""
    data = bytearray(img.rgb)
    for y in range(y0, y1):
        for x in range(x0, x1):
            i = (y * img.width + x) * 3
            data[i:i + 3] = bytes(rgb)
    return tracelib.Image(img.width, img.height, bytes(data))


class PnmStream(unittest.TestCase):
    def test_two_snapshots_with_call_numbers(self):
        a = b"P6\n#2386\n2 1\n255\n" + bytes([1, 2, 3, 4, 5, 6])
        b = b"P6\n#2401\n1 2\n255\n" + bytes([7, 8, 9, 10, 11, 12])
        frames = tracelib.parse_pnm_stream(a + b)
        self.assertEqual([c for c, _ in frames], [2386, 2401])
        self.assertEqual(frames[0][1].rgb, bytes([1, 2, 3, 4, 5, 6]))
        self.assertEqual((frames[1][1].width, frames[1][1].height), (1, 2))

    def test_truncated_stream_is_an_error(self):
        with self.assertRaises(ValueError):
            tracelib.parse_pnm_stream(b"P6\n#1\n2 2\n255\n" + bytes(5))

    def test_garbage_is_an_error(self):
        with self.assertRaises(ValueError):
            tracelib.parse_pnm_stream(b"error: waffle_display_connect failed\n")


class Png(unittest.TestCase):
    def test_round_trip(self):
        img = tracelib.Image(3, 2, bytes(range(18)))
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "x.png"
            tracelib.write_png(path, img)
            back = tracelib.read_png(path)
        self.assertEqual((back.width, back.height, back.rgb), (3, 2, img.rgb))


class Metric(unittest.TestCase):
    W, H = 64, 48

    def test_identical_frames_pass(self):
        a = solid(self.W, self.H, (10, 20, 30))
        d = tracelib.compare(a, a)
        self.assertTrue(d.passed)
        self.assertEqual((d.off, d.differing, d.max_diff), (0, 0, 0))

    def test_small_level_differences_everywhere_pass(self):
        # Precision: every pixel one level off in one channel.
        a = solid(self.W, self.H, (100, 100, 100))
        b = solid(self.W, self.H, (100, 101, 100))
        d = tracelib.compare(a, b, level=16, fraction=0.005)
        self.assertTrue(d.passed)
        self.assertEqual(d.differing, self.W * self.H)
        self.assertEqual(d.off, 0)

    def test_few_edge_pixels_far_off_pass(self):
        # Coverage: a handful of edge pixels fully different.
        a = solid(self.W, self.H, (0, 0, 0))
        b = with_block(a, 10, 10, 25, 11, (255, 255, 255))  # 15 pixels of 3072
        d = tracelib.compare(a, b, level=16, fraction=0.005)
        self.assertEqual(d.off, 15)
        self.assertTrue(d.passed)

    def test_missing_object_fails(self):
        a = solid(self.W, self.H, (0, 0, 0))
        b = with_block(a, 20, 20, 40, 30, (200, 50, 50))
        d = tracelib.compare(b, a, level=16, fraction=0.005)
        self.assertFalse(d.passed)
        self.assertEqual(d.off, 200)
        self.assertEqual(d.bbox, (20, 20, 39, 29))

    def test_level_is_exclusive(self):
        a = solid(4, 4, (0, 0, 0))
        self.assertEqual(tracelib.compare(a, solid(4, 4, (16, 0, 0)), level=16).off, 0)
        self.assertEqual(tracelib.compare(a, solid(4, 4, (17, 0, 0)), level=16).off, 16)

    def test_size_mismatch_fails(self):
        d = tracelib.compare(solid(4, 4, (0, 0, 0)), solid(4, 2, (0, 0, 0)))
        self.assertFalse(d.passed)

    def test_difference_image_marks_off_pixels_red(self):
        a = solid(2, 1, (0, 0, 0))
        b = tracelib.Image(2, 1, bytes([5, 0, 0, 200, 0, 0]))
        d = tracelib.compare(a, b, level=16, want_image=True)
        self.assertEqual(d.diff_image.rgb, bytes([20, 20, 20, 255, 0, 0]))


class Environment(unittest.TestCase):
    def test_driver_settings_do_not_leak(self):
        base = {"GALLIUM_DRIVER": "zink", "LIBGL_ALWAYS_SOFTWARE": "1", "PATH": "/bin"}
        env = tracelib.driver_env("brass", "/x/60_brass.json", base=base)
        self.assertEqual(env["__EGL_VENDOR_LIBRARY_FILENAMES"], "/x/60_brass.json")
        self.assertNotIn("GALLIUM_DRIVER", env)
        self.assertNotIn("LIBGL_ALWAYS_SOFTWARE", env)
        self.assertEqual(env["WAFFLE_PLATFORM"], "surfaceless_egl")
        zink = tracelib.driver_env("zink", base=base)
        self.assertEqual(zink["GALLIUM_DRIVER"], "zink")

    def test_reference_computes_mediump_at_32_bits(self):
        # llvmpipe lowers mediump to 16-bit floats on a CPU with F16C; the
        # reference must not depend on the host (tracelib.REFERENCE_CPU_CAPS).
        base = {"GALLIUM_OVERRIDE_CPU_CAPS": "avx", "PATH": "/bin"}
        self.assertEqual(tracelib.driver_env("llvmpipe", base=base)["GALLIUM_OVERRIDE_CPU_CAPS"], "sse4.1")
        # zink would still emit 16-bit SPIR-V, which lavapipe cannot compile
        # without F16C; Brass keeps the caller's setting.
        self.assertNotIn("GALLIUM_OVERRIDE_CPU_CAPS", tracelib.driver_env("zink", base=base))
        self.assertEqual(tracelib.driver_env("brass", "/x/60_brass.json", base=base)["GALLIUM_OVERRIDE_CPU_CAPS"],
                         "avx")

    def test_gl_errors_parsed(self):
        err = ("2401: warning: glGetError(glTexImage2D) = GL_INVALID_ENUM\n"
               "other line\n")
        self.assertEqual(tracelib.gl_errors(err), {(2401, "glTexImage2D", "GL_INVALID_ENUM")})


class Manifest(unittest.TestCase):
    """The stored traces and their manifest agree (what ctest replays)."""

    def test_every_trace_is_listed_and_present(self):
        m = tracelib.load_manifest()
        streams = tracelib.read_archive()
        self.assertEqual({t["name"] for t in m["traces"]}, set(streams))
        for t in m["traces"]:
            self.assertEqual(len(streams[t["name"]]), t["raw_bytes"], t["name"])
            # Every fast trace that draws has a call for the skip-draw check
            # (glmark2-ideas, not fast, has none: no single one of its 180
            # draws covers 0.5% of the frame; docs/traces.md).
            if t["fast"] and t["frames"]:
                self.assertIsNotNone(t["skip_call"], t["name"])

    def test_the_set_stays_small(self):
        self.assertLess(tracelib.ARCHIVE.stat().st_size, 9 * 1024 * 1024)

    def test_archive_round_trip_and_unpack(self):
        with tempfile.TemporaryDirectory() as d:
            archive = Path(d) / "t.tar.xz"
            tracelib.write_archive({"b": b"\x01\x02", "a": b"xyz"}, archive)
            self.assertEqual(tracelib.read_archive(archive), {"a": b"xyz", "b": b"\x01\x02"})
            out = tracelib.unpack_traces(Path(d) / "cache", archive)
            import gzip
            self.assertEqual(gzip.decompress((out / "a.trace").read_bytes()), b"xyz")
            # A second unpack of the same content reuses the directory.
            self.assertEqual(tracelib.unpack_traces(Path(d) / "cache", archive), out)


if __name__ == "__main__":
    unittest.main()
