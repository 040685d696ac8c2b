// Explorer: breadth-first search over every interleaving of a kernel's
// partitions under the model (model/State.h, the mbarrier, named-barrier and
// async-completion rules), with parent links for the shortest trace. It
// reports hangs (no process can move, some has not finished) and
// over-arrivals; an Observer (model/Observer.h) adds happens-before clocks
// and sees every access. docs/Deadlock.md and docs/Races.md state the rules.
#pragma once

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checks/model/Dependence.h"
#include "checks/model/Edits.h"
#include "checks/model/Observer.h"
#include "checks/model/Periodicity.h"
#include "checks/model/Results.h"
#include "checks/model/State.h"
#include "dialect/OpTable.h"
#include "interp/Program.h"
#include "support/Progress.h"

namespace tscope::checks::model {

/// Ops a process may run between two synchronizing ops before a step pauses.
constexpr uint64_t kLocalSteps = 100'000;
/// States by which some state must have recurred shifted, out of the
/// proof's budget (DeadlockOptions::proofStates, --proof-states): a steady
/// state that has not begun to recur by then is not reached within the
/// budget either. 40%: the fixtures' first recurrence comes within 16,500
/// states (tl_matmul_tiles_ws_sm100's race proof); the fused-attention
/// tutorial's warp-specialized forward for Hopper, within 25,904 (deadlock).
inline size_t firstFoldCap(const DeadlockOptions &o) { return std::max<size_t>(1, o.proofStates / 5 * 2); }
/// Earlier states of the same shape a new state is compared with for a shift.
constexpr size_t kFoldCandidates = 16;
/// Trips past which an open trip count with no recurrence ends the proof.
constexpr int64_t kProofTrips = 48;
/// The state cap of a run after an earlier run of the sweep hung: it looks
/// only for an over-arrival at a larger value, and running out of states
/// leaves the verdict (deadlock) as it is.
constexpr size_t kAfterHangStates = 20'000;

/// The deadlock sweep over the planned runs, shared by checkDeadlocks and
/// the shared deadlock-and-races path: after a hang each run is capped at
/// kAfterHangStates (it only looks for an over-arrival); the sweep stops at
/// the first over-arrival or spent state budget (a larger value only
/// explores more).
struct DeadlockSweep {
  bool hung = false;
  /// The state cap of the next run (0: the options').
  size_t nextCap() const { return hung ? kAfterHangStates : 0; }
  /// Records `run`; true when the sweep stops after it.
  bool stopsAfter(const DeadlockRun &run) {
    hung |= run.verdict == "deadlock";
    return run.overArrival.has_value() || stateBudgetSpent(run);
  }
};
/// A sweep's run that its growth says cannot finish within the state cap is
/// not run: once a run explored kGrowthFloor states or more, the states of
/// the last two runs, s1 at value v1 and s2 at v2 > v1, project s2 *
/// (v3 / v2)^e at the next value v3, with s2 = s1 * (v2 / v1)^e. Past the
/// cap the run is reported undecided on the budget with those figures
/// (docs/Deadlock.md, the budgets under "The model"): a data-flow search of a kernel whose
/// partitions drift apart reached 198,075 states at 64 and spent 27 s and
/// 1.6 GB on the million it stopped at next.
constexpr size_t kGrowthFloor = 100'000;
class SweepGrowth {
public:
  /// Why the run at `b` is not run ("" to run it), against `cap` states.
  std::string skip(const interp::Bindings &b, const std::string &label, size_t cap) const;
  /// Records a run made at `b`.
  void ran(const interp::Bindings &b, const std::string &label, size_t states);

private:
  struct Seen {
    int64_t value = 0;
    size_t states = 0;
    std::string label;
  };
  std::vector<Seen> seen_; // one per value, in sweep order
};

/// Seconds of wall time a proof for every trip count may take per kernel.
constexpr int kProofSeconds = 60;

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
  /// `maxStates` (0: the options') caps this run's states.
  DeadlockRun run(const interp::Bindings &b, std::string label, size_t maxStates = 0);

