// Texture views (OES/EXT_texture_view, GL 4.3 / ARB_texture_view): a
// texture made by glTextureView shares the data store of another immutable
// texture, reinterpreting a compatible format over a range of its levels and
// layers. The view's images point into the original's pipe resource (which
// the view keeps alive: deleting the original leaves the storage to the
// views); sampling, rendering and uploads go through the same per-image
// resource/level/layer as any texture, with the view's format.
#pragma once

#include <cstddef>  // pipe/format.h uses size_t

#include "gl/gl_types.h"
#include "pipe/format.h"

namespace brass::gl {

class Context;
class Texture;

// Whether the context has texture views (TEXTURE_VIEW_* queries, glTextureView).
bool has_texture_views(const Context& ctx);
// The format a sampler view or surface of `tex` reads its storage as:
// Format::None (the resource's own) unless `tex` is a view in another format.
pipe::Format view_storage_format(const Texture& tex);

}  // namespace brass::gl
