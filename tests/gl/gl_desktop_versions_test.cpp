// Which desktop GL version is offered: the promoted-extension table and the
// lower of the command and extension gates (src/gl/desktop_versions.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gl/desktop_versions.h"

namespace brass::gl {
namespace {

// Every name the table asks for up to `version`, read back through the
// "missing" query of an empty list.
std::vector<std::string> promoted_through(int version) { return desktop_version_missing({}, version); }

TEST(DesktopVersions, NothingListedIsNoVersion) {
  EXPECT_EQ(desktop_extensions_complete_version({}), 0);
  EXPECT_EQ(desktop_offered_version(46, {}), 0);
}

TEST(DesktopVersions, EachVersionNeedsItsOwnAndEveryEarlierExtension) {
  const std::vector<std::string> through33 = promoted_through(33);
  EXPECT_EQ(desktop_extensions_complete_version(through33), 33);
  EXPECT_TRUE(desktop_version_missing(through33, 33).empty());
  // One 3.2 extension gone: 3.1 is the complete version, and no core
  // profile (3.2+) is offered.
  std::vector<std::string> without_depth_clamp = through33;
  std::erase(without_depth_clamp, std::string("GL_ARB_depth_clamp"));
  EXPECT_EQ(desktop_extensions_complete_version(without_depth_clamp), 31);
  EXPECT_EQ(desktop_offered_version(46, without_depth_clamp), 0);
  EXPECT_EQ(desktop_version_missing(without_depth_clamp, 33), std::vector<std::string>{"GL_ARB_depth_clamp"});
  // A later version's extensions do not stand in for an earlier one's.
  std::vector<std::string> all = promoted_through(46);
  EXPECT_EQ(desktop_extensions_complete_version(all), 46);
  std::erase(all, std::string("GL_ARB_timer_query"));
  EXPECT_EQ(desktop_extensions_complete_version(all), 32);
}

TEST(DesktopVersions, OfferedIsTheLowerOfCommandsAndExtensions) {
  const std::vector<std::string> through41 = promoted_through(41);
  EXPECT_EQ(desktop_offered_version(46, through41), 41);
  EXPECT_EQ(desktop_offered_version(33, through41), 33);
  // Commands complete only to 3.1: no core profile.
  EXPECT_EQ(desktop_offered_version(31, through41), 0);
}

TEST(DesktopVersions, TableNamesEachExtensionOnce) {
  std::vector<std::string> all = promoted_through(46);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  EXPECT_GT(all.size(), 100u);
}

}  // namespace
}  // namespace brass::gl
