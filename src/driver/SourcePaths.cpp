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

namespace {

/// `root` joined with the longest tail of `path` (at least `minParts`
/// components) that names a file there; empty when none does.
std::string longestTailUnder(const fs::path &root, const std::string &path, size_t minParts) {
  std::vector<fs::path> parts;
  for (const fs::path &c : fs::path(path).relative_path())
    parts.push_back(c);
  for (size_t skip = 0; skip + minParts <= parts.size(); ++skip) {
    fs::path candidate = root;
    for (size_t i = skip; i < parts.size(); ++i)
      candidate /= parts[i];
    if (isFile(candidate))
      return candidate.string();
  }
  return {};
}

} // namespace

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
  std::string under = longestTailUnder(fs::path(map.sourceRoot), mapped, 1);
  return under.empty() ? mapped : under;
}

std::string resolveSourcePath(const std::string &path) {
  if (path.empty())
    return path;
  auto [it, fresh] = resolvedCache().emplace(path, std::string());
  if (fresh) {
    const SourcePathMap &map = currentMap();
    std::string resolved = resolveSourcePath(path, map);
    // A checkout that moved (IR compiled in /ci/build/repo, read in a clone):
    // the current directory is the last root tried, with a tail of at least
    // a folder and a file so that a bare kernel.py never matches another.
    if (!isFile(resolved)) {
      std::string under = longestTailUnder(fs::path("."), resolved, 2);
      if (!under.empty())
        resolved = fs::path(under).lexically_normal().string();
    }
    it->second = resolved;
  }
  return it->second;
}

} // namespace tscope::driver