  /// The proof for every trip count (model/Periodicity.h, docs/Deadlock.md
  /// "Every trip count"): explores under `b` with the trip counts of loops
  /// bounded by unbound inputs left symbolic, folding states that recur
  /// shifted. `proof.proved` when every interleaving at every trip count
  /// finishes with no over-arrival, or, with an observer (the race check,
  /// canonical clocks: model/ClockCanon.h), when none ends the search (no
  /// race) and none over-arrives; a stuck interleaving then just ends.
  DeadlockRun prove(const interp::Bindings &b, std::string label, TripProofResult &proof);

  /// Waits that passed on a phase their process had already waited for
  /// (every run so far).
  const std::set<const ir::Operation *> &redundantWaits() const { return redundant_; }
  /// States of the last run in which nothing could move (with an observer).
  size_t stuckStates() const { return stuckStates_; }
  /// Lockstep schedules (DeadlockOptions::lockstep): the first process seen
  /// a whole phase behind, in words ("partition1 falls a whole phase behind
  /// on ready[0]"); empty when none was.
  const std::string &firstDrift() const { return firstDrift_; }
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
  /// Why barrier slot `key` that `op` of `pr` uses is outside its
  /// allocation (a negative index, or past a ring's slots), or "".
  std::string slotOutside(std::pair<uint32_t, int64_t> key, const Proc &pr, const ir::Operation *op) const;
  /// Partitions that have an arrive-side op on barrier allocation `id`;
  /// given `ws`, only those of that warp_specialize and outside (kOutside).
  /// `numOps` gets the arrivals those ops make once each (an arrive's count).
  std::set<int> arriversOf(uint32_t id, size_t *numOps = nullptr,
                           const kernel::WarpSpecialize *ws = nullptr) const;

  /// True with an observer (the race or data-flow check rides the search):
  /// buffer accesses are met and handed to it.
  bool observes() const { return observer_ != nullptr; }
  /// True with an observer that reads happens-before clocks (the race
  /// check); the data-flow check's observer does not, and its states carry
  /// no clocks, async epochs or pending groups.
  bool tracksClocks() const { return clocks_; }
  /// dialect::operandRoles of `op`, decoded once per op (each step of the
  /// search asks again; decoding re-reads the op's text).
  const dialect::OperandRoles &roles(const ir::Operation *op) const;

private:
  using Successors = std::vector<std::pair<State, TraceStep>>;
  /// What one process's op needs from the transition functions.
  struct OpStep;
  /// One actor of a state for the partial-order reduction: a process or an
  /// async completion (duplicates of one completion are one actor), the
  /// successors its steps made ([begin, end), empty when it cannot move),
  /// what its current step touches (`cur`: for a blocked one, what it is
  /// blocked on) and what it may touch from now on (`fut`).
  struct ActorSteps {
    bool async = false;
    size_t index = 0; // process index, or index into State::async
    size_t begin = 0, end = 0;
    bool joining = false; // the forking process, waiting for its partitions
    /// What its steps here touch, and what it may touch from here on: for a
    /// process, its region's cached footprint (`future`, futureOf) with
    /// `cur` and the trip counts when proving; for a completion, `fut`.
    Footprint cur, fut;
    const Footprint *future = nullptr;
    bool futureTrips = false;
    /// True when a step of `x` here may fail to commute with what `y` may still do.
    static bool dependsOn(const ActorSteps &x, const ActorSteps &y) {
      if (!y.future)
        return dependent(x.cur, y.fut);
      // dependent() over a union is the union of dependent(): the region's
      // footprint is not copied per state.
      return (y.futureTrips && x.cur.trips) || dependent(x.cur, *y.future) || dependent(x.cur, y.cur);
    }
  };

  /// The op's IR line and Python line, resolved once per op.
  const SourcePoint &where(const ir::Operation *op) const;

