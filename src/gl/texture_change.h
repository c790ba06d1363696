// A draw after texture or sampler bindings changed, and nothing else the
// validated draw (validated_draw.h) depends on (issue 19): the checks the
// last draw passed hold, and of validate_for_draw only what kDirtyTextures
// asks for runs: the sampler slots are bound again (each slot's cache in
// validate_textures_of keeps the unchanged ones), the image units looked
// at, and the new views checked for a feedback loop with the draw
// framebuffer. Texture and sampler storage or parameter changes take a new
// object generation, so that draw runs every check instead.
#pragma once

namespace brass::gl {

class Context;

// False (the error recorded) when the draw must not go ahead: a feedback
// loop copy could not be made.
bool validate_texture_change(Context& ctx);

}  // namespace brass::gl
