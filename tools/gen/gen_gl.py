#!/usr/bin/env python3
"""Generates Brass's GL entry points from the Khronos registry (gl.xml).

Outputs (into --out):
  gl_functions.h        Profile bits, FunctionInfo, lookup declarations, and
                        the declarations of every implemented handler
                        (brass::gl::api::Name(Context&, args...)).
  gl_entrypoints.cpp    One C-ABI entry point per function: fetch the current
                        context (no context: no-op), call the handler, or for a
                        function not implemented yet record GL_INVALID_OPERATION
                        and log once. Plus the sorted name -> function table
                        that GetProcAddress and the glvnd dispatch use.
  gl_display_list_commands.h/.cpp
                        Display-list recorders and replay (gen_dlist.py): a
                        listable command's entry point records it while a
                        list is being compiled.

Profiles are bits; a function carries the set of profiles that contain it.
--features lists (api, version) pairs: `gles2:3.0` selects that ES feature;
`gl:4.6` selects the desktop core profile up to 4.6 (every desktop feature up to
that number, less what the core profile removes). A function in no ES profile
is desktop-only: its entry point records GL_INVALID_OPERATION in an ES context
(Context::api_unavailable), since an ES context has no such command.
Standard library only.

Extension commands (--extensions, ES extensions and desktop ones whose
commands alias core commands) get entry points too. An extension command
that the registry marks as an alias of another command (glMapBufferOES ->
glMapBuffer), or that EXTRA_ALIASES maps, shares that command's handler: the
handler is named after the canonical command, so ES extensions and the later
desktop core functions they became are one implementation. Whether the
extension is advertised is the context's decision, not the generator's.

Desktop extensions (--desktop-extensions) are desktop-only extensions
(gl.xml `supported` names glcore, not gles2) whose commands are not in the
4.6 core profile (ARB_gpu_shader_int64's glUniform*i64ARB): their commands
get the GL_CORE profile bit only, so that like every desktop-only command
they record GL_INVALID_OPERATION in an ES context; the handlers check that
the desktop context advertises the extension. Kept apart from --extensions
so that the ES extensions' selection is unchanged.

Compatibility extensions (--compat-extensions) are desktop extensions that
gl.xml lists for the compatibility profile only (`supported` is "gl":
EXT_texture_array, EXT_gpu_shader4) but whose commands all alias core ones
(glFramebufferTextureLayerEXT -> glFramebufferTextureLayer): their entry
points are the core commands' under a second name, in every desktop context
like the core command (whether the name is advertised is the context's
decision). The few without a core alias (OWN_HANDLER_COMPAT_COMMANDS,
glBindFramebufferEXT) have their own handlers, in compatibility contexts only.
"""
import argparse
import os
import re
import sys
import xml.etree.ElementTree as ET

import gen_dlist

# (api, number) -> profile bits that contain everything from that feature on.
PROFILES = [
    ("ES20", "gles2", "2.0"),
    ("ES30", "gles2", "3.0"),
    ("ES31", "gles2", "3.1"),
    ("ES32", "gles2", "3.2"),
    ("GL_CORE", "gl", "core"),
    ("GL_COMPAT", "gl", "compat"),
]


# Extension commands the registry gives no alias although they behave as the
# core command for every valid input (EXT_occlusion_query_boolean predates ES
# 3.0 queries and is their subset; EXT_discard_framebuffer is
# InvalidateFramebuffer with the default framebuffer's attachment names).
EXTRA_ALIASES = {
    "glGenQueriesEXT": "glGenQueries",
    "glDeleteQueriesEXT": "glDeleteQueries",
    "glIsQueryEXT": "glIsQuery",
    "glBeginQueryEXT": "glBeginQuery",
    "glEndQueryEXT": "glEndQuery",
    "glGetQueryivEXT": "glGetQueryiv",
    "glGetQueryObjectuivEXT": "glGetQueryObjectuiv",
    # EXT_blend_func_extended's ES 3.1 command is desktop GL 4.3's, for the
    # one interface (PROGRAM_OUTPUT) it allows.
    "glGetProgramResourceLocationIndexEXT": "glGetProgramResourceLocationIndex",
    # KHR/EXT_robustness's ReadnPixels is GL 4.5's (the registry aliases the
    # other robustness commands itself).
    "glReadnPixelsKHR": "glReadnPixels",
    "glReadnPixelsEXT": "glReadnPixels",
    # OES/EXT_texture_view's command is GL 4.3's (the registry gives no alias).
    "glTextureViewOES": "glTextureView",
    "glTextureViewEXT": "glTextureView",
}

