// LaunchRecord: reads tscope.launch/1 JSON lines with nlohmann::json.
#include "dumps/LaunchRecord.h"

#include <fstream>
#include <nlohmann/json.hpp>

namespace tscope::dumps {

std::vector<LaunchRecord> readLaunchRecords(const std::string &path, std::vector<std::string> &errors) {
  std::vector<LaunchRecord> out;
  std::ifstream in(path);
  if (!in) {
    errors.push_back(path + ": cannot read");
    return out;
  }
  std::string line;
  uint32_t n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", "") != "tscope.launch/1") {
      errors.push_back(path + ":" + std::to_string(n) + ": not a tscope.launch/1 record");
      continue;
    }
    LaunchRecord r;
    r.line = n;
    r.kernel = j.value("kernel", "");
    if (j.contains("hash") && j["hash"].is_string())
      r.hash = j["hash"];
    if (j.contains("grid") && j["grid"].is_array())
      for (size_t i = 0; i < 3 && i < j["grid"].size(); ++i)
        if (j["grid"][i].is_number_integer())
          r.grid[i] = j["grid"][i];
    if (j.contains("num_warps") && j["num_warps"].is_number_integer())
      r.numWarps = j["num_warps"];
    if (j.contains("num_ctas") && j["num_ctas"].is_number_integer())
      r.numCtas = j["num_ctas"];
    if (j.contains("args") && j["args"].is_object())
      for (auto &[k, v] : j["args"].items()) {
        if (v.is_number_integer())
          r.intArgs[k] = v;
        else if (v.is_boolean())
          r.intArgs[k] = v.get<bool>() ? 1 : 0;
      }
    if (j.contains("descriptors") && j["descriptors"].is_object())
      for (auto &[k, v] : j["descriptors"].items()) {
        LaunchDescriptor d;
        auto ints = [&](const char *key, std::vector<int64_t> &dst) {
          if (v.contains(key) && v[key].is_array())
            for (auto &x : v[key])
              if (x.is_number_integer())
                dst.push_back(x);
        };
        ints("shape", d.shape);
        ints("strides", d.strides);
        ints("block_shape", d.blockShape);
        d.dtype = v.value("dtype", "");
        r.descriptors[k] = d;
      }
    out.push_back(std::move(r));
  }
  return out;
}

} // namespace tscope::dumps
