// AsyncAgents: the in-flight set and the agents' names.
#include "checks/model/AsyncAgents.h"

#include <algorithm>

#include "dialect/OpTable.h"

namespace tscope::checks::model {

using dialect::OpKind;

void issueAsync(State &s, const Async &a) { s.async.insert(std::upper_bound(s.async.begin(), s.async.end(), a), a); }

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