# Compatibility-extension commands the registry gives no alias because their
# semantics differ from the core command's: each has its own handler
# (EXT_framebuffer_object's binds create objects for names glGen* did not
# return, which GL 3.0's BindFramebuffer/BindRenderbuffer reject).
OWN_HANDLER_COMPAT_COMMANDS = {"glBindFramebufferEXT", "glBindRenderbufferEXT"}

# Commands a lost context still runs (KHR_robustness, GL 4.5 §2.3.2): the
# error and reset queries, and the queries that must report completion so
# that an application waiting on them does not wait forever (their handlers
# check Context::lost()). Every other command of a lost context does nothing
# and returns zero (Context::lost_command), or LOST_RESULTS' value.
RUNS_WHEN_LOST = {"glGetError", "glGetGraphicsResetStatus", "glGetSynciv", "glGetQueryObjectuiv"}
LOST_RESULTS = {"glClientWaitSync": "GL_WAIT_FAILED"}
# EXT_separate_shader_objects (ES 2.0/3.0) is ES 3.1's program pipelines and
# glProgramUniform* for vertex and fragment shaders; the handlers check what
# the context allows (compute only with ES 3.1).
EXTRA_ALIASES.update({n + "EXT": n for n in (
    "glActiveShaderProgram", "glBindProgramPipeline", "glCreateShaderProgramv", "glDeleteProgramPipelines",
    "glGenProgramPipelines", "glGetProgramPipelineInfoLog", "glGetProgramPipelineiv", "glIsProgramPipeline",
    "glProgramParameteri", "glUseProgramStages", "glValidateProgramPipeline",
    "glProgramUniform1f", "glProgramUniform1fv", "glProgramUniform1i", "glProgramUniform1iv",
    "glProgramUniform2f", "glProgramUniform2fv", "glProgramUniform2i", "glProgramUniform2iv",
    "glProgramUniform3f", "glProgramUniform3fv", "glProgramUniform3i", "glProgramUniform3iv",
    "glProgramUniform4f", "glProgramUniform4fv", "glProgramUniform4i", "glProgramUniform4iv",
    "glProgramUniformMatrix2fv", "glProgramUniformMatrix3fv", "glProgramUniformMatrix4fv",
    "glProgramUniform1ui", "glProgramUniform1uiv", "glProgramUniform2ui", "glProgramUniform2uiv",
    "glProgramUniform3ui", "glProgramUniform3uiv", "glProgramUniform4ui", "glProgramUniform4uiv",
    "glProgramUniformMatrix2x3fv", "glProgramUniformMatrix3x2fv", "glProgramUniformMatrix2x4fv",
    "glProgramUniformMatrix4x2fv", "glProgramUniformMatrix3x4fv", "glProgramUniformMatrix4x3fv")})


ES_PROFILES = [p[0] for p in PROFILES if p[1] == "gles2"]

def version_key(v):
    return tuple(int(x) for x in v.split("."))


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--registry", required=True)
    p.add_argument("--features", default="gles2:2.0,gles2:3.0",
                   help="comma list of api:version features to generate")
    p.add_argument("--extensions", default="",
                   help="comma list of extension names whose commands get entry points")
    p.add_argument("--desktop-extensions", default="",
                   help="comma list of desktop-only extensions whose commands get desktop entry points")
    p.add_argument("--compat-extensions", default="",
                   help="comma list of compatibility-profile extensions whose commands alias core ones")
    p.add_argument("--implemented", required=True, nargs="+",
                   help="files listing implemented GL function names, one a line (one file per API area)")
    p.add_argument("--out", required=True)
    return p.parse_args()


