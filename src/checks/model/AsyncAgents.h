// AsyncAgents: work a partition issues that completes later on an mbarrier.
// PTX ISA: TMA loads and gathers (cp.async.bulk.tensor with
// .mbarrier::complete_tx::bytes) deliver their bytes as complete_tx on the
// barrier (9.7.13.15); tcgen05.commit and cp.async.mbarrier.arrive make the
// barrier track the issuer's earlier async work and arrive once when it is
// done. The explorer lets each complete at any point after issue.
#pragma once

#include <string>

#include "checks/model/State.h"

namespace tscope::checks::model {

/// Puts `a` in flight (State::async stays sorted, so equal sets compare equal).
void issueAsync(State &s, const Async &a);

/// True for the ops whose async completion is a TMA engine's (loads, gathers).
bool isTmaCompletion(const ir::Operation *op);

/// True for the ops whose async work completes transaction bytes on their
/// barrier (complete_tx): TMA loads and gathers, clusterlaunchcontrol.try_cancel.
bool isTxCompletion(const ir::Operation *op);

/// "TMA" or "tcgen05": who completes `op`'s async work, as traces name it.
std::string completerName(const ir::Operation *op);

/// The happens-before agent's name for actor `a` of partition `who`
/// ("partition0", "TMA for partition0", "wgmma for default", ...); `op` is
/// the access's op (TMA vs tcgen05 for the barrier agent).
std::string agentName(size_t actor, const std::string &who, const ir::Operation *op);

} // namespace tscope::checks::model