  // Running processes between synchronizing ops (Explorer.cpp).
  bool advance(State &s, size_t pi, Undecided &unknown);
  void recordSlot(State &s, Proc &pr, const ir::Operation *op);
  void carrySlots(State &s, Proc &pr, const ir::Operation *op);
  /// Views a cf.br / cf.cond_br passes to block arguments take their slots.
  void carryBranchSlots(State &s, Proc &pr, const ir::Operation *op);
  static void setSlot(Proc &pr, const ir::Value *v, int64_t slot);

  // Transitions, one per op family (Transitions.cpp). A step of a process
  // either leaves the new state for advance() (Advance), pushed its
  // successor itself (Pushed), cannot move (Blocked), or made the run
  // unknown (Unknown, with the reason).
  enum class Outcome { Advance, Pushed, Blocked, Unknown };
  /// Every successor of `s`; with `actors`, which actor made which and its
  /// footprints (the reduction's input).
  void successors(const State &s, Successors &out, Undecided &unknown, std::vector<ActorSteps> *actors = nullptr);
  void completeAsync(const State &s, Successors &out, std::vector<ActorSteps> *actors);
  /// The completion of async entry `i` (none when it would over-arrive).
  void completeOne(const State &s, size_t i, Successors &out);
  Outcome resumeBlocked(const State &s, size_t pi, Successors &out, Undecided &unknown);
  Outcome stepOp(const State &s, size_t pi, Successors &out, Undecided &unknown);
  Outcome stepWait(OpStep &o, Undecided &unknown);
  /// An edit's arrives before the current op (model/Edits.h), as one step.
  Outcome stepAddedArrive(const State &s, size_t pi, const std::vector<EditOverlay::Arrive> &arrives, Successors &out,
                          Undecided &unknown);
  /// `v`, or the edit's value for `op` in `edits`.
  static int64_t editedValue(const std::map<const ir::Operation *, int64_t> *edits, const ir::Operation *op,
                             int64_t v);
  Outcome stepArrive(OpStep &o);
  Outcome stepAsyncIssue(OpStep &o, Undecided &unknown);
  Outcome stepMma(OpStep &o, Undecided &unknown);
  Outcome stepNamed(OpStep &o, Undecided &unknown);
  Outcome stepFork(OpStep &o, Undecided &unknown);
  // Proof mode (Proof.cpp): a symbolic loop's choice, and the scalars the
  // model reads, which must not move with a trip count.
  Outcome stepTripChoice(const State &s, size_t pi, Successors &out, Undecided &unknown);
  /// Proof mode: the first process stopped at a trip count's choice (the
  /// only one that moves then), or procs.size() when none is.
  size_t pendingTripChoice(const State &s) const;
  /// The inputs that give trip counts `bad` (TripProofResult::witness).
  void witnessOf(const interp::TripParams &bad, TripProofResult &res) const;
  bool readsMove(const State &s, const Proc &pr, const ir::Operation *op, Undecided &unknown) const;
  Outcome stepOpAs(const State &s, size_t pi, Successors &out, Undecided &unknown, bool on);
  Outcome stepBranch(const State &s, size_t pi, Successors &out, Undecided &unknown);
  /// Two successors that fix the unbound input `v` true and false (no op runs).
  Outcome stepDecide(const State &s, size_t pi, Successors &out, const ir::Value *v);
  Outcome stepTmemCopy(OpStep &o);
  Outcome stepAref(OpStep &o, Undecided &unknown);
  /// Arrives on `key` the way an NVWS exit's async op kind does: `none` and
  /// `wgmma` arrive at once, `tc5mma` / `tmem_copy` through a tcgen05 commit
  /// (async), `tma_load` not at all (the TMA's bytes complete the phase).
  /// False when the arrival over-arrives (noted; the interleaving ends).
  bool arefArrive(OpStep &o, uint64_t key, std::string_view asyncOp);

