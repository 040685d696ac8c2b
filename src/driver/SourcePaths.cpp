// SourcePaths: prefix replacement, then the longest existing tail under a root.
#include "driver/SourcePaths.h"

#include <filesystem>
#include <map>

namespace fs = std::filesystem;

namespace tscope::driver {
namespace {

SourcePathMap &currentMap() {
  static SourcePathMap map;
  return map;
}

std::map<std::string, std::string> &resolvedCache() {
  static std::map<std::string, std::string> cache;
  return cache;
}

bool isFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

} // namespace

std::optional<std::pair<std::string, std::string>> parsePrefixMap(std::string_view text) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return std::nullopt;
  return std::make_pair(std::string(text.substr(0, eq)), std::string(text.substr(eq + 1)));
}

void setSourcePathMap(SourcePathMap map) {
  currentMap() = std::move(map);
  resolvedCache().clear();
}

std::string resolveSourcePath(const std::string &path, const SourcePathMap &map) {
  if (path.empty() || map.empty())
    return path;
  std::string mapped = path;
  for (const auto &[from, to] : map.prefixes)
    if (mapped.compare(0, from.size(), from) == 0) {
      mapped = to + mapped.substr(from.size());
      break;
    }
  if (map.sourceRoot.empty() || isFile(mapped))
    return mapped;
  // The longest tail of the path that exists under the root.
  fs::path p(mapped);
  std::vector<fs::path> parts;
  for (const fs::path &c : p.relative_path())
    parts.push_back(c);
  for (size_t skip = 0; skip < parts.size(); ++skip) {
    fs::path candidate(map.sourceRoot);
    for (size_t i = skip; i < parts.size(); ++i)
      candidate /= parts[i];
    if (isFile(candidate))
      return candidate.string();
  }
  return mapped;
}

std::string resolveSourcePath(const std::string &path) {
  const SourcePathMap &map = currentMap();
  if (map.empty())
    return path;
  auto [it, fresh] = resolvedCache().emplace(path, std::string());
  if (fresh)
    it->second = resolveSourcePath(path, map);
  return it->second;
}

} // namespace tscope::driver
