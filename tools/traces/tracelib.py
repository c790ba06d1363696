"""Shared parts of tools/traces: driver environments, replay, image I/O and
the frame metric.  Python 3 standard library only, like tools/conformance.

The metric (docs/traces.md): a pixel is *off* when the largest of its
absolute R, G, B differences exceeds `level` (out of 255); a frame passes
when the fraction of off pixels is at most `fraction`.  Real rasterization
differences (edge coverage, interpolation and precision) are isolated
pixels or small level differences; a dropped or wrong draw is a region of
large differences.
"""

import gzip
import hashlib
import json
import lzma
import os
import re
import struct
import subprocess
import tarfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRACE_DIR = ROOT / "tests" / "traces"
MANIFEST = TRACE_DIR / "traces.json"
# Every trace's uncompressed stream in one xz tar: the glmark2 scenes of one
# kind upload the same model and textures, which xz's 64 MiB dictionary
# stores once, where per-file compression (apitrace's own Brotli or Snappy)
# stores them in every trace (docs/traces.md has the sizes).
ARCHIVE = TRACE_DIR / "traces.tar.xz"
MESA_JSON = "/usr/share/glvnd/egl_vendor.d/50_mesa.json"

# Default tolerance (docs/traces.md has the measurements behind it).
DEFAULT_LEVEL = 16
DEFAULT_FRACTION = 0.005

# Variables that pick an EGL vendor or a Mesa driver: removed before a
# driver's own are set, so one driver's settings never leak into another's
# replay (the same list as tools/conformance/run.py).
_DRIVER_VARS = (
    "__EGL_VENDOR_LIBRARY_FILENAMES",
    "__EGL_VENDOR_LIBRARY_DIRS",
    "LIBGL_ALWAYS_SOFTWARE",
    "GALLIUM_DRIVER",
    "MESA_LOADER_DRIVER_OVERRIDE",
    "EGL_PLATFORM",
)

# "native": any other EGL vendor, named by its vendor JSON (NVIDIA's on the
# H100), so a benchmark's frames can be checked on the driver it compares.
DRIVERS = ("brass", "llvmpipe", "zink", "native")

# The reference replays on llvmpipe with its CPU features capped at SSE4.1.
# Mesa's GLSL compiler lowers mediump/lowp floats to 16 bits when the driver
# reports FP16 support, and llvmpipe reports it exactly when the host CPU has
# F16C (an AVX feature): on such a host llvmpipe computes every mediump value
# in half precision, on an older one in single precision, so the reference
# frames depended on the machine.  Capping at SSE4.1 clears AVX and with it
# F16C (and FMA), so llvmpipe computes mediump at 32 bits everywhere, as
# Brass does (both are within GLSL ES's precision rules; measured in
# docs/traces.md: glmark2's loop/function/conditionals and terrain scenes
# differ by 0.5-44% of their pixels between the two choices).  Only for
# llvmpipe: zink still emits 16-bit SPIR-V (lavapipe reports shaderFloat16
# regardless of the CPU), which lavapipe then cannot compile without F16C.
REFERENCE_CPU_CAPS = "sse4.1"


def find_brass_json(explicit=None):
    """The Brass vendor JSON: `explicit`, else the CI build's, else the newest
    preset build's (as tools/brass-run chooses)."""
    if explicit:
        path = Path(explicit)
        return path if path.is_file() else None
    rel = Path("share/glvnd/egl_vendor.d/60_brass.json")
    ci = ROOT / "build" / "ci" / rel
    if ci.is_file():
        return ci
    found = sorted((p for p in (ROOT / "build").glob("*/" + str(rel)) if p.is_file()),
                   key=lambda p: p.stat().st_mtime, reverse=True)
    return found[0] if found else None


