// Explorer: breadth-first search over every interleaving of a kernel's
// partitions under the model (model/State.h, the mbarrier, named-barrier and
// async-completion rules), with parent links for the shortest trace. It
// reports hangs (no process can move, some has not finished) and
// over-arrivals; an Observer (model/Observer.h) adds happens-before clocks
// and sees every access. docs/Deadlock.md and docs/Races.md state the rules.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "checks/model/Observer.h"
#include "checks/model/Results.h"
#include "checks/model/State.h"
#include "dialect/OpTable.h"
#include "interp/Program.h"

namespace tscope::checks::model {

/// Ops a process may run between two synchronizing ops before a step pauses.
constexpr uint64_t kLocalSteps = 100'000;

/// One kernel's explorer, reused over the runs of its bindings.
class Explorer {
public:
  /// Without `observer`: the plain model; the first hang ends the search for
  /// hangs (it goes on, within a budget, for an over-arrival). With one: the
  /// model keeps clocks and accesses for it, and a hang just ends its
  /// interleaving; `recordHangs` then keeps the first hang too (hang()).
  Explorer(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o, Observer *observer = nullptr,
           bool recordHangs = false);

  /// Explores every interleaving under `b`. The verdict is "deadlock", "trap",
  /// "no-deadlock", "unknown", or "race" when the observer ended the search.
  DeadlockRun run(const interp::Bindings &b, std::string label);

  /// Waits that passed on a phase their process had already waited for
  /// (every run so far).
  const std::set<const ir::Operation *> &redundantWaits() const { return redundant_; }
  /// States of the last run in which nothing could move (with an observer).
  size_t stuckStates() const { return stuckStates_; }
  /// The path to the step where the observer ended the last run.
  const std::vector<TraceStep> &stopTrace() const { return stopTrace_; }
  /// With an observer and `recordHangs`: the first hang of the last run
  /// (verdict "deadlock", trace, stuck processes, cause, barrier states).
  const std::optional<DeadlockRun> &hang() const { return hang_; }

  // What prose and observers name things by.
  const ir::Module &module() const { return m_; }
  const kernel::Kernel &kernel() const { return k_; }
  /// The process's name: "default", "partition0", "outside"; with several
  /// warp_specialize ops, which one ("ws97.partition0").
  std::string partName(const Proc &pr) const;
  /// "ready[1]", "bar".
  std::string barName(uint64_t key) const;
  /// "smem[1]" (slot -1: the allocation's name).
  std::string slotName(uint32_t alloc, int64_t slot) const;
  /// The warps the process runs with (its partition's num_warps; the
  /// module's outside and in the default region).
  int warpsOf(const Proc &pr) const;
  /// The slot a memdesc value selects, when it was recorded on the way here.
  std::optional<int64_t> slotOf(const State &s, const Proc &pr, const ir::Value *v) const;
  /// (barrier allocation id, slot) of a barrier operand, or nullopt.
  std::optional<std::pair<uint32_t, int64_t>> barrierKey(const State &s, const Proc &pr,
                                                         const ir::Value *v) const;
  /// Partitions that have an arrive-side op on barrier allocation `id`;
  /// given `ws`, only those of that warp_specialize and outside (kOutside).
  std::set<int> arriversOf(uint32_t id, size_t *numOps = nullptr,
                           const kernel::WarpSpecialize *ws = nullptr) const;

private:
  using Successors = std::vector<std::pair<State, TraceStep>>;
  /// What one process's op needs from the transition functions.
  struct OpStep;

  SourcePoint where(const ir::Operation *op) const { return pointOf(k_, op); }
  bool tracksClocks() const { return observer_ != nullptr; }

  // Running processes between synchronizing ops (Explorer.cpp).
  bool advance(State &s, size_t pi, std::string &unknown);
  void recordSlot(State &s, Proc &pr, const ir::Operation *op);
  void carrySlots(State &s, Proc &pr, const ir::Operation *op);
  static void setSlot(Proc &pr, const ir::Value *v, int64_t slot);

  // Transitions, one per op family (Transitions.cpp). A step of a process
  // either leaves the new state for advance() (Advance), pushed its
  // successor itself (Pushed), cannot move (Blocked), or made the run
  // unknown (Unknown, with the reason).
  enum class Outcome { Advance, Pushed, Blocked, Unknown };
  void successors(const State &s, Successors &out, std::string &unknown);
  void completeAsync(const State &s, Successors &out);
  Outcome resumeBlocked(const State &s, size_t pi, Successors &out, std::string &unknown);
  Outcome stepOp(const State &s, size_t pi, Successors &out, std::string &unknown);
  Outcome stepWait(OpStep &o, std::string &unknown);
  Outcome stepArrive(OpStep &o);
  Outcome stepAsyncIssue(OpStep &o);
  Outcome stepMma(OpStep &o, std::string &unknown);
  Outcome stepNamed(OpStep &o, std::string &unknown);
  Outcome stepFork(OpStep &o, std::string &unknown);
  /// The join of the warp_specialize process `pi` forked (all returned).
  bool join(State &n, size_t pi, std::string &unknown);
  void noteOverArrival(const std::string &actor, const ir::Operation *op, uint64_t key, const Bar &b,
                       int64_t arrive, const std::string &action);

  // Accesses for the observer (Accesses.cpp).
  void localAccess(State &s, size_t pi, const ir::Operation *op);
  void recordAccess(State &s, size_t pi, const ir::Operation *op, const ir::Value *v, bool write, Agent agent);

  // The search (Explorer.cpp).
  struct Search;
  bool expand(Search &S, uint32_t si, DeadlockRun &out);
  void recordHang(Search &S, uint32_t si, DeadlockRun &out);
  std::vector<TraceStep> pathTo(const Search &S, int64_t at) const;

  const ir::Module &m_;
  const kernel::Kernel &k_;
  const DeadlockOptions &opts_;
  interp::Program prog_;
  interp::EventSet events_;
  const ir::Operation *unmodelled_ = nullptr;
  Observer *observer_ = nullptr;
  bool recordHangs_ = false;
  const Successors *curOut_ = nullptr;
  bool stopped_ = false;
  size_t stopStep_ = ~size_t(0);
  std::vector<TraceStep> stopTrace_;
  std::set<const ir::Operation *> redundant_;
  std::optional<OverArrival> over_;
  std::optional<TraceStep> overStep_;
  std::optional<DeadlockRun> hang_;
  size_t stuckStates_ = 0;
};

/// The runs of one kernel: integer arguments not bound by --arg are tried
/// together over `opts.tryValues`; `unbound` gets their names.
std::vector<std::pair<interp::Bindings, std::string>> planRuns(const ir::Module &m, const kernel::Kernel &k,
                                                               const DeadlockOptions &opts,
                                                               std::vector<std::string> &unbound);

/// The kernel's deadlock verdict from its runs: a hang before a trap before
/// all clean, else unknown (with the first unknown run's reason).
void summarizeDeadlock(KernelDeadlockResult &res);

} // namespace tscope::checks::model
