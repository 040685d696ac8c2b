// SourcePaths: where the Python files named in `loc()` are on this machine,
// for IR compiled elsewhere (`--prefix-map OLD=NEW`, `--source-root DIR`).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tscope::driver {

/// How a Python path of the IR becomes a path on this machine.
struct SourcePathMap {
  /// `--prefix-map OLD=NEW`, in the order given: the first OLD that begins a
  /// path is replaced by NEW (as compilers' -ffile-prefix-map does).
  std::vector<std::pair<std::string, std::string>> prefixes;
  /// `--source-root DIR`: for a path that does not exist (after the prefix
  /// map), DIR joined with the path's longest tail that does
  /// (/ci/build/repo/kernels/attn.py -> DIR/kernels/attn.py when DIR/repo/...
  /// does not exist but that does).
  std::string sourceRoot;
  bool empty() const { return prefixes.empty() && sourceRoot.empty(); }
};

/// Parses `OLD=NEW` (OLD not empty); nullopt otherwise.
std::optional<std::pair<std::string, std::string>> parsePrefixMap(std::string_view text);

/// The map every later resolveSourcePath uses (set once by the command line).
void setSourcePathMap(SourcePathMap map);

/// `path` as this machine reaches it under the map set; when that names no
/// file, the longest tail of two or more components that exists under the
/// current directory (relative); `path` itself when nothing applies.
std::string resolveSourcePath(const std::string &path);

/// resolveSourcePath under an explicit map (what the unit test calls).
std::string resolveSourcePath(const std::string &path, const SourcePathMap &map);

} // namespace tscope::driver