def driver_env(driver, brass_json=None, base=None):
    """Environment for replaying on `driver`; brass_json is the vendor JSON of
    brass or native."""
    env = dict(os.environ if base is None else base)
    for var in _DRIVER_VARS:
        env.pop(var, None)
    env.setdefault("XDG_RUNTIME_DIR", "/tmp")
    # eglretrace goes through waffle; --headless alone still asks waffle for
    # its default (X11) platform, which fails without a display.
    env["WAFFLE_PLATFORM"] = "surfaceless_egl"
    if driver in ("brass", "native"):
        if brass_json is None:
            raise ValueError(f"{driver} needs a vendor JSON")
        env["__EGL_VENDOR_LIBRARY_FILENAMES"] = str(brass_json)
    elif driver in ("llvmpipe", "zink"):
        env["__EGL_VENDOR_LIBRARY_FILENAMES"] = MESA_JSON
        env["LIBGL_ALWAYS_SOFTWARE"] = "1"
        env.pop("GALLIUM_OVERRIDE_CPU_CAPS", None)
        if driver == "zink":
            env["GALLIUM_DRIVER"] = "zink"
        else:
            env["GALLIUM_OVERRIDE_CPU_CAPS"] = REFERENCE_CPU_CAPS
    else:
        raise ValueError(f"unknown driver {driver!r}")
    return env


# ---------------------------------------------------------------- manifest

def load_manifest(path=MANIFEST):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return data


def save_manifest(data, path=MANIFEST):
    text = json.dumps(data, indent=2, sort_keys=False) + "\n"
    Path(path).write_text(text, encoding="utf-8")


# ---------------------------------------------------------------- storage

def raw_stream(trace):
    """The uncompressed call stream of a trace file of any container
    (apitrace repacks it as gzip, whose payload is the stream itself)."""
    gz = Path(str(trace) + ".gz-repack")
    try:
        subprocess.run(["apitrace", "repack", "--zlib", str(trace), str(gz)], check=True,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return gzip.decompress(gz.read_bytes())
    finally:
        gz.unlink(missing_ok=True)


def write_trace(path, raw):
    """A replayable trace from an uncompressed stream: apitrace reads a
    gzip container through zlib, any compression level (1: fast)."""
    Path(path).write_bytes(gzip.compress(raw, 1, mtime=0))


def read_archive(archive=ARCHIVE):
    """{name: raw stream} of the stored archive ({} when there is none)."""
    if not Path(archive).is_file():
        return {}
    out = {}
    with tarfile.open(archive, "r:xz") as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith(".trace"):
                out[member.name[:-len(".trace")]] = tar.extractfile(member).read()
    return out


def write_archive(streams, archive=ARCHIVE):
    """Stores {name: raw stream} (sorted, with fixed metadata, so that the
    same traces give the same bytes)."""
    import io
    tmp = Path(str(archive) + ".tmp")
    with lzma.open(tmp, "wb", preset=9 | lzma.PRESET_EXTREME) as xz:
        with tarfile.open(fileobj=xz, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for name in sorted(streams):
                info = tarfile.TarInfo(name + ".trace")
                info.size = len(streams[name])
                info.mtime = 0
                info.mode = 0o644
                tar.addfile(info, io.BytesIO(streams[name]))
    tmp.replace(archive)


def unpack_traces(cache_root, archive=ARCHIVE):
    """Replayable traces of the archive under cache_root/<archive hash>/,
    unpacked once per archive content.  Returns that directory."""
    digest = hashlib.sha256(Path(archive).read_bytes()).hexdigest()[:16]
    out = Path(cache_root) / digest
    done = out / ".complete"
    if done.is_file():
        return out
    # Built aside and renamed into place: two runs at once (ctest -j) never
    # see a half-written directory; the slower one drops its copy.
    tmp = Path(cache_root) / f"{digest}.tmp{os.getpid()}"
    tmp.mkdir(parents=True, exist_ok=True)
    for name, raw in read_archive(archive).items():
        write_trace(tmp / f"{name}.trace", raw)
    (tmp / ".complete").write_text(digest + "\n")
    try:
        os.rename(tmp, out)
    except OSError:
        import shutil
        shutil.rmtree(tmp)
        if not done.is_file():
            raise
    return out


# ---------------------------------------------------------------- images

@dataclass
class Image:
    width: int
    height: int
    rgb: bytes  # top row first, 3 bytes per pixel

    def __post_init__(self):
        if len(self.rgb) != self.width * self.height * 3:
            raise ValueError(f"{self.width}x{self.height} image with {len(self.rgb)} bytes")


def parse_pnm_stream(data):
    """eglretrace `-s -` writes one binary PPM per snapshot, with the call
    number as a comment line: `P6\\n#<call>\\n<w> <h>\\n255\\n<pixels>`.
    Returns [(call, Image)]."""
    out = []
    pos = 0
    while pos < len(data):
        if data[pos:pos + 3] != b"P6\n":
            raise ValueError(f"no PPM header at byte {pos}")
        pos += 3
        call = None
        tokens = []
        while len(tokens) < 3:
            end = data.index(b"\n", pos)
            line = data[pos:end]
            pos = end + 1
            if line.startswith(b"#"):
                m = re.match(rb"#\s*(\d+)", line)
                if m:
                    call = int(m.group(1))
                continue
            tokens += line.split()
        width, height, maxval = (int(t) for t in tokens)
        if maxval != 255:
            raise ValueError(f"PPM maxval {maxval}")
        size = width * height * 3
        if pos + size > len(data):
            raise ValueError("truncated PPM")
        out.append((call, Image(width, height, bytes(data[pos:pos + size]))))
        pos += size
    return out


def write_png(path, image):
    """8-bit RGB PNG, filter 0 on every row (zlib does the work)."""
    stride = image.width * 3
    raw = bytearray()
    for y in range(image.height):
        raw.append(0)
        raw += image.rgb[y * stride:(y + 1) * stride]

    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body +
                struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    png = (b"\x89PNG\r\n\x1a\n" +
           chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)) +
           chunk(b"IDAT", zlib.compress(bytes(raw), 6)) +
           chunk(b"IEND", b""))
    Path(path).write_bytes(png)


