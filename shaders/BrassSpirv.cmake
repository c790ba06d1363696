# brass_embed_spirv(<target> <header_dir> <glsl files...>): compiles each GLSL
# file with glslangValidator (--target-env vulkan1.3) into <name>_<stage>.h,
# a header with `inline constexpr uint32_t <name>_<stage>_spv[]`, and adds
# the directory to <target>'s include path. The stage comes from the file
# extension (.vert, .frag, .comp, ...).
function(brass_embed_spirv target out_dir)
  set(headers)
  foreach(src ${ARGN})
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(name ${src} NAME_WE)
    get_filename_component(ext ${src} LAST_EXT)
    string(SUBSTRING ${ext} 1 -1 stage)
    set(var ${name}_${stage}_spv)
    set(header ${out_dir}/${name}_${stage}.h)
    add_custom_command(
      OUTPUT ${header}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${out_dir}
      COMMAND ${BRASS_GLSLANG_VALIDATOR} --quiet --target-env vulkan1.3 --vn ${var} -o ${header} ${abs}
      DEPENDS ${abs}
      COMMENT "SPIR-V ${name}.${stage}"
      VERBATIM)
    list(APPEND headers ${header})
  endforeach()
  target_sources(${target} PRIVATE ${headers})
  target_include_directories(${target} PRIVATE ${out_dir})
endfunction()
