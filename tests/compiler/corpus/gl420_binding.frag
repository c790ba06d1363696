#version 420 core
layout(binding = 5) uniform sampler2D albedo;
layout(binding = 1) uniform sampler2D normal_map;
layout(rgba8, binding = 2) uniform writeonly image2D out_image;
out vec4 color;
void main() {
  color = texture(albedo, vec2(0.5)) + texture(normal_map, vec2(0.5));
  imageStore(out_image, ivec2(gl_FragCoord.xy), color);
}