class Command:
    def __init__(self, elem):
        proto = elem.find("proto")
        self.name = proto.find("name").text
        self.ret = "".join(proto.itertext())[: -len(self.name)].strip()
        self.params = []  # (decl text, name)
        for p in elem.findall("param"):
            pname = p.find("name").text
            text = " ".join("".join(p.itertext()).split())
            self.params.append((text, pname))
        self.profiles = set()
        alias = elem.find("alias")
        self.alias = alias.get("name") if alias is not None else None
        # The command whose handler this entry point calls (itself unless an
        # extension alias of another command).
        self.canonical = self.name
        self.extension = None  # the extension that brought it in, if not core


def feature_profiles(api, number):
    """Profile names that include a feature (api, number)."""
    if api == "gl":
        return ["GL_CORE"]  # compatibility-only commands are moved to GL_COMPAT below
    out = []
    for pname, papi, pver in PROFILES:
        if papi != api:
            continue
        if api == "gles2" and version_key(pver) >= version_key(number):
            out.append(pname)
    return out


def feature_wanted(api, number, wanted):
    """ES features are named one by one; `gl:N` means every desktop feature up to N."""
    for wapi, wnum in wanted:
        if wapi != api:
            continue
        if api == "gl" and version_key(number) <= version_key(wnum):
            return True
        if api != "gl" and number == wnum:
            return True
    return False


def main():
    args = parse_args()
    root = ET.parse(args.registry).getroot()
    commands = {}
    for c in root.find("commands").findall("command"):
        cmd = Command(c)
        commands[cmd.name] = cmd

    wanted = []
    for item in args.features.split(","):
        api, number = item.split(":")
        wanted.append((api, number))

    selected = {}
    core_removed = set()
    for f in root.findall("feature"):
        key = (f.get("api"), f.get("number"))
        if not feature_wanted(key[0], key[1], wanted):
            continue
        profs = feature_profiles(*key)
        for req in f.findall("require"):
            profile = req.get("profile")
            if profile not in (None, "common", "core", "compatibility"):
                continue
            for c in req.findall("command"):
                cmd = commands[c.get("name")]
                if profile == "compatibility":
                    # Desktop commands only the compatibility profile has
                    # (GL 3.3's glVertexP2ui, GL 4.5's glGetnMapdv).
                    if key[0] == "gl":
                        cmd.profiles.add("GL_COMPAT")
                        selected[cmd.name] = cmd
                    continue
                cmd.profiles.update(profs)
                selected[cmd.name] = cmd
        if key[0] == "gl":
            for rem in f.findall("remove"):
                if rem.get("profile") in (None, "core"):
                    core_removed.update(c.get("name") for c in rem.findall("command"))
    # Desktop commands the core profile removed (glBegin, glLoadMatrixf, ...)
    # belong to the compatibility profile (and to an ES profile that has them).
    for name in core_removed:
        cmd = selected.get(name)
        if cmd is None:
            continue
        if "GL_CORE" in cmd.profiles:
            cmd.profiles.discard("GL_CORE")
            cmd.profiles.add("GL_COMPAT")
    if not selected:
        sys.exit("gen_gl: no functions selected")

    es_profiles = [p[0] for p in PROFILES if p[1] == "gles2"]
    wanted_ext = [e for e in args.extensions.split(",") if e]
    found_ext = set()
    for e in root.find("extensions").findall("extension"):
        if e.get("name") not in wanted_ext:
            continue
        found_ext.add(e.get("name"))
        supported = e.get("supported", "").split("|")
        # A desktop-only extension (GL_ARB_indirect_parameters) gives its
        # commands to desktop contexts only: every one must alias the core
        # command that implements it.
        es_ext = "gles2" in supported
        if not es_ext and "glcore" not in supported:
            sys.exit("gen_gl: %s is neither an ES nor a core-profile extension" % e.get("name"))
        for req in e.findall("require"):
            if req.get("api") not in (None, "gles2" if es_ext else "gl"):
                continue
            for c in req.findall("command"):
                cmd = commands[c.get("name")]
                if cmd.name in selected:
                    continue
                if not es_ext and not EXTRA_ALIASES.get(cmd.name, cmd.alias):
                    sys.exit("gen_gl: desktop extension command %s has no core alias" % cmd.name)
                cmd.profiles.update(es_profiles if es_ext else ["GL_CORE"])
                cmd.extension = e.get("name")
                target = EXTRA_ALIASES.get(cmd.name, cmd.alias)
                if target:
                    cmd.canonical = target
                selected[cmd.name] = cmd
    missing = set(wanted_ext) - found_ext
    if missing:
        sys.exit("gen_gl: unknown extensions: " + ", ".join(sorted(missing)))
    select_desktop_extensions(root, commands, selected, [e for e in args.desktop_extensions.split(",") if e])
    select_compat_extensions(root, commands, selected, [e for e in args.compat_extensions.split(",") if e])

    implemented = set()
    for path in args.implemented:
        with open(path) as fh:
            for raw in fh:
                line = raw.split("#", 1)[0].strip()
                if not line:
                    continue
                if line in implemented:
                    sys.exit("gen_gl: %s listed twice (%s)" % (line, path))
                implemented.add(line)
    canonical_names = {c.canonical for c in selected.values()}
    unknown = implemented - canonical_names
    if unknown:
        sys.exit("gen_gl: implemented but not in the selected features: " + ", ".join(sorted(unknown)))

    names = sorted(selected)
    # One handler declaration per implemented canonical command, with the
    # canonical command's own prototype (it may be a desktop command that no
    # selected feature contains, e.g. glMapBuffer for glMapBufferOES).
    handlers = sorted(implemented)
    os.makedirs(args.out, exist_ok=True)
    write_header(os.path.join(args.out, "gl_functions.h"), names, [commands[h] for h in handlers],
                 desktop_commands_complete(root, commands, implemented),
                 compat_commands_complete(root, commands, implemented))
    # Display lists: the listable commands' recorders and replay.
    recorded = gen_dlist.write(args.out, root, commands, implemented, allowed_between_begin_end)
    write_source(os.path.join(args.out, "gl_entrypoints.cpp"), names, selected, implemented, recorded)


