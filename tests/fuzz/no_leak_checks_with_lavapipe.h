// Included by exactly one source file of each harness that runs lavapipe
// (fuzz_gl_calls, fuzz_egl_attribs): turns LeakSanitizer off for the whole
// process, per input and at exit, whatever the command line says.
//
// Why: lavapipe's JIT-compiled shader code allocates (realloc) from frames
// without frame pointers or unwind tables that LeakSanitizer can use, so a
// block it keeps until exit is reported with an "<unknown module>" stack
// that no suppression can match (suppressions match function, file or
// module names, and that stack has none of lavapipe's). The slow unwinder
// (fast_unwind_on_malloc=0) deadlocks inside LLVM's EH-frame registration.
// A leak report from these harnesses would therefore say nothing about
// Brass, and one at exit turned a clean 10-minute run into exit status 1.
// Brass's own leaks are found by the asan preset (LeakSanitizer at the exit
// of every suite, tests/lsan.supp naming lavapipe, whose own frames are
// symbolized there) and by fuzz_glsl, which keeps leak checks on.
// An explicit ASAN_OPTIONS=detect_leaks=1 still turns them back on.
#pragma once

extern "C" __attribute__((visibility("default"), used)) const char* __asan_default_options() {
  return "detect_leaks=0";
}
