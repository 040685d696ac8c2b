// Process: a resumable, copyable execution of one region of a Program — a
// function body, or a region entered from an op of it (a warp_specialize
// partition) — stepped from event to event. Its state (program point, loop
// frames, the live scalars) is small, hashable and comparable, so a model
// checker can store and compare states.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interp/Bindings.h"
#include "interp/Program.h"
#include "interp/Scalar.h"
#include "interp/Trips.h"

namespace tscope::interp {

/// Why and where a step stopped.
struct StepResult {
  /// The three outcomes of a step.
  enum class Kind : uint8_t {
    Event,   ///< stopped before an event op (not yet executed)
    Done,    ///< ran off the end of its region (or a return)
    Unknown, ///< cannot go on: a control decision depends on an unknown
  };
  /// What could not be decided (Kind::Unknown).
  enum class Cause : uint8_t {
    None,
    LowerBound,      ///< scf.for lower bound unknown
    UpperBound,      ///< scf.for upper bound unknown
    Step,            ///< scf.for step unknown
    NonPositiveStep, ///< scf.for step is zero or negative
    Condition,       ///< scf.if / scf.condition condition unknown
    Unstructured,    ///< a branch that is not followed (cf.switch, or targets that do not match)
    StepLimit,       ///< too many ops without an event (resumable)
    Malformed,       ///< a structured op without its terminator
    TripChoice,      ///< proof mode: a symbolic trip count must choose (resumeAfterChoice)
    TripDependent,   ///< proof mode: a decision on a value that moves with a trip count
  };
  Kind kind = Kind::Done;             ///< what happened
  Cause cause = Cause::None;          ///< for Kind::Unknown: what was undecided
  const ir::Operation *op = nullptr; ///< the event op, or the op that stopped
  Scalar value;                      ///< the unknown value behind a stop

  /// True for Kind::Event.
  bool isEvent() const { return kind == Kind::Event; }
  /// True for Kind::Done.
  bool isDone() const { return kind == Kind::Done; }
  /// True for Kind::Unknown.
  bool isUnknown() const { return kind == Kind::Unknown; }
  /// "done", "event ttng.wait_barrier at line 12", or for an unknown
  /// "scf.for at line 40: loop upper bound is unknown: ? (function argument
  /// has no binding: %K at line 3)".
  std::string describe(const ir::Module &m) const;
};

/// The text of a cause, e.g. "loop upper bound is unknown".
const char *causeText(StepResult::Cause c);

/// One scf.for the process is inside: the loop's instruction, its induction
/// variable and the bound and step read when the loop was entered.
struct LoopFrame {
  uint32_t instr = 0; ///< the scf.for's instruction (Program::opAt gives the op)
  int64_t iv = 0;     ///< current induction variable
  int64_t ub = 0;     ///< upper bound read at entry
  int64_t step = 0;   ///< step read at entry
  uint8_t param = 0;  ///< proof mode: the loop's trip parameter (Trips.h), 0 when concrete
  int64_t trip = 0;   ///< proof mode: iterations started so far, minus one
  bool counted = false; ///< proof mode: lower bound and step known, so the counter is lb + trip * step
  /// Field-wise equality.
  bool operator==(const LoopFrame &) const = default;
};

/// An execution of one region under concrete bindings.
///
/// State: the program point (an instruction index), a stack of LoopFrames,
/// the launch (program id, grid) and an environment of Program::numSlots()
/// cells, each holding a Scalar and the id of the value it belongs to.
/// Only computed values live in it (constants are in the Program's pool),
/// and whenever a step returns, every cell whose value is dead at the
/// current point is cleared, so two processes that reached the same point
/// with the same live values are equal (operator==) and hash alike.
class Process {
public:
  /// Starts the function body of `program` with `bindings`; binding
  /// problems (a name that matches no integer argument, or several) are
  /// appended to `errors` when given. Unbound arguments read as unknown.
  static Process start(const Program &program, const Bindings &bindings,
                       std::vector<std::string> *errors = nullptr);

  /// Runs to the next op in `events` (which is not executed), or to the end
  /// of the region, or to a decision that depends on an unknown. Called
  /// while stopped at an event, it first executes that op. Ops with regions
  /// other than scf.for/if/while are stepped over (their results are
  /// unknown) unless they are events; enterRegion runs one of their regions.
  StepResult step(const EventSet &events);
  /// As step(EventSet), with the events chosen by a predicate on each op.
  StepResult step(const std::function<bool(const ir::Operation &)> &isEvent);
  /// The result of the last step (Done before any step of an empty body).
  const StepResult &last() const { return last_; }

  /// The op at the current point: the event op after an Event, the op that
  /// stopped an Unknown; null at the end of a region.
  const ir::Operation *op() const { return prog_->opAt(pc_); }
  /// The current instruction index.
  uint32_t pc() const { return pc_; }
  /// The value of `v` at the current point: any operand of the current op,
  /// or any other value live here; unknown (Undefined) for a dead value.
  Scalar value(const ir::Value *v) const;
  /// As value(const ir::Value *), through a handle looked up once with
  /// Program::handle (no hashing: for hot loops).
  Scalar value(ValueHandle h) const;
  /// The value of the i-th operand of the current op (unknown past the end).
  Scalar operand(uint32_t i) const;

