// TmaBounds: replays a launch — every program id and every loop iteration —
// through the scalar interpreter and checks each TMA op's tile against the
// tensor its descriptor describes.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "interp/Bindings.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"
#include "kernel/SourcePoint.h"

namespace tscope::checks {

/// A launch to replay.
struct TmaLaunch {
  std::string kernel; // empty: every kernel of the file
  std::array<int64_t, 3> grid{1, 1, 1};
  interp::Bindings bindings;
  std::map<std::string, std::vector<int64_t>> descShapes; // descriptor name -> shape
  std::string origin; // "launches.jsonl:3" or "command line"
};

/// How a tile relates to its tensor.
enum class TileClass { Negative, PastEnd, PartialEdge };

/// One group of out-of-bounds tiles: an op, a class, and the programs that
/// hit it (the typed row behind a tma-out-of-bounds finding, TmaFindings.h).
struct TmaTileGroup {
  TileClass cls;
  const ir::Operation *op = nullptr;
  std::string opName, descName;
  kernel::SourcePoint where;
  std::vector<int64_t> shape, block;
  std::vector<int64_t> minCoord, maxCoord; // over the offending programs
  std::string programs;                    // "pid_x 8..9, pid_y 0..3 (8 programs)"
  uint64_t count = 0;                      // offending (program, iteration) pairs
  std::string explanation;                 // launch arithmetic
};

/// The result for one kernel and launch.
struct TmaKernelResult {
  std::string kernel, origin;
  std::array<int64_t, 3> grid{1, 1, 1};
  uint64_t programs = 0, evaluated = 0; // programs run, TMA ops evaluated
  std::vector<TmaTileGroup> groups;
  std::string unknown; // why some coordinates could not be evaluated
  double seconds = 0;
};

/// Checks every TMA op of the matching kernels for one launch.
std::vector<TmaKernelResult> checkTmaBounds(const ir::Module &m, const TmaLaunch &launch);
/// The same over kernels already built from `m`.
std::vector<TmaKernelResult> checkTmaBounds(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                            const TmaLaunch &launch);

/// Lower-case class name: "negative", "past-end", "partial-edge".
const char *tileClassName(TileClass c);

} // namespace tscope::checks
