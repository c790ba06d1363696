// A minimal JSON emitter for brass-bench's report: objects, arrays, strings
// and finite numbers, commas placed by nesting level. Enough for one flat
// report; not a general library.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace bench {

class JsonWriter {
 public:
  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  JsonWriter& key(const std::string& k) {
    value_prefix();
    quote(k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }

  JsonWriter& string(const std::string& s) {
    value_prefix();
    quote(s);
    return *this;
  }

  // NaN and infinities have no JSON form; null says "no figure".
  JsonWriter& number(double v) {
    value_prefix();
    if (!std::isfinite(v)) {
      out_ += "null";
      return *this;
    }
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.6g", v);
    out_ += buf;
    return *this;
  }

  const std::string& str() const { return out_; }

 private:
  JsonWriter& open(char c) {
    value_prefix();
    out_ += c;
    first_.push_back(true);
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    first_.pop_back();
    return *this;
  }
  // A comma before every element but the first of its container; none
  // between a key and its value.
  void value_prefix() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (first_.empty()) return;
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
  void quote(const std::string& s) {
    out_ += '"';
    for (char ch : s) {
      const auto c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += ch;
      } else if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof(buf), "\\u%04x", c);
        out_ += buf;
      } else {
        out_ += ch;
      }
    }
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> first_;
  bool after_key_ = false;
};

}  // namespace bench
