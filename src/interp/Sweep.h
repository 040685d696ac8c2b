// Sweep: run one region of a function for every program id of a grid and
// report every event — the fast path behind "evaluate these TMA coordinates
// for every program and every loop iteration".
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>

#include "interp/Process.h"

namespace tscope::interp {

/// A program id or a grid size: x, y, z.
using Dim3 = std::array<int64_t, 3>;

/// What a sweep saw.
struct SweepSummary {
  uint64_t programs = 0;        ///< program ids run
  uint64_t regionRuns = 0;      ///< executions of the region (entries into it)
  uint64_t events = 0;          ///< events reported to the callback
  uint64_t unknownPrograms = 0; ///< programs stopped by an unknown
  std::optional<StepResult> firstUnknown; ///< the first such stop
  Dim3 firstUnknownPid{0, 0, 0};          ///< the program id it happened in
  bool stoppedByCallback = false;         ///< the callback returned false
};

/// Called at each event: the process stopped before `op`, in program `pid`.
/// Returning false ends the sweep.
using SweepCallback =
    std::function<bool(const Process &process, const ir::Operation &op, const Dim3 &pid)>;

/// Runs `region` — the function body when null, else a region held by an op
/// of the function (a warp_specialize partition) — once per program id of
/// `bindings.numPrograms` (x fastest; a grid of 1,1,1 when unset), every
/// time the function reaches the op holding it, calling `onEvent` at each
/// event of `events`. `bindings.programId` is ignored. Binding errors go to
/// `errors` when given (once, not per program).
SweepSummary sweepGrid(const Program &program, const Bindings &bindings,
                       const ir::Region *region, const EventSet &events,
                       const SweepCallback &onEvent,
                       std::vector<std::string> *errors = nullptr);

} // namespace tscope::interp
