// What brass-info reports about one device, as ordered key/value sections,
// rendered to text or JSON.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "device/device.h"
#include "device/physical_device_choice.h"

namespace brass::tools {

struct ReportSection {
  std::string title;
  std::vector<std::pair<std::string, std::string>> entries;  // value is JSON-typed text when raw
  std::vector<bool> raw;  // true: value is a JSON number/bool literal
};

std::vector<ReportSection> build_report(const std::vector<vk::PhysicalDeviceCandidate>& all, int chosen,
                                        const vk::Device& device);
std::string render_text(const std::vector<ReportSection>& report);
std::string render_json(const std::vector<ReportSection>& report);

}  // namespace brass::tools