def select_desktop_extensions(root, commands, selected, wanted):
    """Adds the commands of desktop-only extensions, in the core profile only."""
    found = set()
    for e in root.find("extensions").findall("extension"):
        if e.get("name") not in wanted:
            continue
        found.add(e.get("name"))
        supported = e.get("supported", "").split("|")
        if "glcore" not in supported or "gles2" in supported:
            sys.exit("gen_gl: %s is not a desktop-only core-profile extension" % e.get("name"))
        for req in e.findall("require"):
            if req.get("api") not in (None, "gl") or req.get("profile") not in (None, "core"):
                continue
            for c in req.findall("command"):
                cmd = commands[c.get("name")]
                if cmd.name in selected:
                    continue
                cmd.profiles.add("GL_CORE")
                cmd.extension = e.get("name")
                target = EXTRA_ALIASES.get(cmd.name, cmd.alias)
                if target:
                    cmd.canonical = target
                selected[cmd.name] = cmd
    missing = set(wanted) - found
    if missing:
        sys.exit("gen_gl: unknown desktop extensions: " + ", ".join(sorted(missing)))


def select_compat_extensions(root, commands, selected, wanted):
    """Adds the commands of compatibility-profile extensions that alias core commands."""
    found = set()
    for e in root.find("extensions").findall("extension"):
        if e.get("name") not in wanted:
            continue
        found.add(e.get("name"))
        if e.get("supported", "").split("|") != ["gl"]:
            sys.exit("gen_gl: %s is not a compatibility-profile-only extension" % e.get("name"))
        for req in e.findall("require"):
            if req.get("api") not in (None, "gl"):
                continue
            for c in req.findall("command"):
                cmd = commands[c.get("name")]
                if cmd.name in selected:
                    continue
                target = EXTRA_ALIASES.get(cmd.name, cmd.alias)
                cmd.extension = e.get("name")
                if target is None and cmd.name in OWN_HANDLER_COMPAT_COMMANDS:
                    # Its own handler (semantics differ from the core command):
                    # compatibility contexts only, like the extension.
                    cmd.profiles.add("GL_COMPAT")
                    selected[cmd.name] = cmd
                    continue
                if not target or target not in selected:
                    sys.exit("gen_gl: compatibility extension command %s aliases no selected command" % cmd.name)
                cmd.profiles.update(selected[target].profiles & {"GL_CORE", "GL_COMPAT"})
                cmd.canonical = target
                selected[cmd.name] = cmd
    missing = set(wanted) - found
    if missing:
        sys.exit("gen_gl: unknown compatibility extensions: " + ", ".join(sorted(missing)))