  // Inputs explored both ways (Explorer.cpp).
  /// True when `v` is computed only from the function's arguments and
  /// constants by integer arithmetic: an unknown value of it is an unbound
  /// input, which some launch may give either way.
  bool inputOnly(const ir::Value *v) const;
  /// True when an unknown branch condition is data the bounded runs explore
  /// both ways at every visit (a loaded or fetched value, a tensor element,
  /// an unbound value carried through a loop); State::choices[nullptr] marks
  /// a path that took such a side.
  bool dataBranch(const interp::Scalar &c) const;
  /// The unknown reason for a hang or over-arrival met on such a path; it
  /// names the data branches the run took both ways (dataBranches_).
  Undecided dataPathReason(std::string_view what) const;
  /// The function argument `v` is (through partition captures), or null.
  const ir::Value *inputArg(const ir::Value *v) const;
  /// What a decision on the input-only value `v` is recorded under: the
  /// argument it is, else `v` itself (a function of the inputs alone has one
  /// value in a launch).
  const ir::Value *choiceKey(const ir::Value *v) const;
  /// The value of `v` for process `pr`, or the side decided for it on this
  /// path when it is an unknown input-only value.
  interp::Scalar decided(const State &s, const Proc &pr, const ir::Value *v) const;
  /// The completion-barrier predicates of a tcgen05 MMA (the operands in
  /// its barriers' brackets).
  std::vector<const ir::Value *> mmaBarrierPreds(const ir::Operation *op) const;
  /// The predicate of each completion barrier of a tcgen05 MMA, in the
  /// order of roles(op).barriers (null where it has none); scanned once.
  const std::vector<const ir::Value *> &mmaPredsByBarrier(const ir::Operation *op) const;
  /// The predicate in completion barrier `bv`'s brackets, or null.
  static const ir::Value *mmaBarrierPred(const ir::Operation *op, const dialect::OpSyntax &syn,
                                         const ir::Value *bv);
  /// A tcgen05 op's issue: with an observer, its accesses by the issuer's
  /// tcgen05 agent; with clocks, also the clock its completion carries
  /// (empty without clocks).
  VectorClock tcgen05Issue(OpStep &o);

  // Ops the model does not know (Explorer.cpp).
  /// Why `op` touches an mbarrier or a buffer the model would not see, or
  /// empty when the model steps on it, treats it as an access or it touches
  /// neither.
  std::string unmodelledReason(const ir::Operation &op) const;

  // NVWS arefs and tokens (Explorer.cpp): each is a ring of `depth` slots,
  // an `empty` and a `full` mbarrier per slot (keys: arefKey).
  struct ArefShape {
    int64_t depth = 0, emptyCount = 1, fullCount = 1;
  };
  void collectArefs();
  /// Before code partitioning: the warp-specialized scf.for loops whose ops
  /// carry their partitions as `ttg.partition` attributes, each forked into
  /// one process per partition (docs/Deadlock.md, "Before code
  /// partitioning"); not with an observer.
  void collectPartitionLoops();
  /// Before code partitioning: a process's enters so far on one side of an
  /// aref (key: allocation id * 2, + 1 for get), modulo twice its depth, as
  /// `turns` (Proc::arefTurns) holds them; 0 when absent.
  static uint32_t arefTurn(const std::vector<std::pair<uint32_t, uint32_t>> &turns, uint32_t key);
  static void setArefTurn(Proc &pr, uint32_t alloc, bool get, uint32_t turn);
  /// The partitions that compute result `i` of partition loop `loop`: its
  /// `ttg.partition.outputs` entry, else those of the op defining the value
  /// its yield hands back.
  std::vector<int> loopResultOwners(const ir::Operation *loop, uint32_t i) const;
  /// The `!ttg.async.token` operand of an aref op (the enter it belongs to).
  const ir::Value *tokenOperand(const ir::Operation *op) const;
  /// The allocation of the aref or token `v` refers to, or null.
  const kernel::Allocation *arefOf(const ir::Value *v) const;
  /// The key of slot `slot`'s `full` (or `empty`) mbarrier of aref `alloc`.
  static uint64_t arefKey(uint32_t alloc, int64_t slot, bool full);
  /// The join of the warp_specialize process `pi` forked (all returned).
  bool join(State &n, size_t pi, Undecided &unknown);
  void noteOverArrival(const std::string &actor, const ir::Operation *op, uint64_t key, const Bar &b,
                       int64_t arrive, const std::string &action);

