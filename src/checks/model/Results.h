// Results: what one exploration of the model reports (bounds in, trace steps,
// stuck processes, over-arrivals and the per-run verdict out). The deadlock
// and race checks build their kernel results from these.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "interp/Bindings.h"
#include "kernel/SourcePoint.h"
#include "kernel/Kernel.h"

namespace tscope::ir {
class Operation;
}
namespace tscope::checks::model {
struct EditOverlay;
class CoveragePlans;
}

namespace tscope::checks {

using kernel::SourcePoint;

/// Bounds and inputs of one check.
struct DeadlockOptions {
  interp::Bindings bindings;          // --arg NAME=VALUE, --grid
  bool gridSet = false;
  /// Values tried for integer arguments left unbound (all set to the same
  /// value per run); loop trip counts follow from them.
  std::vector<int64_t> tryValues = {1, 2, 3, 4, 64, 128, 256};
  /// planRuns adds a run past the tried values when none of them makes a
  /// wait use a barrier slot `coverageUses` times (model/Coverage.h).
  bool coverageRun = true;
  /// Uses of one barrier slot by one wait the coverage run asks for: 2 (the
  /// parity flips once); the fix search asks 3 of a candidate (an edit that
  /// doubles an arrival count goes wrong only on a slot's third use).
  int coverageUses = 2;
  size_t maxStates = 1'000'000; // per run
  /// The process's heap in use (MiB, support::heapMbInUse) past which a search
  /// gives up (unknown), 0: none.
  size_t maxMemoryMb = 4096;
  /// Try the proof for every trip count first (model/Periodicity.h).
  bool proveTrips = true;
  /// States the proof explores before it gives up (--proof-states); some
  /// state must recur shifted within 40% of them (firstFoldCap).
  size_t proofStates = 80'000;
  /// Asynchronous work of each issuing process completes in issue order per
  /// agent (its TMA loads among themselves, as its tcgen05 work always
  /// does): the schedules the hardware usually runs (Schedule.h).
  bool inOrderAsync = false;
  /// Partitions keep pace (the schedule-strength search only, Schedule.h):
  /// an interleaving ends, neither finishing nor hanging, where a process
  /// sits at a wait for a phase that completed two or more phases after
  /// the one it last passed on that barrier (it fell a whole phase behind,
  /// and the parity it waits for aliases an already completed phase).
  bool lockstep = false;
  /// Partial-order reduction (docs/Deadlock.md "Fewer interleavings"):
  /// explore one interleaving of steps that commute. --no-reduction: every
  /// interleaving. Off for lockstep schedules.
  bool reduction = true;
  /// --timeout: the wall-clock moment past which every search of the command
  /// stops undecided (a budget: Gap::Budget), and the seconds it was given.
  std::optional<std::chrono::steady_clock::time_point> deadline;
  double timeoutSeconds = 0;
  /// Edits the model applies in place of what the IR says (model/Edits.h):
  /// the fix search's candidates. Null: the kernel as written.
  const model::EditOverlay *edits = nullptr;
  /// Search single edits that remove a hang, over-arrival or race (checks/fix).
  bool searchFixes = true;
  /// Where the coverage runs of the module being checked are kept once
  /// planned (model/Coverage.h), so that its checks plan them once. Null:
  /// each planRuns works them out.
  model::CoveragePlans *coverage = nullptr;
};

/// What kind of gap left a run undecided; it picks the user's next step.
enum class Gap : uint8_t {
  None,
  Unmodelled, ///< an op that touches a barrier, buffer or TMEM region is not modelled yet
  Input,      ///< a decision on a value that depends on an unbound argument
  Grid,       ///< a decision on tt.get_num_programs with no --grid
  Budget,     ///< the state, memory, trip or time budget ran out
  Value,      ///< a value the interpreter cannot compute (the words say which)
  Shape,      ///< a structure the model does not handle (nested warp_specialize, ...)
  Proof,      ///< proof mode only: a decision on a value no shift of the trip count carries
};

/// Why a run stopped undecided: the words, the kind of gap, the op that
/// stopped the model (null when none did: a budget) and, for an unknown
/// value, its words and the next step.
struct Undecided {
  Undecided() = default;
  Undecided(std::string w, Gap g, const ir::Operation *o = nullptr) : why(std::move(w)), gap(g), op(o) {}
  std::string why;
  Gap gap = Gap::None;
  const ir::Operation *op = nullptr;
  std::string valueWhy, next; ///< an unknown value's words and next step (checks/UnknownWords.h)
  bool empty() const { return why.empty(); }
};

/// Where an undecided run stopped, as results keep it (no IR pointers).
struct RunStop {
  Gap gap = Gap::None;
  std::optional<SourcePoint> at; ///< the op that stopped the model, when one did
  std::string op;                ///< its name ("ttng.tmem_copy")
  std::string valueWhy;          ///< an unknown value: why, in the user's words (checks/UnknownWords.h)
  std::string next;              ///< its next step (--arg NAME=VALUE, --grid), when there is one
};

/// One step of a counterexample.
struct TraceStep {
  std::string actor;  // partition, or "TMA"/"tcgen05" for async completions
  std::string action; // e.g. "arrive empty[1] (pending 1 -> 0, phase 0 -> 1)"
  SourcePoint where;
};

/// A process that cannot move in the stuck state.
struct StuckProcess {
  std::string partition;
  std::string why; // e.g. "waits on ready[0] for parity 0; phase 0 needs 1 more arrival"
  const ir::Operation *op = nullptr;
  SourcePoint where;
};

/// An arrival on an mbarrier whose pending count is already zero (its phase
/// waits only for transaction bytes), or that would take it below zero. The
/// H200 faults at such an arrive (CUDA error 719, "unspecified launch
/// failure"; compute-sanitizer: "Unknown Error" at the arrive).
struct OverArrival {
  std::string actor;   // partition, or "tcgen05" for an async arrival
  std::string barrier; // "ready[0]"
  std::string what;    // "expect 8192 bytes + arrive on ready[0]: ..."
  SourcePoint where;
  std::vector<TraceStep> trace; // the shortest path to it, ending with the arrival
};

/// The proof for every trip count of one kernel (model/Periodicity.h).
struct TripProofResult {
  bool attempted = false;
  bool proved = false;
  std::string why;                 // not proved: the reason, in words
  size_t states = 0;               // states explored (folded ones not counted)
  size_t folds = 0;                // states found to be shifts of earlier ones
  std::vector<std::string> loops;  // "IR 40 (period 2 trips)", one per trip parameter
  std::vector<std::string> inputs; // the unbound integer inputs it holds for
  int64_t fromTrip = 0;            // 1: proved for trip counts >= 1 only
  std::string zeroTripWhy;         // why loops that run 0 times were left out
  /// Proved by the kernel's structure instead of a search: why nothing can
  /// block (nothingBlocks in Proof.cpp); empty for the shifted-state proof.
  std::string byStructure;
  /// Not proved because the search with the trip counts free met a hang,
  /// an over-arrival or a race: the inputs that give that state's trip
  /// counts ("%n" -> 192, for a loop `0 to %n step 64` at 3 trips), where
  /// each is an upper bound read back from its loop; empty otherwise.
  std::vector<std::pair<std::string, int64_t>> witness;
  std::string witnessWhy; // "trip count 3 of the loop at IR 21"
};

/// One exploration under one set of bindings.
struct DeadlockRun {
  std::string bindings; // "K=64" ...
  std::string verdict;  // "deadlock", "trap", "no-deadlock", "unknown" ("race": an observer ended it)
  std::string reason;   // for unknown
  RunStop stop;         // for unknown: what kind of gap, and where
  size_t states = 0;
  std::vector<TraceStep> trace;
  std::vector<StuckProcess> stuck;
  std::vector<std::string> loopTrips; // "partition0 scf.for IR 72: 2 trips"
  std::string cause;                   // the deadlock's cause in words
  std::vector<std::string> barrierStates; // "ready[0]: phase 0, 1 of 1 arrivals pending, tx 0"
  std::vector<std::pair<std::string, SourcePoint>> redundantWaits; // notes
  std::optional<OverArrival> overArrival; // the first over-arrival met (BFS order)
  bool finishes = false; // some interleaving ran every process to its end
  bool complete = false; // the search visited every reachable state (no budget cut it)
};

/// The weakest schedule that reaches a hang or an over-arrival (Schedule.h).
enum class Strength : uint8_t {
  Unclassified, ///< not decided (the in-order search was undecided)
  Every,        ///< no schedule avoids it: no interleaving finishes
  InOrder,      ///< reached with asynchronous work completing in issue order per agent
  Reordered,    ///< needs asynchronous work to complete out of issue order
  Drift,        ///< in issue order, but only when a partition falls a whole phase behind on a barrier
};

/// A single edit of the kernel's synchronization after which the model
/// finds nothing (checks/fix).
struct ProvenFix {
  std::string kind;   ///< "flip-parity", "init-count", "expect-bytes", "drop-arrive", "add-arrive", ...
  std::string edit;   ///< in words: "flip the parity of the wait on empty (phase -> phase ^ 1)"
  std::string proven; ///< what it was proved for
  SourcePoint where;  ///< the op to change
  std::optional<SourcePoint> other; ///< a second place the edit names
};

/// How the fix search went: candidates built and checked, and why it gave
/// up when it did (empty: it checked every candidate).
struct FixSearchSummary {
  bool ran = false;
  size_t candidates = 0, checked = 0;
  std::string gaveUp;
  double seconds = 0;
};

/// The verdict of one kernel.
struct KernelDeadlockResult {
  std::string kernel;
  /// "deadlock" (some interleaving hangs), "trap" (none hangs, but one
  /// over-arrives on an mbarrier: the GPU faults), "no-deadlock", "unknown".
  std::string verdict;
  std::string reason;
  std::vector<DeadlockRun> runs;
  std::vector<std::string> unboundArgs;
  std::optional<size_t> evidenceRun; // the run whose trace proves the verdict
  std::optional<size_t> trapRun;     // the first run with an over-arrival
  TripProofResult proof;             // the proof for every trip count, when attempted
  std::optional<SourcePoint> entry;  // the kernel's function op
  Strength hangStrength = Strength::Unclassified; // of the hang of evidenceRun
  Strength trapStrength = Strength::Unclassified; // of the over-arrival of trapRun
  std::string expectedGpu; // what the GPU will do, from the strengths (Schedule.h)
  /// A `drift` hang: where the lockstep search first saw a process fall a
  /// whole phase behind, in words ("partition1 falls a whole phase behind
  /// on ready[0]").
  std::string driftAt;
  /// The first stale read or lost write the in-order schedules reach, in
  /// words (set by the data-flow check, checks/stale); empty: none.
  std::string inOrderWrong;
  /// A TMA load whose descriptor box is larger than its buffer, in words
  /// ("the TMA load at IR 135 writes 8192 bytes past its buffer"); empty:
  /// none. Its stray bytes may fault or corrupt data before the hang shows.
  std::string tmaOverflow;
  std::vector<ProvenFix> fixes; // of the hang or over-arrival, best first (checks/fix)
  FixSearchSummary fixSearch;
};

/// True when `run` stopped undecided on a budget (states, memory, time): the
/// sweep of unbound values stops there, since a larger value explores more.
template <class Run> bool stateBudgetSpent(const Run &run) {
  return run.verdict == "unknown" && run.stop.gap == Gap::Budget;
}

/// A run of a sweep that is not made (model::SweepGrowth): undecided on the
/// budget, for `why`.
template <class Run> Run runNotMade(const std::string &label, std::string why) {
  Run r;
  r.bindings = label;
  r.verdict = "unknown";
  r.reason = std::move(why);
  r.stop.gap = Gap::Budget;
  return r;
}

/// The reason of the first run whose verdict is "unknown" ("" if none):
/// what a kernel's unknown verdict reports (deadlock and race runs alike).
template <class Run> std::string firstUnknownReason(const std::vector<Run> &runs) {
  for (const Run &r : runs)
    if (r.verdict == "unknown")
      return r.reason;
  return "";
}

} // namespace tscope::checks
