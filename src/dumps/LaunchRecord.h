// LaunchRecord: the JSON lines `tscope record` writes, one per kernel launch
// (format tscope.launch/1, docs/LaunchRecord.md).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tscope::dumps {

/// A host-side tensor descriptor as launched.
struct LaunchDescriptor {
  std::vector<int64_t> shape, strides, blockShape;
  std::string dtype;
};

/// One launch.
struct LaunchRecord {
  std::string kernel;
  std::string hash;
  std::array<int64_t, 3> grid{1, 1, 1};
  int numWarps = 0, numCtas = 1;
  std::map<std::string, int64_t> intArgs;
  std::map<std::string, LaunchDescriptor> descriptors;
  uint32_t line = 0; // 1-based line in the file
};

/// Reads every record of a launches.jsonl file; malformed lines are reported
/// in `errors` as "FILE:LINE: ..." and skipped.
std::vector<LaunchRecord> readLaunchRecords(const std::string &path, std::vector<std::string> &errors);

} // namespace tscope::dumps