HEADER_PRELUDE = """// Generated by tools/gen/gen_gl.py from gl.xml. Do not edit.
#pragma once

#include <cstddef>
#include <cstdint>

#include "gl/gl_types.h"

namespace brass::gl {

class Context;

enum ProfileBit : uint32_t {
%s
};

struct FunctionInfo {
  const char* name;       // "glClear"
  void (*proc)();         // the C-ABI entry point
  uint32_t profiles;      // ProfileBit set that contains the function
  bool implemented;       // false: records GL_INVALID_OPERATION and logs once
  const char* extension;  // null for core functions, else the extension adding it
};

// Sorted by name.
const FunctionInfo* function_table(size_t* count);
// Binary search; null when unknown.
const FunctionInfo* find_function(const char* name);

inline constexpr size_t kFunctionCount = %d;

// The highest desktop GL version all of whose core-profile commands (every
// version up to it included) have a handler; 0 when not even GL 1.0's do.
// A desktop version is offered only up to it (Context::provided_desktop_version).
inline constexpr int kDesktopCommandsCompleteVersion = %d;

// The same for the compatibility profile: the highest desktop version all of
// whose commands, those the core profile removed included (glBegin,
// glMatrixMode, glNewList, ...), have a handler. Compatibility contexts are
// offered only up to it (Context::provided_compat_version).
inline constexpr int kCompatCommandsCompleteVersion = %d;

}  // namespace brass::gl

// Handlers written by hand (src/gl/*.cpp), one per implemented function. The
// entry point has already found the current context.
namespace brass::gl::api {
%s
}  // namespace brass::gl::api
"""


def handler_decl(cmd):
    params = ["Context& ctx"] + [t for t, _ in cmd.params]
    return "%s %s(%s);" % (cmd.ret, cmd.name[2:], ", ".join(params))


def write_header(path, names, handler_cmds, desktop_complete, compat_complete):
    bits = "\n".join("  kProfile%s = 1u << %d," % (p[0], i) for i, p in enumerate(PROFILES))
    decls = "\n".join(handler_decl(c) for c in handler_cmds)
    write_if_changed(path, HEADER_PRELUDE % (bits, len(names), desktop_complete, compat_complete, decls))


def compat_commands_complete(root, commands, implemented):
    """The highest desktop version (10 * major + minor) whose commands in the
    compatibility profile (every command the version requires, whatever the
    core profile later removed, and its compatibility-only ones), and those of
    every version before it, all have a handler."""
    features = sorted((f for f in root.findall("feature") if f.get("api") == "gl"),
                      key=lambda f: version_key(f.get("number")))
    complete = 0
    for f in features:
        needed = [c.get("name") for req in f.findall("require")
                  if req.get("profile") in (None, "core", "compatibility") for c in req.findall("command")]
        missing = [n for n in needed if commands[n].canonical not in implemented]
        if missing:
            break
        major, minor = f.get("number").split(".")
        complete = 10 * int(major) + int(minor)
    return complete


