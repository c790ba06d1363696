// ObjectTable under a share group used from several threads: a lookup keeps
// the object alive after another context deletes the name, and a name freed
// twice (the last detach and a delete racing) frees only its own object.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "gl/gl_object.h"

namespace brass::gl {
namespace {

std::atomic<int> g_live{0};

struct Counted final : Object {
  explicit Counted(GLuint name) : Object(name) { ++g_live; }
  ~Counted() override { --g_live; }
  int value = 42;
};

TEST(ObjectTable, LookupKeepsTheObjectAliveAfterTheNameIsDeleted) {
  g_live = 0;
  ObjectTable<Counted> table;
  const Ref<Counted> created = table.create([](GLuint n) { return make_ref<Counted>(n); });
  ASSERT_TRUE(created);
  const GLuint name = created->name();
  Ref<Counted> held = table.lookup(name);
  // Another context deletes the name; the table's reference goes.
  table.remove(name);
  ASSERT_EQ(table.lookup(name), nullptr);
  EXPECT_EQ(g_live.load(), 1) << "the object died under a context that still uses it";
  EXPECT_EQ(held->value, 42);
  held.reset();
  EXPECT_EQ(g_live.load(), 1);  // `created` still holds it
}

TEST(ObjectTable, GetOrCreateKeepsTheObjectAlive) {
  g_live = 0;
  ObjectTable<Counted> table;
  Ref<Counted> bound = table.get_or_create(7, true, [](GLuint n) { return make_ref<Counted>(n); });
  table.remove(7);
  EXPECT_EQ(g_live.load(), 1);
  EXPECT_EQ(bound->name(), 7u);
  bound.reset();
  EXPECT_EQ(g_live.load(), 0);
}

TEST(ObjectTable, RemoveObjectFreesOnlyThatObject) {
  g_live = 0;
  ObjectTable<Counted> table;
  const Ref<Counted> first = table.create([](GLuint n) { return make_ref<Counted>(n); });
  const GLuint name = first->name();
  EXPECT_TRUE(table.remove_object(name, first.get()));
  // The name is reused for a new object before the second free arrives.
  const Ref<Counted> second = table.create([](GLuint n) { return make_ref<Counted>(n); });
  ASSERT_EQ(second->name(), name);
  EXPECT_FALSE(table.remove_object(name, first.get()));
  EXPECT_EQ(table.lookup(name), second.get());
}

// Many threads binding (get_or_create), looking up and deleting the same few
// names: every object a thread holds stays valid while it holds it (run it
// under the asan and tsan presets, docs/testing.md).
TEST(ObjectTable, ConcurrentBindLookupAndDelete) {
  g_live = 0;
  {
    ObjectTable<Counted> table;
    std::vector<std::thread> threads;
    std::atomic<int> bad{0};
    for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
        for (int i = 0; i < 2000; ++i) {
          const GLuint name = GLuint(1 + (i + t) % 4);
          Ref<Counted> o = table.get_or_create(name, true, [](GLuint n) { return make_ref<Counted>(n); });
          if ((i + t) % 3 == 0) table.remove(name);
          Ref<Counted> again = table.lookup(name);
          if (!o || o->value != 42 || o->name() != name) ++bad;
          if (again && again->value != 42) ++bad;
        }
      });
    for (auto& th : threads) th.join();
    EXPECT_EQ(bad.load(), 0);
  }
  EXPECT_EQ(g_live.load(), 0);
}

}  // namespace
}  // namespace brass::gl
