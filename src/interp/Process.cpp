// Process: the interpreter loop over a Program's instructions, structured
// control flow (scf.for, scf.if, scf.while), branches between blocks
// (cf.br, cf.cond_br), entering regions, and the canonical state used for
// equality and hashing.
#include "interp/Process.h"
#include "interp/TripShift.h"

#include <fmt/format.h>
#include <climits>
#include <new>

#include "ir/Module.h"

namespace tscope::interp {
namespace {

using Instr = Program::Instr;

/// Operand values gathered before results are written: the writes of a
/// yield or a loop entry are a parallel copy (a destination may share a slot
/// with a source whose live range ends there).
class Gathered {
public:
  template <class Read> Gathered(const ScalarRef *refs, uint32_t n, Read &&read) : n_(n) {
    if (n > kInline) {
      heap_.resize(n);
      data_ = heap_.data();
    }
    // Storage is not zeroed first: this runs at every loop back-edge.
    for (uint32_t i = 0; i < n; ++i)
      new (data_ + i) Scalar(read(refs[i]));
  }
  Gathered(const Gathered &) = delete;
  Gathered &operator=(const Gathered &) = delete;
  const Scalar *data() const { return data_; }
  uint32_t size() const { return n_; }

private:
  static constexpr uint32_t kInline = 16;
  alignas(Scalar) unsigned char inline_[kInline * sizeof(Scalar)];
  std::vector<Scalar> heap_;
  Scalar *data_ = reinterpret_cast<Scalar *>(inline_);
  uint32_t n_;
};

/// The common arithmetic on two known operands without overflow flags,
/// inline in the loop; nullopt sends the op to evaluate().
inline bool fastBinary(Opcode code, unsigned w, int64_t imm, const Scalar &a,
                       const Scalar &b, Scalar &out) {
  const uint64_t x = static_cast<uint64_t>(a.sext()), y = static_cast<uint64_t>(b.sext());
  switch (code) {
  case Opcode::Add:
    out = Scalar::known(static_cast<int64_t>(x + y), w);
    return true;
  case Opcode::Sub:
    out = Scalar::known(static_cast<int64_t>(x - y), w);
    return true;
  case Opcode::Mul:
    out = Scalar::known(static_cast<int64_t>(x * y), w);
    return true;
  case Opcode::And:
    out = Scalar::known(static_cast<int64_t>(x & y), w);
    return true;
  case Opcode::Or:
    out = Scalar::known(static_cast<int64_t>(x | y), w);
    return true;
  case Opcode::Xor:
    out = Scalar::known(static_cast<int64_t>(x ^ y), w);
    return true;
  case Opcode::Cmp: {
    int64_t sx = a.sext(), sy = b.sext();
    switch (static_cast<CmpPredicate>(imm)) {
    case CmpPredicate::Eq: out = Scalar::boolean(sx == sy); return true;
    case CmpPredicate::Ne: out = Scalar::boolean(sx != sy); return true;
    case CmpPredicate::Slt: out = Scalar::boolean(sx < sy); return true;
    case CmpPredicate::Sle: out = Scalar::boolean(sx <= sy); return true;
    case CmpPredicate::Sgt: out = Scalar::boolean(sx > sy); return true;
    case CmpPredicate::Sge: out = Scalar::boolean(sx >= sy); return true;
    default: return false;
    }
  }
  case Opcode::DivS:
  case Opcode::RemS: {
    int64_t sx = a.sext(), sy = b.sext();
    if (sy <= 0) // zero, and -1 (overflow), are evaluate()'s business
      return false;
    out = Scalar::known(code == Opcode::DivS ? sx / sy : sx % sy, w);
    return true;
  }
  default:
    return false;
  }
}

bool less(const Scalar &a, const Scalar &b, bool isUnsigned) {
  return isUnsigned ? a.zext() < b.zext() : a.sext() < b.sext();
}

} // namespace

const char *causeText(StepResult::Cause c) {
  switch (c) {
  case StepResult::Cause::None:
    return "";
  case StepResult::Cause::LowerBound:
    return "loop lower bound is unknown";
  case StepResult::Cause::UpperBound:
    return "loop upper bound is unknown";
  case StepResult::Cause::Step:
    return "loop step is unknown";
  case StepResult::Cause::NonPositiveStep:
    return "loop step is not positive";
  case StepResult::Cause::Condition:
    return "branch condition is unknown";
  case StepResult::Cause::Unstructured:
    return "a branch the interpreter does not follow (only cf.br and cf.cond_br between blocks of one region "
           "are interpreted)";
  case StepResult::Cause::StepLimit:
    return "step limit reached without an event";
  case StepResult::Cause::Malformed:
    return "structured op without its terminator";
  case StepResult::Cause::TripChoice:
    return "the loop's trip count is symbolic: it may end here or go on";
  case StepResult::Cause::TripDependent:
    return "a decision depends on a loop counter in a way no shift of the trip count carries";
  }
  return "";
}

std::string StepResult::describe(const ir::Module &m) const {
  switch (kind) {
  case Kind::Done:
    return "done";
  case Kind::Event:
    return fmt::format("event {} at line {}", op ? op->opName() : "?", op ? op->line : 0);
  case Kind::Unknown:
    break;
  }
  std::string s = op ? fmt::format("{} at line {}: ", op->opName(), op->line) : "";
  s += causeText(cause);
  if (cause != Cause::StepLimit && cause != Cause::Unstructured && cause != Cause::Malformed &&
      !value.isKnown())
    s += ": " + value.describe(m);
  else if (cause == Cause::NonPositiveStep)
    s += ": " + value.str();
  return s;
}

Process Process::start(const Program &program, const Bindings &bindings,
                       std::vector<std::string> *errors) {
  Process p(program);
  p.env_.assign(program.numSlots(), Cell{});
  p.pid_ = bindings.programId;
  if (bindings.numPrograms) {
    p.gridKnown_ = true;
    p.grid_ = *bindings.numPrograms;
  }
  std::vector<Scalar> args = bindArguments(program, bindings, errors);
  const Program::RegionCode *body = program.body();
  if (!body) {
    p.status_ = Status::Done;
    p.last_ = {};
    return p;
  }
  p.pc_ = body->start;
  const Program::Dest *d = program.dests_.data() + body->argBegin;
  p.write(d, body->numArgs, args.data(), static_cast<uint32_t>(args.size()));
  p.canonicalize();
  return p;
}

void Process::write(const Program::Dest *d, uint32_t n, const Scalar *vals, uint32_t nVals) {
  for (uint32_t k = 0; k < n; ++k) {
    if (!d[k].id)
      continue;
    // A missing value (a yield with too few operands) is unknown rather
    // than whatever the slot held.
    env_[d[k].slot] = {k < nVals ? vals[k]
                                 : Scalar::unknown(Reason::Malformed,
                                                   prog_->dynamicValue(d[k].id)),
                       d[k].id};
  }
}

void Process::canonicalize() {
  if (status_ == Status::Done) {
    for (Cell &c : env_)
      c = Cell{};
    return;
  }
  if (!prog_->liveSlots_.empty()) {
    // At most 64 slots: a precomputed mask of the slots live here.
    uint64_t live = prog_->liveSlots_[pc_];
    for (uint32_t s = 0; s < env_.size(); ++s)
      if (!(live >> s & 1) && env_[s].owner)
        env_[s] = Cell{};
    return;
  }
  for (Cell &c : env_)
    if (c.owner && !prog_->liveAt(c.owner, pc_))
      c = Cell{};
}

StepResult Process::stop(uint32_t pc, Status s, StepResult r) {
  pc_ = pc;
  status_ = s;
  canonicalize();
  last_ = r;
  return r;
}

template <class IsEvent> StepResult Process::run(IsEvent &&isEvent) {
  if (status_ == Status::Done || status_ == Status::Unknown)
    return last_;
  const Program &P = *prog_;
  const Instr *code = P.instrs_.data();
  const Scalar *pool = P.pool_.data();
  const ScalarRef *refs = P.refs_.data();
  const Program::Dest *dests = P.dests_.data();
  auto rd = [&](ScalarRef r) -> const Scalar & {
    return r >= 0 ? env_[static_cast<uint32_t>(r)].value : pool[~r];
  };
  auto unknownAt = [&](uint32_t pc, StepResult::Cause cause, const Scalar &v) {
    return stop(pc, Status::Unknown, {StepResult::Kind::Unknown, cause, code[pc].op, v});
  };
  uint32_t pc = pc_;
  bool skipEvent = status_ == Status::AtEvent;
  status_ = Status::Ready;
  uint64_t fuel = stepLimit_;
  for (;;) {
    const Instr &in = code[pc];
    if (pc == stopAt_) {
      // A partition of a loop (partitionOfLoop) is done where the loop
      // exits; its results stay readable.
      pc_ = pc;
      status_ = Status::Ready;
      canonicalize();
      status_ = Status::Done;
      last_ = {};
      return last_;
    }
    if (skip_ && in.op && skip_->test(pc)) {
      // Another partition's op: its results are that partition's.
      for (uint32_t k = 0; k < in.numResults; ++k)
        if (const Program::Dest &d = dests[in.destBegin + k]; d.id)
          env_[d.slot] = {Scalar::unknown(Reason::OtherPartition, P.dynamicValue(d.id)), d.id};
      pc = in.end;
      continue;
    }
    if (!skipEvent && in.op && isEvent(pc, *in.op))
      return stop(pc, Status::AtEvent, {StepResult::Kind::Event, {}, in.op, {}});
    skipEvent = false;
    if (fuel-- == 0)
      return stop(pc, Status::Ready,
                  {StepResult::Kind::Unknown, StepResult::Cause::StepLimit, in.op, {}});
    const ScalarRef *o = refs + in.opBegin;
    switch (in.code) {
    case Opcode::Nop:
      // Only a warp_specialize has results here (Program): stepped over,
      // they are unknown; leaveRegionOp writes them at a join.
      for (uint32_t k = 0; k < in.numResults; ++k)
        if (const Program::Dest &d = dests[in.destBegin + k]; d.id)
          env_[d.slot] = {Scalar::unknown(Reason::RegionResult, P.dynamicValue(d.id)), d.id};
      pc = in.end;
      continue;
    case Opcode::ProgramId:
      env_[dests[in.destBegin].slot] = {Scalar::known(pid_[in.imm], in.width),
                                        dests[in.destBegin].id};
      pc = in.end;
      continue;
    case Opcode::NumPrograms:
      env_[dests[in.destBegin].slot] = {
          gridKnown_ ? Scalar::known(grid_[in.imm], in.width)
                     : Scalar::unknown(Reason::NoGrid, in.op->result(0), in.width)
                           .withTerm(inputTerm(2, static_cast<uint64_t>(in.imm))),
          dests[in.destBegin].id};
      pc = in.end;
      continue;
    case Opcode::For: {
      const Scalar &lb = rd(o[0]), &ub = rd(o[1]), &st = rd(o[2]);
      if (trips_) {
        LoopFrame f;
        switch (symbolicEntry(pc, lb, ub, st, f)) {
        case LoopMove::Concrete:
          break;
        case LoopMove::Dependent:
          return unknownAt(pc, StepResult::Cause::TripDependent, movesOpen(lb) ? lb : movesOpen(ub) ? ub : st);
        case LoopMove::Choose:
          return unknownAt(pc, StepResult::Cause::TripChoice, ub);
        case LoopMove::Exit: {
          Gathered inits(o + 3, in.numOps - 3, rd);
          write(dests + in.destBegin, in.numResults, inits.data(), inits.size());
          pc = in.end;
          continue;
        }
        case LoopMove::Enter: {
          Gathered inits(o + 3, in.numOps - 3, rd);
          const Program::RegionCode &body = P.regions_[in.region0];
          const Program::Dest *args = dests + body.argBegin;
          loops_.push_back(f);
          if (args[0].id)
            env_[args[0].slot] = {ivValue(f, in.width, P.dynamicValue(args[0].id)), args[0].id};
          write(args + 1, body.numArgs - 1, inits.data(), inits.size());
          markInductions(in.op, f.param, args + 1, body.numArgs - 1);
          pc = body.start;
          continue;
        }
        }
      }
      if (!lb.isKnown())
        return unknownAt(pc, StepResult::Cause::LowerBound, lb);
      if (!ub.isKnown())
        return unknownAt(pc, StepResult::Cause::UpperBound, ub);
      if (!st.isKnown())
        return unknownAt(pc, StepResult::Cause::Step, st);
      bool isUnsigned = in.flags & kUnsignedCmp;
      // A loop whose lower bound is not below its upper bound runs no
      // iteration whatever its step; only one that would run needs a
      // positive step. A zero step runs for ever, as its lowering does
      // (`iv + 0 < ub` stays true): the model sees the same state come back.
      // A negative one has no such reading (its counter runs away); the
      // proof for every trip count takes neither.
      bool zero = isUnsigned ? st.zext() == 0 : st.sext() == 0;
      if (less(lb, ub, isUnsigned) && ((!isUnsigned && st.sext() < 0) || (zero && trips_)))
        return unknownAt(pc, StepResult::Cause::NonPositiveStep, st);
      Gathered inits(o + 3, in.numOps - 3, rd);
      if (!less(lb, ub, isUnsigned)) {
        write(dests + in.destBegin, in.numResults, inits.data(), inits.size());
        pc = in.end;
        continue;
      }
      const Program::RegionCode &body = P.regions_[in.region0];
      loops_.push_back({pc, isUnsigned ? static_cast<int64_t>(lb.zext()) : lb.sext(),
                        isUnsigned ? static_cast<int64_t>(ub.zext()) : ub.sext(),
                        isUnsigned ? static_cast<int64_t>(st.zext()) : st.sext()});
      const Program::Dest *args = dests + body.argBegin;
      if (args[0].id)
        env_[args[0].slot] = {lb, args[0].id};
      write(args + 1, body.numArgs - 1, inits.data(), inits.size());
      pc = body.start;
      continue;
    }
    case Opcode::If: {
      const Scalar &c = rd(o[0]);
      if (trips_ && movesOpen(c))
        return unknownAt(pc, StepResult::Cause::TripDependent, c);
      if (!c.isKnown())
        return unknownAt(pc, StepResult::Cause::Condition, c);
      if (c.isTrue())
        pc = P.regions_[in.region0].start;
      else
        pc = in.region1 != kNoIndex ? P.regions_[in.region1].start : in.end;
      continue;
    }
    case Opcode::While: {
      Gathered inits(o, in.numOps, rd);
      const Program::RegionCode &before = P.regions_[in.region0];
      write(dests + before.argBegin, before.numArgs, inits.data(), inits.size());
      pc = before.start;
      continue;
    }
    case Opcode::Condition: {
      const Instr &owner = code[in.parent];
      if (owner.code != Opcode::While || in.numOps == 0) {
        pc = in.end;
        continue;
      }
      const Scalar &c = rd(o[0]);
      if (trips_ && movesOpen(c))
        return unknownAt(pc, StepResult::Cause::TripDependent, c);
      if (!c.isKnown())
        return unknownAt(pc, StepResult::Cause::Condition, c);
      Gathered args(o + 1, in.numOps - 1, rd);
      if (c.isTrue()) {
        const Program::RegionCode &after = P.regions_[owner.region1];
        write(dests + after.argBegin, after.numArgs, args.data(), args.size());
        pc = after.start;
      } else {
        write(dests + owner.destBegin, owner.numResults, args.data(), args.size());
        pc = owner.end;
      }
      continue;
    }
    case Opcode::Yield:
    case Opcode::RegionEnd: {
      // A yield, or the end of a region whose terminator was not printed.
      uint32_t ownerAt = in.parent;
      const Instr &owner = code[ownerAt];
      const bool isEnd = in.code == Opcode::RegionEnd;
      Gathered vals(o, isEnd ? 0 : in.numOps, rd);
      switch (owner.code) {
      case Opcode::For: {
        if (loops_.empty() || loops_.back().instr != ownerAt)
          return unknownAt(pc, StepResult::Cause::Malformed, {});
        LoopFrame &f = loops_.back();
        bool more = false;
        if (f.param) {
          LoopMove mv = symbolicNext(f);
          if (mv == LoopMove::Choose)
            return unknownAt(pc, StepResult::Cause::TripChoice, {});
          more = mv == LoopMove::Enter;
        } else {
          bool isUnsigned = owner.flags & kUnsignedCmp;
          // The next value in exact arithmetic: an induction variable that
          // would pass the bound ends the loop, it does not wrap.
          __int128 next = static_cast<__int128>(f.iv) + f.step;
          more = isUnsigned ? static_cast<unsigned __int128>(static_cast<uint64_t>(f.iv)) +
                                      static_cast<uint64_t>(f.step) <
                                  static_cast<uint64_t>(f.ub)
                            : next < f.ub;
          if (more)
            f.iv = static_cast<int64_t>(next);
        }
        if (more) {
          const Program::RegionCode &body = P.regions_[owner.region0];
          const Program::Dest *args = dests + body.argBegin;
          if (args[0].id)
            env_[args[0].slot] = {f.param ? ivValue(f, owner.width, P.dynamicValue(args[0].id))
                                          : Scalar::known(f.iv, owner.width),
                                  args[0].id};
          write(args + 1, body.numArgs - 1, vals.data(), vals.size());
          pc = body.start;
        } else {
          if (f.param && f.param != Scalar::kOpaque && f.param <= 63)
            restartable_ |= TripProof::entryBit(f.param); // left a loop of it (allowRestart)
          loops_.pop_back();
          write(dests + owner.destBegin, owner.numResults, vals.data(), vals.size());
          pc = owner.end;
        }
        continue;
      }
      case Opcode::If:
        write(dests + owner.destBegin, owner.numResults, vals.data(), vals.size());
        pc = owner.end;
        continue;
      case Opcode::While: {
        if (isEnd && P.regions_[in.region0].index == 0)
          return unknownAt(pc, StepResult::Cause::Malformed, {});
        const Program::RegionCode &before = P.regions_[owner.region0];
        write(dests + before.argBegin, before.numArgs, vals.data(), vals.size());
        pc = before.start;
        continue;
      }
      default:
        if (!isEnd) { // a yield of an op that is not interpreted
          pc = in.end;
          continue;
        }
        // The end of the region this process runs.
        return stop(pc, Status::Done, {StepResult::Kind::Done, {}, nullptr, {}});
      }
    }
    case Opcode::Br:
      pc = branch(in, true);
      continue;
    case Opcode::CondBr: {
      const Scalar &c = rd(o[0]);
      if (trips_ && movesOpen(c))
        return unknownAt(pc, StepResult::Cause::TripDependent, c);
      if (!c.isKnown())
        return unknownAt(pc, StepResult::Cause::Condition, c);
      pc = branch(in, c.isTrue());
      continue;
    }
    case Opcode::OtherBranch:
      return unknownAt(pc, StepResult::Cause::Unstructured, {});
    default: {
      const Program::Dest &d = dests[in.destBegin];
      if (in.numOps == 2 && !in.flags) {
        const Scalar &a = rd(o[0]), &b = rd(o[1]);
        Scalar r;
        if (a.isKnown() && b.isKnown() && !a.tripDependent() && !b.tripDependent() &&
            fastBinary(in.code, in.width, in.imm, a, b, r)) {
          Cell &cell = env_[d.slot];
          cell.value = r;
          cell.owner = d.id;
          pc = in.end;
          continue;
        }
      }
      // Pure arithmetic: at most three operands.
      Scalar ops[3];
      uint32_t n = in.numOps < 3 ? in.numOps : 3;
      for (uint32_t k = 0; k < n; ++k) {
        ops[k] = rd(o[k]);
        if (trips_ && !ops[k].isKnown() && ops[k].term())
          if (std::optional<int64_t> v = trips_->resolve(ops[k].term()))
            ops[k] = Scalar::known(*v, ops[k].width() ? ops[k].width() : in.width); // a fixed trip count's bound
      }
      if (trips_ && in.code == Opcode::Cmp && n == 2) {
        TripCompare t = tripCompare(pc, in, ops);
        if (t.kind == TripCompare::Choose) {
          choice_ = {t.param, t.at};
          choiceSettles_ = t.settling;
          return unknownAt(pc, StepResult::Cause::TripChoice, ops[ops[0].isKnown() ? 1 : 0]);
        }
        if (t.kind == TripCompare::Known) {
          env_[d.slot] = {Scalar::known(t.value, in.width ? in.width : 1), d.id};
          pc = in.end;
          continue;
        }
      }
      Scalar r = evaluate(in.code, in.width, in.flags, in.imm, ops, in.numOps <= 3 ? n : in.numOps,
                          in.op->result(0));
      if (trips_) {
        bool moves = false;
        for (uint32_t k = 0; k < n; ++k)
          moves |= ops[k].tripDependent();
        r = moves ? carryTrip(in.code, in.width, in.imm, ops, n, r, trips_)
                  : withOperandTerms(in.code, in.width, in.imm, ops, n, r);
        if (!moves && n == 2 && r.term() && (in.code == Opcode::Add || in.code == Opcode::Sub)) {
          // X + c, c + X, X - c: a sum the comparisons with a bound read.
          if (ops[1].isKnown() && ops[0].term() && ops[1].sext() != INT64_MIN)
            trips_->noteAffine(r.term(), ops[0].term(), in.code == Opcode::Add ? ops[1].sext() : -ops[1].sext());
          else if (in.code == Opcode::Add && ops[0].isKnown() && ops[1].term())
            trips_->noteAffine(r.term(), ops[1].term(), ops[0].sext());
        }
        if (!moves && n == 2 && r.term() && ops[0].term() && ops[1].isKnown() && ops[1].sext() > 0 &&
            (in.code == Opcode::DivS || in.code == Opcode::DivU || in.code == Opcode::FloorDivS ||
             in.code == Opcode::CeilDivS || in.code == Opcode::CeilDivU))
          trips_->noteQuotient(r.term(), ops[0].term(), ops[1].sext()); // a tile count: (K + 63) / 64
      }
      env_[d.slot] = {r, d.id};
      pc = in.end;
      continue;
    }
    }
  }
}

uint32_t Process::branch(const Program::Instr &in, bool taken) {
  // Operands: cf.br's are its target's arguments; cf.cond_br's are the
  // condition, then the true target's, then the false target's.
  const Program &P = *prog_;
  const Program::BlockCode &t = P.blocks_[taken ? in.region0 : in.region1];
  uint32_t first = 0;
  if (in.code == Opcode::CondBr)
    first = taken ? 1 : 1 + P.blocks_[in.region0].numArgs;
  Gathered args(P.refs_.data() + in.opBegin + first, t.numArgs, [&](ScalarRef r) { return read(r); });
  write(P.dests_.data() + t.argBegin, t.numArgs, args.data(), args.size());
  return t.start;
}

StepResult Process::step(const EventSet &events) {
  return run([&](uint32_t pc, const ir::Operation &) { return events.test(pc); });
}

StepResult Process::step(const std::function<bool(const ir::Operation &)> &isEvent) {
  return run([&](uint32_t, const ir::Operation &op) { return isEvent(op); });
}

Scalar Process::value(const ir::Value *v) const {
  if (!v)
    return {};
  ValueHandle h = prog_->handle(v);
  if (h.ref == ~0 && h.id == 0)
    return Scalar::unknown(v->kind == ir::Value::Unresolved ? Reason::Unresolved
                                                            : Reason::Undefined,
                           v);
  return value(h);
}

std::optional<Process> Process::enterRegion(const ir::Region &region) const {
  if (status_ != Status::AtEvent)
    return std::nullopt;
  const Program &P = *prog_;
  const Program::RegionCode *rc = P.regionCode(&region);
  if (!rc)
    return std::nullopt;
  const Instr &owner = P.instrs_[rc->owner];
  if (rc->owner != pc_ && owner.parent != pc_)
    return std::nullopt;
  if (owner.code == Opcode::For || owner.code == Opcode::If || owner.code == Opcode::While)
    return std::nullopt;
  // The arguments come from the op holding the region, or (for MLIR's
  // partitions op, which has no operands) from the op around it.
  const Instr *src = nullptr;
  if (owner.numOps == rc->numArgs)
    src = &owner;
  else if (P.instrs_[pc_].numOps == rc->numArgs)
    src = &P.instrs_[pc_];
  std::vector<Scalar> args(rc->numArgs);
  for (uint32_t k = 0; k < rc->numArgs; ++k)
    args[k] = src ? read(P.refs_[src->opBegin + k])
                  : Scalar::unknown(Reason::Undefined, &region.first->args[k]);
  Process child(*this);
  child.loops_.clear();
  child.pc_ = rc->start;
  child.status_ = Status::Ready;
  child.last_ = {};
  child.write(P.dests_.data() + rc->argBegin, rc->numArgs, args.data(), rc->numArgs);
  child.canonicalize();
  return child;
}

bool Process::leaveRegionOp(std::span<const Scalar> results) {
  if (status_ != Status::AtEvent)
    return false;
  const Instr &in = prog_->instrs_[pc_];
  // (An nvws.warp_group may have no region at all.)
  if (!in.op || in.code == Opcode::If || in.code == Opcode::While)
    return false;
  for (uint32_t k = 0; k < in.numResults; ++k)
    if (const Program::Dest &d = prog_->dests_[in.destBegin + k]; d.id)
      env_[d.slot] = {k < results.size() ? results[k]
                                         : Scalar::unknown(Reason::RegionResult, prog_->dynamicValue(d.id)),
                      d.id};
  pc_ = in.end;
  status_ = Status::Ready;
  last_ = {};
  canonicalize();
  return true;
}

std::optional<Process> Process::partitionOfLoop(const EventSet *skip) const {
  if (status_ != Status::AtEvent || prog_->instrs_[pc_].code != Opcode::For)
    return std::nullopt;
  Process child(*this);
  child.skip_ = skip;
  child.stopAt_ = prog_->instrs_[pc_].end;
  return child;
}

bool Process::loopsForever(const EventSet &events, uint64_t budget,
                           const std::function<std::optional<bool>(const Process &)> &decide) const {
  Process hare(*this);
  hare.setStepLimit(1);
  Process tortoise(hare);
  uint64_t power = 1, lam = 0;
  for (uint64_t n = 0; n < budget; ++n) {
    StepResult r = hare.step(events);
    if (r.isUnknown() && r.cause == StepResult::Cause::Condition) {
      std::optional<bool> side = decide(hare);
      if (!side || !hare.resolveCondition(*side))
        return false;
    } else if (!r.isUnknown() || r.cause != StepResult::Cause::StepLimit) {
      return false; // an event, the end, or a value it cannot compute
    }
    if (hare == tortoise)
      return true;
    if (++lam == power) {
      tortoise = hare;
      power *= 2;
      lam = 0;
    }
  }
  return false;
}

bool Process::resolveCondition(bool taken) {
  if (status_ != Status::Unknown || last_.cause != StepResult::Cause::Condition)
    return false;
  const Program &P = *prog_;
  const Instr &in = P.instrs_[pc_];
  const ScalarRef *o = P.refs_.data() + in.opBegin;
  if (in.code == Opcode::If) {
    if (taken)
      pc_ = P.regions_[in.region0].start;
    else
      pc_ = in.region1 != kNoIndex ? P.regions_[in.region1].start : in.end;
  } else if (in.code == Opcode::CondBr) {
    pc_ = branch(in, taken);
  } else if (in.code == Opcode::Condition) {
    const Instr &owner = P.instrs_[in.parent];
    Gathered args(o + 1, in.numOps - 1, [&](ScalarRef r) { return read(r); });
    if (taken) {
      const Program::RegionCode &after = P.regions_[owner.region1];
      write(P.dests_.data() + after.argBegin, after.numArgs, args.data(), args.size());
      pc_ = after.start;
    } else {
      write(P.dests_.data() + owner.destBegin, owner.numResults, args.data(), args.size());
      pc_ = owner.end;
    }
  } else {
    return false;
  }
  status_ = Status::Ready;
  last_ = {};
  canonicalize();
  return true;
}

bool Process::operator==(const Process &o) const {
  return prog_ == o.prog_ && pc_ == o.pc_ && status_ == o.status_ &&
         gridKnown_ == o.gridKnown_ && pid_ == o.pid_ && grid_ == o.grid_ &&
         loops_ == o.loops_ && env_ == o.env_ && skip_ == o.skip_ && stopAt_ == o.stopAt_ &&
         restartable_ == o.restartable_;
}

bool Process::identical(const Process &o) const {
  return *this == o && last_.kind == o.last_.kind && last_.cause == o.last_.cause && last_.op == o.last_.op &&
         last_.value == o.last_.value && stepLimit_ == o.stepLimit_ && trips_ == o.trips_ && choice_ == o.choice_ &&
         choiceSettles_ == o.choiceSettles_;
}

size_t Process::hash() const {
  uint64_t h = 0xCBF29CE484222325ull;
  auto mix = [&](uint64_t x) {
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  };
  mix(reinterpret_cast<uintptr_t>(prog_));
  mix(uint64_t(pc_) << 8 | uint64_t(status_) << 1 | uint64_t(gridKnown_));
  mix(restartable_);
  if (skip_)
    mix(reinterpret_cast<uintptr_t>(skip_) ^ stopAt_);
  for (int64_t x : pid_)
    mix(static_cast<uint64_t>(x));
  for (int64_t x : grid_)
    mix(static_cast<uint64_t>(x));
  for (const LoopFrame &f : loops_) {
    mix(f.instr);
    mix(static_cast<uint64_t>(f.iv));
    mix(static_cast<uint64_t>(f.ub));
    mix(static_cast<uint64_t>(f.step));
  }
  for (const Cell &c : env_) {
    mix(c.owner);
    mix(c.value.hash());
  }
  return static_cast<size_t>(h);
}

bool Process::movesOpen(const Scalar &s) const {
  return trips_ && trips_->params && s.tripDependent() && trips_->params->shifts(s.tripParam());
}

namespace {

/// The value or term of a loop bound, for the parameter's key.
uint64_t boundKey(const Scalar &s) { return s.isKnown() ? mixTerm(0xB0, static_cast<uint64_t>(s.sext())) : s.term(); }

/// Known, or unknown with a term (an expression of the inputs).
bool symbolicOrKnown(const Scalar &s) { return s.isKnown() || s.term() != 0; }

} // namespace

uint8_t Process::registerLoop(uint32_t pc, const Scalar &lb, const Scalar &ub, const Scalar &st) {
  const Instr &in = prog_->instrs_[pc];
  const bool isUnsigned = in.flags & kUnsignedCmp;
  uint64_t key = mixTerm(mixTerm(mixTerm(boundKey(lb), boundKey(ub)), boundKey(st)), isUnsigned);
  uint8_t id = trips_->idOf(key, in.op ? in.op->line : 0);
  if (!id)
    return 0;
  trips_->params->ensure(id, key, trips_->minTrips);
  if (!ub.isKnown() && ub.term() && lb.isKnown() && st.isKnown() && st.sext() > 0 && !isUnsigned)
    trips_->relate(ub.term(), lb.sext(), st.sext(), key, id);
  return id;
}

void Process::relateLoopsAhead(uint32_t pc) {
  // The loops after `pc` in the region being run whose bounds are already
  // computed (a prologue's `N_CTX > 64` comes before its loop).
  const Program &P = *prog_;
  const Instr &here = P.instrs_[pc];
  uint32_t end = here.parent != kNoIndex ? P.instrs_[here.parent].end : P.size();
  for (uint32_t i = pc + 1; i < end && i < P.size(); ++i) {
    const Instr &in = P.instrs_[i];
    if (in.code != Opcode::For || in.numOps < 3)
      continue;
    // Not yet computed reads as unknown with no term: not registered.
    auto now = [&](uint32_t k) { return value(ValueHandle{P.refs_[in.opBegin + k], P.refIds_[in.opBegin + k]}); };
    Scalar lb = now(0), ub = now(1), st = now(2);
    if (lb.isKnown() && st.isKnown() && !ub.isKnown() && ub.term() && !lb.tripDependent() && !st.tripDependent())
      registerLoop(i, lb, ub, st);
  }
}

Process::TripCompare Process::tripCompare(uint32_t pc, const Instr &in, const Scalar *ops) {
  // `(X + o) <pred> a`, X the upper bound of a symbolic loop: a question
  // about that loop's trip count T (docs/Deadlock.md, "Comparisons with the
  // bound"). Signed predicates only; X + o and the constants do not wrap.
  TripCompare none;
  const int u = !ops[0].isKnown() ? 0 : !ops[1].isKnown() ? 1 : -1;
  if (u < 0 || !ops[1 - u].isKnown() || !ops[u].term())
    return none;
  auto pred = static_cast<CmpPredicate>(in.imm);
  if (u == 1)
    pred = mirrored(pred); // as `(X + o) <pred> a`; unsigned ones are left below
  const Scalar &a = ops[1 - u];
  auto [base, o] = trips_->affineOf(ops[u].term());
  // As `X > c`, negated or not.
  int64_t c = 0;
  bool neg = false, bad = __builtin_sub_overflow(a.sext(), o, &c);
  switch (pred) {
  case CmpPredicate::Sgt: break;                                             // X > a - o
  case CmpPredicate::Sge: bad |= __builtin_sub_overflow(c, 1, &c); break;    // X > a - o - 1
  case CmpPredicate::Slt: bad |= __builtin_sub_overflow(c, 1, &c); neg = true; break; // !(X >= a - o)
  case CmpPredicate::Sle: neg = true; break;                                 // !(X > a - o)
  default: return none;
  }
  if (bad)
    return none;
  auto answer = [&](bool x) {
    TripCompare t;
    t.kind = TripCompare::Known;
    t.value = x != neg;
    return t;
  };
  bool looked = false;
  for (size_t i = 0;; ++i) {
    if (i == trips_->relations.size()) {
      if (looked)
        return none;
      looked = true;
      relateLoopsAhead(pc);
      if (i == trips_->relations.size())
        return none;
    }
    const TripProof::UbRelation r = trips_->relations[i];
    if (r.base != base || r.id > trips_->params->items.size() || !trips_->params->at(r.id).key)
      continue;
    // How `a` moves: not at all, or one trip of T per trip of r's loop.
    bool moving = false;
    if (a.tripDependent() && trips_->params->shifts(a.tripParam())) {
      if (a.tripParam() != r.id || a.coefNum() != r.step * a.coefDen())
        continue;
      moving = true;
    }
    // X > c  <=>  T >= k, k = (c - lb + off) / step + 1, when that divides.
    __int128 num = static_cast<__int128>(c) - r.lb + r.off;
    const TripParam &p = trips_->params->at(r.id);
    if (num < 0) {
      // c below every bound of a loop that runs: X > c whenever T >= 1.
      if (p.n >= 1)
        return answer(true);
      continue;
    }
    if (num % r.step != 0 || num / r.step + 1 > INT32_MAX)
      continue;
    int64_t k = static_cast<int64_t>(num / r.step) + 1;
    if (p.fixed || p.n >= k)
      return answer(p.n >= k);
    TripCompare t;
    t.kind = TripCompare::Choose;
    t.param = r.id;
    t.at = p.n;
    t.settling = !moving;
    return t;
  }
}

Process::LoopMove Process::symbolicEntry(uint32_t pc, const Scalar &lb, const Scalar &ub, const Scalar &st,
                                         LoopFrame &f) {
  if (movesOpen(lb) || movesOpen(ub) || movesOpen(st))
    return LoopMove::Dependent;
  if (lb.isKnown() && ub.isKnown() && st.isKnown())
    return LoopMove::Concrete;
  if (!symbolicOrKnown(lb) || !symbolicOrKnown(ub) || !symbolicOrKnown(st) || (st.isKnown() && st.sext() <= 0))
    return LoopMove::Concrete; // the concrete path names what is missing
  uint8_t id = registerLoop(pc, lb, ub, st);
  if (!id)
    return LoopMove::Concrete;
  f = LoopFrame{};
  f.instr = pc;
  f.iv = lb.isKnown() ? lb.sext() : 0;
  f.step = st.isKnown() ? st.sext() : 0;
  f.counted = lb.isKnown() && st.isKnown();
  f.param = id;
  f.trip = 0;
  // A loop of a fixed trip count that starts again once no process runs
  // one (the next tile's, or a later loop's) starts a new trip count: the
  // proof over-approximates (every count, not only the earlier one) and
  // its fold may shift the earlier count without changing this loop's.
  // Otherwise the entry is recorded: a fold that shifts this parameter may
  // not lead here (docs/Deadlock.md, "Loops that start again").
  const uint64_t bit = TripProof::entryBit(id);
  bool own = false;
  for (const LoopFrame &g : loops_)
    own |= g.param == id;
  if (id <= 63 && trips_->params->at(id).fixed && (restartable_ & bit) && !(trips_->framesElsewhere & bit) &&
      !own) {
    trips_->params->restart(id, trips_->minTrips);
    forgetTrips(bit);
    trips_->restarted |= bit;
    restartable_ &= ~bit;
  } else if (!(trips_->restarted & bit)) {
    trips_->entered |= bit;
  }
  switch (trips_->params->decide(id, 0)) {
  case TripDecision::More:
    return LoopMove::Enter;
  case TripDecision::Exit:
    if (id <= 63)
      restartable_ |= bit; // a loop of it ran (0 trips)
    return LoopMove::Exit;
  case TripDecision::Choose:
    break;
  }
  choice_ = {id, 0};
  choiceSettles_ = false;
  return LoopMove::Choose;
}

Process::LoopMove Process::symbolicNext(LoopFrame &f) {
  switch (trips_ ? trips_->params->decide(f.param, f.trip + 1) : TripDecision::Exit) {
  case TripDecision::More:
    ++f.trip;
    f.iv += f.step;
    return LoopMove::Enter;
  case TripDecision::Exit:
    return LoopMove::Exit;
  case TripDecision::Choose:
    break;
  }
  choice_ = {f.param, f.trip + 1};
  choiceSettles_ = false;
  return LoopMove::Choose;
}

Scalar Process::ivValue(const LoopFrame &f, unsigned width, const ir::Value *iv) const {
  if (f.counted)
    return Scalar::known(f.iv, width).withTrip(f.param, f.step, 1);
  return Scalar::unknown(Reason::SymbolicTrips, iv, width).withTerm(mixTerm(0x1F, f.param));
}

void Process::forgetTrips(uint64_t params) {
  for (Cell &c : env_) {
    uint8_t p = c.value.tripParam();
    if (c.value.tripDependent() && p != Scalar::kOpaque && p <= 63 && (params & TripProof::entryBit(p)))
      c.value = c.value.withTrip(Scalar::kOpaque, 1, 1);
  }
}

bool Process::resumeAfterChoice() {
  if (status_ != Status::Unknown || last_.cause != StepResult::Cause::TripChoice)
    return false;
  status_ = Status::AtEvent; // runs the loop op (or its yield) again
  last_ = {};
  return true;
}

namespace {

/// True when the cell of dynamic value `owner` counts in a fold's comparison.
bool compares(const std::vector<uint8_t> &compared, uint32_t owner) {
  return owner >= compared.size() || compared[owner];
}

} // namespace

size_t Process::shapeHash(const TripParams &params, const std::vector<uint8_t> &compared) const {
  auto open = [&](uint8_t p) { return p < Scalar::kUnsettled && params.open(p); };
  uint64_t h = 0x1234567;
  auto mix = [&](uint64_t x) { h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2); };
  mix(reinterpret_cast<uintptr_t>(prog_));
  mix(uint64_t(pc_) << 8 | uint64_t(status_));
  mix(restartable_);
  for (const LoopFrame &f : loops_) {
    mix(f.instr);
    mix(f.param);
    if (!open(f.param))
      mix(static_cast<uint64_t>(f.iv) ^ static_cast<uint64_t>(f.trip) << 20);
  }
  for (const Cell &c : env_) {
    if (!compares(compared, c.owner))
      continue;
    mix(c.owner);
    if (open(c.value.tripParam()))
      mix(uint64_t(c.value.tripParam()) << 40 ^ static_cast<uint64_t>(c.value.coefNum()) << 8 ^
          static_cast<uint64_t>(c.value.coefDen()));
    else
      mix(c.value.hash());
  }
  return static_cast<size_t>(h);
}

