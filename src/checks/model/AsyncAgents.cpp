// AsyncAgents: the in-flight set and the agents' names.
#include "checks/model/AsyncAgents.h"

#include <algorithm>

#include "dialect/OpTable.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {
/// Marks the queue of an issuer's copies (in-order mode) apart from its tcgen05 queue.
constexpr uint32_t kCopyQueue = 0x8000'0000u;
} // namespace

bool isTcgen05Completion(const ir::Operation *op) {
  switch (dialect::kindOf(op)) {
  case OpKind::TcGen5Commit:
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled:
  case OpKind::TmemCopy:
    return true;
  default:
    return false;
  }
}

void issueAsync(State &s, Async a, bool inOrder) {
  a.order = 0;
  a.queue = a.from;
  bool tcgen05 = a.op && isTcgen05Completion(a.op);
  bool copy = inOrder && !tcgen05 && a.op && dialect::kindOf(a.op) != OpKind::ClcTryCancel;
  if (copy)
    a.queue = a.from | kCopyQueue; // the issuer's copy engine: a queue apart from its tcgen05 pipeline
  if (tcgen05 || copy) {
    // tcgen05: one place per op. Copies: one place per batch (the newest
    // batch while the issuer has passed no wait since its last copy).
    uint32_t newest = 0;
    for (const Async &x : s.async)
      if (x.order && x.queue == a.queue)
        newest = std::max(newest, x.order);
    bool joins = copy && newest && a.from < s.procs.size() && s.procs[a.from].copyBatch;
    a.order = joins ? newest : newest + 1;
  }
  if (copy && a.from < s.procs.size() && !s.procs[a.from].copyBatch)
    s.procs.mut(a.from).copyBatch = true;
  s.async.insert(std::upper_bound(s.async.begin(), s.async.end(), a), a);
}

Async retireAsync(State &s, size_t i) {
  Async a = s.async[i];
  s.async.erase(s.async.begin() + static_cast<long>(i));
  if (a.order) {
    // The queue moves up when the last of its oldest place is gone.
    bool rest = std::any_of(s.async.begin(), s.async.end(),
                            [&](const Async &x) { return x.queue == a.queue && x.order == a.order; });
    if (!rest)
      for (Async &x : s.async)
        if (x.order > a.order && x.queue == a.queue)
          --x.order;
    std::sort(s.async.begin(), s.async.end());
  }
  return a;
}

bool isTmaCompletion(const ir::Operation *op) {
  OpKind k = dialect::kindOf(op);
  return k == OpKind::TmaLoad || k == OpKind::TmaGather;
}

bool isTxCompletion(const ir::Operation *op) {
  return isTmaCompletion(op) || dialect::kindOf(op) == OpKind::ClcTryCancel ||
         op->opName().starts_with("nvws.descriptor_");
}

std::string completerName(const ir::Operation *op) {
  if (dialect::kindOf(op) == OpKind::ClcTryCancel)
    return "CLC";
  return isTxCompletion(op) ? "TMA" : "tcgen05";
}

std::string agentName(size_t actor, const std::string &who, const ir::Operation *op) {
  switch (actor % kActorsPerProc) {
  case kSelf:
    return who;
  case kWgmmaAgent:
    return "wgmma for " + who;
  case kBulkStoreAgent:
    return "TMA store for " + who;
  case kCpAsyncAgent:
    return "cp.async for " + who;
  default:
    return completerName(op) + " for " + who;
  }
}

} // namespace tscope::checks::model
