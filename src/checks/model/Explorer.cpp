// Explorer: the op families the model steps on, names for prose, running a
// process between synchronizing ops, and the breadth-first search itself.
// The transition functions are in Transitions.cpp, the observer's accesses in
// Accesses.cpp, the prose of hangs in Prose.cpp.
#include "checks/model/Explorer.h"
#include "checks/model/Edits.h"
#include "checks/model/ClockCanon.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <deque>
#include <map>
#include <tuple>
#include <unordered_map>

#include <fmt/format.h>

#include "checks/UnknownWords.h"
#include "checks/model/Coverage.h"
#include "checks/model/MbarrierRules.h"
#include "checks/model/Prose.h"
#include "interp/OpText.h"
#include "ir/Attribute.h"
#include "kernel/Aliasing.h"
#include "support/HashIndex.h"
#include "support/HeapUsage.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {

/// The NVWS aref and token ops (modelled as their lowering's mbarriers).
bool isArefKind(OpKind k) {
  switch (k) {
  case OpKind::ArefCreate:
  case OpKind::ArefPutEnter:
  case OpKind::ArefPutExit:
  case OpKind::ArefGetEnter:
  case OpKind::ArefGetExit:
  case OpKind::CreateToken:
  case OpKind::ProducerAcquire:
  case OpKind::ProducerCommit:
  case OpKind::ConsumerWait:
  case OpKind::ConsumerRelease:
    return true;
  default:
    return false;
  }
}

/// `nvws.descriptor_load` / `gather`: a TMA load into an aref buffer that
/// completes bytes on the slot's `full` barrier.
bool isArefLoad(const ir::Operation &op) { return op.opName().starts_with("nvws.descriptor_"); }

/// Ops that are interleaving points: the synchronizing ones.
bool isSyncKind(OpKind k) {
  switch (k) {
  case OpKind::InitBarrier:
  case OpKind::BarrierExpect:
  case OpKind::WaitBarrier:
  case OpKind::ArriveBarrier:
  case OpKind::AsyncCopyMbarrierArrive:
  case OpKind::ClcTryCancel:
  case OpKind::NamedBarrierArrive:
  case OpKind::NamedBarrierWait:
  case OpKind::TmaLoad:
  case OpKind::TmaGather:
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled:
  case OpKind::TcGen5Commit:
  case OpKind::TmemCopy:
  case OpKind::WarpSpecialize:
  case OpKind::WarpGroup:
    return true;
  default:
    return isArefKind(k);
  }
}

/// Ops that read or write a buffer slot without synchronizing; with an
/// observer they are met on the way (no interleaving point of their own).
bool isLocalAccessKind(OpKind k) {
  switch (k) {
  case OpKind::LocalLoad:
  case OpKind::LocalStore:
  case OpKind::TmemLoad:
  case OpKind::TmemStore:
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaScatter:
  case OpKind::WarpGroupDot:
  case OpKind::WarpGroupDotWait:
  case OpKind::TmaStoreWait:
  case OpKind::AsyncCopyGlobalToLocal:
  case OpKind::AsyncCommitGroup:
  case OpKind::AsyncWait:
    return true;
  default:
    return false;
  }
}

/// Ops that name a buffer or barrier without touching its contents: views,
/// allocation and release, control flow that carries views, fences, and the
/// invalidation of a barrier (which the model needs no rule for: a later
/// init resets the slot).
/// True when an op nested in `op`'s regions synchronizes (an mbarrier or
/// named-barrier op, an async copy or MMA the model would track).
bool regionsSynchronize(const ir::Operation &op) {
  for (ir::Region *r = op.firstRegion; r; r = r->next)
    for (ir::Block *b = r->first; b; b = b->next)
      for (ir::Operation *o = b->first; o; o = o->next)
        if (isSyncKind(dialect::kindOf(o)) || regionsSynchronize(*o))
          return true;
  return false;
}

/// cf.br and cf.cond_br.
bool isBranchKind(OpKind k) { return k == OpKind::Branch || k == OpKind::CondBranch; }

/// True when `op` has a memdesc operand (a branch that carries a view).
bool passesMemDesc(const ir::Module &m, const ir::Operation &op) {
  for (uint32_t i = 0; i < op.numOperands; ++i)
    if (dialect::typeText(m, op.operands[i]).starts_with("!ttg.memdesc"))
      return true;
  return false;
}

bool isStructuralKind(OpKind k) {
  switch (k) {
  case OpKind::MemDescView:
  case OpKind::MemDescIndex:
  case OpKind::LocalAlloc:
  case OpKind::TmemAlloc:
  case OpKind::LocalDealloc:
  case OpKind::InvalBarrier:
  case OpKind::FenceAsyncShared:
  case OpKind::ArefBuffer:
  case OpKind::WarpSpecializePartitions:
  case OpKind::WarpYield:
  case OpKind::WarpReturn:
  case OpKind::For:
  case OpKind::If:
  case OpKind::While:
  case OpKind::Yield:
  case OpKind::Branch:
  case OpKind::CondBranch:
  case OpKind::Func:
  case OpKind::Return:
    return true;
  default:
    return false;
  }
}

} // namespace

Explorer::Explorer(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &o, Observer *observer,
                   bool recordHangs)
    : m_(m), k_(k), opts_(o), prog_(m, *k.func), observer_(observer), clocks_(observer && observer->usesClocks()),
      rowsOnArrive_(observer && observer->rowsChangeOnArrive()), recordHangs_(recordHangs) {
  collectArefs();
  collectPartitionLoops();
  // Alias classes of the buffers (the reduction's buffer footprints): two
  // allocations that may share bytes are one buffer, as the race check's
  // history treats them (kernel/Aliasing.h).
  bufferClass_.resize(k_.allocations.size());
  for (size_t i = 0; i < bufferClass_.size(); ++i)
    bufferClass_[i] = static_cast<uint32_t>(i);
  auto find = [&](uint32_t x) {
    while (bufferClass_[x] != x)
      x = bufferClass_[x] = bufferClass_[bufferClass_[x]];
    return x;
  };
  for (size_t i = 0; i < k_.allocations.size(); ++i)
    for (size_t j = i + 1; j < k_.allocations.size(); ++j) {
      const kernel::Allocation &x = k_.allocations[i], &y = k_.allocations[j];
      if (x.isBarrier || y.isBarrier || x.kind != y.kind)
        continue;
      if (kernel::mayAlias({&x, std::nullopt, ""}, {&y, std::nullopt, ""}))
        bufferClass_[find(static_cast<uint32_t>(j))] = find(static_cast<uint32_t>(i));
    }
  for (size_t i = 0; i < bufferClass_.size(); ++i)
    bufferClass_[i] = find(static_cast<uint32_t>(i));
  events_ = prog_.select([&](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    if (std::string why = unmodelledReason(op); !why.empty()) {
      // An event, so that a run reaching it stops there (one never reached
      // does not matter).
      unmodelledOps_.emplace(&op, std::move(why));
      return true;
    }
    if (observer_ && isLocalAccessKind(kind))
      return true;
    if (opts_.edits && opts_.edits->arriveBefore.count(&op))
      return true; // an edit's added arrive runs before it
    return isSyncKind(kind) || isArefLoad(op) || kind == OpKind::MemDescIndex || kind == OpKind::ArefBuffer ||
           kind == OpKind::For || kind == OpKind::WarpYield || (isBranchKind(kind) && passesMemDesc(m_, op)) ||
           (kind == OpKind::Yield && op.parentOp() &&
            (dialect::kindOf(op.parentOp()) == OpKind::For || dialect::kindOf(op.parentOp()) == OpKind::If));
  });
  // The events advance() stops at: the rest it handles on the way (slots
  // carried, views, a default region's yield, local accesses), and none of
  // those changes where the process goes next.
  spinEvents_ = prog_.select([&](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    bool onTheWay = kind == OpKind::WarpYield || kind == OpKind::MemDescIndex || kind == OpKind::ArefBuffer ||
                    kind == OpKind::Yield || isBranchKind(kind) ||
                    (kind == OpKind::For && !partitionLoops_.count(&op)) || (observer_ && isLocalAccessKind(kind));
    return events_.test(prog_.indexOf(&op)) && (!onTheWay || unmodelledOps_.count(&op));
  });
}

std::string Explorer::unmodelledReason(const ir::Operation &op) const {
  OpKind kind = dialect::kindOf(&op);
  if ((kind == OpKind::For || kind == OpKind::If || kind == OpKind::While) &&
      prog_.instr(prog_.indexOf(&op)).code == interp::Opcode::Nop && regionsSynchronize(op))
    return "has regions with barrier operations that are not run, because its results, operands or region "
           "arguments do not match its form,";
  if (isStructuralKind(kind) || kind == OpKind::NamedBarrierArrive || kind == OpKind::NamedBarrierWait)
    return {};
  // What the op's operands touch: the roles the op table gives them, and
  // the allocations any memdesc operand derives from.
  const dialect::OperandRoles &r = roles(&op);
  bool barrier = r.barrier || !r.barriers.empty(), buffer = !r.reads.empty() || !r.writes.empty();
  if (kind == OpKind::Other) {
    // A view of its one memdesc operand, the others being offsets (its uses
    // are what touch memory). `amdg.async_tdm_copy_global_to_local %desc into
    // %buf[, barrier = %bar]`, whose pretty form ends in the buffer's memdesc
    // type, is no view: a descriptor operand, or a second memdesc.
    uint32_t memdescOperands = 0;
    bool offsetsOnly = true;
    for (uint32_t i = 0; i < op.numOperands; ++i) {
      std::string_view t = dialect::typeText(m_, op.operands[i]);
      if (t.starts_with("!ttg.memdesc"))
        ++memdescOperands;
      else
        offsetsOnly = offsetsOnly && interp::intWidth(t) != 0;
    }
    for (uint32_t i = 0; i < op.numResults && memdescOperands <= 1 && offsetsOnly; ++i)
      if (dialect::typeText(m_, op.result(i)).starts_with("!ttg.memdesc"))
        return {};
  }
  for (uint32_t i = 0; i < op.numOperands; ++i) {
    if (!dialect::typeText(m_, op.operands[i]).starts_with("!ttg.memdesc"))
      continue;
    for (const kernel::Allocation *a : k_.rootsOf(op.operands[i])) {
      if (a->isBarrier && usedAsBarrier_.count(a->id))
        barrier = true;
      else if (a->kind == kernel::AllocKind::Shared || a->kind == kernel::AllocKind::Tensor)
        buffer = true;
    }
  }
  if (isSyncKind(kind) || isArefLoad(op))
    return {};
  // An op the model does not know that holds regions with synchronization
  // (nvws.warp_group's partitions before nvws-lower-warp-group, ...): its
  // regions are not run, so skipping it would drop their arrives and waits.
  if (kind == OpKind::Other && op.numRegions && regionsSynchronize(op))
    return "runs regions with barrier operations the model does not interpret";
  // Local accesses are modelled for their buffers only: a barrier operand
  // (e.g. a TMA store wait that arrives on barriers) is not.
  if (barrier)
    return "uses an mbarrier";
  // Without an observer buffer contents do not matter to the model (no
  // verdict depends on them); with one every access must be seen.
  if (buffer && observer_ && !isLocalAccessKind(kind) && kind != OpKind::WarpSpecialize && kind != OpKind::WarpGroup)
    return "reads or writes a shared-memory or tensor-memory buffer";
  return {};
}