bool Process::shiftedFrom(const Process &older, const TripParams &params, const std::vector<int64_t> &delta,
                          const std::vector<uint8_t> &compared) const {
  auto open = [&](uint8_t p) { return p < Scalar::kUnsettled && params.open(p); };
  if (prog_ != older.prog_ || pc_ != older.pc_ || status_ != older.status_ || gridKnown_ != older.gridKnown_ ||
      pid_ != older.pid_ || grid_ != older.grid_ || loops_.size() != older.loops_.size() ||
      env_.size() != older.env_.size() || skip_ != older.skip_ || stopAt_ != older.stopAt_ ||
      restartable_ != older.restartable_)
    return false;
  for (size_t i = 0; i < loops_.size(); ++i) {
    const LoopFrame &a = older.loops_[i], &b = loops_[i];
    if (a.instr != b.instr || a.param != b.param || a.step != b.step || a.ub != b.ub || a.counted != b.counted)
      return false;
    if (!open(b.param)) {
      if (a.iv != b.iv || a.trip != b.trip)
        return false;
      continue;
    }
    int64_t d = delta[b.param - 1u];
    if (b.trip - a.trip != d || b.iv - a.iv != d * b.step)
      return false;
  }
  for (size_t i = 0; i < env_.size(); ++i) {
    const Cell &a = older.env_[i], &b = env_[i];
    if (a.owner != b.owner)
      return false;
    if (!compares(compared, b.owner))
      continue;
    uint8_t p = b.value.tripParam();
    if (!open(p) || a.value.tripParam() != p) {
      if (!(a.value == b.value))
        return false;
      continue;
    }
    if (a.value.coefNum() != b.value.coefNum() || a.value.coefDen() != b.value.coefDen() ||
        a.value.width() != b.value.width())
      return false;
    __int128 moved = static_cast<__int128>(delta[p - 1u]) * b.value.coefNum();
    if (moved % b.value.coefDen() != 0 || b.value.sext() - a.value.sext() != moved / b.value.coefDen())
      return false;
  }
  return true;
}

