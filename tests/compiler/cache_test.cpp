// On-disk cache: round trip, atomic files, corrupt entries ignored.
#include <unistd.h>

#include "compiler/shader_cache.h"
#include "test_helpers.h"
#include "util/log.h"

namespace brass::compiler::test {
namespace {

class CacheTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("brass-cache-test-" + std::to_string(::getpid()) + "-" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static LinkInput input() {
    LinkInput in;
    in.api = Api::GLES;
    in.shaders = {{ShaderStage::Vertex, read_text(std::string(BRASS_COMPILER_CORPUS_DIR) + "/es310_structs.vert")},
                  {ShaderStage::Fragment, read_text(std::string(BRASS_COMPILER_CORPUS_DIR) + "/es310_structs.frag")}};
    return in;
  }
  std::filesystem::path dir_;
};

TEST_F(CacheTest, RoundTrip) {
  ShaderCache cache(dir_.string(), true);
  const LinkInput in = input();
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok) << r.info_log;
  const CacheKey key = make_cache_key(in);
  EXPECT_FALSE(cache.load(key));
  cache.store(key, r);
  EXPECT_TRUE(std::filesystem::exists(cache.path_for(key)));
  // No temporary files left behind.
  size_t files = 0;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir_)) files += e.is_regular_file();
  EXPECT_EQ(files, 1u);
  const auto loaded = cache.load(key);
  ASSERT_TRUE(loaded);
  EXPECT_TRUE(loaded->ok);
  EXPECT_EQ(loaded->stages, r.stages);
  EXPECT_EQ(loaded->interface, r.interface);
}

TEST_F(CacheTest, KeyCoversSourcesAndOptions) {
  LinkInput a = input();
  LinkInput b = a;
  b.shaders[0].text += " ";
  LinkInput c = a;
  c.attribute_bindings = {{"pos", 3}};
  LinkInput d = a;
  d.limits.max_texture_image_units = 8;
  EXPECT_EQ(make_cache_key(a).hash, make_cache_key(input()).hash);
  EXPECT_FALSE(make_cache_key(a).hash == make_cache_key(b).hash);
  EXPECT_FALSE(make_cache_key(a).hash == make_cache_key(c).hash);
  EXPECT_FALSE(make_cache_key(a).hash == make_cache_key(d).hash);
}

TEST_F(CacheTest, CorruptAndTruncatedEntriesAreIgnored) {
  ShaderCache cache(dir_.string(), true);
  const LinkInput in = input();
  const LinkResult r = link_program(in);
  ASSERT_TRUE(r.ok);
  const CacheKey key = make_cache_key(in);
  cache.store(key, r);
  const std::string path = cache.path_for(key);
  const std::string good = read_text(path);
  const uint64_t warnings = log_warning_count();
  // Truncated.
  { std::ofstream(path, std::ios::binary | std::ios::trunc) << good.substr(0, good.size() / 2); }
  EXPECT_FALSE(cache.load(key));
  // One flipped byte in the payload.
  std::string flipped = good;
  flipped[flipped.size() - 3] ^= 0x5a;
  { std::ofstream(path, std::ios::binary | std::ios::trunc) << flipped; }
  EXPECT_FALSE(cache.load(key));
  // Garbage.
  { std::ofstream(path, std::ios::binary | std::ios::trunc) << "not a cache entry"; }
  EXPECT_FALSE(cache.load(key));
  EXPECT_GE(log_warning_count(), warnings + 3);
  EXPECT_FALSE(deserialize_link_result(""));
}

TEST_F(CacheTest, DisabledCacheTouchesNothing) {
  ShaderCache cache(dir_.string(), false);
  EXPECT_FALSE(cache.enabled());
  const LinkInput in = input();
  const LinkResult r = link_program(in);
  cache.store(make_cache_key(in), r);
  EXPECT_FALSE(cache.load(make_cache_key(in)));
  EXPECT_FALSE(std::filesystem::exists(dir_));
}

}  // namespace
}  // namespace brass::compiler::test