  // Accesses for the observer (Accesses.cpp).
  void localAccess(State &s, size_t pi, const ir::Operation *op);
  void recordAccess(State &s, size_t pi, const ir::Operation *op, const ir::Value *v, bool write, Agent agent,
                    size_t copyAgentActor = ~size_t(0));
  /// Happens-before for a TMA copy (or an aref's descriptor load) that `o`
  /// issues as `a` (its barrier key set): the copy agent of that barrier
  /// slot (State.h copyActor), the copy's writes as its accesses, `a.vc`.
  /// False, with `unknown` set, past kCopyAgents barrier slots.
  bool copyIssue(OpStep &o, Async &a, Undecided &unknown);

  // Partial-order reduction (Explorer.cpp; docs/Deadlock.md "Fewer
  // interleavings"). While a step is built, foot_ points at the footprint
  // its reads go into; what it changes comes from comparing the states.
  /// Notes a read or change of mbarrier `key` by the step being built.
  void touchBar(uint64_t key, bool write) const;
  /// Notes the buffers `v` reaches (their alias classes).
  void touchBuffers(Footprint &f, const ir::Value *v, bool write) const;
  /// The region process `pr` runs (a partition's, or the function's).
  const ir::Region *regionOf(const Proc &pr) const;
  /// What every op of the region process `pr` runs may touch (cached).
  const Footprint &futureOf(const Proc &pr) const;
  /// The buffer classes that ops of that region write other than through
  /// the tcgen05 agent (stores by the process, its wgmma / bulk-store /
  /// cp.async agents and its TMA copies: the writes a later arrive of the
  /// process publishes in the data-flow rows), cached.
  const std::vector<uint32_t> &arrivePublishedWritesOf(const Proc &pr) const;
  /// What going from `s` to `n` changed, into `f`.
  void addChanges(const State &s, const State &n, Footprint &f) const;
  /// The successors to explore first: those of the smallest set of actors
  /// closed under dependence with the others' futures (a persistent set);
  /// empty when it is every successor.
  std::vector<char> reducedSet(const std::vector<ActorSteps> &actors, size_t numSuccessors) const;
  bool reduces() const { return opts_.reduction && !opts_.lockstep; }
  Footprint *foot_ = nullptr;
  mutable std::unordered_map<const ir::Region *, Footprint> futures_;
  mutable std::unordered_map<const ir::Region *, std::vector<uint32_t>> arriveWrites_;
  mutable std::unordered_map<const ir::Operation *, dialect::OperandRoles> roles_;
  /// Per tcgen05 MMA: the predicate of each of roles(op).barriers (null: none).
  mutable std::unordered_map<const ir::Operation *, std::vector<const ir::Value *>> mmaPreds_;
  mutable std::unordered_map<const ir::Operation *, SourcePoint> points_;
  std::vector<uint32_t> bufferClass_; // allocation id -> alias class

  // The search (Explorer.cpp).
  struct Search;
  bool expand(Search &S, uint32_t si, DeadlockRun &out);
  /// The ignoring problem's cycle condition over the explored graph: the
  /// states to expand again in full so that no cycle leaves an enabled
  /// actor out at every state of it (empty when none does).
  static std::vector<uint32_t> ignoringCycles(const Search &S);
  /// Which actor `a` of `s` is, the same from state to state while it does
  /// not move.
  static uint64_t actorKey(const State &s, const ActorSteps &a);
  /// Why a fold of the proof may not share its target's future ("" when every one may).
  std::string foldsHold(const Search &S) const;
  void recordHang(Search &S, uint32_t si, DeadlockRun &out);
  std::vector<TraceStep> pathTo(const Search &S, int64_t at) const;

