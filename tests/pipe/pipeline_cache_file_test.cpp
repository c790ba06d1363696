// The persistent pipeline cache: the file format's validation (pure), and
// save/reload/corruption against the real device with a cache of the test's
// own at a temporary path (the screen's cache lives in the user's directory).
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "driver/pipeline/pipeline_cache_file.h"
#include "noop_comp.h"
#include "pipe_fixture.h"
#include "util/atomic_file.h"
#include "util/process_exit.h"

namespace brass::test {
namespace {

using driver::PipelineCacheFile;
using driver::PipelineCacheIdentity;

// A blob shaped like a driver's: VkPipelineCacheHeaderVersionOne, then data.
std::string fake_blob(const PipelineCacheIdentity& id, size_t extra = 64) {
  VkPipelineCacheHeaderVersionOne h{};
  h.headerSize = sizeof(h);
  h.headerVersion = VK_PIPELINE_CACHE_HEADER_VERSION_ONE;
  h.vendorID = id.vendor_id;
  h.deviceID = id.device_id;
  std::memcpy(h.pipelineCacheUUID, id.uuid, VK_UUID_SIZE);
  std::string b(reinterpret_cast<const char*>(&h), sizeof(h));
  for (size_t i = 0; i < extra; ++i) b += char(i * 7);
  return b;
}

PipelineCacheIdentity some_identity() {
  PipelineCacheIdentity id;
  id.vendor_id = 0x10de;
  id.device_id = 0x2330;
  id.driver_version = 42;
  for (unsigned i = 0; i < VK_UUID_SIZE; ++i) id.uuid[i] = uint8_t(i + 1);
  return id;
}

TEST(PipelineCacheFormat, RoundTrip) {
  const PipelineCacheIdentity id = some_identity();
  const std::string blob = fake_blob(id);
  const std::string file = driver::wrap_pipeline_cache(blob, id);
  std::string why;
  auto out = driver::unwrap_pipeline_cache(file, id, &why);
  ASSERT_TRUE(out) << why;
  EXPECT_EQ(*out, blob);
}

TEST(PipelineCacheFormat, RejectsEveryKindOfDamage) {
  const PipelineCacheIdentity id = some_identity();
  const std::string blob = fake_blob(id);
  const std::string file = driver::wrap_pipeline_cache(blob, id);
  std::string why;
  auto rejected = [&](std::string_view f, const PipelineCacheIdentity& as) {
    why.clear();
    return !driver::unwrap_pipeline_cache(f, as, &why) && !why.empty();
  };
  EXPECT_TRUE(rejected("", id));
  EXPECT_TRUE(rejected(std::string_view(file).substr(0, 20), id)) << "truncated header";
  EXPECT_TRUE(rejected(std::string_view(file).substr(0, file.size() - 1), id)) << "truncated payload";
  EXPECT_EQ(why, "truncated or padded payload");
  EXPECT_TRUE(rejected(file + "x", id)) << "padded";
  std::string flipped = file;
  flipped.back() ^= 0x10;
  EXPECT_TRUE(rejected(flipped, id));
  EXPECT_EQ(why, "checksum mismatch");
  std::string bad_magic = file;
  bad_magic[0] = 'X';
  EXPECT_TRUE(rejected(bad_magic, id));
  PipelineCacheIdentity other = id;
  other.uuid[5] ^= 1;
  EXPECT_TRUE(rejected(file, other));
  EXPECT_EQ(why, "written for another device or driver");
  other = id;
  other.driver_version++;
  EXPECT_TRUE(rejected(file, other));
  // Our header right, the driver's wrong (a blob from another device,
  // re-wrapped): still refused before the driver sees it.
  PipelineCacheIdentity liar = id;
  liar.device_id ^= 0xff;
  EXPECT_TRUE(rejected(driver::wrap_pipeline_cache(fake_blob(liar), id), id));
  EXPECT_EQ(why, "driver header does not match the device");
}

class PipelineCacheFileTest : public PipeTest {
 protected:
  void SetUp() override {
    PipeTest::SetUp();
    dir_ = std::filesystem::temp_directory_path() /
           ("brass-pcache-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    path_ = (dir_ / "pipelines" / driver::pipeline_cache_file_name(screen().caps())).string();
  }
  void TearDown() override {
    std::filesystem::remove_all(dir_);
    PipeTest::TearDown();
  }
  // Creates (and destroys) a compute pipeline through `cache`.
  void make_pipeline(VkPipelineCache cache) {
    VkDevice dev = screen().vk_device();
    VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    mi.codeSize = sizeof(noop_comp_spv);
    mi.pCode = noop_comp_spv;
    VkShaderModule module;
    ASSERT_EQ(vkCreateShaderModule(dev, &mi, nullptr, &module), VK_SUCCESS);
    VkPipelineLayoutCreateInfo li{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    VkPipelineLayout layout;
    ASSERT_EQ(vkCreatePipelineLayout(dev, &li, nullptr, &layout), VK_SUCCESS);
    VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    ci.stage.module = module;
    ci.stage.pName = "main";
    ci.layout = layout;
    VkPipeline p;
    EXPECT_EQ(vkCreateComputePipelines(dev, cache, 1, &ci, nullptr, &p), VK_SUCCESS);
    vkDestroyPipeline(dev, p, nullptr);
    vkDestroyPipelineLayout(dev, layout, nullptr);
    vkDestroyShaderModule(dev, module, nullptr);
  }
  std::string file_bytes() { return read_whole_file(path_).value_or(""); }

  std::filesystem::path dir_;
  std::string path_;
};

TEST_F(PipelineCacheFileTest, SavesAndReloads) {
  size_t saved = 0;
  {
    auto cache = PipelineCacheFile::open(screen().device(), path_);
    ASSERT_TRUE(cache);
    EXPECT_EQ(cache->loaded_bytes(), 0u);
    make_pipeline(cache->handle());
    ASSERT_TRUE(cache->save_now());
    std::string why;
    auto blob = driver::unwrap_pipeline_cache(file_bytes(), PipelineCacheIdentity::of(screen().caps()), &why);
    ASSERT_TRUE(blob) << why;
    saved = blob->size();
    EXPECT_GE(saved, sizeof(VkPipelineCacheHeaderVersionOne));
  }
  auto again = PipelineCacheFile::open(screen().device(), path_);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->loaded_bytes(), saved);
  make_pipeline(again->handle());
}

TEST_F(PipelineCacheFileTest, ExitTasksSaveWhatIsNew) {
  auto cache = PipelineCacheFile::open(screen().device(), path_);
  ASSERT_TRUE(cache);
  make_pipeline(cache->handle());
  ASSERT_TRUE(file_bytes().empty()) << "nothing saved yet";
  // What the exit drain runs before the driver's own exit handlers.
  run_exit_tasks();
  std::string why;
  EXPECT_TRUE(driver::unwrap_pipeline_cache(file_bytes(), PipelineCacheIdentity::of(screen().caps()), &why)) << why;
  // The task ran once.
  std::filesystem::remove(path_);
  run_exit_tasks();
  EXPECT_TRUE(file_bytes().empty());
  // A cache destroyed before the exit takes its task with it (a task left
  // behind would save through a destroyed object).
  const std::string other_path = path_ + ".other";
  auto other = PipelineCacheFile::open(screen().device(), other_path);
  ASSERT_TRUE(other);
  make_pipeline(other->handle());
  other.reset();  // saves at teardown
  EXPECT_TRUE(std::filesystem::exists(other_path));
  std::filesystem::remove(other_path);
  run_exit_tasks();
  EXPECT_FALSE(std::filesystem::exists(other_path));
}

TEST_F(PipelineCacheFileTest, BackgroundSaveWritesTheFile) {
  auto cache = PipelineCacheFile::open(screen().device(), path_);
  ASSERT_TRUE(cache);
  make_pipeline(cache->handle());
  const uint64_t saves = stat("pipeline_cache.saves");
  cache->request_save();
  cache->wait_for_save();
  EXPECT_EQ(stat("pipeline_cache.saves"), saves + 1);
  EXPECT_FALSE(file_bytes().empty());
  // Throttled: a second request right away queues nothing.
  cache->request_save();
  cache->wait_for_save();
  EXPECT_EQ(stat("pipeline_cache.saves"), saves + 1);
}

TEST_F(PipelineCacheFileTest, CorruptOrTruncatedFileIsIgnoredAndReplaced) {
  {
    auto cache = PipelineCacheFile::open(screen().device(), path_);
    make_pipeline(cache->handle());
    ASSERT_TRUE(cache->save_now());
  }
  const std::string good = file_bytes();
  ASSERT_FALSE(good.empty());
  std::string corrupt = good;
  corrupt[corrupt.size() / 2 + 30] ^= 0x5a;
  const std::string truncated = good.substr(0, good.size() - 7);
  for (const std::string& bad : {corrupt, truncated, std::string("garbage")}) {
    ASSERT_TRUE(write_file_atomically(path_, bad));
    const uint64_t rejected = stat("pipeline_cache.rejected_files");
    {
      auto cache = PipelineCacheFile::open(screen().device(), path_);
      ASSERT_TRUE(cache) << "a bad file must not stop caching";
      EXPECT_EQ(cache->loaded_bytes(), 0u);
      EXPECT_EQ(stat("pipeline_cache.rejected_files"), rejected + 1);
      make_pipeline(cache->handle());
    }  // the teardown save replaces the bad file
    std::string why;
    EXPECT_TRUE(driver::unwrap_pipeline_cache(file_bytes(), PipelineCacheIdentity::of(screen().caps()), &why)) << why;
  }
}

TEST_F(PipelineCacheFileTest, UnwritableDirectoryFailsQuietly) {
  // A regular file where the directory should be: saving fails, nothing throws.
  std::filesystem::create_directories(dir_);
  { std::ofstream(dir_ / "pipelines") << "not a directory"; }
  auto cache = PipelineCacheFile::open(screen().device(), path_);
  ASSERT_TRUE(cache);
  make_pipeline(cache->handle());
  EXPECT_FALSE(cache->save_now());
}

}  // namespace
}  // namespace brass::test