bool Explorer::dataBranch(const interp::Scalar &c) const {
  // Only the bounded runs of `deadlock` take both sides: the proof needs
  // every decision to recur shifted, and a race found on an assumed side
  // could not be shown to be real (with an observer the run stays unknown).
  if (proof_ || observer_ || c.isKnown())
    return false;
  switch (c.reason()) {
  case interp::Reason::NotInteger:
  case interp::Reason::NotInterpreted:
  case interp::Reason::RegionResult:
  case interp::Reason::Unbound:
    return true; // some data (or some launch) gives either value
  default:
    return false; // undefined behaviour, a malformed op, warp divergence: not a value
  }
}

bool Explorer::inputOnly(const ir::Value *v) const {
  std::vector<const ir::Value *> work{v};
  const ir::Block *entry = k_.func->firstRegion->first;
  for (int budget = 0; !work.empty(); ++budget) {
    if (budget > 256)
      return false;
    const ir::Value *cur = work.back();
    work.pop_back();
    if (cur->kind == ir::Value::BlockArgument) {
      if (const ir::Value *cap = k_.captureOf(cur)) {
        work.push_back(cap);
        continue;
      }
      if (cur->ownerBlock() != entry)
        return false; // a loop-carried or region argument
      continue;
    }
    const ir::Operation *d = cur->definingOp();
    if (d && (d->is("tt.get_program_id") || d->is("tt.get_num_programs")))
      continue; // the launch's inputs, like the arguments
    if (!d || d->numRegions || !d->opName().starts_with("arith."))
      return false; // a tensor, a load, a region's result: not an input
    for (uint32_t i = 0; i < d->numOperands; ++i)
      work.push_back(d->operands[i]);
  }
  return true;
}

const ir::Value *Explorer::choiceKey(const ir::Value *v) const {
  const ir::Value *a = inputArg(v);
  return a ? a : v;
}

interp::Scalar Explorer::decided(const State &s, const Proc &pr, const ir::Value *v) const {
  interp::Scalar x = pr.p.value(v);
  if (x.isKnown() || !v)
    return x;
  if (foot_ && inputOnly(v))
    foot_->choices = true;
  auto it = s.choices.find(choiceKey(v));
  return it != s.choices.end() && inputOnly(v) ? interp::Scalar::boolean(it->second) : x;
}

std::vector<const ir::Value *> Explorer::mmaBarrierPreds(const ir::Operation *op) const {
  std::vector<const ir::Value *> out;
  OpKind kind = dialect::kindOf(op);
  if (kind != OpKind::TcGen5Mma && kind != OpKind::TcGen5MmaScaled)
    return out;
  for (const ir::Value *p : mmaPredsByBarrier(op))
    if (p)
      out.push_back(p);
  return out;
}

const std::vector<const ir::Value *> &Explorer::mmaPredsByBarrier(const ir::Operation *op) const {
  auto it = mmaPreds_.find(op);
  if (it != mmaPreds_.end())
    return it->second;
  dialect::OpSyntax syn = dialect::scanOpSyntax(m_, op);
  std::vector<const ir::Value *> preds;
  for (const ir::Value *bv : roles(op).barriers)
    preds.push_back(mmaBarrierPred(op, syn, bv));
  return mmaPreds_.emplace(op, std::move(preds)).first->second;
}

const ir::Value *Explorer::mmaBarrierPred(const ir::Operation *op, const dialect::OpSyntax &syn,
                                          const ir::Value *bv) {
  // The barrier's predicate is the operand in its brackets (the last one).
  const ir::Value *bp = nullptr;
  for (uint32_t i = 0; i < op->numOperands; ++i)
    if (op->operands[i] == bv && syn.slots[i].bracketOf < 0)
      for (uint32_t j = i + 1; j < op->numOperands; ++j)
        if (syn.slots[j].bracketOf == static_cast<int32_t>(i))
          bp = op->operands[j];
  return bp;
}

const ir::Value *Explorer::inputArg(const ir::Value *v) const {
  const ir::Block *entry = k_.func->firstRegion->first;
  for (int i = 0; i < 16 && v && v->kind == ir::Value::BlockArgument; ++i) {
    if (v->ownerBlock() == entry)
      return v;
    v = k_.captureOf(v);
  }
  return nullptr;
}

void Explorer::collectArefs() {
  // PTX-level shape of each aref and token, as their lowerings build it
  // (docs/Deadlock.md, "NVWS arefs and tokens").
  // Per aref, per partition that exits it: the async op kinds of its first
  // put (get) exit.
  std::unordered_map<uint32_t, std::map<int, size_t>> putParts, getParts;
  std::unordered_map<uint32_t, std::map<int, std::pair<int, int>>> tokenUses; // partition -> (commits, waits)
  bool stagesAssigned = false;
  for (const kernel::Allocation &a : k_.allocations) {
    if (a.kind == kernel::AllocKind::Aref && a.op && a.op->numOperands) {
      auto t = dialect::parseMemDesc(m_, k_.chunk, dialect::typeText(m_, a.op->operands[0]));
      ArefShape sh;
      sh.depth = t && !t->shape.empty() ? t->shape[0] : 1;
      sh.emptyCount = sh.fullCount = 0;
      arefs_[a.id] = sh;
    } else if (a.kind == kernel::AllocKind::Token && a.op) {
      ArefShape sh;
      sh.depth = dialect::intAttr(m_, a.op, "numBuffers").value_or(1);
      arefs_[a.id] = sh;
    }
  }
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    OpKind kind = dialect::kindOf(op);
    // A barrier-typed allocation (1-D i64) is a barrier when a barrier op
    // uses it: a table op through its barrier operand roles, an op the table
    // does not know through any memdesc operand.
    std::vector<const ir::Value *> bars;
    if (kind == OpKind::Other) {
      for (uint32_t i = 0; i < op->numOperands; ++i)
        if (dialect::typeText(m_, op->operands[i]).starts_with("!ttg.memdesc"))
          bars.push_back(op->operands[i]);
    } else if (!isLocalAccessKind(kind) && !isStructuralKind(kind)) {
      const dialect::OperandRoles &br = roles(op);
      bars = br.barriers;
      if (br.barrier && kind != OpKind::NamedBarrierArrive && kind != OpKind::NamedBarrierWait)
        bars.push_back(br.barrier);
    }
    for (const ir::Value *b : bars)
      for (const kernel::Allocation *a : k_.rootsOf(b))
        if (a->isBarrier)
          usedAsBarrier_.insert(a->id);
    if (!partitionAttrsOutside_ && !dialect::intArrayAttr(m_, op, "ttg.partition").empty()) {
      bool inWs = false;
      for (const ir::Operation *p = op->parentOp(); p && !inWs; p = p->parentOp())
        inWs = dialect::kindOf(p) == OpKind::WarpSpecialize || dialect::kindOf(p) == OpKind::WarpSpecializePartitions;
      partitionAttrsOutside_ = !inWs;
    }
    if (kind == OpKind::ArefPutEnter || kind == OpKind::ArefGetEnter) {
      // A computed stage (a block argument or an op other than a
      // constant): nvws-assign-stage-phase has run.
      const ir::Value *stage = roles(op).index;
      const ir::Operation *d = stage ? stage->definingOp() : nullptr;
      stagesAssigned |= stage && !(d && d->is("arith.constant"));
    }
    if (isArefLoad(*op)) {
      const dialect::OperandRoles &lr = roles(op);
      if (const ir::Operation *enter = lr.buffer ? lr.buffer->definingOp() : nullptr)
        enterTx_[enter] += lr.bytes.value_or(0);
      return;
    }
    if (!isArefKind(kind) || kind == OpKind::ArefCreate || kind == OpKind::CreateToken || !op->numOperands)
      return;
    const kernel::Allocation *a = arefOf(op->operands[0]);
    if (!a)
      return;
    std::vector<int64_t> parts = dialect::intArrayAttr(m_, op, "ttg.partition");
    int part = parts.empty() ? pl.partition : static_cast<int>(parts[0]);
    if (kind == OpKind::ArefPutExit || kind == OpKind::ArefGetExit) {
      // The arrivals a slot's barrier expects: per partition that exits (its
      // first exit op), one per async op kind it names (NVWSLowerAref
      // getArrivalCount).
      std::vector<std::string_view> ops = dialect::arefAsyncOps(m_, op);
      (kind == OpKind::ArefPutExit ? putParts[a->id] : getParts[a->id]).emplace(part, ops.size());
      // The enter this exit closes: the token operand's definition.
      if (const ir::Value *token = roles(op).source)
        if (const ir::Operation *enter = token->definingOp())
          enterExitOps_[enter] = std::move(ops);
    } else if (kind == OpKind::ProducerCommit) {
      tokenUses[a->id][part].first++;
    } else if (kind == OpKind::ConsumerWait) {
      tokenUses[a->id][part].second++;
    }
  });
  arefTurns_ = partitionAttrsOutside_ && !stagesAssigned;
  // Before code partitioning an exit outside the partition loops closes
  // the token of an enter some partition made (the loop's last, or one
  // before it): it is that side's exit, not one more partition's.
  auto count = [&](std::map<int, size_t> &parts) {
    if (partitionAttrsOutside_ && parts.size() > 1)
      parts.erase(kernel::kOutside);
    int64_t c = 0;
    for (auto &[part, n] : parts)
      c += static_cast<int64_t>(n);
    return std::max<int64_t>(c, 1);
  };
  for (auto &[id, sh] : arefs_) {
    sh.emptyCount = count(getParts[id]);
    sh.fullCount = count(putParts[id]);
  }
  // A token's commit and wait in one partition are dropped by the lowering
  // (program order already orders them).
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    OpKind kind = dialect::kindOf(op);
    if ((kind != OpKind::ProducerCommit && kind != OpKind::ConsumerWait) || !op->numOperands)
      return;
    const kernel::Allocation *a = arefOf(op->operands[0]);
    if (!a)
      return;
    std::vector<int64_t> parts = dialect::intArrayAttr(m_, op, "ttg.partition");
    int part = parts.empty() ? pl.partition : static_cast<int>(parts[0]);
    auto [commits, waits] = tokenUses[a->id][part];
    if (commits && waits)
      droppedTokenOps_.insert(op);
  });
}

