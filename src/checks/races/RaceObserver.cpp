// RaceObserver: conflict detection over the model's accesses, the two sides'
// names and the race's reason in words.
#include "checks/races/RaceObserver.h"

#include <algorithm>
#include <set>

#include "checks/model/AsyncAgents.h"
#include "checks/model/Explorer.h"
#include "dialect/OpTable.h"
#include "kernel/Aliasing.h"

namespace tscope::checks::races {

using namespace model;

namespace {

/// May (alloc a, slot a) and (alloc b, slot b) share bytes: the same slot of
/// one allocation, or aliasing allocations (buffer.id, allocation.offset) of
/// the same memory. Column-packed TMEM is told apart by the accesses' column
/// ranges (Access::columnsApart), not here.
AccessHistory::AliasFn aliasOf(const kernel::Kernel &k) {
  return [&k](uint32_t a, int64_t sa, uint32_t b, int64_t sb) {
    if (a == b)
      return sa < 0 || sb < 0 || sa == sb;
    const kernel::Allocation &x = k.allocations[a], &y = k.allocations[b];
    if (x.kind != y.kind)
      return false;
    kernel::MemRegion rx{&x, std::nullopt, ""}, ry{&y, std::nullopt, ""};
    return kernel::mayAlias(rx, ry);
  };
}

/// "partition0", or "TMA for partition0" / "tcgen05 for default".
std::string actorName(const Explorer &x, const State &s, const Access &a) {
  // By the op's placement: a process slot is reused by the next fork (a
  // warp_specialize in a loop, or the next one), the op's partition is not.
  size_t pi = a.actor / kActorsPerProc;
  std::string who = a.op ? x.kernel().partitionName(x.kernel().placementOf(a.op))
                         : pi < s.procs.size() ? x.partName(s.procs[pi]) : "?";
  return agentName(a.actor, who, a.op);
}

/// "default's last wait, on ready[0] (IR 46), passed on a fresh barrier ...".
std::string lastWaitText(const Explorer &x, const Proc &p) {
  std::string who = x.partName(p);
  if (p.skippedWait)
    return who + " skipped its wait on " + p.skippedOn + " (IR " + std::to_string(p.skippedWait->line) +
           ", predicate false), so nothing orders its access after the write that wait stands for";
  if (!p.lastWait || p.lastKey == ~uint64_t(0))
    return who + " passed no wait before it";
  std::string phase = p.lastPhase > 0 ? "the completion of its phase " + std::to_string(p.lastPhase - 1)
                                      : "a fresh barrier (phase 0 still open: a wait on parity 1 passes at once)";
  return who + "'s last wait, on " + x.barName(p.lastKey) + " (IR " + std::to_string(p.lastWait->line) +
         "), passed on " + phase;
}

/// "; the wgmma reading it (IR 80) was still in flight: ...", for
/// group-retired async work still running when the other access came.
std::string inFlightText(const Explorer &x, const Access &a, const Proc &p, bool laterSide) {
  const char *work = nullptr, *wait = nullptr;
  switch (a.actor % kActorsPerProc) {
  case kWgmmaAgent:
    work = "the wgmma reading it";
    wait = "warp_group_dot_wait";
    break;
  case kBulkStoreAgent:
    work = "the TMA store reading it";
    wait = "async_tma_store_wait";
    break;
  case kCpAsyncAgent:
    work = "the cp.async writing it";
    wait = "async_commit_group + async_wait";
    break;
  default:
    return "";
  }
  std::string by = laterSide ? "before its own access" : "before the arrive that released it";
  return "; " + std::string(work) + " (IR " + std::to_string(a.op->line) + ") was still in flight: no " + wait +
         " of " + x.partName(p) + " retired it " + by;
}

/// "; the copy completes on fa, a barrier default has not waited on: ...",
/// when a TMA copy's write is read after a wait on another barrier (each
/// copy in flight has a clock of its own: docs/Races.md).
std::string otherBarrierText(const Explorer &x, const Conflict &c, const Proc &reader) {
  if (!c.earlier.write || c.later.write || !c.earlier.op || c.earlier.actor % kActorsPerProc < 5 ||
      reader.lastKey == ~uint64_t(0))
    return "";
  dialect::OperandRoles r = dialect::operandRoles(x.module(), c.earlier.op);
  auto waited = static_cast<uint32_t>(reader.lastKey >> 32);
  for (const kernel::Allocation *a : x.kernel().rootsOf(r.barrier))
    if (a->isBarrier && a->id != waited)
      return "; the copy completes on " + a->name + ", a barrier " + x.partName(reader) +
             " did not wait on before its read: its wait on " + x.barName(reader.lastKey) +
             " says nothing of a copy still in flight on another barrier";
  return "";
}

/// The reason in words: the waits that should have ordered the two
/// accesses, and why they did not.
std::string raceReason(const Explorer &x, const State &s, const Conflict &c) {
  const Proc &lp = s.procs[c.later.actor / kActorsPerProc];
  const Proc &ep = s.procs[c.earlier.actor / kActorsPerProc];
  std::string earlier = actorName(x, s, c.earlier), later = actorName(x, s, c.later);
  std::string slot = x.slotName(c.later.alloc, c.later.slot);
  std::string text = lastWaitText(x, lp);
  if (&ep != &lp)
    text += "; " + lastWaitText(x, ep);
  std::string what = c.earlier.write && !c.later.write
                         ? later + " reads " + slot + " that no write it waited for has filled since " + earlier +
                               "'s write"
                     : !c.earlier.write && c.later.write
                         ? later + " overwrites " + slot + " that " + earlier + " has not released"
                         : later + " and " + earlier + " both write " + slot + " unordered";
  if (std::string f = inFlightText(x, c.earlier, ep, &ep == &lp); !f.empty())
    return text + ": " + what + f;
  if (std::string f = otherBarrierText(x, c, lp); !f.empty())
    return text + ": " + what + f;
  // One side waited on a barrier the other side never arrives on: that
  // side's access is released to no one.
  for (auto [waiter, other] : {std::pair{&lp, &ep}, std::pair{&ep, &lp}}) {
    if (waiter == other || !waiter->lastWait || waiter->lastKey == ~uint64_t(0))
      continue;
    std::set<int> arrivers = x.arriversOf(static_cast<uint32_t>(waiter->lastKey >> 32), nullptr, other->ws);
    if (!arrivers.count(other->partition))
      return text + ": " + what + "; no arrival of " + x.partName(*other) + " completes " +
             x.barName(waiter->lastKey) + ", so its access is released to no one (one release for two users?)";
  }
  if (lp.skippedWait || ep.skippedWait)
    return text + ": " + what +
           "; a wait skipped by its predicate lets the access (and the release after it) run "
           "ahead of the barrier's phases";
  return text + ": " + what + "; a wait passed on the phase of an earlier round: its counter is not in step with the barrier";
}

} // namespace

RaceObserver::RaceObserver(const kernel::Kernel &k) : alias_(aliasOf(k)) {}

bool RaceObserver::onAccess(const Explorer &x, State &s, const Access &a, const VectorClock &vc) {
  std::optional<Conflict> c = s.hist.record(a, vc, alias_);
  if (!c || hit)
    return false;
  RaceHit h;
  h.conflict = *c;
  h.earlierActor = actorName(x, s, c->earlier);
  h.laterActor = actorName(x, s, c->later);
  h.slot = x.slotName(c->later.alloc, c->later.slot);
  if (c->later.col1 && c->earlier.col1) // column-packed TMEM: where the two overlap
    h.slot += " columns [" + std::to_string(std::max(c->later.col0, c->earlier.col0)) + ", " +
              std::to_string(std::min(c->later.col1, c->earlier.col1)) + ")";
  h.reason = raceReason(x, s, *c);
  hit = std::move(h);
  return true;
}

} // namespace tscope::checks::races
