// Scan: `tscope scan` — every kernel of a cache or dump dir (thousands) on all
// cores: index facts, metadata, occupancy without registers, PTX mix, TTGIR
// op count and warp specialization; one JSON object per line.
#pragma once

#include <ostream>
#include <string>

namespace tscope::dumps {

/// Scan options.
struct ScanOptions {
  unsigned threads = 0;   ///< 0: all cores
  bool progress = false;  ///< the progress line on stderr (support/Progress.h: when stderr is a terminal)
  std::string kernelGlob; ///< only kernels whose name matches this shell glob (empty: all)
  bool newestFirst = false; ///< kernels by their folder's modification time, newest first
};

/// Scans `root`; JSON lines go to `out` in a stable order (by section, kernel,
/// hash). Returns the number of kernels, or -1 with `error` set.
long scanDirectory(const std::string &root, const ScanOptions &opts, std::ostream &out, std::string &error);

} // namespace tscope::dumps