namespace {

/// A warp-specialized scf.for before code partitioning: its `ttg.partition`
/// attribute names the partitions its ops run in (two or more), and
/// partition scheduling marked it (`tt.warp_specialize`,
/// `ttg.partition.stages`).
std::vector<int> partitionLoopIds(const ir::Module &m, const interp::Program &prog, const ir::Operation *op) {
  if (dialect::kindOf(op) != OpKind::For)
    return {};
  std::vector<int64_t> ids = dialect::intArrayAttr(m, op, "ttg.partition");
  if (ids.size() >= 2 && prog.instr(prog.indexOf(op)).code != interp::Opcode::For)
    return {}; // malformed: unmodelledReason stops at it
  if (ids.size() < 2 ||
      (dialect::attrText(m, op, "tt.warp_specialize").empty() &&
       dialect::attrText(m, op, "ttg.partition.stages").empty()))
    return {};
  return {ids.begin(), ids.end()};
}

} // namespace

void Explorer::collectPartitionLoops() {
  // With an observer the partitions would share values (buffers, tensors)
  // that code partitioning has not yet routed through arefs: races are
  // checked after it (stepAref says so).
  if (observer_ || !partitionAttrsOutside_)
    return;
  for (const kernel::WarpSpecialize &w : k_.warpSpecializes)
    if (!w.op && !w.partitions.empty() && w.partitions.front().fromAttribute)
      attrWs_ = &w;
  if (!attrWs_)
    return;
  std::set<int> all;
  k_.walk([&](const ir::Operation *op, const kernel::Placement &) {
    std::vector<int> ids = partitionLoopIds(m_, prog_, op);
    if (ids.empty())
      return;
    for (const ir::Operation *p = op->parentOp(); p; p = p->parentOp())
      if (!partitionLoopIds(m_, prog_, p).empty())
        return; // the outermost one forks; inner ones are its partitions' loops
    all.insert(ids.begin(), ids.end());
    partitionLoops_[op] = std::move(ids);
  });
  for (int id : all)
    partitionSkip_[id] = prog_.select([&](const ir::Operation &op) {
      std::vector<int64_t> ids = dialect::intArrayAttr(m_, &op, "ttg.partition");
      return !ids.empty() && std::find(ids.begin(), ids.end(), id) == ids.end();
    });
}

uint32_t Explorer::arefTurn(const std::vector<std::pair<uint32_t, uint32_t>> &turns, uint32_t key) {
  auto it = std::lower_bound(turns.begin(), turns.end(), std::pair<uint32_t, uint32_t>{key, 0});
  return it != turns.end() && it->first == key ? it->second : 0;
}

void Explorer::setArefTurn(Proc &pr, uint32_t alloc, bool get, uint32_t turn) {
  uint32_t key = 2 * alloc + (get ? 1 : 0);
  auto it = std::lower_bound(pr.arefTurns.begin(), pr.arefTurns.end(), std::pair<uint32_t, uint32_t>{key, 0});
  if (it != pr.arefTurns.end() && it->first == key)
    it->second = turn;
  else
    pr.arefTurns.insert(it, {key, turn});
}

std::vector<int> Explorer::loopResultOwners(const ir::Operation *loop, uint32_t i) const {
  // `ttg.partition.outputs = [array<i32: 0>, array<i32: 1, 2>]`.
  std::string_view text = ir::trim(dialect::attrText(m_, loop, "ttg.partition.outputs"));
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') {
    std::vector<std::string_view> entries;
    ir::splitAttrList(text.substr(1, text.size() - 2), ',', entries);
    if (i < entries.size())
      if (std::optional<std::vector<int64_t>> ids = ir::Attr(entries[i]).asIntArray(); ids && !ids->empty())
        return {ids->begin(), ids->end()};
  }
  const ir::Block *body = loop->firstRegion ? loop->firstRegion->first : nullptr;
  const ir::Operation *yield = body ? body->last : nullptr;
  const ir::Operation *def = yield && i < yield->numOperands ? yield->operands[i]->definingOp() : nullptr;
  std::vector<int64_t> tags = def ? dialect::intArrayAttr(m_, def, "ttg.partition") : std::vector<int64_t>{};
  return {tags.begin(), tags.end()};
}

const ir::Value *Explorer::tokenOperand(const ir::Operation *op) const {
  for (uint32_t i = 0; i < op->numOperands; ++i)
    if (dialect::typeText(m_, op->operands[i]).starts_with("!ttg.async.token"))
      return op->operands[i];
  return nullptr;
}

const kernel::Allocation *Explorer::arefOf(const ir::Value *v) const {
  for (const kernel::Allocation *a : k_.rootsOf(v))
    if (a->kind == kernel::AllocKind::Aref || a->kind == kernel::AllocKind::Token)
      return a;
  return nullptr;
}

uint64_t Explorer::arefKey(uint32_t alloc, int64_t slot, bool full) {
  return keyOf({alloc, 2 * slot + (full ? 1 : 0)});
}

std::string Explorer::partName(const Proc &pr) const {
  return pr.partition == kernel::kOutside ? "outside" : k_.partitionName({pr.ws, pr.partition});
}

int Explorer::warpsOf(const Proc &pr) const {
  if (pr.ws)
    if (const kernel::Partition *p = pr.ws->find(pr.partition))
      if (p->numWarps)
        return p->numWarps;
  return k_.moduleWarps ? k_.moduleWarps : 4;
}

std::string Explorer::barName(uint64_t key) const {
  int64_t slot = slotOfKey(key);
  const kernel::Allocation &a = k_.allocations[allocOfKey(key)];
  if (a.kind == kernel::AllocKind::Aref || a.kind == kernel::AllocKind::Token)
    return a.name + (slot & 1 ? ".full[" : ".empty[") + std::to_string(slot / 2) + "]";
  return a.slots() > 1 || slot ? a.name + "[" + std::to_string(slot) + "]" : a.name;
}

std::string Explorer::slotName(uint32_t alloc, int64_t slot) const {
  const kernel::Allocation &a = k_.allocations[alloc];
  return slot >= 0 ? a.name + "[" + std::to_string(slot) + "]" : a.name;
}