def read_png(path):
    """Reads 8-bit RGB or RGBA non-interlaced PNGs (what write_png and
    eglretrace write) into an Image (alpha dropped)."""
    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos = 8
    idat = bytearray()
    width = height = channels = None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError(f"{path}: unsupported PNG (depth {depth}, type {ctype}, interlace {interlace})")
            channels = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    prev = bytearray(stride)
    rows = bytearray()
    pos = 0
    for _ in range(height):
        ftype = raw[pos]
        cur = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            a = cur[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if ftype == 1:
                cur[i] = (cur[i] + a) & 0xFF
            elif ftype == 2:
                cur[i] = (cur[i] + b) & 0xFF
            elif ftype == 3:
                cur[i] = (cur[i] + ((a + b) >> 1)) & 0xFF
            elif ftype == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (cur[i] + pred) & 0xFF
            elif ftype != 0:
                raise ValueError(f"{path}: PNG filter {ftype}")
        rows += cur
        prev = cur
    if channels == 4:
        rgb = bytearray()
        for i in range(0, len(rows), 4):
            rgb += rows[i:i + 3]
        rows = rgb
    return Image(width, height, bytes(rows))


# ---------------------------------------------------------------- metric

@dataclass
class FrameDiff:
    pixels: int
    off: int            # pixels whose max channel difference > level
    differing: int      # pixels with any difference at all
    max_diff: int
    level: int
    fraction_limit: float
    # bounding box (x0, y0, x1, y1) of the off pixels, None when none
    bbox: tuple = None
    diff_image: Image = field(default=None, repr=False)

    @property
    def off_fraction(self):
        return self.off / self.pixels if self.pixels else 0.0

    @property
    def passed(self):
        return self.off_fraction <= self.fraction_limit


def compare(ref, test, level=DEFAULT_LEVEL, fraction=DEFAULT_FRACTION, want_image=False):
    """Compares two frames with the metric of this module's docstring.  A
    size mismatch is a failure of every pixel (a replay that got a different
    surface is wrong).  The difference image, when asked for, is black where
    equal, grey (4x the difference) where off by at most `level`, red where
    off by more."""
    if (ref.width, ref.height) != (test.width, test.height):
        n = ref.width * ref.height
        return FrameDiff(n, n, n, 255, level, fraction, (0, 0, ref.width - 1, ref.height - 1), None)
    a, b = ref.rgb, test.rgb
    n = ref.width * ref.height
    off = differing = max_diff = 0
    x0 = y0 = 1 << 30
    x1 = y1 = -1
    diff = bytearray(n * 3) if want_image else None
    if a == b:
        return FrameDiff(n, 0, 0, 0, level, fraction, None,
                         Image(ref.width, ref.height, bytes(diff)) if want_image else None)
    w = ref.width
    for p in range(n):
        i = p * 3
        d = max(abs(a[i] - b[i]), abs(a[i + 1] - b[i + 1]), abs(a[i + 2] - b[i + 2]))
        if not d:
            continue
        differing += 1
        if d > max_diff:
            max_diff = d
        if d > level:
            off += 1
            y, x = divmod(p, w)
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
            if want_image:
                diff[i] = 255
        elif want_image:
            g = min(255, d * 4)
            diff[i] = diff[i + 1] = diff[i + 2] = g
    bbox = (x0, y0, x1, y1) if off else None
    return FrameDiff(n, off, differing, max_diff, level, fraction, bbox,
                     Image(ref.width, ref.height, bytes(diff)) if want_image else None)


# ---------------------------------------------------------------- replay

@dataclass
class Replay:
    returncode: int
    frames: list          # [(call, Image)]
    stderr: str
    seconds: float
    timed_out: bool = False


def replay(trace, env, ignore_calls=None, timeout=120):
    """eglretrace --headless, every frame snapshotted to stdout as PPM."""
    import time
    cmd = ["eglretrace", "--headless", "-s", "-"]
    if ignore_calls:
        cmd.append(f"--ignore-calls={ignore_calls}")
    cmd.append(str(trace))
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return Replay(-9, [], (e.stderr or b"").decode(errors="replace"),
                      time.monotonic() - start, timed_out=True)
    seconds = time.monotonic() - start
    stderr = proc.stderr.decode(errors="replace")
    try:
        frames = parse_pnm_stream(proc.stdout)
    except ValueError as e:
        stderr += f"\n[traces] unreadable snapshot stream: {e}\n"
        frames = []
    return Replay(proc.returncode, frames, stderr, seconds)


# eglretrace's own checks print `<call>: warning: glGetError(<fn>) = GL_...`
# after a call that raised a GL error.
_GL_ERROR = re.compile(r"^(\d+): warning: glGetError\((\w+)\) = (\w+)", re.M)


def gl_errors(stderr):
    """{(call, function, error)} that eglretrace reported."""
    return {(int(c), f, e) for c, f, e in _GL_ERROR.findall(stderr)}


# ---------------------------------------------------------------- trace dump

_DRAW = re.compile(r"^(\d+) (glDraw\w+|glMultiDraw\w+)\(", re.M)
_SWAP = re.compile(r"^(\d+) eglSwapBuffers\(", re.M)


def draws_of_last_frame(trace):
    """Call numbers of the draw calls after the last-but-one eglSwapBuffers
    and before the last one (the last frame that gets snapshotted)."""
    text = subprocess.run(["apitrace", "dump", "--color=never", str(trace)],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          check=True).stdout.decode(errors="replace")
    swaps = [int(m) for m in _SWAP.findall(text)]
    draws = [int(c) for c, _ in _DRAW.findall(text)]
    if not swaps:
        return []
    lo = swaps[-2] if len(swaps) >= 2 else -1
    return [c for c in draws if lo < c < swaps[-1]]
