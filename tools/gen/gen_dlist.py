#!/usr/bin/env python3
"""Generates the display-list recording and replay code from gl.xml.

The compatibility profile records most commands into the display list being
compiled instead of (GL_COMPILE) or as well as (GL_COMPILE_AND_EXECUTE)
executing them (GL 4.6 compatibility §21.4, GL 2.1 §5.4). gen_gl.py calls
write() with the registry's commands and the set of implemented handlers,
and emits in every listable command's entry point

    if (ctx->display_lists.compiling()) { if (!compat::dlist::record_Name(*ctx, args...)) return; }

Outputs (into the generator's --out):
  gl_display_list_commands.h    Op (one per recorded command) and the record_*
                                declarations the entry points call.
  gl_display_list_commands.cpp  record_*: copy the arguments, and the client
                                memory pointer arguments point at, into the
                                list's command stream; replay(): decode the
                                stream and call the same brass::gl::api
                                handlers the entry points call.

Which commands are listable, by the spec: every command of GL 1.0 - 2.1
except those §21.4.1 says execute immediately (names, client state, vertex
array pointers, pixel store, buffer and shader objects, render modes,
Flush/Finish, Get* and Is*); of the commands GL 3.0 and later add, the
server-state and drawing commands of LISTABLE_SINCE_30 and its patterns
(what their specifications compile: UniformBlockBinding, UseProgramStages,
program uniforms, DispatchCompute, ...). Object creation, binding of 3.0+
objects, buffer copies and mapping, and queries execute immediately; the
instanced draws and DispatchComputeIndirect are INVALID_OPERATION while
compiling (INVALID_WHILE_COMPILING).

Pointer arguments are copied with the lengths gl.xml's `len` attributes give
(a number, or an expression of the other arguments such as `count*4`); the
`COMPSIZE(...)` lengths have their rule in POINTER_RULES (a C++ helper of
src/gl/compat/display_list_capture.h). Pixel data is unpacked with the
unpack state in effect at compile time (PIXEL_UNPACK_BUFFER included) into
tightly packed rows, and replayed with the default unpack state (alignment
1), as the spec has client state apply when a command is compiled.

Commands in HANDWRITTEN have their record_* written by hand
(src/gl/compat/display_list_vertex_arrays.cpp): the vertex array draws
dereference the arrays at compile time and record what they draw as
immediate-mode commands.
Standard library only.
"""
import os
import re

# GL 1.0 - 2.1 commands that execute immediately even while a list is being
# compiled (GL 4.6 compatibility §21.4.1; Get* and Is* are matched by name).
NOT_LISTABLE = {
    # Display lists themselves (NewList/EndList drive the compilation).
    "glGenLists", "glDeleteLists", "glNewList", "glEndList",
    # Render modes.
    "glFeedbackBuffer", "glSelectBuffer", "glRenderMode",
    # Vertex arrays and client state.
    "glClientActiveTexture", "glColorPointer", "glEdgeFlagPointer", "glFogCoordPointer", "glIndexPointer",
    "glInterleavedArrays", "glNormalPointer", "glSecondaryColorPointer", "glTexCoordPointer",
    "glVertexAttribPointer", "glVertexPointer", "glEnableClientState", "glDisableClientState",
    "glEnableVertexAttribArray", "glDisableVertexAttribArray", "glPushClientAttrib", "glPopClientAttrib",
    # Pixels and textures.
    "glPixelStoref", "glPixelStorei", "glReadPixels", "glGenTextures", "glDeleteTextures",
    "glAreTexturesResident",
    # Occlusion queries.
    "glGenQueries", "glDeleteQueries",
    # Vertex buffer objects.
    "glGenBuffers", "glDeleteBuffers", "glBindBuffer", "glBufferData", "glBufferSubData", "glMapBuffer",
    "glUnmapBuffer",
    # Program and shader objects.
    "glCreateProgram", "glCreateShader", "glDeleteProgram", "glDeleteShader", "glAttachShader",
    "glDetachShader", "glBindAttribLocation", "glCompileShader", "glShaderSource", "glLinkProgram",
    "glValidateProgram",
    # Command stream management.
    "glFinish", "glFlush",
}

