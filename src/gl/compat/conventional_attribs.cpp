#include "gl/compat/conventional_attribs.h"

namespace brass::gl::compat {

int conventional_attrib_named(std::string_view name) {
  if (name == "gl_Vertex") return kVertex;
  if (name == "gl_Normal") return kNormal;
  if (name == "gl_Color") return kColor;
  if (name == "gl_SecondaryColor") return kSecondaryColor;
  if (name == "gl_FogCoord") return kFogCoord;
  constexpr std::string_view tex = "gl_MultiTexCoord";
  if (name.size() == tex.size() + 1 && name.substr(0, tex.size()) == tex && name.back() >= '0' &&
      name.back() < static_cast<char>('0' + kMaxTextureCoords))
    return kTexCoord0 + (name.back() - '0');
  return -1;
}

}  // namespace brass::gl::compat