def desktop_commands_complete(root, commands, implemented):
    """The highest desktop version (10 * major + minor) whose core-profile
    commands, and those of every version before it, all have a handler."""
    features = sorted((f for f in root.findall("feature") if f.get("api") == "gl"),
                      key=lambda f: version_key(f.get("number")))
    removed = set()
    for f in features:
        for rem in f.findall("remove"):
            if rem.get("profile") in (None, "core"):
                removed.update(c.get("name") for c in rem.findall("command"))
    complete = 0
    for f in features:
        needed = [c.get("name") for req in f.findall("require") if req.get("profile") in (None, "core")
                  for c in req.findall("command")]
        missing = [n for n in needed if n not in removed and commands[n].canonical not in implemented]
        if missing:
            break
        major, minor = f.get("number").split(".")
        complete = 10 * int(major) + int(minor)
    return complete


# The commands GL 4.6 compatibility §10.7.5 (GL 2.1 §2.6.3) allows between
# glBegin and glEnd: the vertex and current-attribute commands, materials,
# evaluator points, glArrayElement, display list calls, and glEnd itself.
BEGIN_END_ALLOWED = re.compile(
    r"^gl(Vertex[234]|VertexP[234]|VertexAttrib[IL]?[1-4]|VertexAttribP[1-4]|Color[34]|ColorP[34]|"
    r"SecondaryColor3|SecondaryColorP3|Index(s|i|f|d|ub)v?$|Normal3|NormalP3|FogCoord[fd]|"
    r"TexCoord[1-4]|TexCoordP[1-4]|MultiTexCoord[1-4]|MultiTexCoordP[1-4]|EvalCoord[12]|EvalPoint[12]|"
    r"Material[fi]v?$|EdgeFlagv?$|ArrayElement$|CallLists?$|End$)")


def allowed_between_begin_end(name):
    return BEGIN_END_ALLOWED.match(name) is not None