# Commands of GL 3.0 and later that set server state or draw without
# vertex arrays: compiled like the GL 1.x-2.x commands they extend (integer
# uniforms and attributes, indexed enables and blending, conditional
# rendering). Every other command of GL 3.0+ (objects, bindings, mapping)
# executes immediately.
LISTABLE_SINCE_30 = {
    "glClampColor", "glColorMaski", "glEnablei", "glDisablei", "glBeginConditionalRender",
    "glEndConditionalRender", "glClearBufferiv", "glClearBufferuiv", "glClearBufferfv", "glClearBufferfi",
    "glUniform1ui", "glUniform2ui", "glUniform3ui", "glUniform4ui", "glUniform1uiv", "glUniform2uiv",
    "glUniform3uiv", "glUniform4uiv", "glTexParameterIiv", "glTexParameterIuiv",
    "glVertexAttribI1i", "glVertexAttribI2i", "glVertexAttribI3i", "glVertexAttribI4i",
    "glVertexAttribI1ui", "glVertexAttribI2ui", "glVertexAttribI3ui", "glVertexAttribI4ui",
    "glVertexAttribI1iv", "glVertexAttribI2iv", "glVertexAttribI3iv", "glVertexAttribI4iv",
    "glVertexAttribI1uiv", "glVertexAttribI2uiv", "glVertexAttribI3uiv", "glVertexAttribI4uiv",
    "glVertexAttribI4bv", "glVertexAttribI4sv", "glVertexAttribI4ubv", "glVertexAttribI4usv",
    "glProvokingVertex", "glSampleMaski", "glMinSampleShading",
    "glBlendEquationi", "glBlendEquationSeparatei", "glBlendFunci", "glBlendFuncSeparatei",
    # ARB_uniform_buffer_object: UniformBlockBinding follows glUniform.
    "glUniformBlockBinding",
    # ARB_separate_shader_objects: UseProgramStages as UseProgram, and the
    # program uniforms (pipeline creation and binding execute).
    "glUseProgramStages", "glActiveShaderProgram",
    # ARB_compute_shader: DispatchCompute compiles (the indirect form is an
    # error, INVALID_WHILE_COMPILING).
    "glDispatchCompute",
    # ARB_viewport_array, ARB_tessellation_shader, polygon offset clamp.
    "glViewportArrayv", "glViewportIndexedf", "glViewportIndexedfv", "glScissorArrayv", "glScissorIndexed",
    "glScissorIndexedv", "glDepthRangeArrayv", "glDepthRangeIndexed", "glPatchParameteri",
    "glPatchParameterfv", "glPolygonOffsetClamp", "glUniformSubroutinesuiv",
}
# Families of GL 3.0+ uniform and attribute setters that compile like
# glUniform and glVertexAttrib (ARB_gpu_shader_fp64's double uniforms,
# ARB_separate_shader_objects' program uniforms, ARB_vertex_attrib_64bit's
# current values).
LISTABLE_SINCE_30_PATTERNS = [
    r"glProgramUniform(Matrix)?[1-4](x[1-4])?(f|i|ui|d)v?",
    r"glUniform(Matrix)?[1-4](x[1-4])?dv?",
    r"glVertexAttribL[1-4]dv?",
]

# Commands of GL 3.0+ whose specifications make calling them while a list
# is being compiled INVALID_OPERATION (ARB_draw_instanced: "is called during
# display list compilation"; ARB_compute_shader's DispatchComputeIndirect);
# nothing is recorded or executed.
INVALID_WHILE_COMPILING = {
    "glDrawArraysInstanced", "glDrawElementsInstanced", "glDrawElementsInstancedBaseVertex",
    "glDrawArraysInstancedBaseInstance", "glDrawElementsInstancedBaseInstance",
    "glDrawElementsInstancedBaseVertexBaseInstance", "glDispatchComputeIndirect",
}

# Record functions written by hand: the vertex array draws (arrays are
# dereferenced when the command is compiled) and the evaluator maps (points
# are read with the caller's strides).
# The draws record other commands (immediate mode): they have no Op.
RECORDED_AS_OTHER_OPS = {
    "glArrayElement", "glDrawArrays", "glDrawElements", "glDrawRangeElements", "glMultiDrawArrays",
    "glMultiDrawElements", "glDrawElementsBaseVertex", "glDrawRangeElementsBaseVertex",
    "glMultiDrawElementsBaseVertex",
}
HANDWRITTEN = RECORDED_AS_OTHER_OPS

