# Common compile settings (warnings, definitions) for every Brass target.
add_library(brass_compile_flags INTERFACE)
target_compile_options(brass_compile_flags INTERFACE
  # -Wshadow=local is gcc's; clang (the fuzz preset) names its nearest one
  # -Wshadow-uncaptured-local.
  -Wall -Wextra -Wpedantic $<$<NOT:$<CXX_COMPILER_ID:Clang>>:-Wshadow=local> -Wno-missing-field-initializers
  $<$<CXX_COMPILER_ID:Clang>:-Wshadow-uncaptured-local>
  $<$<BOOL:${BRASS_WERROR}>:-Werror>)
target_compile_definitions(brass_compile_flags INTERFACE
  $<$<BOOL:${BRASS_ASSERTIONS}>:BRASS_ASSERTIONS=1>
  BRASS_VERSION_STRING="${PROJECT_VERSION}")

# brass_build_flags: the compile settings plus all of src/ on the include
# path. For tests and tools only, which may use every layer; src/ modules get
# their layer's include root instead (below).
add_library(brass_build_flags INTERFACE)
target_link_libraries(brass_build_flags INTERFACE brass_compile_flags)
target_include_directories(brass_build_flags INTERFACE ${PROJECT_SOURCE_DIR}/src)

# Layering, enforced by the compiler. Each layer (a directory under src/) may
# include its own headers and those of the layers listed here, as
# "<layer>/...". Lists are transitively closed, since a header of an allowed
# layer includes that layer's own dependencies (docs/architecture.md).
set(BRASS_LAYERS util pipe threaded device compiler driver gl platform platform_vulkan egl glx)
set(BRASS_LAYER_DEPS_util "")
set(BRASS_LAYER_DEPS_pipe util)
set(BRASS_LAYER_DEPS_threaded pipe util)  # a pipe::Context over a pipe::Context
set(BRASS_LAYER_DEPS_device pipe util)  # pipe/format.h only (docs/architecture.md)
set(BRASS_LAYER_DEPS_compiler util)
set(BRASS_LAYER_DEPS_driver device pipe util)
set(BRASS_LAYER_DEPS_gl threaded compiler pipe util)
set(BRASS_LAYER_DEPS_platform pipe util)
set(BRASS_LAYER_DEPS_platform_vulkan platform driver device pipe util)
set(BRASS_LAYER_DEPS_egl gl threaded platform compiler pipe util)
set(BRASS_LAYER_DEPS_glx gl threaded platform compiler pipe util)
# The layers that may include Vulkan (and volk). The others get a directory of
# poisoned Vulkan headers ahead of the system ones: the Vulkan headers live in
# /usr/include, which cannot be taken off a target's include path.
set(BRASS_VULKAN_LAYERS device driver platform_vulkan)

# The include roots are made at configure time: build/include_roots/<layer>/
# holds one symlink per allowed layer, <dep> -> src/<dep>, so every file
# added under an allowed layer (any new subdirectory of src/driver too) is
# visible and everything else is not. "driver/context.h" from src/gl is then
# "No such file or directory".
set(BRASS_INCLUDE_ROOTS ${PROJECT_BINARY_DIR}/include_roots)
file(REMOVE_RECURSE ${BRASS_INCLUDE_ROOTS})  # removes links, never follows them
foreach(layer IN LISTS BRASS_LAYERS)
  file(MAKE_DIRECTORY ${BRASS_INCLUDE_ROOTS}/${layer})
  foreach(dep IN LISTS layer BRASS_LAYER_DEPS_${layer})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/src/${dep} ${BRASS_INCLUDE_ROOTS}/${layer}/${dep} SYMBOLIC)
  endforeach()
