#include "device/instance.h"

#include <atomic>
#include <cstring>
#include <mutex>

#include "device/vk_fault_hooks.h"
#include "device/vk_host_allocator_hooks.h"
#include "util/fault_injection.h"
#include "util/log.h"
#include "util/process_exit.h"
#include "util/stats.h"

namespace brass::vk {

namespace {

std::atomic<uint64_t> g_validation_messages{0};
// The messages no test asked for. A StatCounter, so that every GoogleTest
// binary (tests/support/gtest_main.cpp) reads it the same way whether Brass
// is linked in (brass::stat_value) or loaded by glvnd (brass_stats_value),
// and BRASS_STATS reports it for any application.
StatCounter g_unexpected_messages{"validation.messages"};
std::atomic<int> g_expecting_messages{0};
std::mutex g_last_message_mutex;
std::string g_last_message;

// A driver's own report of an out-of-memory result it returns: Mesa's
// drivers send every error they return to the messenger as a general
// message (not a validation one) naming the result. Running out of memory
// is no invalid use of Vulkan: Brass reports the result to the application
// (GL_OUT_OF_MEMORY), and tests provoke it on purpose (host allocation
// failures, docs/testing.md).
//
// The Vulkan loader's general messages after a host allocation a test made
// fail (src/util/fault_injection.h; never in an application's process):
// the loader complains about whatever it was doing when its memory ran out
// (a manifest it could not parse, a list it could not grow, during
// vkCreateInstance or vkCreateDevice) in words that do not say why. Those
// are consequences of the failure the test injected, which Brass reports
// (EGL_BAD_ALLOC, GL_OUT_OF_MEMORY), not invalid use (found by the start-up
// out-of-memory sweep, docs/testing.md).
bool driver_reports_out_of_memory(VkDebugUtilsMessageTypeFlagsEXT types, const char* text) {
  if (types & (VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT))
    return false;
  return std::strstr(text, "VK_ERROR_OUT_OF_HOST_MEMORY") || std::strstr(text, "VK_ERROR_OUT_OF_DEVICE_MEMORY") ||
         fault::host_injected(nullptr);
}

VKAPI_ATTR VkBool32 VKAPI_CALL debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT types,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data,
                                              void* /*user*/) {
  if (severity < VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) return VK_FALSE;
  const char* text = data && data->pMessage ? data->pMessage : "(no message)";
  if (driver_reports_out_of_memory(types, text)) {
    BRASS_INFO("vulkan driver: %s", text);
    return VK_FALSE;
  }
  g_validation_messages.fetch_add(1, std::memory_order_relaxed);
  {
    std::lock_guard<std::mutex> lock(g_last_message_mutex);
    g_last_message = text;
  }
  // Test suites fail on the "vulkan validation" line (ctest's
  // FAIL_REGULAR_EXPRESSION) and on the counter; a message a test provoked
  // on purpose must trip neither.
  if (g_expecting_messages.load(std::memory_order_relaxed) > 0) {
    BRASS_INFO("expected validation message: %s", text);
    return VK_FALSE;
  }
  g_unexpected_messages.add();
  BRASS_ERROR("vulkan validation: %s", text);
  return VK_FALSE;
}

std::atomic<uint32_t> g_validation_layer_header{0};

// The layer's specVersion, 0 when it is not installed.
uint32_t layer_spec_version(const char* name) {
  uint32_t n = 0;
  if (vkEnumerateInstanceLayerProperties(&n, nullptr) != VK_SUCCESS) return 0;
  std::vector<VkLayerProperties> layers(n);
  if (vkEnumerateInstanceLayerProperties(&n, layers.data()) != VK_SUCCESS) return 0;
  for (const auto& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return l.specVersion ? l.specVersion : 1;
  return 0;
}

std::once_flag g_volk_once;
VkResult g_volk_result = VK_ERROR_INITIALIZATION_FAILED;

}  // namespace

uint32_t Instance::validation_layer_header() { return g_validation_layer_header.load(); }

uint64_t Instance::validation_message_count() { return g_validation_messages.load(std::memory_order_relaxed); }

Instance::ExpectValidationMessages::ExpectValidationMessages() {
  g_expecting_messages.fetch_add(1, std::memory_order_relaxed);
}

Instance::ExpectValidationMessages::~ExpectValidationMessages() {
  g_expecting_messages.fetch_sub(1, std::memory_order_relaxed);
}

std::string Instance::last_validation_message() {
  std::lock_guard<std::mutex> lock(g_last_message_mutex);
  return g_last_message;
}

bool Instance::has_extension(const char* name) const {
  for (const auto& e : extensions_)
    if (e == name) return true;
  return false;
}

std::unique_ptr<Instance> Instance::create(const InstanceConfig& config, Status* status) {
  Status local;
  Status& st = status ? *status : local;
  std::call_once(g_volk_once, [] { g_volk_result = volkInitialize(); });
  if (g_volk_result != VK_SUCCESS) {
    BRASS_ERROR("no Vulkan loader found (libvulkan.so.1): %s", result_string(g_volk_result));
    st.result = g_volk_result;
    return nullptr;
  }
  const uint32_t loader_version = volkGetInstanceVersion();
  if (loader_version < VK_API_VERSION_1_3) {
    BRASS_ERROR("Vulkan loader is %u.%u; Brass needs Vulkan 1.3", VK_API_VERSION_MAJOR(loader_version),
                VK_API_VERSION_MINOR(loader_version));
    st.result = VK_ERROR_INCOMPATIBLE_DRIVER;
    return nullptr;
  }

  uint32_t n = 0;
  vkEnumerateInstanceExtensionProperties(nullptr, &n, nullptr);
  std::vector<VkExtensionProperties> available(n);
  vkEnumerateInstanceExtensionProperties(nullptr, &n, available.data());
  auto available_ext = [&](const char* name) {
    for (const auto& e : available)
      if (std::strcmp(e.extensionName, name) == 0) return true;
    return false;
  };

  std::unique_ptr<Instance> inst(new Instance());
  std::vector<const char*> enable;
  auto want = [&](const char* name) {
    if (available_ext(name)) {
      enable.push_back(name);
      inst->extensions_.emplace_back(name);
    }
  };
  want(VK_KHR_SURFACE_EXTENSION_NAME);
  if (config.want_xlib_surface) want("VK_KHR_xlib_surface");
  if (config.want_xcb_surface) want("VK_KHR_xcb_surface");

  const char* kValidation = "VK_LAYER_KHRONOS_validation";
  std::vector<const char*> layers;
  bool validation = false;
  if (config.validation) {
    const uint32_t layer_version = layer_spec_version(kValidation);
    if (layer_version && available_ext(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) {
      layers.push_back(kValidation);
      g_validation_layer_header.store(VK_API_VERSION_PATCH(layer_version));
      want(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
      validation = true;
    } else {
      BRASS_WARN_ONCE("BRASS_DEBUG=validation: VK_LAYER_KHRONOS_validation is not installed");
    }
  }

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pEngineName = "Brass";
  app.engineVersion = VK_MAKE_VERSION(0, 1, 0);
  app.apiVersion = VK_API_VERSION_1_3;

  VkDebugUtilsMessengerCreateInfoEXT messenger_info{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger_info.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger_info.pfnUserCallback = debug_callback;

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(enable.size());
  info.ppEnabledExtensionNames = enable.data();
  // Messages from instance creation itself reach the callback too.
  if (validation) info.pNext = &messenger_info;

  // Brass's allocation callbacks, when a test asked for them, from the
  // instance on (the loader allocates with them too).
  install_host_allocator_hooks();
  VkResult r = vkCreateInstance(&info, nullptr, &inst->instance_);
  if (r != VK_SUCCESS) {
    BRASS_ERROR("vkCreateInstance failed: %s", result_string(r));
    st.result = r;
    return nullptr;
  }
  // Device-level functions are loaded through the instance (the loader's
  // trampolines), not per device: Brass may hold several VkDevices (one per
  // EGL device) and volk's global table can only name one.
  volkLoadInstance(inst->instance_);
  install_host_allocator_hooks();
  install_fault_hooks();
  inst->api_version_ = VK_API_VERSION_1_3;

  if (validation) {
    r = vkCreateDebugUtilsMessengerEXT(inst->instance_, &messenger_info, nullptr, &inst->messenger_);
    if (r != VK_SUCCESS) BRASS_WARN("debug messenger: %s", result_string(r));
  }
  return inst;
}

Instance::~Instance() {
  // After the exit drain the driver may be half torn down (util/process_exit.h).
  if (process_exiting()) {
    park_until_exit(instance_);
    park_until_exit(reinterpret_cast<const void*>(messenger_));
    return;
  }
  if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
  if (instance_) vkDestroyInstance(instance_, nullptr);
}

}  // namespace brass::vk