# len="COMPSIZE(...)" pointer arguments: the C++ expression giving the number
# of elements (names are the command's parameters), or "pixels" / "bitmap" /
# "stipple" for image data unpacked at compile time.
POINTER_RULES = {
    "pname": "capture::pname_count(pname)",
    "buffer": "capture::clear_buffer_count(buffer)",
    "n,type": "capture::call_lists_bytes(n, type)",
    # Evaluator control points: from the first through the last point the
    # strides reach (the copy keeps the caller's strides).
    "target,stride,order": "capture::map1_count(target, stride, order)",
    "target,ustride,uorder,vstride,vorder": "capture::map2_count(target, ustride, uorder, vstride, vorder)",
    "format,type,width": "pixels",
    "format,type,width,height": "pixels",
    "format,type,width,height,depth": "pixels",
    "width,height": "bitmap",
    "": "stipple",
}

# Pointer lengths gl.xml gives as COMPSIZE of a count whose elements are
# several values (command, parameter) -> element count expression.
POINTER_OVERRIDES = {
    ("glViewportArrayv", "v"): "int64_t(count) * 4",
    ("glScissorArrayv", "v"): "int64_t(count) * 4",
    ("glDepthRangeArrayv", "v"): "int64_t(count) * 2",
}

# Image commands: which of their parameters describe the image.
IMAGE_DIMS = {
    "glTexImage1D": ("width", "1", "1", 1), "glTexSubImage1D": ("width", "1", "1", 1),
    "glTexImage2D": ("width", "height", "1", 2), "glTexSubImage2D": ("width", "height", "1", 2),
    "glTexImage3D": ("width", "height", "depth", 3), "glTexSubImage3D": ("width", "height", "depth", 3),
    "glDrawPixels": ("width", "height", "1", 2),
}

# Texture specification with a proxy target changes no texture: it executes
# immediately (§21.4.1) so that the proxy query that follows sees it.
PROXY_CHECK = {"glTexImage1D", "glTexImage2D", "glTexImage3D"}


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def first_desktop_version(root):
    """Command name -> the first desktop GL version that requires it."""
    first = {}
    features = sorted((f for f in root.findall("feature") if f.get("api") == "gl"),
                      key=lambda f: version_key(f.get("number")))
    for f in features:
        for req in f.findall("require"):
            for c in req.findall("command"):
                first.setdefault(c.get("name"), f.get("number"))
    return first


def is_listable(name, first_version):
    if name in NOT_LISTABLE or name.startswith("glGet") or name.startswith("glIs"):
        return False
    version = first_version.get(name)
    if version is None:
        return False
    if version_key(version) <= (2, 1):
        return True
    if name in RECORDED_AS_OTHER_OPS or name in INVALID_WHILE_COMPILING:
        return True
    return name in LISTABLE_SINCE_30 or any(re.fullmatch(p, name) for p in LISTABLE_SINCE_30_PATTERNS)


def split_decl(text, pname):
    """'const GLfloat *params' -> ('const GLfloat *', 'GLfloat', True)."""
    t = text[: text.rfind(pname)].strip()
    is_ptr = "*" in t
    elem = t.replace("const", "").replace("*", "").strip()
    return t, elem, is_ptr


def pointer_count_expr(cmd_name, pname, len_attr):
    """C++ expression for the number of elements of a pointer argument, or a
    special kind ("pixels", "bitmap", "stipple", "bytes:<expr>")."""
    if len_attr is None:
        raise SystemExit("gen_dlist: %s.%s has no length" % (cmd_name, pname))
    m = re.fullmatch(r"COMPSIZE\((.*)\)", len_attr)
    if m:
        rule = POINTER_RULES.get(m.group(1))
        if rule is None:
            raise SystemExit("gen_dlist: %s.%s: no rule for %s" % (cmd_name, pname, len_attr))
        if rule == "capture::call_lists_bytes(n, type)":
            return "bytes:" + rule
        return rule
    if re.fullmatch(r"[A-Za-z0-9_*+ ]+", len_attr):
        # In 64 bits: `count*16` of an application's count must not overflow.
        return re.sub(r"\b([A-Za-z_][A-Za-z0-9_]*)\b", r"int64_t(\1)", len_attr)
    raise SystemExit("gen_dlist: %s.%s: unknown length %s" % (cmd_name, pname, len_attr))


