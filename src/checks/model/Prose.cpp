// Prose: stuck processes, hang causes and over-arrivals in words.
#include "checks/model/Prose.h"

#include <algorithm>
#include <map>

#include "checks/model/MbarrierRules.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {

/// Why `pr`, at a wait_barrier, cannot pass.
std::string waitWhy(const Explorer &x, const State &s, const Proc &pr, const ir::Operation *op) {
  const dialect::OperandRoles &r = x.roles(op);
  auto key = x.barrierKey(s, pr, r.barrier);
  interp::Scalar ph = pr.p.value(r.phase);
  Bar b = key ? s.barAt(keyOf(*key)) : Bar{};
  std::string name = key ? x.barName(keyOf(*key)) : "?";
  return "waits on " + name + " for parity " + std::to_string(ph.zext() & 1) + "; its phase " +
         std::to_string(b.phase) + " (parity " + std::to_string(b.phase & 1) + ") is still open with " +
         std::to_string(b.pending) + " of " + std::to_string(b.expected) + " arrivals pending" +
         (b.tx > 0 ? " and " + std::to_string(b.tx) + " bytes expected" : "") +
         (b.tx < 0 ? " and " + std::to_string(-b.tx) + " bytes delivered beyond its expect-tx" : "") + (b.inited ? "" : " (never initialised)");
}

/// The cause of one process stuck at a wait_barrier; records in `waitsOn`
/// the live partition it needs, for the cycle search.
void waitCause(const Explorer &x, const State &s, const Proc &pr, std::map<int, int> &waitsOn,
               std::vector<std::string> &causes) {
  const dialect::OperandRoles &r = x.roles(pr.p.op());
  auto key = x.barrierKey(s, pr, r.barrier);
  if (!key)
    return;
  Bar b = s.barAt(keyOf(*key));
  std::string name = x.barName(keyOf(*key));
  size_t arriveOps = 0;
  std::set<int> arrivers = x.arriversOf(key->first, &arriveOps, pr.ws);
  std::vector<int> live;
  for (int a : arrivers)
    for (const Proc &q : s.procs)
      if (q.partition == a && q.status != PStatus::Done)
        live.push_back(a);
  std::string who = x.partName(pr);
  if (arrivers.empty()) {
    causes.push_back("no producer for that phase: nothing arrives on " + name + ", which " + who + " waits on");
  } else if (b.inited && b.expected > static_cast<int64_t>(arriveOps)) {
    causes.push_back("arrival count never reached: " + name + " is initialised with count " +
                     std::to_string(b.expected) + " but its arrive ops give only " + std::to_string(arriveOps) +
                     " arrival(s) per phase");
  } else if (b.pending <= 0 && b.tx > 0) {
    causes.push_back("transaction bytes never delivered: " + name + " still expects " + std::to_string(b.tx) +
                     " bytes (expect-tx exceeds what its TMA loads deliver)");
  } else if (b.pending <= 0 && b.tx < 0) {
    // The why is said once, at the first barrier it applies to.
    bool said = std::any_of(causes.begin(), causes.end(),
                            [](const std::string &c) { return c.starts_with("transaction bytes over-delivered"); });
    causes.push_back("transaction bytes over-delivered: " + name + " received " + std::to_string(-b.tx) +
                     " bytes more than its expect-tx announced" + (said ? std::string() : std::string(" (a TMA load delivers its descriptor's box, larger "
                     "than what the expect counts); the model completes a copy's bytes at once, so the count "
                     "passes zero and the phase never completes; on the GPU the phase may instead complete "
                     "partway through the copy, the rest counting against the next phase: a hang, or a read "
                     "of a buffer still being written")));
  } else if (live.empty()) {
    causes.push_back("arrival count never reached: phase " + std::to_string(b.phase) + " of " + name +
                     " still needs " + std::to_string(b.pending) + " of " + std::to_string(b.expected) +
                     " arrivals and every partition that arrives on it has finished");
  } else {
    for (int a : live)
      if (a != pr.partition)
        waitsOn[pr.partition] = a;
    if (b.phase > 0 || (b.phase & 1) != 0)
      causes.push_back("parity-cadence mismatch: " + who + " waits on " + name + " for parity " +
                       std::to_string(b.phase & 1) + ", the phase still open after " + std::to_string(b.phase) +
                       " completions");
  }
}

} // namespace

