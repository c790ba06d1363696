# Common compile settings for every Brass target.
add_library(brass_build_flags INTERFACE)
target_compile_options(brass_build_flags INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow=local -Wno-missing-field-initializers
  $<$<BOOL:${BRASS_WERROR}>:-Werror>)
target_compile_definitions(brass_build_flags INTERFACE
  $<$<BOOL:${BRASS_ASSERTIONS}>:BRASS_ASSERTIONS=1>
  BRASS_VERSION_STRING="${PROJECT_VERSION}")
target_include_directories(brass_build_flags INTERFACE
  ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/include)

# brass_module(<name> SOURCES ... DEPS ...): a static library for one src/ module.
function(brass_module name)
  cmake_parse_arguments(M "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(${name} STATIC ${M_SOURCES})
  target_link_libraries(${name} PUBLIC brass_build_flags ${M_DEPS} PRIVATE ${M_PRIVATE_DEPS})
endfunction()

# brass_test(<name> SOURCES ... DEPS ... [ENV ...]): a GoogleTest binary run by ctest.
function(brass_test name)
  cmake_parse_arguments(T "" "TIMEOUT" "SOURCES;DEPS;ENV" ${ARGN})
  add_executable(${name} ${T_SOURCES} ${PROJECT_SOURCE_DIR}/tests/support/sanitizer_pins.cpp)
  target_link_libraries(${name} PRIVATE brass_build_flags ${T_DEPS} GTest::gtest GTest::gtest_main ${CMAKE_DL_LIBS})
  include(GoogleTest)
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  list(APPEND T_ENV "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/lsan.supp:print_suppressions=0")
  # gtest_discover_tests writes PROPERTIES through a script that splits every
  # list, so an ENVIRONMENT of several variables would arrive as one. Instead
  # each test (and the discovery run) starts as `env VAR=... <binary>`: the
  # emulator list becomes separate command arguments.
  find_program(BRASS_ENV_PROGRAM env REQUIRED)
  set_target_properties(${name} PROPERTIES CROSSCOMPILING_EMULATOR "${BRASS_ENV_PROGRAM};${T_ENV}")
  gtest_discover_tests(${name} DISCOVERY_TIMEOUT 30 PROPERTIES TIMEOUT ${T_TIMEOUT})
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
  set_tests_properties(${name} PROPERTIES TIMEOUT ${X_TIMEOUT})
endfunction()