def write(out_dir, root, commands, implemented, allowed_between_begin_end):
    """Writes the generated files; returns the canonical names whose entry
    points record (listable and implemented). `allowed_between_begin_end`
    (gen_gl.py) names the commands GL allows between glBegin and glEnd: the
    replay checks the others as their entry points do (a list called inside
    glBegin/glEnd executes them there)."""
    first = first_desktop_version(root)
    listable = sorted(n for n in first if is_listable(n, first))
    lens = {}
    for c in root.find("commands").findall("command"):
        lens[c.find("proto").find("name").text] = {p.find("name").text: p.get("len") for p in c.findall("param")}
    for name in listable:
        cmd = commands[name]
        cmd.lens = lens[name]
        if cmd.ret != "void":
            raise SystemExit("gen_dlist: listable command %s returns a value" % name)
    # Every listable command has an Op and a recorder, implemented or not:
    # the hand-written recorders (vertex array draws) emit immediate-mode
    # commands whatever the handlers that exist; an Op without a handler
    # replays as the entry point would execute it (INVALID_OPERATION).
    ops = [n for n in listable if n not in RECORDED_AS_OTHER_OPS and n not in INVALID_WHILE_COMPILING]
    header = [
        "// Generated by tools/gen/gen_dlist.py from gl.xml. Do not edit.",
        "#pragma once",
        "",
        "#include <cstdint>",
        "",
        '#include "gl/gl_types.h"',
        "",
        "namespace brass::gl {",
        "class Context;",
        "}",
        "",
        "namespace brass::gl::compat::dlist {",
        "",
        "// One per recorded command; 0 is no command.",
        "enum class Op : uint16_t {",
        "  None = 0,",
    ]
    for i, name in enumerate(ops):
        header.append("  %s = %d," % (name[2:], i + 1))
    header.append("  Error = %d,  // an error the command that recorded it generates at execution" % (len(ops) + 1))
    header.append("  // A vertex array draw's recorded commands follow, `words` of them: skipped,")
    header.append("  // with INVALID_OPERATION, between glBegin and glEnd (where the draw is).")
    header.append("  ArrayDraw = %d," % (len(ops) + 2))
    header.append("};")
    header.append("inline constexpr int kOpCount = %d;" % (len(ops) + 3))
    header.append("")
    header.append("// Each command's arguments as recorded; a pointer argument is the offset")
    header.append("// of its copied data from the struct (0: null), the data following it.")
    for name in ops:
        cmd = commands[name]
        header.append("struct Args_%s {" % name[2:])
        for text, pn in cmd.params:
            t, elem, is_ptr = split_decl(text, pn)
            if is_ptr:
                header.append("  uint32_t %s;" % pn)
            else:
                header.append("  %s %s;" % (t, pn))
        if not cmd.params:
            header.append("  uint8_t unused;")
        header.append("};")
    header.append("")
    header.append("// Record the command into the list being compiled; true when it")
    header.append("// also executes now (COMPILE_AND_EXECUTE, or a command that never")
    header.append("// compiles such as a proxy texture image).")
    for name in listable:
        cmd = commands[name]
        params = ["Context& ctx"] + [t for t, _ in cmd.params]
        header.append("bool record_%s(%s);" % (name[2:], ", ".join(params)))
    header.append("// Records `error` (a command found it invalid while recording what it")
    header.append("// does: a vertex array draw with a negative count, ...).")
    header.append("void record_error(Context& ctx, GLenum error);")
    header.append("")
    header.append("// Executes the records of one list, [begin, end) (display_list_stream.h).")
    header.append("void replay(Context& ctx, const uint64_t* begin, const uint64_t* end);")
    header.append("")
    header.append("}  // namespace brass::gl::compat::dlist")

    src = [
        "// Generated by tools/gen/gen_dlist.py from gl.xml. Do not edit.",
        '#include "gl_display_list_commands.h"',
        "",
        "#include <cstring>",
        "",
        '#include "gl/compat/display_list_capture.h"',
        '#include "gl/context.h"',
        '#include "gl_functions.h"',
        "",
        "namespace brass::gl::compat::dlist {",
        "",
    ]
    for name in ops:
        if name in HANDWRITTEN:
            continue
        src.extend(record_function(name, commands[name]))
    for name in listable:
        if name not in INVALID_WHILE_COMPILING:
            continue
        cmd = commands[name]
        params = ["Context& ctx"] + [t for t, _ in cmd.params]
        src.append("bool record_%s(%s) {" % (name[2:], ", ".join(params)))
        for _, pn in cmd.params:
            src.append("  (void)%s;" % pn)
        src.append("  ctx.set_error(GL_INVALID_OPERATION);  // not allowed in a display list")
        src.append("  return false;")
        src.append("}")
        src.append("")
    src.append("void record_error(Context& ctx, GLenum error) {")
    src.append("  *static_cast<GLenum*>(ctx.display_lists.append(uint16_t(Op::Error), sizeof(GLenum))) = error;")
    src.append("}")
    src.append("")
    src.append("void replay(Context& ctx, const uint64_t* begin, const uint64_t* end) {")
    src.append("  for (const uint64_t* p = begin; p < end; p += record_words(p)) {")
    src.append("    const void* args = p + 1;")
    src.append("    switch (static_cast<Op>(record_op(p))) {")
    for name in ops:
        cmd = commands[name]
        s = name[2:]
        src.append("      case Op::%s: {" % s)
        src.append("        const auto* a = static_cast<const Args_%s*>(args);" % s)
        call_args = ["ctx"]
        for text, pn in cmd.params:
            t, elem, is_ptr = split_decl(text, pn)
            if is_ptr:
                ct = "const void*" if elem == "void" else "const %s*" % elem
                call_args.append("capture::data<%s>(a, a->%s)" % (ct.replace("const ", "").rstrip("*"), pn))
            else:
                call_args.append("a->%s" % pn)
        if name in IMAGE_DIMS or any(pointer_kind(name, cmd, pn) in ("bitmap", "stipple", "compressed")
                                     for _, pn in cmd.params):
            src.append("        const capture::DefaultUnpack unpack(ctx);  // the data is tightly packed")
        if not allowed_between_begin_end(name):
            src.append("        if (ctx.vertex_spec.inside_begin_end()) [[unlikely]] {")
            src.append("          ctx.set_error(GL_INVALID_OPERATION);")
            src.append("          break;")
            src.append("        }")
        if name in implemented:
            if not cmd.params:
                src.append("        (void)a;")
            src.append("        api::%s(%s);" % (s, ", ".join(call_args)))
        else:
            src.append("        (void)a;")
            src.append("        ctx.set_error(GL_INVALID_OPERATION);  // no handler yet")
        src.append("        break;")
        src.append("      }")
    src.append("      case Op::Error: ctx.set_error(*static_cast<const GLenum*>(args)); break;")
    src.append("      case Op::ArrayDraw:")
    src.append("        if (ctx.vertex_spec.inside_begin_end()) {")
    src.append("          ctx.set_error(GL_INVALID_OPERATION);")
    src.append("          p += *static_cast<const uint64_t*>(args);")
    src.append("        }")
    src.append("        break;")
    src.append("      default: break;")
    src.append("    }")
    src.append("  }")
    src.append("}")
    src.append("")
    src.append("}  // namespace brass::gl::compat::dlist")
    os.makedirs(out_dir, exist_ok=True)
    write_if_changed(os.path.join(out_dir, "gl_display_list_commands.h"), "\n".join(header) + "\n")
    write_if_changed(os.path.join(out_dir, "gl_display_list_commands.cpp"), "\n".join(src) + "\n")
    return {n for n in listable if n in implemented}