void describeStuck(const Explorer &x, const State &s, std::vector<StuckProcess> &out) {
  std::vector<const Proc *> order;
  for (const Proc &pr : s.procs)
    if (pr.status != PStatus::Joining)
      order.push_back(&pr);
  for (const Proc &pr : s.procs)
    if (pr.status == PStatus::Joining)
      order.push_back(&pr);
  for (const Proc *pp : order) {
    const Proc &pr = *pp;
    if (pr.status == PStatus::Done)
      continue;
    StuckProcess sp;
    sp.partition = x.partName(pr);
    sp.op = pr.p.op();
    if (!sp.op && pr.status == PStatus::Spins && !pr.p.loops().empty())
      sp.op = pr.p.program().opAt(pr.p.loops().back().instr); // at the end of an empty body: its loop
    sp.where = pointOf(x.kernel(), sp.op);
    if (pr.status == PStatus::Joining)
      sp.why = "waits for its partitions to return";
    else if (pr.status == PStatus::NamedWait)
      sp.why = "waits on named barrier " + std::to_string(pr.namedId);
    else if (pr.status == PStatus::Spins)
      sp.why = "loops forever: it comes back to the same state at " +
               (sp.op ? std::string(sp.op->opName()) + " (IR line " + std::to_string(sp.op->line) + ")"
                      : std::string("the same point")) +
               " with no barrier operation in between";
    else if (sp.op && dialect::kindOf(sp.op) == OpKind::WaitBarrier)
      sp.why = waitWhy(x, s, pr, sp.op);
    else
      sp.why = sp.op ? "stopped at " + std::string(sp.op->opName()) : "stopped";
    out.push_back(sp);
  }
}

void explainHang(const Explorer &x, const State &s, DeadlockRun &out) {
  for (auto &[key, b] : *s.bars)
    out.barrierStates.push_back(x.barName(key) + ": phase " + std::to_string(b.phase) + ", " +
                                std::to_string(b.pending) + " of " + std::to_string(b.expected) +
                                " arrivals pending, tx " + std::to_string(b.tx));
  std::map<int, int> waitsOn; // stuck partition -> partition it needs (for cycles)
  std::vector<std::string> causes;
  for (const Proc &pr : s.procs)
    if (pr.status == PStatus::AtEvent && pr.p.op() && dialect::kindOf(pr.p.op()) == OpKind::WaitBarrier)
      waitCause(x, s, pr, waitsOn, causes);
  // A cycle in the waits-for relation between stuck partitions (of the
  // one warp_specialize whose partitions are running).
  auto nameOf = [&](int part) {
    for (const Proc &q : s.procs)
      if (q.partition == part)
        return x.partName(q);
    return std::string("?");
  };
  for (auto &[a, b] : waitsOn) {
    auto it = waitsOn.find(b);
    if (it != waitsOn.end() && it->second == a && a < b)
      causes.insert(causes.begin(), "cross-partition cycle: " + nameOf(a) + " waits for " + nameOf(b) +
                                        ", which waits for " + nameOf(a));
  }
  for (const Proc &pr : s.procs)
    if (pr.status == PStatus::Spins)
      causes.push_back(x.partName(pr) + " loops forever (every value it computes comes back the same with no "
                                        "barrier operation in between), so the kernel never finishes");
  for (const Proc &pr : s.procs)
    if (pr.status == PStatus::NamedWait) {
      const Named &nb = s.named.at(pr.namedId);
      causes.push_back("named barrier " + std::to_string(pr.namedId) + " thread count never reached: " +
                       std::to_string(nb.arrived) + " threads arrived and no other partition comes");
    }
  std::string c;
  std::vector<std::string> said; // the same cause from several waiters, once
  for (const std::string &cause : causes)
    if (std::find(said.begin(), said.end(), cause) == said.end()) {
      said.push_back(cause);
      c += (c.empty() ? "" : "; ") + cause;
    }
  out.cause = c.empty() ? "every partition is blocked on a barrier phase no one can complete" : c;
}

std::string overArrivalWhat(const Bar &b, int64_t arrive, const std::string &action) {
  return action + ": phase " + std::to_string(b.phase) + " has " + std::to_string(b.pending) + " of " +
         std::to_string(b.expected) + " arrivals pending" +
         (b.tx ? " and waits only for " + std::to_string(b.tx) + " transaction bytes" : "") + ", so " +
         std::to_string(arrive) + " more would take its pending count below zero";
}

std::string overArrivalAction(const Bar &b, int64_t arrive, const std::string &action) {
  return action + " (pending " + std::to_string(b.pending) + " -> " + std::to_string(b.pending - arrive) +
         ": over-arrival, the GPU faults here)";
}

} // namespace tscope::checks::model
