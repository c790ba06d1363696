// glXChooseFBConfig's and glXChooseVisual's selection and sorting rules
// (GLX 1.4 §3.3.3, table 3.4; glXChooseVisual's rules in §3.5).
#pragma once

#include <memory>
#include <vector>

#include "glx/errors.h"
#include "glx/objects.h"

namespace brass::glx {

using ConfigList = std::vector<std::unique_ptr<FbConfig>>;

// The configs of `all` that match the None-terminated `attribs` (null:
// defaults), best first.
XErr choose_fbconfigs(const ConfigList& all, const int* attribs, std::vector<const FbConfig*>* out);

// The config with a visual that best matches glXChooseVisual's `attribs`,
// or null when none does.
XErr choose_visual_config(const ConfigList& all, const int* attribs, const FbConfig** out);

}  // namespace brass::glx
