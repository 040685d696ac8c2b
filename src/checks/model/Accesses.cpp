// Accesses: with an observer, the buffer accesses the explorer meets and
// hands to it -- local loads/stores, TMEM loads/stores, TMA stores, wgmma
// operands, cp.async -- with the happens-before agent that makes each and
// the group waits that retire async work.
#include "checks/model/Explorer.h"
#include "checks/model/Edits.h"

namespace tscope::checks::model {

using dialect::OpKind;

void Explorer::localAccess(State &s, size_t pi, const ir::Operation *op) {
  OpKind kind = dialect::kindOf(op);
  // Waits that retire all but the newest N groups of an agent: the process
  // now knows their accesses are over. Group bookkeeping only moves
  // happens-before epochs: none without clocks.
  auto retire = [&](Agent a, const char *attr) {
    if (!tracksClocks())
      return;
    Proc &pr = s.procs.mut(pi);
    Proc::Groups &g = pr.groups[groupIndex(a)];
    int64_t n = dialect::intAttr(m_, op, attr).value_or(0);
    if (opts_.edits)
      if (auto e = opts_.edits->pendings.find(op); e != opts_.edits->pendings.end())
        n = e->second;
    size_t keep = static_cast<size_t>(std::max<int64_t>(0, n));
    while (g.pending.size() > keep) {
      uint32_t e = g.pending.front();
      g.pending.erase(g.pending.begin());
      if (pr.vc.get(actorOf(pi, a)) < e)
        pr.vc.set(actorOf(pi, a), e);
    }
  };
  if (kind == OpKind::WarpGroupDotWait)
    return retire(kWgmmaAgent, "pendings");
  if (kind == OpKind::TmaStoreWait)
    return retire(kBulkStoreAgent, "pendings");
  if (kind == OpKind::AsyncWait)
    return retire(kCpAsyncAgent, "num");
  if (kind == OpKind::AsyncCommitGroup) {
    // Closes the cp.async group: every copy issued since the last commit.
    if (!tracksClocks())
      return;
    Proc &pr = s.procs.mut(pi);
    Proc::Groups &g = pr.groups[groupIndex(kCpAsyncAgent)];
    if (g.tick && (g.pending.empty() || g.pending.back() != g.tick))
      g.pending.push_back(g.tick);
    return;
  }
  const dialect::OperandRoles &r = roles(op);
  if (r.pred) {
    interp::Scalar p = s.procs[pi].p.value(r.pred);
    if (p.isKnown() && !p.isTrue())
      return;
  }
  // Async work that touches SMEM while the warps run on: an access of the
  // agent that a later wait retires. An async wgmma and a TMA store are one
  // group each; cp.async copies join the group a commit closes.
  Agent agent = kSelf;
  if (kind == OpKind::WarpGroupDot && dialect::attrText(m_, op, "isAsync") == "true")
    agent = kWgmmaAgent;
  else if (kind == OpKind::TmaStore || kind == OpKind::TmaReduce || kind == OpKind::TmaScatter)
    agent = kBulkStoreAgent;
  else if (kind == OpKind::AsyncCopyGlobalToLocal)
    agent = kCpAsyncAgent;
  if (agent != kSelf && tracksClocks()) {
    Proc::Groups &g = s.procs.mut(pi).groups[groupIndex(agent)];
    ++g.tick;
    if (agent != kCpAsyncAgent)
      g.pending.push_back(g.tick);
  }
  for (const ir::Value *v : r.reads)
    recordAccess(s, pi, op, v, false, agent);
  for (const ir::Value *v : r.writes)
    recordAccess(s, pi, op, v, true, agent);
}

void Explorer::recordAccess(State &s, size_t pi, const ir::Operation *op, const ir::Value *v, bool write,
                            Agent agent, size_t copyAgentActor) {
  if (stopped_ || !v || !observer_)
    return;
  const Proc &pr = s.procs[pi];
  std::optional<int64_t> slot = slotOf(s, pr, v);
  if (foot_)
    touchBuffers(*foot_, v, write);
  VectorClock vc = pr.vc;
  size_t actor = actorOf(pi, agent);
  if (copyAgentActor != ~size_t(0)) {
    actor = copyAgentActor;
    vc.set(actor, pr.asyncTick);
  } else if (agent == kBarrierAgent) {
    vc.set(actorOf(pi, kBarrierAgent), pr.asyncTick);
  } else if (agent != kSelf) {
    vc.set(actorOf(pi, agent), pr.groups[groupIndex(agent)].tick);
  }
  for (const kernel::Allocation *a : k_.rootsOf(v)) {
    if (a->isBarrier)
      continue;
    Access ac;
    ac.actor = static_cast<uint32_t>(actor);
    ac.epoch = vc.get(ac.actor);
    ac.write = write;
    ac.op = op;
    ac.alloc = a->id;
    // An aref's stages are its slots (the leading dimension of its buffers).
    auto aref = arefs_.find(a->id);
    int64_t slots = a->kind == kernel::AllocKind::Aref && aref != arefs_.end() ? aref->second.depth : a->slots();
    ac.slot = slot && v != a->value && slots > 1 ? *slot : -1;
    if (a->kind == kernel::AllocKind::Tensor) {
      // Column-packed TMEM: sub-views of one owner are apart when their
      // columns are. Through a dynamic slot the range is the allocation's
      // whole span and the slot stays with `ac.slot` (and its allocation).
      kernel::TmemColumns c = k_.tmemColumnsOf(v);
      if (c.known && c.owner) {
        ac.col0 = c.begin;
        ac.col1 = c.end;
        if (!c.anySlot) {
          ac.alloc = c.owner->id;
          ac.slot = -1;
        }
      }
    }
    if (observer_->onAccess(*this, s, ac, vc)) {
      stopped_ = true;
      stopStep_ = curOut_ ? curOut_->size() : ~size_t(0);
      return;
    }
  }
}

} // namespace tscope::checks::model