endforeach()
file(GLOB brass_vulkan_headers RELATIVE ${Vulkan_INCLUDE_DIRS} ${Vulkan_INCLUDE_DIRS}/vulkan/*.h)
foreach(header IN LISTS brass_vulkan_headers ITEMS volk.h)
  file(CONFIGURE OUTPUT ${BRASS_INCLUDE_ROOTS}/no_vulkan/${header} CONTENT
    "#error \"this layer must not include Vulkan headers (${header}); see cmake/BrassTargets.cmake\"\n")
endforeach()

# brass_layer_includes(<target> <layer>): gives <target> the include root of
# <layer> and nothing else of src/.
function(brass_layer_includes target layer)
  if(NOT layer IN_LIST BRASS_LAYERS)
    message(FATAL_ERROR "brass_layer_includes(${target}): unknown layer '${layer}' (BRASS_LAYERS: ${BRASS_LAYERS})")
  endif()
  target_include_directories(${target} PRIVATE ${BRASS_INCLUDE_ROOTS}/${layer})
  if(NOT layer IN_LIST BRASS_VULKAN_LAYERS)
    target_include_directories(${target} BEFORE PRIVATE ${BRASS_INCLUDE_ROOTS}/no_vulkan)
  endif()
endfunction()

# brass_module(<name> SOURCES ... DEPS ...): a static library for one src/
# module. Its layer is the first directory under src/ of the CMakeLists.txt
# that declares it (src/gl/pixel is in the gl layer).
function(brass_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${name} STATIC ${M_SOURCES})
  target_link_libraries(${name} PUBLIC brass_compile_flags ${M_DEPS} PRIVATE ${M_PRIVATE_DEPS})
  file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/src ${CMAKE_CURRENT_SOURCE_DIR})
  string(REGEX REPLACE "/.*" "" layer "${rel}")
  brass_layer_includes(${name} ${layer})
endfunction()

# What in a test's output fails it, whatever its exit status: a Vulkan
# validation message (src/device/instance.cpp logs each as "vulkan
# validation: ...") or a failed BRASS_ASSERT. Every ctest that runs Brass sets it.
set(BRASS_TEST_FAIL_REGEX "vulkan validation|assertion failed")

# brass_test(<name> SOURCES ... DEPS ... [ENV ...]): a GoogleTest binary run by ctest.
function(brass_test name)
  # NO_DISCOVER: the binary is only run by tests registered elsewhere (a
  # private X server: brass_xvfb_test), not test by test.
  cmake_parse_arguments(T "NO_DISCOVER" "TIMEOUT" "SOURCES;DEPS;ENV;LABELS" ${ARGN})
  # tests/support/gtest_main.cpp is main(): every test fails on a Vulkan
  # validation message it did not expect (docs/testing.md).
  add_executable(${name} ${T_SOURCES} ${PROJECT_SOURCE_DIR}/tests/support/sanitizer_pins.cpp
                 ${PROJECT_SOURCE_DIR}/tests/support/gtest_main.cpp)
  target_link_libraries(${name} PRIVATE brass_build_flags ${T_DEPS} brass_util GTest::gtest ${CMAKE_DL_LIBS})
  if(TARGET EGL_brass)
    target_compile_definitions(${name} PRIVATE BRASS_TEST_VENDOR_LIBRARY="$<TARGET_FILE:EGL_brass>")
  endif()
  include(GoogleTest)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  list(APPEND T_ENV "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
  # Read only by a ThreadSanitizer build (the tsan preset); harmless elsewhere.
  list(APPEND T_ENV "TSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/tsan.supp:second_deadlock_stack=1")
  # gtest_discover_tests writes PROPERTIES through a script that splits every
  # list, so an ENVIRONMENT of several variables would arrive as one. Instead
  # each test (and the discovery run) starts as `env VAR=... <binary>`: the
  # emulator list becomes separate command arguments.
  find_program(BRASS_ENV_PROGRAM env REQUIRED)
  set_target_properties(${name} PROPERTIES CROSSCOMPILING_EMULATOR "${BRASS_ENV_PROGRAM};${T_ENV}")
  set(labels "")
  if(T_LABELS)
    set(labels LABELS ${T_LABELS})
  endif()
  if(T_NO_DISCOVER)
    return()
  endif()
  # The validation line in the output fails a test too: that also catches a
  # message after the last test (teardown at exit), which the main's
  # per-test count cannot see.
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 30
    PROPERTIES TIMEOUT ${T_TIMEOUT} FAIL_REGULAR_EXPRESSION "${BRASS_TEST_FAIL_REGEX}" ${labels})
endfunction()

# brass_xvfb_test(<name> <target> [args...] ENV ...): runs a test binary on a
# private X server, `xvfb-run -a` with a 640x480 24-bit screen, with the same
# `env VAR=...` start as brass_test.
function(brass_xvfb_test name target)
  cmake_parse_arguments(X "" "TIMEOUT" "ENV" ${ARGN})
  if(NOT X_TIMEOUT)
    set(X_TIMEOUT 180)
  endif()
  list(APPEND X_ENV "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
  find_program(BRASS_ENV_PROGRAM env REQUIRED)
  add_test(NAME ${name}
    COMMAND ${BRASS_XVFB_RUN} -a -s "-screen 0 640x480x24"
            ${BRASS_ENV_PROGRAM} ${X_ENV} $<TARGET_FILE:${target}> ${X_UNPARSED_ARGUMENTS})
  set_tests_properties(${name} PROPERTIES TIMEOUT ${X_TIMEOUT} FAIL_REGULAR_EXPRESSION "${BRASS_TEST_FAIL_REGEX}")
endfunction()
