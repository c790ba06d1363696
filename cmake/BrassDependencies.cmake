# All dependencies come from Debian packages (tools/bootstrap.sh installs them).
find_package(Vulkan REQUIRED)          # headers; the loader is reached through volk
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(XXHASH REQUIRED IMPORTED_TARGET libxxhash)

# volk ships as a single source file in libvulkan-volk-dev.
find_file(BRASS_VOLK_SOURCE volk.c PATHS /usr/include REQUIRED NO_DEFAULT_PATH)
find_path(BRASS_VOLK_INCLUDE volk.h REQUIRED)

# glslang and SPIRV-Tools: Debian ships static archives, which we link into our
# shared objects and hide with --exclude-libs.
find_package(glslang CONFIG REQUIRED)
find_package(SPIRV-Tools CONFIG REQUIRED)
find_package(SPIRV-Tools-opt CONFIG REQUIRED)
# SPIRV-Cross (libspirv-cross-c-shared-dev ships its static archives too):
# translates ARB_gl_spirv modules to GLSL. Linked statically like glslang, so
# the device machine needs no extra library. The C API archive references
# every back end.
foreach(part core glsl hlsl msl cpp reflect util c)
  find_package(spirv_cross_${part} CONFIG REQUIRED)
endforeach()

# libastcenc (Arm's ASTC codec, libastcenc-dev): decodes ASTC textures the
# device cannot sample. Its CMake package exports the shared library as
# astcenc::astcenc.
find_package(astcenc CONFIG REQUIRED)

find_program(BRASS_GLSLANG_VALIDATOR glslangValidator REQUIRED)
find_program(Python3_EXECUTABLE python3 REQUIRED)

set(BRASS_KHRONOS_API_DIR /usr/share/khronos-api CACHE PATH "Khronos registry XML (khronos-api package)")
if(NOT EXISTS ${BRASS_KHRONOS_API_DIR}/gl.xml)
  message(FATAL_ERROR "gl.xml not found in ${BRASS_KHRONOS_API_DIR}: run tools/bootstrap.sh")
endif()

if(BRASS_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(BRASS_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