void Process::markInductions(const ir::Operation *loop, uint8_t param, const Program::Dest *args, uint32_t n) {
  // An iter_arg the body yields as `arg + c` (or `arg - c`) is init + c * trip.
  if (!loop || !loop->firstRegion || !loop->firstRegion->first)
    return;
  const ir::Block *body = loop->firstRegion->first;
  const ir::Operation *y = body->last;
  if (!y || y->opName() != "scf.yield")
    return;
  for (uint32_t j = 0; j < n && j < y->numOperands && j + 1 < body->numArgs; ++j) {
    const ir::Operation *d = y->operands[j]->definingOp();
    if (!d || d->numOperands != 2 || !args[j].id)
      continue;
    bool add = d->opName() == "arith.addi", sub = d->opName() == "arith.subi";
    const ir::Value *arg = &body->args[j + 1];
    const ir::Value *other = nullptr;
    if ((add || sub) && d->operands[0] == arg)
      other = d->operands[1];
    else if (add && d->operands[1] == arg)
      other = d->operands[0];
    if (!other)
      continue;
    Scalar c = value(other);
    Cell &cell = env_[args[j].slot];
    if (!c.isKnown() || c.tripDependent() || !cell.value.isKnown() || cell.owner != args[j].id)
      continue;
    cell.value = movesOpen(cell.value) ? cell.value.withTrip(Scalar::kOpaque, 1, 1)
                                       : cell.value.withTrip(param, sub ? -c.sext() : c.sext(), 1);
  }
}

} // namespace tscope::interp