  /// A new process that runs `region` — a region of the op this process is
  /// stopped at, or of an op directly inside it (the partitions of MLIR's
  /// ttg.warp_specialize.partitions) — with the region's arguments bound to
  /// the holding op's operands (positionally, when the counts match) and
  /// every live value copied. Nullopt unless stopped at an Event whose op
  /// holds `region`, or when the region belongs to scf.for/if/while.
  std::optional<Process> enterRegion(const ir::Region &region) const;

  /// Leaves the op this process is stopped at (an Event op with regions
  /// that are run by other processes, e.g. a ttg.warp_specialize after its
  /// join, or an scf.for run by partitionOfLoop processes) without stepping
  /// into it: its integer results take `results` (unknown past the end) and
  /// the process stands after the op. False unless stopped at such an op.
  bool leaveRegionOp(std::span<const Scalar> results);

  /// A new process that runs the scf.for this process is stopped at (an
  /// Event) as one partition of it, before code partitioning: the ops in
  /// `skip` (those tagged for other partitions) are stepped over, their
  /// results unknown (Reason::OtherPartition), and the process is Done when
  /// the loop exits, its results still readable with value(). Nullopt
  /// unless stopped at an scf.for.
  std::optional<Process> partitionOfLoop(const EventSet *skip) const;

  /// True when this process, run on from here one op at a time, comes back
  /// to exactly its current state or a later one (program point, loops,
  /// live values) before reaching an op of `events`, finishing, or stopping
  /// on an unknown, within `budget` ops (Brent's cycle search). A run of
  /// non-event ops depends on nothing but the process state, so it then
  /// loops forever. `decide` settles a Condition stop (nullopt: give up).
  bool loopsForever(const EventSet &events, uint64_t budget,
                    const std::function<std::optional<bool>(const Process &)> &decide) const;

  /// After an Unknown whose cause is Condition (scf.if, scf.condition,
  /// cf.cond_br), continues as if the condition were `taken` (to explore
  /// both sides). False when the process is not stopped on an unknown
  /// condition.
  bool resolveCondition(bool taken);

  /// The loops the process is in, outermost first.
  std::span<const LoopFrame> loops() const { return loops_; }
  /// The program being run.
  const Program &program() const { return *prog_; }
  /// The program id tt.get_program_id reads.
  const std::array<int64_t, 3> &programId() const { return pid_; }
  /// Sets the program id read by tt.get_program_id ops executed from now on
  /// (to reuse one started process for many program ids).
  void setProgramId(const std::array<int64_t, 3> &pid) { pid_ = pid; }
  /// Maximum ops one step may execute without reaching an event
  /// (default 50,000,000); past it the step returns Unknown/StepLimit and
  /// the next step continues.
  void setStepLimit(uint64_t n) { stepLimit_ = n; }
  /// Number of environment cells.
  size_t envSize() const { return env_.size(); }

  /// Proof mode (interp/Trips.h): loops bounded by unbound inputs take
  /// their trips from `trips->params`; values derived from their counters
  /// carry how they move; null (the default) for concrete runs. Not part of
  /// the state.
  void setTrips(TripProof *trips) { trips_ = trips; }
  /// After an Unknown whose cause is TripChoice, once the parameter has
  /// been settled: runs the loop op again. False otherwise.
  bool resumeAfterChoice();
  /// The trip parameter and iteration a TripChoice stop asks about.
  std::pair<uint8_t, int64_t> pendingChoice() const { return choice_; }
  /// True when that stop is a comparison with the loop's bound against a
  /// value that does not move (a prologue's `N_CTX > 64`): its answer is
  /// not the same for a shifted state (docs/Deadlock.md).
  bool choiceSettles() const { return choiceSettles_; }
  /// Proof mode: lets this process start a loop of the parameters in
  /// `params` (a mask of TripProof::entryBit) afresh, as a new trip count,
  /// when no process runs a loop of one (docs/Deadlock.md, "Loops that
  /// start again"). A partition forked once a trip count is fixed gets it;
  /// leaving a loop gives it for the loop's own parameter.
  void allowRestart(uint64_t params) { restartable_ |= params; }
  /// Proof mode: what this process's values knew of the parameters in
  /// `params` (a mask of TripProof::entryBit) is forgotten: they become
  /// opaque, and a decision on one ends the proof.
  void forgetTrips(uint64_t params);
  /// A hash of the state that leaves out what moves with the open trip
  /// parameters of `params` (values, loop counters). `compared`, by dynamic
  /// id, names the values whose cells count (model/Periodicity.h,
  /// steeringValues).
  size_t shapeHash(const TripParams &params, const std::vector<uint8_t> &compared) const;
  /// True when this process is `older` with every value and counter of an
  /// open parameter p moved by `delta[p - 1]` trips (and the rest equal);
  /// cells of values `compared` leaves out are not compared.
  bool shiftedFrom(const Process &older, const TripParams &params, const std::vector<int64_t> &delta,
                   const std::vector<uint8_t> &compared) const;

