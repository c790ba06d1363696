#include "pipe/status.h"

namespace brass::pipe {

const char* to_string(Status s) {
  switch (s) {
    case Status::Ok: return "ok";
    case Status::OutOfMemory: return "out of memory";
    case Status::DeviceLost: return "device lost";
    case Status::Unsupported: return "unsupported";
    case Status::InvalidArgument: return "invalid argument";
  }
  return "?";
}

}  // namespace brass::pipe