std::optional<int64_t> Explorer::slotOf(const State &s, const Proc &pr, const ir::Value *v) const {
  auto find = [](const Proc &p, const ir::Value *x) {
    return std::find_if(p.slots.begin(), p.slots.end(), [&](auto &e) { return e.first == x; });
  };
  const ir::Value *cur = v;
  for (int i = 0; i < 16 && cur; ++i) {
    if (auto it = find(pr, cur); it != pr.slots.end())
      return it->second;
    if (cur->kind == ir::Value::BlockArgument) {
      // A partition's capture: the slot its parent recorded.
      const ir::Value *cap = k_.captureOf(cur);
      if (!cap)
        return std::nullopt;
      for (const Proc &q : s.procs)
        if (auto jt = find(q, cap); jt != q.slots.end())
          return jt->second;
      cur = cap;
      continue;
    }
    const ir::Operation *d = cur->definingOp();
    if (d && dialect::kindOf(d) == OpKind::MemDescView && d->numOperands) {
      cur = d->operands[0];
      continue;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::pair<uint32_t, int64_t>> Explorer::barrierKey(const State &s, const Proc &pr,
                                                                 const ir::Value *v) const {
  std::optional<int64_t> slot = slotOf(s, pr, v);
  for (const kernel::Allocation *a : k_.rootsOf(v))
    if (a->isBarrier) {
      // A barrier used whole (1xi64) has one slot; a ring needs its index.
      if (!slot && a->slots() > 1 && v != a->value)
        return std::nullopt;
      return std::make_pair(a->id, slot.value_or(0));
    }
  return std::nullopt;
}

std::string Explorer::slotOutside(std::pair<uint32_t, int64_t> key, const Proc &pr, const ir::Operation *op) const {
  if (key.first >= k_.allocations.size())
    return "";
  const kernel::Allocation *a = &k_.allocations[key.first]; // by id, as barName reads it
  const bool ring = a->type && a->type->shape.size() >= 2;
  if (key.second >= 0 && (!ring || key.second < a->slots()))
    return "";
  return partName(pr) + ": " + std::string(op->opName()) + " at IR line " + std::to_string(op->line) +
         " uses slot " + std::to_string(key.second) + " of " + a->name + ", which has " +
         std::to_string(ring ? a->slots() : 1) + (ring && a->slots() == 1 ? " slot" : " slots") +
         ": the GPU would reach the shared memory beside the barriers (undefined), which the model does not follow";
}

const dialect::OperandRoles &Explorer::roles(const ir::Operation *op) const {
  auto it = roles_.find(op);
  if (it == roles_.end())
    it = roles_.emplace(op, dialect::operandRoles(m_, op)).first;
  return it->second;
}

const SourcePoint &Explorer::where(const ir::Operation *op) const {
  auto it = points_.find(op);
  if (it == points_.end())
    it = points_.emplace(op, pointOf(k_, op)).first;
  return it->second;
}

std::set<int> Explorer::arriversOf(uint32_t id, size_t *numOps, const kernel::WarpSpecialize *ws) const {
  std::set<int> out;
  size_t ops = 0;
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    if (ws && pl.ws != ws && pl.partition != kernel::kOutside)
      return; // a partition of another warp_specialize
    std::vector<const ir::Value *> bars;
    switch (dialect::kindOf(op)) {
    case OpKind::ArriveBarrier:
    case OpKind::BarrierExpect:
    case OpKind::TmaLoad:
    case OpKind::TmaGather:
    case OpKind::TcGen5Commit:
    case OpKind::AsyncCopyMbarrierArrive:
    case OpKind::ClcTryCancel:
    case OpKind::TmemCopy:
      bars.push_back(roles(op).barrier);
      break;
    case OpKind::TcGen5Mma:
    case OpKind::TcGen5MmaScaled:
      bars = roles(op).barriers;
      break;
    default:
      return;
    }
    for (const ir::Value *b : bars)
      for (const kernel::Allocation *a : b ? k_.rootsOf(b) : std::vector<const kernel::Allocation *>())
        if (a->id == id) {
          out.insert(pl.partition);
          // An arrive_barrier arrives its count (128 for a warpgroup's
          // arrive); every other arrive-side op once.
          ops += dialect::kindOf(op) == OpKind::ArriveBarrier
                     ? static_cast<size_t>(std::max<int64_t>(1, roles(op).count.value_or(1)))
                     : 1;
        }
  });
  if (numOps)
    *numOps = ops;
  return out;
}

void Explorer::setSlot(Proc &pr, const ir::Value *v, int64_t slot) {
  auto it = std::find_if(pr.slots.begin(), pr.slots.end(), [&](auto &e) { return e.first == v; });
  if (it != pr.slots.end())
    it->second = slot;
  else
    pr.slots.push_back({v, slot});
}

void Explorer::recordSlot(State &, Proc &pr, const ir::Operation *op) {
  interp::Scalar idx = op->numOperands > 1 ? pr.p.operand(1) : interp::Scalar();
  if (idx.isKnown())
    setSlot(pr, op->result(0), idx.sext());
}

void Explorer::carryBranchSlots(State &s, Proc &pr, const ir::Operation *op) {
  // A view passed to a block argument: the argument takes the operand's
  // slot, or none (a slot from an earlier path must not stay). The branch
  // has not run yet: a cf.cond_br whose side is not known feeds both.
  interp::Scalar c = dialect::kindOf(op) == OpKind::CondBranch ? decided(s, pr, op->operands[0])
                                                                : interp::Scalar::boolean(true);
  for (uint32_t k = 0; k < op->numSuccessors; ++k) {
    uint32_t begin = 0, count = 0;
    if ((c.isKnown() && c.isTrue() != (k == 0)) || !ir::successorOperands(*op, k, begin, count))
      continue;
    const ir::Block *b = op->successor(k);
    for (uint32_t i = 0; i < count && i < b->numArgs; ++i) {
      if (std::optional<int64_t> slot = slotOf(s, pr, op->operands[begin + i])) {
        setSlot(pr, &b->args[i], *slot);
        continue;
      }
      auto it = std::find_if(pr.slots.begin(), pr.slots.end(), [&](auto &e) { return e.first == &b->args[i]; });
      if (it != pr.slots.end())
        pr.slots.erase(it);
    }
  }
}

void Explorer::carrySlots(State &s, Proc &pr, const ir::Operation *op) {
  // Barrier views carried through iter_args: the slot of the init (on entry)
  // or of the yielded view (each iteration) moves to the block argument and
  // the loop result.
  bool isFor = dialect::kindOf(op) == OpKind::For;
  const ir::Operation *loop = isFor ? op : op->parentOp();
  const ir::Block *body = loop->firstRegion && dialect::kindOf(loop) == OpKind::For
                              ? loop->firstRegion->first
                              : nullptr; // scf.if: results only
  uint32_t first = isFor ? 3 : 0;
  for (uint32_t i = first; i < op->numOperands; ++i) {
    uint32_t k = i - first;
    std::optional<int64_t> slot = slotOf(s, pr, op->operands[i]);
    if (!slot)
      continue;
    if (body && k + 1 < body->numArgs)
      setSlot(pr, &body->args[k + 1], *slot);
    if (k < loop->numResults)
      setSlot(pr, loop->result(k), *slot);
  }
}

namespace {

/// The trip parameters with a loop frame in a process of `s` other than `pi`.
uint64_t framesOutside(const State &s, size_t pi) {
  uint64_t m = 0;
  for (size_t j = 0; j < s.procs.size(); ++j)
    if (j != pi)
      for (const interp::LoopFrame &f : s.procs[j].p.loops())
        if (f.param && f.param != interp::Scalar::kOpaque)
          m |= interp::TripProof::entryBit(f.param);
  return m;
}

} // namespace

bool Explorer::advance(State &s, size_t pi, Undecided &unknown) {
  Proc &pr = s.procs.mut(pi);
  int limits = 0;
  trips_.params = &s.trips;
  pr.p.setTrips(proof_ ? &trips_ : nullptr);
  if (proof_) {
    trips_.framesElsewhere = framesOutside(s, pi);
    trips_.restarted = s.restarts;
  }
  bool spinChecked = false;
  for (int guard = 0; guard < 1'000'000; ++guard) {
    if (proof_ && (guard & 1023) == 1023 && std::chrono::steady_clock::now() > deadline_) {
      unknown = {proofTimeReason(), Gap::Budget};
      return false;
    }
    interp::StepResult r = pr.p.step(events_);
    if (uint64_t fresh = proof_ ? trips_.restarted & ~s.restarts : 0) {
      // A loop started a new trip count: the other processes' values
      // forget the old one (interp::Process::symbolicEntry).
      for (size_t j = 0; j < s.procs.size(); ++j)
        if (j != pi)
          s.procs.mut(j).p.forgetTrips(fresh);
      s.restarts = trips_.restarted;
    }
    if (r.isUnknown() && r.cause == interp::StepResult::Cause::TripChoice) {
      pr.status = PStatus::AtEvent; // stepTripChoice branches on it
      return true;
    }
    if (proof_ && r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit &&
        std::chrono::steady_clock::now() > deadline_) {
      unknown = {proofTimeReason(), Gap::Budget};
      return false;
    }
    if (opts_.deadline && r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit &&
        std::chrono::steady_clock::now() > *opts_.deadline) {
      // --timeout: a process that runs long between events counts too.
      unknown = {fmt::format("time budget of {:g} s reached while {} ran {} ops without reaching a barrier "
                             "(--timeout)",
                             opts_.timeoutSeconds, partName(pr), (limits + 1) * kLocalSteps),
                 Gap::Budget, r.op};
      return false;
    }
    // Many ops, or many branches on inputs, without an event: a loop that
    // may never end (checked once per advance).
    bool longRun = (r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit) || guard >= 4096;
    if (!proof_ && longRun && !spinChecked && (spinChecked = true) &&
        pr.p.loopsForever(spinEvents_, 4 * kLocalSteps, [&](const interp::Process &p) -> std::optional<bool> {
          // Branches on unbound inputs keep the side this path took.
          const ir::Operation *op = p.op();
          if (!op || !op->numOperands || !inputOnly(op->operands[0]))
            return std::nullopt;
          auto it = s.choices.find(choiceKey(op->operands[0]));
          return it == s.choices.end() ? std::nullopt : std::optional<bool>(it->second);
        })) {
      // The same state again with no synchronizing op in between: this
      // process never leaves the loop, so the kernel never finishes.
      pr.status = PStatus::Spins;
      return true;
    }
    if (r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit && ++limits >= 20) {
      unknown = {partName(pr) + " runs " + std::to_string(20 * kLocalSteps) +
                     " ops without reaching a barrier (an unbounded loop?)",
                 Gap::Budget, r.op};
      return false;
    }
    if (r.isDone()) {
      pr.status = PStatus::Done;
      return true;
    }
    if (r.isUnknown()) {
      if (r.cause == interp::StepResult::Cause::StepLimit)
        continue;
      if (r.cause == interp::StepResult::Cause::Condition && r.op && r.op->numOperands &&
          inputOnly(r.op->operands[0])) {
        // A branch on unbound inputs: taken as decided before on this path,
        // else a branch point of the model (stepBranch explores both sides).
        if (foot_)
          foot_->choices = true;
        auto it = s.choices.find(choiceKey(r.op->operands[0]));
        if (it != s.choices.end() && pr.p.resolveCondition(it->second))
          continue;
        pr.status = PStatus::AtEvent;
        return true;
      }
      if (r.cause == interp::StepResult::Cause::Condition && r.op && r.op->numOperands && dataBranch(r.value)) {
        // A branch on data the interpreter does not compute (a loaded or
        // atomically fetched value, a tensor element): a branch point of the
        // model whose sides are both explored at every visit (stepBranch).
        pr.status = PStatus::AtEvent;
        return true;
      }
      if (proof_ && r.cause == interp::StepResult::Cause::Condition && prog_.branchesInCycle(pr.p.pc())) {
        // A loop built from branches (after convert-scf-to-cf) has no
        // scf.for whose trip count the proof could leave symbolic.
        unknown = {partName(pr) + ": the loop whose exit test is " + std::string(r.op->opName()) + " at IR line " +
                       std::to_string(r.op->line) +
                       " is built from branches (cf), and the proof for every trip count follows scf.for loops "
                       "only",
                   Gap::Proof, r.op};
        return false;
      }
      unknown = valueGap(partName(pr) + ": " + r.describe(m_), r.value, r.op);
      return false;
    }
    if (auto um = unmodelledOps_.find(r.op); um != unmodelledOps_.end()) {
      unknown = {partName(pr) + ": " + std::string(r.op->opName()) + " (IR line " + std::to_string(r.op->line) +
                     ") " + um->second + " and is not modelled",
                 Gap::Unmodelled, r.op};
      return false;
    }
    OpKind kind = dialect::kindOf(r.op);
    if (kind == OpKind::WarpYield) {
      // The default region's values for the warp_specialize's results,
      // handed over at the join (resumeBlocked).
      pr.results.clear();
      for (uint32_t i = 0; i < r.op->numOperands; ++i)
        pr.results.push_back(pr.p.operand(i));
      continue;
    }
    if (observer_ && isLocalAccessKind(kind)) {
      if (proof_ && readsMove(s, pr, r.op, unknown))
        return false; // a predicate or slot that moves with a trip count
      localAccess(s, pi, r.op);
      continue;
    }
    if (kind == OpKind::MemDescIndex) {
      if (proof_ && readsMove(s, pr, r.op, unknown))
        return false;
      recordSlot(s, pr, r.op);
      continue;
    }
    if (kind == OpKind::ArefBuffer) {
      // The views of one stage of an aref: the stage is their slot; before
      // code partitioning the stage of their token's enter.
      if (arefTurns_) {
        std::optional<int64_t> slot = slotOf(s, pr, tokenOperand(r.op));
        for (uint32_t i = 0; slot && i < r.op->numResults; ++i)
          setSlot(pr, r.op->result(i), *slot);
        continue;
      }
      interp::Scalar stage = pr.p.value(roles(r.op).index);
      for (uint32_t i = 0; stage.isKnown() && i < r.op->numResults; ++i)
        setSlot(pr, r.op->result(i), stage.sext());
      continue;
    }
    if (kind == OpKind::For && partitionLoops_.count(r.op)) {
      pr.status = PStatus::AtEvent; // the fork (stepFork)
      return true;
    }
    if (kind == OpKind::For || kind == OpKind::Yield) {
      carrySlots(s, pr, r.op);
      continue;
    }
    if (isBranchKind(kind)) {
      carryBranchSlots(s, pr, r.op);
      continue;
    }
    pr.status = PStatus::AtEvent;
    return true;
  }
  unknown = {"a partition runs a million local steps without synchronizing", Gap::Budget};
  return false;
}

void Explorer::touchBar(uint64_t key, bool write) const {
  if (!foot_)
    return;
  if (write)
    foot_->write(allocOfKey(key), slotOfKey(key));
  else
    foot_->read(allocOfKey(key), slotOfKey(key));
}

void Explorer::touchBuffers(Footprint &f, const ir::Value *v, bool write) const {
  if (!v)
    return;
  for (const kernel::Allocation *a : k_.rootsOf(v)) {
    if (a->isBarrier || a->id >= bufferClass_.size())
      continue;
    f.access(bufferClass_[a->id], write);
    if (a->kind == kernel::AllocKind::Tensor) {
      // Column-packed TMEM: the race check keys such accesses by the owner.
      kernel::TmemColumns c = k_.tmemColumnsOf(v);
      if (c.known && c.owner && c.owner->id < bufferClass_.size())
        f.access(bufferClass_[c.owner->id], write);
    }
  }
}

namespace {

/// Calls `fn` on every op of `region`, nested regions included.
template <class Fn>
void forEachOpIn(const ir::Region *region, Fn &&fn) {
  std::vector<const ir::Operation *> work;
  for (const ir::Block *b = region->first; b; b = b->next)
    for (const ir::Operation *o = b->first; o; o = o->next)
      work.push_back(o);
  while (!work.empty()) {
    const ir::Operation *op = work.back();
    work.pop_back();
    for (ir::Region *r = op->firstRegion; r; r = r->next)
      for (ir::Block *b = r->first; b; b = b->next)
        for (ir::Operation *o = b->first; o; o = o->next)
          work.push_back(o);
    fn(op);
  }
}

} // namespace

const ir::Region *Explorer::regionOf(const Proc &pr) const {
  if (pr.ws)
    if (const kernel::Partition *p = pr.ws->find(pr.partition); p && p->region)
      return p->region;
  return k_.func->firstRegion;
}

const std::vector<uint32_t> &Explorer::arrivePublishedWritesOf(const Proc &pr) const {
  const ir::Region *region = regionOf(pr);
  auto [it, fresh] = arriveWrites_.try_emplace(region);
  if (!fresh)
    return it->second;
  Footprint f;
  forEachOpIn(region, [&](const ir::Operation *op) {
    // tcgen05 writes (MMA results, tmem_copy) are the barrier agent's:
    // published when made (stale::FlowObserver).
    OpKind kind = dialect::kindOf(op);
    if (kind == OpKind::TcGen5Mma || kind == OpKind::TcGen5MmaScaled || kind == OpKind::TmemCopy)
      return;
    const dialect::OperandRoles &r = roles(op);
    for (const ir::Value *v : r.writes)
      touchBuffers(f, v, true);
    touchBuffers(f, r.buffer, true);
  });
  f.normalize();
  for (const BufferUse &u : f.buffers)
    it->second.push_back(u.cls);
  return it->second;
}

const Footprint &Explorer::futureOf(const Proc &pr) const {
  const ir::Region *region = regionOf(pr);
  auto [it, fresh] = futures_.try_emplace(region);
  Footprint &f = it->second;
  if (!fresh)
    return f;
  // Every op of the region, whatever the process has run already: what it
  // may still touch. Slots are not known ahead, so whole allocations.
  // Any process may reach a branch on an unbound input (and, proving, a
  // symbolic loop: expand() adds that, since the cache serves both modes).
  f.choices = true;
  forEachOpIn(region, [&](const ir::Operation *op) {
    OpKind kind = dialect::kindOf(op);
    if (opts_.edits)
      if (auto ins = opts_.edits->arriveBefore.find(op); ins != opts_.edits->arriveBefore.end())
        for (const EditOverlay::Arrive &a : ins->second)
          f.write(a.alloc, kAnySlot); // an edit's arrive before the op
    if (kind == OpKind::NamedBarrierArrive || kind == OpKind::NamedBarrierWait) {
      f.named = true;
      return;
    }
    if (kind == OpKind::WarpSpecialize || kind == OpKind::WarpGroup || kind == OpKind::InitBarrier)
      f.global = true; // only the process outside the partitions, before a fork or after a join
    const dialect::OperandRoles &r = roles(op);
    std::vector<const ir::Value *> bars = r.barriers;
    if (r.barrier)
      bars.push_back(r.barrier);
    // A wait only reads its barrier; every other barrier operand is
    // arrived on, now or by the async work the op issues.
    for (const ir::Value *bv : bars)
      for (const kernel::Allocation *a : k_.rootsOf(bv))
        if (a->isBarrier)
          (kind == OpKind::WaitBarrier ? f.read(a->id, kAnySlot) : f.write(a->id, kAnySlot));
    if (isArefKind(kind) || isArefLoad(*op))
      for (uint32_t i = 0; i < op->numOperands; ++i)
        if (const kernel::Allocation *a = arefOf(op->operands[i]))
          f.write(a->id, kAnySlot);
    for (const ir::Value *v : r.reads)
      touchBuffers(f, v, false);
    for (const ir::Value *v : r.writes)
      touchBuffers(f, v, true);
    touchBuffers(f, r.buffer, true);
  });
  f.normalize();
  return f;
}

void Explorer::addChanges(const State &s, const State &n, Footprint &f) const {
  if (s.procs.size() != n.procs.size())
    f.global = true;
  if (!s.bars.same(n.bars))
    s.bars->forEachDifference(*n.bars, [&](uint64_t key) { f.write(allocOfKey(key), slotOfKey(key)); });
  if (!(s.named == n.named))
    f.named = true;
  if (!(s.choices == n.choices))
    f.choices = true;
  if (!(s.trips == n.trips))
    f.trips = true;
  if (!(s.flow == n.flow)) {
    std::vector<uint32_t> allocs;
    if (!observer_ || !observer_->flowChanges(s, n, allocs))
      f.global = true;
    for (uint32_t a : allocs)
      if (a < bufferClass_.size())
        f.access(bufferClass_[a], true);
  }
}

std::vector<char> Explorer::reducedSet(const std::vector<ActorSteps> &actors, size_t numSuccessors) const {
  // A stubborn set (Valmari) over actors: start from one actor that can
  // move; while an actor in the set (moving or blocked) is dependent with
  // what another may still do, add that one. For a blocked actor this adds
  // every actor that could unblock it (its necessary enabling set); for one
  // that moves, every actor whose future could fail to commute with its
  // step. Steps outside the set then commute with every step in it, and a
  // join cannot happen while a partition in the set has not moved.
  //
  // Sets are 64-bit masks (this runs for every state); a row of the
  // dependence matrix is worked out when its actor first joins a set (a
  // blocked actor no set reaches costs nothing). More than 64 actors in
  // flight (processes and async completions) is not met in the kernels we
  // check; such a state is expanded in full, which is always sound.
  const size_t n = actors.size();
  if (n > 64)
    return {};
  uint64_t rows[64], known = 0, best = 0;
  const bool joining = std::any_of(actors.begin(), actors.end(), [](const ActorSteps &a) { return a.joining; });
  size_t bestCount = numSuccessors;
  for (size_t seed = 0; seed < n; ++seed) {
    if (actors[seed].begin == actors[seed].end)
      continue;
    uint64_t in = uint64_t(1) << seed, todo = in;
    while (todo) {
      size_t x = static_cast<size_t>(std::countr_zero(todo));
      todo &= todo - 1;
      if (!(known >> x & 1)) {
        known |= uint64_t(1) << x;
        rows[x] = 0;
        for (size_t y = 0; y < n; ++y)
          if (x != y && ActorSteps::dependsOn(actors[x], actors[y]))
            rows[x] |= uint64_t(1) << y;
      }
      uint64_t add = rows[x] & ~in;
      in |= add;
      todo |= add;
    }
    size_t count = 0;
    bool live = false;
    for (uint64_t m = in; m; m &= m - 1) {
      const ActorSteps &a = actors[static_cast<size_t>(std::countr_zero(m))];
      count += a.end - a.begin;
      live |= !a.async && !a.joining;
    }
    if (joining && !live)
      continue; // the partitions could all finish outside the set, and the join touches everything
    if (count < bestCount) {
      bestCount = count;
      best = in;
      if (count == 1)
        break; // no set is smaller: the first of the smallest is kept
    }
  }
  if (!best)
    return {};
  std::vector<char> keep(numSuccessors, 0);
  for (uint64_t m = best; m; m &= m - 1) {
    const ActorSteps &a = actors[static_cast<size_t>(std::countr_zero(m))];
    std::fill(keep.begin() + static_cast<long>(a.begin), keep.begin() + static_cast<long>(a.end), 1);
  }
  return keep;
}

/// The BFS: every state met, its parent and the step from it, the seen-set.
struct Explorer::Search {
  std::vector<State> states;
  std::vector<std::pair<int64_t, TraceStep>> parent;
  support::HashIndex seen; // state ids by StateHash
  std::deque<uint32_t> queue;
  size_t searchAfterHang = 0;
  bool clocks = false; // the states carry happens-before clocks: canonical ones (model/ClockCanon.h)
  // Proof mode: states bucketed by foldHash, and where the shifts go.
  const interp::TripProof *proof = nullptr;
  const std::vector<uint8_t> *steer = nullptr; // the cells a fold compares (steeringValues)
  std::vector<std::vector<int64_t>> *foldShifts = nullptr;
  std::unordered_map<size_t, std::vector<uint32_t>> folds;
  // Reducing or proving: every edge of the explored graph (a fold leads to
  // its target), but those of restartEdges.
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  // Reducing: what each expanded state did with its actors (kFull: every
  // successor, or not expanded yet; kReduced: a reduced set, its enabled
  // actors outside it in `ignored`; kChoice: a trip count's choice, the
  // only step built), and the states to expand again in full (the cycle
  // condition, ignoringCycles).
  enum Shape : uint8_t { kFull, kReduced, kChoice };
  std::vector<uint8_t> shape;
  std::vector<std::pair<uint32_t, uint64_t>> ignored; // (state, actorKey) of an enabled actor left out
  std::deque<uint32_t> redo;
  bool expandingFully = false; // expand(): the state is one of `redo`
  // Proving, per state: the parameters a fold onto it shifts (kAnyFold
  // for every fold), and what its steps read that a shifted state may read
  // otherwise (kSettling: a comparison settled later; a parameter's bit:
  // a loop of it entered at its first trip). Checked by foldsHold().
  std::vector<uint64_t> foldShifted, reads;
  // Proving: edges whose step started a trip count afresh (from, to, its
  // parameters), kept apart from succ: reach does not cross them for those.
  std::vector<std::tuple<uint32_t, uint32_t, uint64_t>> restartEdges;
  uint64_t lastRestart = 0; // add(): the last step's restarted parameters
  static constexpr uint64_t kSettling = uint64_t(1) << 63, kAnyFold = kSettling;

  // Every distinct process value of the stored states, by procHash: a
  // process that reaches the same point with the same values on another
  // path shares one object with it (a state's processes are most of its
  // memory; far fewer of them differ than there are states). Shared values
  // are never changed in place (Shared::mut clones them).
  std::vector<Shared<Proc>> procPool;
  support::HashIndex procIndex; // procPool by procHash
  std::vector<size_t> procHashes; // add(): the new state's, for its hash and the pool
  std::vector<Shared<std::vector<uint64_t>>> flowPool;
  support::HashIndex flowIndex; // flowPool by the rows' hash
  void intern(State &ns) {
    for (size_t i = 0; i < ns.procs.size(); ++i) {
      Shared<Proc> &sp = ns.procs.shared(i);
      // Every field, not only those state equality compares: nothing the
      // search reads later differs.
      uint32_t at = procIndex.find(procHashes[i], [&](uint32_t j) {
        const Shared<Proc> &c = procPool[j];
        return c.same(sp) || (*c == *sp && c->p.identical(sp->p) && c->lastWait == sp->lastWait &&
                              c->skippedWait == sp->skippedWait && c->skippedOn == sp->skippedOn);
      });
      if (at != support::HashIndex::kNone) {
        sp.shareWith(procPool[at]);
        continue;
      }
      procIndex.insert(procHashes[i], static_cast<uint32_t>(procPool.size()));
      procPool.push_back(sp);
    }
    // The data-flow rows likewise: far fewer distinct than states.
    if (ns.flow->empty())
      return;
    size_t h = 0x9e3779b97f4a7c15ull;
    for (uint64_t w : *ns.flow)
      h = (h ^ w) * 0x100000001b3ull;
    uint32_t at = flowIndex.find(h, [&](uint32_t j) { return flowPool[j].same(ns.flow) || *flowPool[j] == *ns.flow; });
    if (at != support::HashIndex::kNone) {
      ns.flow.shareWith(flowPool[at]);
      return;
    }
    flowIndex.insert(h, static_cast<uint32_t>(flowPool.size()));
    flowPool.push_back(ns.flow);
  }

  /// Adds `ns` unless an equal state was met (or, proving, a state it is a
  /// shift of); true when added. `at` gets the state it is (or equals, or
  /// is a shift of).
  bool add(State &&ns, int64_t from, TraceStep &&step, uint32_t *at = nullptr) {
    // Proving: the parameters this step started afresh (fixed before, open
    // now): what a state reaches past it is of another trip count.
    lastRestart = ns.restarts;
    ns.restarts = 0;
    if (clocks)
      canonicalizeClocks(ns); // exact (model/ClockCanon.h): states that differ in counters' magnitudes merge
    procHashes.clear();
    for (const Proc &p : ns.procs)
      procHashes.push_back(procHash(p));
    const size_t h = StateHash{}(ns, procHashes);
    if (uint32_t idx = seen.find(h, [&](uint32_t i) { return states[i] == ns; }); idx != support::HashIndex::kNone) {
      if (at)
        *at = idx;
      return false;
    }
    std::vector<uint32_t> *fold = nullptr;
    if (proof && ns.trips.anyOpen()) {
      // The latest few states of the same shape: a steady state recurs
      // within them, and a long bucket (the same shape at shifts the period
      // does not allow) would make every add quadratic.
      fold = &folds[foldHash(ns, *steer)];
      size_t first = fold->size() > kFoldCandidates ? fold->size() - kFoldCandidates : 0;
      for (size_t i = fold->size(); i-- > first;)
        if (auto d = shiftBetween(states[(*fold)[i]], ns, *proof, *steer)) {
          uint64_t shifted = kAnyFold;
          for (size_t p = 0; p < d->size(); ++p)
            if ((*d)[p] > 0)
              shifted |= interp::TripProof::entryBit(static_cast<uint8_t>(p + 1));
          foldShifted[(*fold)[i]] |= shifted;
          foldShifts->push_back(std::move(*d));
          if (at)
            *at = (*fold)[i];
          return false;
        }
    }
    intern(ns);
    uint32_t id = static_cast<uint32_t>(states.size());
    states.push_back(std::move(ns));
    parent.push_back({from, std::move(step)});
    seen.insert(h, id);
    if (fold)
      fold->push_back(id);
    shape.push_back(kFull);
    if (proof) {
      foldShifted.push_back(0);
      reads.push_back(0);
    }
    if (at)
      *at = id;
    queue.push_back(id);
    return true;
  }
};

std::vector<TraceStep> Explorer::pathTo(const Search &S, int64_t at) const {
  std::vector<TraceStep> rev;
  for (; at > 0; at = S.parent[static_cast<size_t>(at)].first)
    rev.push_back(S.parent[static_cast<size_t>(at)].second);
  return {rev.rbegin(), rev.rend()};
}

void Explorer::recordHang(Search &S, uint32_t si, DeadlockRun &out) {
  const State &s = S.states[si];
  if (proof_ && !badTrips_)
    badTrips_ = s.trips;
  out.verdict = "deadlock";
  out.states = S.states.size();
  describeStuck(*this, s, out.stuck);
  explainHang(*this, s, out);
  out.trace = pathTo(S, si);
}

DeadlockRun Explorer::run(const interp::Bindings &b, std::string label, size_t maxStates) {
  runLabel_ = label;
  progress_.emplace("tscope: kernel " + k_.name + ", run " + runLabel_, "states", 0);
  struct ClearProgress {
    std::optional<support::ProgressLine> &line;
    ~ClearProgress() { line.reset(); }
  } clearProgress{progress_};
  DeadlockRun out;
  runCap_ = maxStates ? std::min(maxStates, opts_.maxStates) : opts_.maxStates;
  out.bindings = std::move(label);
  if (unmodelled_) {
    setUndecided(out, {std::string(unmodelled_->opName()) + " (IR line " + std::to_string(unmodelled_->line) +
                           ") is not modelled yet",
                       Gap::Unmodelled, unmodelled_});
    return out;
  }
  std::vector<std::string> errors;
  State init;
  Proc main(interp::Process::start(prog_, b, &errors));
  main.p.setStepLimit(kLocalSteps);
  main.partition = kernel::kOutside;
  if (tracksClocks())
    main.vc.set(0, 1);
  init.procs.push_back(std::move(main));
  stopped_ = false;
  stopTrace_.clear();
  over_.reset();
  overStep_.reset();
  amdOverArrival_ = nullptr;
  dataBranches_.clear();
  hang_.reset();
  stuckStates_ = 0;
  curOut_ = nullptr;
  if (Undecided why; !advance(init, 0, why)) {
    setUndecided(out, why);
    return out;
  }
  if (stopped_) {
    out.verdict = "race";
    out.states = 1;
    return out;
  }
  Search S;
  decidesSettling_ = false;
  trips_.entered = 0;
  proofGap_.reset();
  S.searchAfterHang = runCap_;
  S.clocks = tracksClocks();
  if (proof_) {
    S.proof = &trips_;
    S.steer = &steer_;
    S.foldShifts = &folds_;
  }
  S.add(std::move(init), -1, {});
  finished_ = false;
  bool cut = false;
  for (;;) {
    while (!S.queue.empty() || !S.redo.empty()) {
      // States the cycle condition sends back are expanded in full first.
      S.expandingFully = !S.redo.empty();
      std::deque<uint32_t> &q = S.expandingFully ? S.redo : S.queue;
      uint32_t si = q.front();
      q.pop_front();
      if (!expand(S, si, out)) {
        cut = true;
        break;
      }
    }
    S.expandingFully = false;
    if (cut || !reduces())
      break;
    std::vector<uint32_t> again = ignoringCycles(S);
    if (again.empty())
      break;
    for (uint32_t si : again) {
      S.shape[si] = Search::kFull;
      S.redo.push_back(si);
    }
  }
  out.finishes = finished_;
  out.complete = !cut && S.queue.empty() && out.verdict != "unknown";
  if (proofGap_ && out.verdict != "race" && out.verdict != "deadlock" && !over_) {
    // No counterexample past the state the proof could not follow: the
    // proof's verdict is that state's reason.
    out.stop = {};
    setUndecided(out, *proofGap_);
    out.complete = false;
    out.states = S.states.size();
  }
  if (out.verdict == "race" || out.verdict == "unknown")
    return out;
  out.overArrival = over_;
  if (out.verdict == "deadlock")
    return out;
  if (!proof_ && out.complete && !finished_ && !over_ && stuckStates_ == 0) {
    // Every state was seen and none is stuck, yet no interleaving ends:
    // the runs go round a cycle of states (a loop that never ends, with
    // barrier operations in it). Not a clean verdict.
    out.verdict = "unknown";
    out.complete = false;
    out.stop.gap = Gap::Shape;
    out.reason = "no interleaving finishes: every run goes round a cycle of states (a loop with barrier "
                 "operations that never ends); tscope does not report such a livelock's trace yet";
    out.states = S.states.size();
    return out;
  }
  out.verdict = over_ ? "trap" : "no-deadlock";
  if (std::string why = proof_ ? foldsHold(S) : std::string(); !why.empty()) {
    out.verdict = "unknown";
    out.stop.gap = Gap::Proof;
    out.reason = std::move(why);
    out.states = S.states.size();
    return out;
  }
  out.states = S.states.size();
  for (const ir::Operation *op : redundant_)
    out.redundantWaits.push_back({std::string(op->opName()), where(op)});
  return out;
}

Undecided Explorer::dataPathReason(std::string_view what) const {
  std::string branches;
  for (const auto &[op, cond] : dataBranches_)
    branches += (branches.empty() ? "" : "; ") + std::string(op->opName()) + " at IR line " +
                std::to_string(op->line) + " on " + cond;
  return {std::string("the kernel ") + std::string(what) +
              " on a path that takes a side of a branch on data the model does not compute (" + branches +
              "); whether the data allows that side is not known",
          Gap::Value, dataBranches_.empty() ? nullptr : dataBranches_.front().first};
}

Undecided Explorer::valueGap(std::string why, const interp::Scalar &v, const ir::Operation *op) const {
  Undecided u{std::move(why), Gap::Value, op};
  if (v.isKnown())
    return u;
  if (v.reason() == interp::Reason::Unbound)
    u.gap = Gap::Input;
  else if (v.reason() == interp::Reason::NoGrid)
    u.gap = Gap::Grid;
  UnknownWords w = unknownWords(m_, k_, v);
  u.valueWhy = std::move(w.why);
  u.next = std::move(w.next);
  return u;
}

void Explorer::setUndecided(DeadlockRun &out, const Undecided &u) const {
  out.verdict = "unknown";
  out.reason = u.why;
  out.stop.gap = u.gap;
  out.stop.valueWhy = u.valueWhy;
  out.stop.next = u.next;
  if (u.op) {
    out.stop.at = where(u.op);
    out.stop.op = std::string(u.op->opName());
  }
}

/// Expands state `si`; false ends the search (the verdict, if final, is in `out`).
bool Explorer::expand(Search &S, uint32_t si, DeadlockRun &out) {
  bool hung = out.verdict == "deadlock";
  if (hung && S.states.size() > S.searchAfterHang)
    return false; // the over-arrival search after a hang has a budget of its own
  if (opts_.maxMemoryMb && (S.states.size() & 1023) == 0 && support::heapMbInUse() > opts_.maxMemoryMb) {
    out.verdict = "unknown";
    out.stop.gap = Gap::Budget;
    out.reason = "memory budget of " + std::to_string(opts_.maxMemoryMb) + " MiB reached after " +
                 std::to_string(S.states.size()) + " states (--max-memory)";
    out.states = S.states.size();
    return false;
  }
  if (proof_) {
    // A steady state recurs within a few periods; a trip count past that
    // with no recurrence means a value grows that no shift carries.
    for (const interp::TripParam &t : S.states[si].trips.items)
      if (t.key && !t.fixed && t.n > kProofTrips) {
        out.verdict = "unknown";
        out.stop.gap = Gap::Budget;
        out.reason = "the state did not recur shifted within " + std::to_string(kProofTrips) +
                     " trips (a value grows with the trips that no shift carries, e.g. a counter advanced by an "
                     "inner loop's trip count)";
        out.states = S.states.size();
        return false;
      }
  }
  if (opts_.deadline && (S.states.size() & 255) == 0 && std::chrono::steady_clock::now() > *opts_.deadline) {
    out.verdict = "unknown";
    out.stop.gap = Gap::Budget;
    out.reason = fmt::format("time budget of {:g} s reached after {} states (--timeout)", opts_.timeoutSeconds,
                             S.states.size());
    out.states = S.states.size();
    return false;
  }
  if ((S.states.size() & 4095) == 0 && progress_ && progress_->enabled())
    progress_->update(S.states.size(), "");
  if (proof_ && (S.states.size() & 63) == 0 && std::chrono::steady_clock::now() > deadline_) {
    out.verdict = "unknown";
    out.stop.gap = Gap::Budget;
    out.reason = proofTimeReason();
    out.states = S.states.size();
    return false;
  }
  const size_t cap = proof_ ? std::min(runCap_, folds_.empty() ? firstFoldCap(opts_) : opts_.proofStates) : runCap_;
  if (proofGap_ && S.states.size() > proofGapCap_)
    return false; // run() reports the gap
  if (S.states.size() > cap) {
    if (hung)
      return false;
    out.verdict = "unknown";
    out.stop.gap = Gap::Budget;
    out.reason = proof_ ? (folds_.empty() ? "no state recurred shifted within the first " : "the state did not recur shifted within ") + std::to_string(cap) + " states"
                        : "more than " + std::to_string(cap) + " states";
    if (proof_ && cap < runCap_)
      out.reason += "; a --proof-states larger than " + std::to_string(opts_.proofStates) + " searches further";
    out.states = S.states.size();
    return false;
  }
  Successors next;
  Undecided unknownReason;
  drifted_ = false;
  std::vector<ActorSteps> actors;
  successors(S.states[si], next, unknownReason, reduces() ? &actors : nullptr);
  if (drifted_)
    return true; // lockstep schedules: a partition fell a whole phase behind; not one of them
  if (amdOverArrival_ && !hung) {
    setUndecided(out, {"an arrive on an AMD barrier (" + std::string(amdOverArrival_->opName()) + " at IR line " +
                           std::to_string(amdOverArrival_->line) +
                           ") takes its pending count below zero, which TritonAMDGPUOps.td does not define",
                       Gap::Unmodelled, amdOverArrival_});
    out.states = S.states.size();
    return false;
  }
  amdOverArrival_ = nullptr; // after a hang: the search goes on for a fault it can show
  if (over_ && over_->trace.empty() && overStep_ && S.states[si].choices.count(nullptr)) {
    // An over-arrival on a path that assumed a data branch's side: not shown
    // to be real. After a hang the search goes on for one that is.
    over_.reset();
    overStep_.reset();
    if (!hung) {
      setUndecided(out, dataPathReason("over-arrives"));
      out.states = S.states.size();
      return false;
    }
  }
  if (over_ && over_->trace.empty() && overStep_) {
    // The first over-arrival, met while building the successors of `si`;
    // the state after it is not explored (the GPU faults there).
    over_->trace = pathTo(S, si);
    if (proof_ && !badTrips_)
      badTrips_ = S.states[si].trips;
    over_->trace.push_back(*overStep_);
    overStep_.reset();
  }
  if (stopped_) {
    // The observer stopped while building successor stopStep_ of `si`.
    stopTrace_ = pathTo(S, si);
    if (proof_ && !badTrips_)
      badTrips_ = S.states[si].trips;
    if (stopStep_ < next.size())
      stopTrace_.push_back(next[stopStep_].second);
    out.verdict = "race";
    out.states = S.states.size();
    return false;
  }
  if (hung && (over_ || !unknownReason.empty()))
    return false;
  if (!unknownReason.empty() && proof_ && !hung) {
    // The proof cannot follow this state, so it will not be proved; the
    // rest of the search may still meet a hang, an over-arrival or a race
    // whose trip counts the witness run takes (Proof.cpp). Four times the
    // states so far (at least 2,000) is enough for one a few trips in.
    if (!proofGap_) {
      proofGap_ = unknownReason;
      proofGapCap_ = std::min(firstFoldCap(opts_), std::max<size_t>(2'000, 4 * S.states.size()));
    }
    return true;
  }
  if (!unknownReason.empty()) {
    setUndecided(out, unknownReason);
    out.states = S.states.size();
    return false;
  }
  if (next.empty()) {
    const State &s = S.states[si];
    if (std::all_of(s.procs.begin(), s.procs.end(), [](const Proc &p) { return p.status == PStatus::Done; })) {
      finished_ = true;
      if (observer_ && observer_->onFinish(*this, s)) {
        // The observer ended the search at this finished state.
        stopped_ = true;
        stopTrace_ = pathTo(S, si);
        if (proof_ && !badTrips_)
          badTrips_ = s.trips;
        out.verdict = "race";
        out.states = S.states.size();
        return false;
      }
      return true;
    }
    if (observer_) {
      // With an observer every reachable state is visited; a stuck one just
      // ends its interleaving (and is the hang, if asked for, when first).
      ++stuckStates_;
      if (recordHangs_ && !hang_) {
        hang_.emplace();
        recordHang(S, si, *hang_);
      }
      return true;
    }
    if (hung)
      return true; // still looking for an over-arrival (below)
    if (s.choices.count(nullptr)) {
      setUndecided(out, dataPathReason("hangs"));
      out.states = S.states.size();
      return false;
    }
    recordHang(S, si, out);
    if (over_)
      return false;
    // The shortest hang is kept; the search goes on for an over-arrival,
    // which a kernel that can hang may reach too (the GPU faults there).
    S.searchAfterHang = std::min(runCap_, 16 * S.states.size() + 50'000);
    return true;
  }
  if (S.proof) {
    S.reads[si] |= (decidesSettling_ ? Search::kSettling : 0) | trips_.entered;
    decidesSettling_ = false;
    trips_.entered = 0;
  }
  std::vector<char> first;
  const bool choice = proof_ && reduces() && pendingTripChoice(S.states[si]) < S.states[si].procs.size();
  if (reduces() && !S.expandingFully && !choice && next.size() > 1) {
    const State &s = S.states[si];
    for (ActorSteps &a : actors) {
      for (size_t j = a.begin; j < a.end; ++j)
        addChanges(s, next[j].first, a.cur);
      a.cur.normalize();
      if (a.async) {
        // A completion that arrives may also change the observer's rows of
        // the writes its issuer makes before it lands (the data-flow check
        // publishes them): the buffers the issuer may still write other
        // than through tcgen05 (whose writes are published when made). A
        // TMA's completion delivers bytes and arrives on nothing, and
        // without such an observer (races) a completion touches only its
        // barrier.
        a.fut = a.cur;
        uint32_t from = s.async[a.index].from;
        if (rowsOnArrive_ && s.async[a.index].arrive && from < s.procs.size())
          for (uint32_t cls : arrivePublishedWritesOf(s.procs[from]))
            a.fut.access(cls, true);
      } else if (!a.joining) {
        a.future = &futureOf(s.procs[a.index]);
        a.futureTrips = proof_;
      }
    }
    first = reducedSet(actors, next.size());
    if (!first.empty()) {
      // The enabled actors left out, for the cycle condition checked when
      // the queue runs dry (ignoringCycles).
      S.shape[si] = Search::kReduced;
      for (const ActorSteps &a : actors)
        if (a.begin < a.end && !first[a.begin])
          S.ignored.emplace_back(si, actorKey(s, a));
    }
  }
  if (choice)
    S.shape[si] = Search::kChoice;
  const bool keepEdges = reduces() || S.proof;
  for (size_t j = 0; j < next.size(); ++j) {
    if (!first.empty() && !first[j])
      continue;
    uint32_t at = 0;
    S.add(std::move(next[j].first), si, std::move(next[j].second), &at);
    if (S.proof && S.lastRestart)
      S.restartEdges.emplace_back(si, at, S.lastRestart);
    else if (keepEdges)
      S.edges.emplace_back(si, at);
  }
  return true;
}

uint64_t Explorer::actorKey(const State &s, const ActorSteps &a) {
  if (!a.async)
    return a.index; // a process keeps its place while no fork or join (global: a full expansion) moves
  // A completion in flight is the same actor from state to state while it
  // waits: its entry is unchanged but for the clock (renamed canonically).
  const Async &x = s.async[a.index];
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint64_t w : {x.key, static_cast<uint64_t>(x.arrive), static_cast<uint64_t>(x.tx),
                     static_cast<uint64_t>(reinterpret_cast<uintptr_t>(x.op)), uint64_t(x.from), uint64_t(x.order),
                     uint64_t(x.queue)})
    h = (h ^ w) * 0x100000001b3ull;
  return h | (uint64_t(1) << 63);
}

std::vector<uint32_t> Explorer::ignoringCycles(const Search &S) {
  // The ignoring problem (docs/Deadlock.md, "Fewer interleavings"): an
  // enabled actor left out of the reduced set at every state of a cycle
  // would never move, and a step it would take later (an over-arrival, a
  // race, a stale read) never be seen. For each actor, the states that left
  // it out (and the choice states, which build no other actor's step) must
  // hold no cycle; a depth-first search over them finds one as an edge back
  // to a state on its stack, and a state of that cycle that made a reduced
  // set is expanded again in full.
  // Per actor, in the order first left out (keys of completions hold op
  // addresses: the order must not depend on them).
  std::unordered_map<uint64_t, size_t> index;
  std::vector<std::vector<uint32_t>> members;
  for (auto [st, key] : S.ignored)
    if (S.shape[st] == Search::kReduced) {
      auto [it, fresh] = index.try_emplace(key, members.size());
      if (fresh)
        members.emplace_back();
      members[it->second].push_back(st);
    }
  if (members.empty())
    return {};
  const size_t n = S.states.size();
  std::vector<uint32_t> wild;
  for (uint32_t st = 0; st < n; ++st)
    if (S.shape[st] == Search::kChoice)
      wild.push_back(st);
  // The explored graph's edges, by source.
  std::vector<uint32_t> off(n + 1, 0), to;
  auto eachEdge = [&](auto &&f) {
    for (auto [a, b] : S.edges)
      f(a, b);
    for (auto [a, b, r] : S.restartEdges)
      f(a, b);
  };
  eachEdge([&](uint32_t a, uint32_t) { ++off[a + 1]; });
  for (size_t i = 0; i < n; ++i)
    off[i + 1] += off[i];
  to.resize(off[n]);
  {
    std::vector<uint32_t> fill(off.begin(), off.end() - 1);
    eachEdge([&](uint32_t a, uint32_t b) { to[fill[a]++] = b; });
  }
  std::vector<uint32_t> mark(n, 0), pos(n, 0);
  std::vector<uint8_t> color(n, 0); // 0 unvisited, 1 on the stack, 2 done
  std::vector<std::pair<uint32_t, uint32_t>> stack; // (state, next edge)
  std::vector<char> pick(n, 0);
  std::vector<uint32_t> redo;
  uint32_t stamp = 0;
  for (const std::vector<uint32_t> &states : members) {
    ++stamp;
    for (uint32_t st : states)
      mark[st] = stamp, color[st] = 0;
    for (uint32_t st : wild)
      mark[st] = stamp, color[st] = 0;
    for (uint32_t root : states) {
      if (color[root] != 0)
        continue;
      stack.assign(1, {root, off[root]});
      color[root] = 1;
      pos[root] = 0;
      while (!stack.empty()) {
        auto &[u, e] = stack.back();
        if (e == off[u + 1]) {
          color[u] = 2;
          stack.pop_back();
          continue;
        }
        uint32_t v = to[e++];
        if (mark[v] != stamp)
          continue;
        if (color[v] == 0) {
          color[v] = 1;
          pos[v] = static_cast<uint32_t>(stack.size());
          stack.push_back({v, off[v]});
        } else if (color[v] == 1) {
          // A cycle: v ... u on the stack, then back to v. Its newest state
          // that made a reduced set is expanded in full.
          for (size_t i = stack.size(); i-- > pos[v];) {
            uint32_t w = stack[i].first;
            if (S.shape[w] == Search::kReduced) {
              if (!pick[w])
                redo.push_back(w);
              pick[w] = 1;
              break;
            }
          }
        }
      }
    }
  }
  return redo;
}

std::string Explorer::foldsHold(const Search &S) const {
  // What each state reaches in the explored graph (folds lead to their
  // targets): a comparison not yet settled (a first-iteration predicate),
  // and the parameters of loops entered at their first trip. A fold onto a
  // state that reaches either may not share its future with its shift
  // (docs/Deadlock.md, "Every trip count", checks (2) and (4)).
  std::vector<uint64_t> reaches(S.reads);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t e = S.edges.size(); e-- > 0;)
      if (auto [i, j] = S.edges[e]; (reaches[j] & ~reaches[i]) != 0) {
        reaches[i] |= reaches[j];
        changed = true;
      }
    // Past a loop that started a new trip count, its entries are the new
    // count's (a fold shifts the old one).
    for (auto [i, j, restarted] : S.restartEdges)
      if ((reaches[j] & ~restarted & ~reaches[i]) != 0) {
        reaches[i] |= reaches[j] & ~restarted;
        changed = true;
      }
  }
  uint64_t clash = 0;
  for (size_t i = 0; i < reaches.size(); ++i)
    clash |= reaches[i] & S.foldShifted[i];
  if (!clash)
    return "";
  if (clash & Search::kSettling)
    return "a predicate that depends on the first iterations (e.g. `k > 0`) is read again in the steady state, so "
           "a shifted state need not behave the same";
  uint8_t id = static_cast<uint8_t>(__builtin_ctzll(clash) + 1);
  std::string loop = id <= trips_.lines.size() && clash != (~uint64_t(0) >> 1)
                         ? "the loop at IR " + std::to_string(trips_.lines[id - 1u])
                         : std::string("a symbolic loop");
  return "a loop over the same trip count as " + loop +
         " starts again after a state the proof folded onto (a tile loop around it, or a later loop), and a shifted "
         "state would run it for more trips";
}

namespace {

/// The swept value of a planned run: its largest integer binding.
int64_t sweptValue(const interp::Bindings &b) {
  int64_t v = 0;
  for (const interp::Bindings::Arg &a : b.args)
    v = std::max(v, a.value);
  return v;
}

} // namespace

std::string SweepGrowth::skip(const interp::Bindings &b, const std::string &label, size_t cap) const {
  if (seen_.size() < 2)
    return "";
  const Seen &s1 = seen_[seen_.size() - 2], &s2 = seen_.back();
  // The coverage run's inputs are not a point of the sweep: it is made.
  if (isCoverageRun(label))
    return "";
  const int64_t v3 = sweptValue(b);
  if (s2.states < kGrowthFloor || s1.states == 0 || s1.value <= 0 || s2.value <= s1.value || v3 <= s2.value ||
      s2.states <= s1.states)
    return "";
  const double e = std::log(double(s2.states) / double(s1.states)) / std::log(double(s2.value) / double(s1.value));
  const double projected = double(s2.states) * std::pow(double(v3) / double(s2.value), e);
  if (projected <= double(cap))
    return "";
  return fmt::format("not run: the states grew from {} at {} to {} at {} (as the value to the power {:.1f}), so at "
                     "{} they would pass the state cap of {} (raise --max-states, or bind the loop bounds with "
                     "--arg)",
                     s1.states, s1.label, s2.states, s2.label, e, label, cap);
}

void SweepGrowth::ran(const interp::Bindings &b, const std::string &label, size_t states) {
  if (isCoverageRun(label))
    return;
  const int64_t v = sweptValue(b);
  if (!seen_.empty() && seen_.back().value == v) {
    seen_.back().states = std::max(seen_.back().states, states); // another grid at the same value
    return;
  }
  seen_.push_back({v, states, label});
}

std::vector<std::pair<interp::Bindings, std::string>> planRuns(const ir::Module &m, const kernel::Kernel &k,
                                                               const DeadlockOptions &opts,
                                                               std::vector<std::string> &unbound) {
  const ir::Block *entry = k.func->firstRegion->first;
  // A host-side TMA descriptor argument is followed by its shape and
  // strides as integer arguments of its own name (`%q_desc_0: i32`, ...):
  // they are tried like the others but are not inputs a user binds, so they
  // are not named in `unbound`.
  std::vector<std::string> descFields;
  std::string desc; // the name of the descriptor argument whose fields follow
  for (uint32_t i = 0; entry && i < entry->numArgs; ++i) {
    std::string_view t = dialect::typeText(m, &entry->args[i]);
    std::string name(m.str(entry->args[i].name));
    if (t.starts_with("!tt.tensordesc")) {
      desc = name;
      continue;
    }
    if (t != "i32" && t != "i64" && t != "index") {
      desc.clear();
      continue;
    }
    bool bound = false;
    for (const interp::Bindings::Arg &a : opts.bindings.args)
      bound |= a.name == name || "%" + a.name == name;
    bool field = !desc.empty() && name.starts_with(desc + "_");
    if (!field)
      desc.clear();
    if (!bound)
      (field ? descFields : unbound).push_back(name);
  }
  // tt.get_num_programs without --grid is an input like the others: tried
  // over the same values (every axis).
  bool numPrograms = false;
  if (!opts.bindings.numPrograms)
    k.walk([&](const ir::Operation *op, const kernel::Placement &) {
      numPrograms |= dialect::kindOf(op) == OpKind::GetNumPrograms;
    });
  std::vector<std::pair<interp::Bindings, std::string>> runs;
  std::string fixed;
  for (const interp::Bindings::Arg &a : opts.bindings.args)
    fixed += (fixed.empty() ? "" : ", ") + a.name + "=" + std::to_string(a.value);
  if (unbound.empty() && !numPrograms) {
    interp::Bindings b = opts.bindings;
    for (const std::string &n : descFields)
      b.set(n, 1);
    runs.push_back({b, fixed.empty() ? "(no integer arguments)" : fixed});
    return runs;
  }
  for (int64_t v : opts.tryValues) {
    interp::Bindings b = opts.bindings;
    for (const std::string &n : unbound)
      b.set(n, v);
    for (const std::string &n : descFields)
      b.set(n, v);
    std::string label = fixed;
    if (!unbound.empty())
      label += (label.empty() ? "" : ", ") + std::string("others=") + std::to_string(v);
    if (!numPrograms) {
      runs.push_back({b, label});
      continue;
    }
    // The grid is tried over the same values, each at most the others'
    // value (a persistent kernel's programs share the tiles the other
    // arguments make: a grid as large as the work gives each one tile).
    for (int64_t g : opts.tryValues) {
      if (g < 1 || (!unbound.empty() && g > v))
        continue; // a launch has at least one program
      interp::Bindings bg = b;
      bg.numPrograms = std::array<int64_t, 3>{g, g, g};
      runs.push_back({bg, label + (label.empty() ? "" : ", ") + "num_programs=" + std::to_string(g)});
    }
  }
  if (numPrograms)
    unbound.push_back("num_programs");
  if (opts.coverageRun)
    addCoverageRun(m, k, opts, unbound, descFields, runs);
  return runs;
}

void summarizeDeadlock(KernelDeadlockResult &res) {
  bool allClean = true;
  for (size_t i = 0; i < res.runs.size(); ++i) {
    if (res.runs[i].verdict == "deadlock" && !res.evidenceRun)
      res.evidenceRun = i;
    if (res.runs[i].overArrival && !res.trapRun)
      res.trapRun = i;
    allClean &= res.runs[i].verdict == "no-deadlock";
  }
  if (res.evidenceRun) {
    res.verdict = "deadlock";
  } else if (res.trapRun) {
    res.verdict = "trap";
  } else if (allClean) {
    res.verdict = "no-deadlock";
  } else {
    res.verdict = "unknown";
    res.reason = firstUnknownReason(res.runs);
  }
}

} // namespace tscope::checks::model
