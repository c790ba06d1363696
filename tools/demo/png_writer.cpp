#include "png_writer.h"

#include <png.h>

#include <cstdio>
#include <vector>

namespace brass::demo {

bool write_png(const std::string& path, const uint8_t* rgba, int width, int height, bool rows_bottom_up,
               std::string* error) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    *error = "cannot open " + path;
    return false;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info) {
    png_destroy_write_struct(&png, &info);
    std::fclose(f);
    *error = "libpng initialisation failed";
    return false;
  }
  // libpng reports errors by longjmp; nothing with a destructor lives between
  // here and the end of the writes.
  std::vector<png_bytep> rows(static_cast<size_t>(height));
  for (int y = 0; y < height; ++y) {
    const int src = rows_bottom_up ? height - 1 - y : y;
    rows[static_cast<size_t>(y)] = const_cast<png_bytep>(rgba + static_cast<size_t>(src) * width * 4);
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(f);
    *error = "libpng failed writing " + path;
    return false;
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, rows.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  std::fclose(f);
  return true;
}

}  // namespace brass::demo
