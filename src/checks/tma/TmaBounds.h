// TmaBounds: replays a launch — every program id and every loop iteration —
// through the scalar interpreter and checks each TMA copy the launch issues
// (its predicate true) against the tensor its descriptor describes; what it
// cannot evaluate is reported, never counted as inside.
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

/// A part of the launch the replay could not check: the copies of one op
/// whose predicate, descriptor shape or coordinates could not be evaluated,
/// or the op (a loop, a branch) where the replay of some programs stopped.
/// The typed row behind a `not-verified` finding (TmaFindings.h).
struct TmaUnverified {
  const ir::Operation *op = nullptr; ///< the copy, or the op where the replay stopped
  kernel::SourcePoint where;
  std::string subject; ///< "ttng.async_tma_copy_global_to_local a_desc", or "the TMA copies of K"
  std::string reason;  ///< why, in the user's words, and how much was left unchecked
  std::string next;    ///< the next step, e.g. "give --desc a_desc=D0xD1 ..."; may be empty
  uint64_t count = 0;  ///< copies (program, iteration) not checked, or programs stopped
};

/// The result for one kernel and launch.
struct TmaKernelResult {
  std::string kernel, origin;
  std::array<int64_t, 3> grid{1, 1, 1};
  uint64_t programs = 0;      ///< programs run
  uint64_t evaluated = 0;     ///< copies whose tile was compared with its tensor
  uint64_t predicatedOff = 0; ///< copies not issued: their predicate was false
  uint64_t iterations = 0;    ///< loop iterations (per program) that issued or skipped a copy
  uint64_t copyOps = 0;       ///< TMA copy ops in the kernel
  std::vector<TmaTileGroup> groups;
  std::vector<TmaUnverified> unverified; ///< empty when every copy reached was checked
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