def pointer_kind(name, cmd, pn):
    """How a parameter is captured: None (by value), "count:<expr>" elements,
    "bytes:<expr>", "pixels", "bitmap", "stipple" or "compressed"."""
    for text, p in cmd.params:
        if p != pn:
            continue
        _, elem, is_ptr = split_decl(text, p)
        if not is_ptr:
            return None
        if name in HANDWRITTEN:
            return "handwritten"
        length = cmd.lens.get(p)
        if name.startswith("glCompressedTex"):
            return "compressed"
        if (name, p) in POINTER_OVERRIDES:
            return "count:" + POINTER_OVERRIDES[(name, p)]
        kind = pointer_count_expr(name, p, length)
        if kind in ("pixels", "bitmap", "stipple") or kind.startswith("bytes:"):
            return kind
        return "count:" + kind
    return None


def record_function(name, cmd):
    s = name[2:]
    params = ["Context& ctx"] + [t for t, _ in cmd.params]
    out = ["bool record_%s(%s) {" % (s, ", ".join(params))]
    if name in PROXY_CHECK:
        out.append("  if (capture::is_proxy_texture_target(target)) return true;")
    sizes = []  # (param, bytes expression, capture kind)
    for text, pn in cmd.params:
        kind = pointer_kind(name, cmd, pn)
        if kind is None:
            continue
        _, elem, _ = split_decl(text, pn)
        esize = "1" if elem == "void" else "sizeof(%s)" % elem
        if kind.startswith("count:"):
            out.append("  const size_t %s_bytes = %s ? capture::array_bytes(%s, %s) : 0;" %
                       (pn, pn, kind[6:], esize))
            sizes.append((pn, "array"))
        elif kind.startswith("bytes:"):
            out.append("  const size_t %s_bytes = %s ? %s : 0;" % (pn, pn, kind[6:]))
            sizes.append((pn, "array"))
        elif kind == "pixels":
            w, h, d, dims = IMAGE_DIMS[name]
            out.append("  capture::ImageCapture %s_image(ctx, format, type, %s, %s, %s, %d, %s);" %
                       (pn, w, h, d, dims, pn))
            out.append("  if (!%s_image.ok()) return false;" % pn)
            out.append("  const size_t %s_bytes = %s_image.bytes();" % (pn, pn))
            sizes.append((pn, "image"))
        elif kind == "bitmap":
            out.append("  capture::ImageCapture %s_image(ctx, GL_COLOR_INDEX, GL_BITMAP, width, height, 1, 2, %s);" %
                       (pn, pn))
            out.append("  if (!%s_image.ok()) return false;" % pn)
            out.append("  const size_t %s_bytes = %s_image.bytes();" % (pn, pn))
            sizes.append((pn, "image"))
        elif kind == "stipple":
            out.append("  capture::ImageCapture %s_image(ctx, GL_COLOR_INDEX, GL_BITMAP, 32, 32, 1, 2, %s);" %
                       (pn, pn))
            out.append("  if (!%s_image.ok()) return false;" % pn)
            out.append("  const size_t %s_bytes = %s_image.bytes();" % (pn, pn))
            sizes.append((pn, "image"))
        elif kind == "compressed":
            out.append("  capture::BytesCapture %s_data(ctx, imageSize, %s);" % (pn, pn))
            out.append("  if (!%s_data.ok()) return false;" % pn)
            out.append("  const size_t %s_bytes = %s_data.bytes();" % (pn, pn))
            sizes.append((pn, "data"))
    total = " + ".join(["capture::padded(sizeof(Args_%s))" % s] + ["capture::padded(%s_bytes)" % pn for pn, _ in sizes])
    out.append("  auto* rec = static_cast<Args_%s*>(ctx.display_lists.append(uint16_t(Op::%s), %s));" %
               (s, s, total))
    if sizes:
        out.append("  size_t at = capture::padded(sizeof(Args_%s));" % s)
    for text, pn in cmd.params:
        kind = pointer_kind(name, cmd, pn)
        if kind is None:
            out.append("  rec->%s = %s;" % (pn, pn))
    for pn, how in sizes:
        if how == "array":
            out.append("  rec->%s = capture::copy_array(rec, &at, %s, %s_bytes);" % (pn, pn, pn))
        elif how == "image":
            out.append("  rec->%s = %s_image.copy_into(rec, &at);" % (pn, pn))
        else:
            out.append("  rec->%s = %s_data.copy_into(rec, &at);" % (pn, pn))
    if not cmd.params:
        out.append("  (void)rec;")
    out.append("  return ctx.display_lists.executes_while_compiling();")
    out.append("}")
    out.append("")
    return out


def write_if_changed(path, text):
    try:
        with open(path) as fh:
            if fh.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w") as fh:
        fh.write(text)
