// The word lists of the GLSL upgrader (glsl_upgrader.h): built-ins renamed
// in the target version, words that became keywords or built-ins since the
// source version (user identifiers spelled so are renamed), and extensions
// whose directives the target version no longer needs.
#pragma once

#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "compiler/glsl_version.h"

namespace brass::compiler {

using WordSet = std::unordered_set<std::string_view>;
using WordMap = std::unordered_map<std::string_view, std::string_view>;

// Old texture lookup built-ins and their GLSL 1.30+/ES 3.00+ spelling.
const WordMap& texture_function_renames();
// Desktop shadow lookups return vec4 before GLSL 1.30; wrapped by helpers.
const WordSet& desktop_shadow_functions();
// Extensions whose features are core in the target version: the directive
// is dropped (the line stays, empty).
const WordSet& extensions_core_in_target();
// Types GL_KHR_vulkan_glsl adds as keywords, which every GL and GL ES
// shading language leaves free for identifiers: renamed in every version.
const WordSet& vulkan_only_keywords();
// The types EXT_gpu_shader4 adds to GLSL 1.10 - 1.30 that GLSL 1.30 lacks:
// in a source enabling it they are the types, not identifiers to rename.
const WordSet& gpu_shader4_types_beyond_glsl130();
// Words that are keywords or built-ins in the target version of a source
// of version `v` but may be user identifiers there; null when none.
const WordSet* words_to_rename(const GlslVersion& v);

// Whether `source` holds one of `words` as a whole identifier.
bool has_any_word(std::string_view source, const WordSet& words);

}  // namespace brass::compiler
