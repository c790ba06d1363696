// Which desktop OpenGL core version Brass offers on a device: the highest
// version all of whose functionality is there (docs/egl.md, Desktop OpenGL).
#pragma once

#include <string>
#include <vector>

namespace brass::gl {

// The highest desktop version (10 * major + minor) every one of whose
// promoted extensions (and those of every earlier version) is in
// `desktop_extensions` (supported_desktop_extensions of the device);
// 0 below 3.0.
int desktop_extensions_complete_version(const std::vector<std::string>& desktop_extensions);

// The extensions of version `version`'s functionality that
// `desktop_extensions` lacks (for the log and docs).
std::vector<std::string> desktop_version_missing(const std::vector<std::string>& desktop_extensions, int version);

// The desktop version offered: the lower of the version whose commands all
// have handlers (generated from gl.xml, kDesktopCommandsCompleteVersion) and
// the extension-complete one; 0 (no desktop contexts) below 3.2, where
// core profiles begin.
int desktop_offered_version(int commands_complete_version, const std::vector<std::string>& desktop_extensions);

}  // namespace brass::gl
