// KernelMetadata: nlohmann::json without exceptions; missing fields keep
// their defaults, wrong types are errors.
#include "dumps/KernelMetadata.h"

#include <nlohmann/json.hpp>

namespace tscope::dumps {

std::optional<KernelMetadata> parseKernelMetadata(std::string_view text, std::string &error) {
  nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    error = "not a JSON object";
    return std::nullopt;
  }
  if (!j.contains("num_warps") || !j.contains("name")) {
    error = "not Triton kernel metadata (no name/num_warps)";
    return std::nullopt;
  }
  KernelMetadata m;
  auto str = [&](const char *k, std::string &out) {
    auto it = j.find(k);
    if (it != j.end() && it->is_string())
      out = it->get<std::string>();
  };
  auto integer = [&](const char *k, auto &out) {
    auto it = j.find(k);
    if (it != j.end() && it->is_number_integer())
      out = it->get<int64_t>();
  };
  str("name", m.name);
  str("hash", m.hash);
  str("triton_version", m.tritonVersion);
  integer("num_warps", m.numWarps);
  integer("num_ctas", m.numCtas);
  integer("num_stages", m.numStages);
  integer("shared", m.shared);
  integer("tmem_size", m.tmemSize);
  integer("global_scratch_size", m.globalScratch);
  if (auto it = j.find("maxnreg"); it != j.end() && it->is_number_integer())
    m.maxnreg = it->get<int>();
  if (auto t = j.find("target"); t != j.end() && t->is_object()) {
    if (auto a = t->find("arch"); a != t->end() && a->is_number_integer())
      m.arch = a->get<int>();
    if (auto b = t->find("backend"); b != t->end() && b->is_string())
      m.backend = b->get<std::string>();
  }
  if (m.numWarps <= 0 || m.numWarps > 1024) {
    error = "num_warps out of range";
    return std::nullopt;
  }
  return m;
}

} // namespace tscope::dumps