def write_source(path, names, selected, implemented, recorded):
    out = []
    out.append("// Generated by tools/gen/gen_gl.py from gl.xml. Do not edit.")
    out.append('#include "gl_functions.h"')
    out.append("")
    out.append("#include <cstring>")
    out.append("")
    out.append('#include "gl/context.h"')
    out.append('#include "gl_display_list_commands.h"')
    out.append("")
    out.append("namespace brass::gl {")
    out.append("namespace {")
    out.append("")
    for i, n in enumerate(names):
        cmd = selected[n]
        params = ", ".join(t for t, _ in cmd.params) or "void"
        args = ", ".join(["*ctx"] + [pn for _, pn in cmd.params])
        is_void = cmd.ret == "void"
        ret_none = "return;" if is_void else "return {};"
        out.append("%s GL_APIENTRY entry_%s(%s) {" % (cmd.ret, n, params))
        out.append("  Context* ctx = current_context();")
        out.append("  if (!ctx) %s" % ret_none)
        if cmd.profiles == {"GL_COMPAT"}:
            # A compatibility-profile command exists in no ES or core context.
            out.append("  if (!ctx->compatibility()) [[unlikely]] {")
            for _, pn in cmd.params:
                out.append("    (void)%s;" % pn)
            out.append('    ctx->api_unavailable("%s");' % n)
            out.append("    %s" % ret_none)
            out.append("  }")
        elif "GL_COMPAT" in cmd.profiles and "GL_CORE" not in cmd.profiles:
            # An ES command the desktop core profile removed.
            out.append("  if (ctx->desktop() && !ctx->compatibility()) [[unlikely]] {")
            for _, pn in cmd.params:
                out.append("    (void)%s;" % pn)
            out.append('    ctx->api_unavailable("%s");' % n)
            out.append("    %s" % ret_none)
            out.append("  }")
        elif not (cmd.profiles & set(ES_PROFILES)):
            # A desktop-only command does not exist in an ES context.
            out.append("  if (!ctx->desktop()) [[unlikely]] {")
            for _, pn in cmd.params:
                out.append("    (void)%s;" % pn)
            out.append('    ctx->api_unavailable("%s");' % n)
            out.append("    %s" % ret_none)
            out.append("  }")
        if (cmd.profiles & {"GL_CORE", "GL_COMPAT"}) and not allowed_between_begin_end(cmd.canonical):
            # GL 4.6 compatibility §10.7.5: between glBegin and glEnd (only
            # a compatibility context gets there) every other command is
            # INVALID_OPERATION and does nothing.
            out.append("  if (ctx->vertex_spec.inside_begin_end()) [[unlikely]] {")
            for _, pn in cmd.params:
                out.append("    (void)%s;" % pn)
            out.append("    ctx->set_error(GL_INVALID_OPERATION);")
            out.append("    %s" % ret_none)
            out.append("  }")
        if cmd.canonical in implemented:
            if cmd.canonical not in RUNS_WHEN_LOST:
                out.append("  if (ctx->lost()) [[unlikely]] {")
                for _, pn in cmd.params:
                    out.append("    (void)%s;" % pn)
                out.append("    ctx->lost_command();")
                out.append("    %s" % ("return;" if is_void else "return %s;" % LOST_RESULTS.get(cmd.canonical, "{}")))
                out.append("  }")
            # No C++ exception may cross the C ABI into the application: the
            # one a handler can meet is std::bad_alloc (a container growing),
            # which is the GL's out-of-memory error. Table-based unwinding
            # makes the try free on the path that does not throw. What the
            # pipe context reported failing meanwhile is this command's error.
            out.append("  try {")
            if cmd.canonical in recorded:
                # While a display list is being compiled (compatibility
                # profile), the command is recorded, and executes only in
                # COMPILE_AND_EXECUTE mode (gen_dlist.py).
                out.append("    if (ctx->display_lists.compiling()) [[unlikely]] {")
                out.append("      if (!compat::dlist::record_%s(%s)) return;" % (cmd.canonical[2:], args))
                out.append("    }")
            if is_void:
                out.append("    api::%s(%s);" % (cmd.canonical[2:], args))
                out.append("    if (ctx->pipe().failure_pending()) [[unlikely]] ctx->collect_pipe_failure();")
            else:
                out.append("    auto result = api::%s(%s);" % (cmd.canonical[2:], args))
                out.append("    if (ctx->pipe().failure_pending()) [[unlikely]] ctx->collect_pipe_failure();")
                out.append("    return result;")
            out.append("  } catch (...) {")
            out.append("    ctx->set_error(GL_OUT_OF_MEMORY);")
            if not is_void:
                out.append("    return {};")
            out.append("  }")
        else:
            for _, pn in cmd.params:
                out.append("  (void)%s;" % pn)
            out.append('  ctx->unimplemented(%d, "%s");' % (i, n))
            if not is_void:
                out.append("  return {};")
        out.append("}")
        out.append("")
    out.append("const FunctionInfo kFunctions[] = {")
    for n in names:
        cmd = selected[n]
        bits = " | ".join("kProfile%s" % p[0] for p in PROFILES if p[0] in cmd.profiles)
        ext = '"%s"' % cmd.extension if cmd.extension else "nullptr"
        out.append('    {"%s", reinterpret_cast<void (*)()>(&entry_%s), %s, %s, %s},' %
                   (n, n, bits, "true" if cmd.canonical in implemented else "false", ext))
    out.append("};")
    out.append("static_assert(sizeof(kFunctions) / sizeof(kFunctions[0]) == kFunctionCount);")
    out.append("")
    out.append("}  // namespace")
    out.append("")
    out.append("const FunctionInfo* function_table(size_t* count) {")
    out.append("  *count = kFunctionCount;")
    out.append("  return kFunctions;")
    out.append("}")
    out.append("")
    out.append("const FunctionInfo* find_function(const char* name) {")
    out.append("  size_t lo = 0, hi = kFunctionCount;")
    out.append("  while (lo < hi) {")
    out.append("    const size_t mid = (lo + hi) / 2;")
    out.append("    const int c = std::strcmp(name, kFunctions[mid].name);")
    out.append("    if (c == 0) return &kFunctions[mid];")
    out.append("    if (c < 0) hi = mid; else lo = mid + 1;")
    out.append("  }")
    out.append("  return nullptr;")
    out.append("}")
    out.append("")
    out.append("}  // namespace brass::gl")
    write_if_changed(path, "\n".join(out) + "\n")


def write_if_changed(path, text):
    try:
        with open(path) as fh:
            if fh.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(path, "w") as fh:
        fh.write(text)


if __name__ == "__main__":
    main()