  /// Same program, point, loops, launch and live values (the last step's
  /// description and the step limit are not part of the state).
  bool operator==(const Process &o) const;
  /// A hash of the state compared by operator==.
  size_t hash() const;
  /// operator== and what it leaves out (the last step's result, the step
  /// limit, a pending trip choice): one process may stand for the other
  /// everywhere (the model's interning of processes met on two paths).
  bool identical(const Process &o) const;

private:
  enum class Status : uint8_t { Ready, AtEvent, Done, Unknown };
  /// One environment cell: a value and the dynamic id it belongs to (0: none).
  struct Cell {
    Scalar value;
    uint32_t owner = 0;
    bool operator==(const Cell &) const = default;
  };

  explicit Process(const Program &p) : prog_(&p) {}
  template <class IsEvent> StepResult run(IsEvent &&isEvent);
  StepResult stop(uint32_t pc, Status s, StepResult r);
  /// Takes branch `in` (a Br, or a CondBr's `taken` side): writes the
  /// target block's arguments (a parallel copy) and returns its start.
  uint32_t branch(const Program::Instr &in, bool taken);
  // Proof mode (Process.cpp): symbolic loop entry and the next iteration.
  enum class LoopMove : uint8_t { Enter, Exit, Choose, Concrete, Dependent };
  LoopMove symbolicEntry(uint32_t pc, const Scalar &lb, const Scalar &ub, const Scalar &st, LoopFrame &f);
  LoopMove symbolicNext(LoopFrame &f);
  /// The parameter of a symbolic loop at `pc` with these bounds (0: none),
  /// with the relation of its upper bound recorded.
  uint8_t registerLoop(uint32_t pc, const Scalar &lb, const Scalar &ub, const Scalar &st);
  /// Registers the loops after `pc` in its region whose bounds are computed.
  void relateLoopsAhead(uint32_t pc);
  /// A comparison of a loop bound's expression, read as a question about
  /// the loop's trip count.
  struct TripCompare {
    enum Kind : uint8_t { None, Known, Choose } kind = None;
    bool value = false;    ///< Known: the comparison's value
    bool settling = false; ///< Choose: against a value that does not move
    uint8_t param = 0;     ///< Choose: the parameter and the trip it asks about
    int64_t at = 0;
  };
  TripCompare tripCompare(uint32_t pc, const Program::Instr &in, const Scalar *ops);
  Scalar ivValue(const LoopFrame &f, unsigned width, const ir::Value *iv) const;
  bool movesOpen(const Scalar &s) const;
  void markInductions(const ir::Operation *loop, uint8_t param, const Program::Dest *args, uint32_t n);
  void canonicalize();
  void write(const Program::Dest *d, uint32_t n, const Scalar *vals, uint32_t nVals);
  const Scalar &read(ScalarRef r) const {
    return r >= 0 ? env_[static_cast<uint32_t>(r)].value : prog_->constant(r);
  }

  const Program *prog_;
  uint32_t pc_ = 0;
  Status status_ = Status::Ready;
  bool gridKnown_ = false;
  std::array<int64_t, 3> pid_{0, 0, 0};
  std::array<int64_t, 3> grid_{1, 1, 1};
  std::vector<LoopFrame> loops_;
  std::vector<Cell> env_;
  uint64_t stepLimit_ = 50'000'000;
  StepResult last_;
  TripProof *trips_ = nullptr;
  std::pair<uint8_t, int64_t> choice_{0, 0};
  bool choiceSettles_ = false;
  uint64_t restartable_ = 0; ///< allowRestart(): part of the state
  /// partitionOfLoop: the ops this process steps over, and the instruction
  /// at which it is Done (the loop's end); null / kNoIndex otherwise.
  const EventSet *skip_ = nullptr;
  uint32_t stopAt_ = kNoIndex;
};

inline Scalar Process::value(ValueHandle h) const {
  if (!h.id)
    return prog_->constant(h.ref);
  const Cell &c = env_[static_cast<uint32_t>(h.ref)];
  if (c.owner != h.id)
    return Scalar::unknown(Reason::Undefined, prog_->dynamicValue(h.id));
  return c.value;
}

inline Scalar Process::operand(uint32_t i) const {
  const Program::Instr &in = prog_->instrs_[pc_];
  if (i >= in.numOps || status_ == Status::Done)
    return {};
  ScalarRef r = prog_->refs_[in.opBegin + i];
  if (r < 0)
    return prog_->constant(r);
  // The operand's own id decides liveness (a cell may hold another value).
  const Cell &c = env_[static_cast<uint32_t>(r)];
  uint32_t id = prog_->refIds_[in.opBegin + i];
  return c.owner == id ? c.value : Scalar::unknown(Reason::Undefined, prog_->dynamicValue(id));
}

} // namespace tscope::interp

/// Hashing a Process by its state, for unordered containers.
template <> struct std::hash<tscope::interp::Process> {
  /// Process::hash.
  size_t operator()(const tscope::interp::Process &p) const { return p.hash(); }
};