  /// Barrier slot key -> its copy agent's number (State.h copyActor), in
  /// first-use order: one numbering for the whole exploration.
  std::unordered_map<uint64_t, uint32_t> copyAgents_;
  const ir::Module &m_;
  const kernel::Kernel &k_;
  const DeadlockOptions &opts_;
  size_t runCap_ = 0; // run(): the state cap of the current run
  bool finished_ = false; // run(): some interleaving finished
  // run(): the progress line (support/Progress.h: stderr, when it is a
  // terminal and a search runs longer than a second: states, rate), cleared
  // at the end.
  std::string runLabel_;
  std::optional<support::ProgressLine> progress_;
  interp::Program prog_;
  /// By dynamic id of prog_: the values a fold compares (steeringValues,
  /// worked out by the first prove()).
  std::vector<uint8_t> steer_;
  interp::EventSet events_;
  interp::EventSet spinEvents_; // the events advance() stops at (the spin check's)
  const ir::Operation *unmodelled_ = nullptr;
  std::unordered_map<const ir::Operation *, std::string> unmodelledOps_;
  std::unordered_map<uint32_t, ArefShape> arefs_;
  /// Per aref put/get enter: the async ops of the exit that closes it.
  std::unordered_map<const ir::Operation *, std::vector<std::string_view>> enterExitOps_;
  /// Per aref put enter: the bytes of the nvws descriptor loads into its buffers.
  std::unordered_map<const ir::Operation *, int64_t> enterTx_;
  /// Token commit/wait pairs in one partition, which the lowering drops.
  std::set<const ir::Operation *> droppedTokenOps_;
  /// Barrier-typed allocations some barrier op uses (an i64 buffer that no
  /// barrier op touches is data).
  std::set<uint32_t> usedAsBarrier_;
  /// Some op outside any warp_specialize carries a `ttg.partition`
  /// attribute: code partitioning has not run, and arefs' stages and phases
  /// are placeholders (nvws-assign-stage-phase rewrites them).
  bool partitionAttrsOutside_ = false;
  /// Before code partitioning, and no aref enter has a computed stage
  /// (nvws-assign-stage-phase has not run): enters take their stage and
  /// phase from Proc::arefTurns (stepAref).
  bool arefTurns_ = false;
  /// collectPartitionLoops: each partition loop's partition ids, the
  /// attribute partitioning that names them, and per partition id the ops
  /// its process steps over (those tagged for other partitions only).
  std::unordered_map<const ir::Operation *, std::vector<int>> partitionLoops_;
  const kernel::WarpSpecialize *attrWs_ = nullptr;
  std::map<int, interp::EventSet> partitionSkip_;
  Observer *observer_ = nullptr;
  bool clocks_ = false;       // observer_ && observer_->usesClocks()
  bool rowsOnArrive_ = false; // observer_ && observer_->rowsChangeOnArrive()
  bool recordHangs_ = false;
  bool proof_ = false;        // prove(): symbolic trip counts, folding
  interp::TripProof trips_;   // prove(): the periods the shifts need
  std::vector<std::vector<int64_t>> folds_; // prove(): the shift of every fold
  std::optional<interp::TripParams> badTrips_; // prove(): the trip counts of the first hang, over-arrival or race
  mutable bool decidesSettling_ = false;    // prove(): a step read a comparison not yet settled
  // prove(): the first state no step of the proof could follow (a decision
  // on a value no shift carries); the search goes on, up to proofGapCap_
  // states, for a counterexample whose trip counts give a witness run.
  std::optional<Undecided> proofGap_;
  size_t proofGapCap_ = 0;
  std::chrono::steady_clock::time_point deadline_{}; // prove(): when the proof gives up
  /// An undecided value: Gap::Input when it depends on an unbound argument
  /// (naming it), Gap::Grid for num_programs with no grid, else Gap::Value.
  Undecided valueGap(std::string why, const interp::Scalar &v, const ir::Operation *op) const;
  /// Sets `out` unknown for `u`: its words, gap, and the op that stopped it.
  void setUndecided(DeadlockRun &out, const Undecided &u) const;
  static std::string proofTimeReason() {
    return "the proof's time budget (" + std::to_string(kProofSeconds) + " s) ran out";
  }
  const Successors *curOut_ = nullptr;
  bool stopped_ = false;
  size_t stopStep_ = ~size_t(0);
  std::vector<TraceStep> stopTrace_;
  std::set<const ir::Operation *> redundant_;
  std::optional<OverArrival> over_;
  std::optional<TraceStep> overStep_;
  /// An arrival past the pending count of an AMD barrier (amdg.*), which
  /// TritonAMDGPUOps.td leaves undefined: the run is unknown, not a fault.
  const ir::Operation *amdOverArrival_ = nullptr;
  /// The branches on data this run explored both ways, with their condition
  /// in words, in the order first met.
  std::vector<std::pair<const ir::Operation *, std::string>> dataBranches_;
  std::optional<DeadlockRun> hang_;
  size_t stuckStates_ = 0;
  /// Lockstep schedules: while building a state's successors, some process
  /// sat at a wait it fell a whole phase behind on (DeadlockOptions::lockstep).
  bool drifted_ = false;
  std::string firstDrift_; // its process and barrier, the first time
  /// Lockstep schedules: the phase `pr` saw at its last passing wait on
  /// `key` (0 before any), and its update at a passing wait.
  static int64_t seenPhase(const Proc &pr, uint64_t key);
  void notePassed(Proc &np, uint64_t key, int64_t phase) const;
  /// Lockstep schedules: a process that starts (a fork) or continues after
  /// a join has seen every barrier as it stands, so that only phases that
  /// complete while it runs can leave it behind.
  void baselineSeen(Proc &pr, const State &s) const;
  /// Lockstep schedules: a wait of `pr` on `key` (at phase `current`) that
  /// does not pass; sets drifted_ when `pr` fell a whole phase behind.
  void noteBlocked(const Proc &pr, uint64_t key, int64_t current);
};

