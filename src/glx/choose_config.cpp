#include "glx/choose_config.h"

#include <algorithm>
#include <map>

#include "glx/x11_headers.h"

namespace brass::glx {

namespace {

enum class Rule { Minimum, Exact, Mask };

// How an attribute selects (table 3.4); false for one glXChooseFBConfig does
// not know.
bool rule_of(int attribute, Rule* rule) {
  switch (attribute) {
    case GLX_BUFFER_SIZE: case GLX_RED_SIZE: case GLX_GREEN_SIZE: case GLX_BLUE_SIZE: case GLX_ALPHA_SIZE:
    case GLX_DEPTH_SIZE: case GLX_STENCIL_SIZE: case GLX_ACCUM_RED_SIZE: case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE: case GLX_ACCUM_ALPHA_SIZE: case GLX_AUX_BUFFERS: case GLX_SAMPLE_BUFFERS:
    case GLX_SAMPLES: case GLX_MAX_PBUFFER_WIDTH: case GLX_MAX_PBUFFER_HEIGHT: case GLX_MAX_PBUFFER_PIXELS:
      *rule = Rule::Minimum;
      return true;
    case GLX_LEVEL: case GLX_DOUBLEBUFFER: case GLX_STEREO: case GLX_X_RENDERABLE: case GLX_X_VISUAL_TYPE:
    case GLX_CONFIG_CAVEAT: case GLX_TRANSPARENT_TYPE: case GLX_TRANSPARENT_INDEX_VALUE:
    case GLX_TRANSPARENT_RED_VALUE: case GLX_TRANSPARENT_GREEN_VALUE: case GLX_TRANSPARENT_BLUE_VALUE:
    case GLX_TRANSPARENT_ALPHA_VALUE: case GLX_FBCONFIG_ID: case GLX_VISUAL_ID:
      *rule = Rule::Exact;
      return true;
    case GLX_RENDER_TYPE: case GLX_DRAWABLE_TYPE:
      *rule = Rule::Mask;
      return true;
    default: return false;
  }
}

bool matches(const FbConfig& c, const std::map<int, int>& wanted) {
  for (auto [attribute, value] : wanted) {
    if (value == static_cast<int>(GLX_DONT_CARE)) continue;
    Rule rule = Rule::Exact;
    int have = 0;
    if (!rule_of(attribute, &rule) || !c.get(attribute, &have)) {
      // An attribute no config has (sRGB, float, ...) is met only when it
      // asks for nothing.
      if (value != 0) return false;
      continue;
    }
    switch (rule) {
      case Rule::Minimum: if (have < value) return false; break;
      case Rule::Exact: if (have != value) return false; break;
      case Rule::Mask: if ((have & value) != value) return false; break;
    }
  }
  return true;
}

int wanted_or(const std::map<int, int>& wanted, int attribute, int fallback) {
  auto it = wanted.find(attribute);
  return it == wanted.end() || it->second == static_cast<int>(GLX_DONT_CARE) ? fallback : it->second;
}

}  // namespace

XErr choose_fbconfigs(const ConfigList& all, const int* attribs, std::vector<const FbConfig*>* out) {
  // Defaults that are not "0, minimum" (table 3.4).
  std::map<int, int> wanted = {{GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT},
                               {GLX_RENDER_TYPE, GLX_RGBA_BIT},
                               {GLX_DOUBLEBUFFER, static_cast<int>(GLX_DONT_CARE)},
                               {GLX_X_RENDERABLE, static_cast<int>(GLX_DONT_CARE)},
                               {GLX_X_VISUAL_TYPE, static_cast<int>(GLX_DONT_CARE)},
                               {GLX_CONFIG_CAVEAT, static_cast<int>(GLX_DONT_CARE)},
                               {GLX_TRANSPARENT_TYPE, GLX_NONE}};
  for (size_t i = 0; attribs && attribs[i] != None; i += 2) wanted[attribs[i]] = attribs[i + 1];
  out->clear();
  // A config ID selects that config; every other attribute is ignored.
  const int id = wanted_or(wanted, GLX_FBCONFIG_ID, 0);
  if (id != 0) {
    for (const auto& c : all)
      if (c->id == id) out->push_back(c.get());
    return kNoError;
  }
  for (const auto& c : all)
    if (matches(*c, wanted)) out->push_back(c.get());
  // Color bits: the sum of the components asked for with a size above 0.
  const int channels[] = {GLX_RED_SIZE, GLX_GREEN_SIZE, GLX_BLUE_SIZE, GLX_ALPHA_SIZE};
  auto color_bits = [&](const FbConfig* c) {
    int sum = 0;
    for (int ch : channels) {
      int have = 0;
      if (wanted_or(wanted, ch, 0) > 0 && c->get(ch, &have)) sum += have;
    }
    return sum;
  };
  std::stable_sort(out->begin(), out->end(), [&](const FbConfig* a, const FbConfig* b) {
    if (color_bits(a) != color_bits(b)) return color_bits(a) > color_bits(b);
    const int size_a = a->red + a->green + a->blue + a->alpha, size_b = b->red + b->green + b->blue + b->alpha;
    if (size_a != size_b) return size_a < size_b;
    if (a->double_buffer != b->double_buffer) return !a->double_buffer;
    if (a->samples != b->samples) return a->samples < b->samples;
    if (a->depth != b->depth) return a->depth > b->depth;
    if (a->stencil != b->stencil) return a->stencil < b->stencil;
    return a->id < b->id;
  });
  return kNoError;
}

XErr choose_visual_config(const ConfigList& all, const int* attribs, const FbConfig** out) {
  *out = nullptr;
  bool rgba = false, double_buffer = false, stereo = false;
  std::map<int, int> minimum;
  int level = 0;
  for (size_t i = 0; attribs && attribs[i] != None;) {
    const int a = attribs[i++];
    switch (a) {
      case GLX_USE_GL: break;
      case GLX_RGBA: rgba = true; break;
      case GLX_DOUBLEBUFFER: double_buffer = true; break;
      case GLX_STEREO: stereo = true; break;
      case GLX_LEVEL: level = attribs[i++]; break;
      case GLX_BUFFER_SIZE: case GLX_AUX_BUFFERS: case GLX_RED_SIZE: case GLX_GREEN_SIZE: case GLX_BLUE_SIZE:
      case GLX_ALPHA_SIZE: case GLX_DEPTH_SIZE: case GLX_STENCIL_SIZE: case GLX_ACCUM_RED_SIZE:
      case GLX_ACCUM_GREEN_SIZE: case GLX_ACCUM_BLUE_SIZE: case GLX_ACCUM_ALPHA_SIZE: case GLX_SAMPLE_BUFFERS:
      case GLX_SAMPLES:
        minimum[a] = attribs[i++];
        break;
      default: return kBadValue;
    }
  }
  // Without GLX_RGBA only color-index visuals qualify, without
  // GLX_DOUBLEBUFFER only single-buffered ones: Brass has neither.
  if (!rgba || stereo || level != 0) return kNoError;
  std::vector<const FbConfig*> found;
  for (const auto& c : all) {
    if (!c->visual || c->double_buffer != double_buffer) continue;
    bool ok = true;
    for (auto [attribute, value] : minimum) {
      int have = 0;
      if (!c->get(attribute, &have) || have < value) ok = false;
    }
    if (ok) found.push_back(c.get());
  }
  if (found.empty()) return kNoError;
  // A size asked for prefers the largest, one left at 0 the smallest;
  // samples the fewest that meet the minimum.
  auto prefer = [&](int attribute, int a, int b) { return minimum[attribute] > 0 ? a > b : a < b; };
  std::stable_sort(found.begin(), found.end(), [&](const FbConfig* a, const FbConfig* b) {
    if (a->samples != b->samples) return a->samples < b->samples;
    if (a->depth != b->depth) return prefer(GLX_DEPTH_SIZE, a->depth, b->depth);
    if (a->stencil != b->stencil) return prefer(GLX_STENCIL_SIZE, a->stencil, b->stencil);
    if (a->alpha != b->alpha) return prefer(GLX_ALPHA_SIZE, a->alpha, b->alpha);
    return a->id < b->id;
  });
  *out = found.front();
  return kNoError;
}

}  // namespace brass::glx
