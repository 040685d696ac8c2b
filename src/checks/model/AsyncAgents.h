// AsyncAgents: work a partition issues that completes later on an mbarrier.
// PTX ISA: TMA loads and gathers (cp.async.bulk.tensor with
// .mbarrier::complete_tx::bytes) deliver their bytes as complete_tx on the
// barrier (9.7.13.15); tcgen05.commit and cp.async.mbarrier.arrive make the
// barrier track the issuer's earlier async work and arrive once when it is
// done. The explorer lets each complete at any point after issue, except
// that the tcgen05 work of one issuer retires in issue order: tcgen05.mma,
// tcgen05.cp and tcgen05.commit issued by one thread form a pipeline that
// executes in order (PTX ISA 9.7.16.6, "Pipelined tcgen05 instructions"),
// and a commit's arrival waits for all of the issuer's earlier tcgen05 work,
// so an earlier commit's arrival never lands after a later one's.
#pragma once

#include <string>

#include "checks/model/State.h"

namespace tscope::checks::model {

/// Puts `a` in flight (State::async stays sorted, so equal sets compare
/// equal); tcgen05 work gets its place in its issuer's queue (Async::order).
/// With `inOrder` (DeadlockOptions::inOrderAsync) the issuer's other
/// mbarrier-completing work (TMA loads, aref loads) gets a queue of its own
/// too: the in-order schedules of Schedule.h. In that queue the copies an
/// issuer starts back to back, with no wait passed between them (its
/// Proc::copyBatch), form one batch that completes in any order: on the
/// H200 two TMA loads issued back to back into different barriers complete
/// in either order often enough to fault at the first launch
/// (tests/fixtures/race_cross_barrier); a copy issued after the issuer
/// passed a wait completes after every copy issued before that wait.
void issueAsync(State &s, Async a, bool inOrder = false);

/// Takes in-flight work `i` out of `s`: a tcgen05 queue moves up.
Async retireAsync(State &s, size_t i);

/// True for the ops whose async work retires in the tcgen05 pipeline's order.
bool isTcgen05Completion(const ir::Operation *op);

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