/// The runs of one kernel: integer arguments not bound by --arg are tried
/// together over `opts.tryValues`; `unbound` gets their names.
std::vector<std::pair<interp::Bindings, std::string>> planRuns(const ir::Module &m, const kernel::Kernel &k,
                                                               const DeadlockOptions &opts,
                                                               std::vector<std::string> &unbound);

/// The proof for every trip count of `k` (Explorer::prove): first with
/// every integer argument free (a proof then covers any --arg too), then,
/// if that does not go through and arguments were bound, with the
/// bindings given. The run is the proof's exploration. For the plain model
/// (no observer), a kernel in which nothing can block is proved by its
/// structure with no search (TripProofResult::byStructure).
DeadlockRun proveEveryTripCount(Explorer &explorer, const ir::Module &m, const kernel::Kernel &k,
                                const DeadlockOptions &opts, TripProofResult &proof);

/// Adds to `runs` the run at the inputs the proof's counterexample needs
/// (TripProofResult::witness), unless a planned run binds the same values:
/// the sweep's values may not reach the trip count it hangs or races at.
void addWitnessRun(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                   const TripProofResult &proof, std::vector<std::pair<interp::Bindings, std::string>> &runs);

/// The kernel's deadlock verdict from its runs: a hang before a trap before
/// all clean, else unknown (with the first unknown run's reason).
void summarizeDeadlock(KernelDeadlockResult &res);

} // namespace tscope::checks::model
