// HangTriage: file times decide "newest" (the kernel compiled last is the one
// most likely running when the run hung).
#include "dumps/HangTriage.h"

#include <algorithm>
#include <filesystem>
#include <set>

namespace tscope::dumps {

std::vector<std::string> runTtgirFiles(const DumpIndex &idx) {
  namespace fs = std::filesystem;
  std::vector<std::pair<fs::file_time_type, std::string>> files;
  std::set<std::string> seen;
  for (const IndexSection &sec : idx.sections)
    for (const KernelEntry &e : sec.entries) {
      if (!e.has(Stage::Ttgir))
        continue;
      std::string p = e.path(Stage::Ttgir);
      if (!seen.insert(p).second)
        continue;
      std::error_code ec;
      files.emplace_back(fs::last_write_time(p, ec), p);
    }
  std::sort(files.begin(), files.end(), [](const auto &a, const auto &b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<std::string> out;
  for (auto &f : files)
    out.push_back(f.second);
  return out;
}

int deadlockCheckUnavailable(const std::vector<std::string> &ttgirPaths, std::ostream &os) {
  os << "deadlock check not available in this build";
  if (ttgirPaths.empty()) {
    os << " (and the run wrote no TTGIR: add --preset stages)\n";
    return 2;
  }
  os << "; it would read, newest first:\n";
  for (const std::string &p : ttgirPaths)
    os << "  " << p << "\n";
  return 2;
}

} // namespace tscope::dumps
