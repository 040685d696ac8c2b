// LintChecks: the registry of TLX rules — one row per check with its
// kebab-case id, a one-line description and the function that runs it
// (`tscope lint --list-checks` prints the table). Rules: docs/TLX.md.
#pragma once

#include <string_view>
#include <vector>

#include "checks/tlxlint/LintContext.h"
#include "checks/Finding.h"

namespace tscope::checks::tlxlint {

/// A rule: reads one kernel's facts and appends its findings.
using LintRule = void (*)(const LintContext &ctx, std::vector<Finding> &out);

/// One row of the registry.
struct LintCheck {
  std::string_view id;
  std::string_view description;
  LintRule run;
};

/// Every rule, in the order `--list-checks` prints them.
const std::vector<LintCheck> &lintChecks();

// Named barriers (NamedBarrierRules.cpp).
/// Named barrier id outside 0..15.
void checkNamedBarrierId(const LintContext &ctx, std::vector<Finding> &out);
/// Named barrier thread count not a positive multiple of 32.
void checkNamedBarrierCount(const LintContext &ctx, std::vector<Finding> &out);
/// Arrive and wait on one named barrier id with different thread counts.
void checkNamedBarrierCountMismatch(const LintContext &ctx, std::vector<Finding> &out);
/// Thread count that does not match the warps of the partitions using the id.
void checkNamedBarrierWarps(const LintContext &ctx, std::vector<Finding> &out);

// Remote CTA access (RemoteCtaRules.cpp).
/// Arrive on a remote CTA's barrier in a one-CTA launch.
void checkRemoteArrive(const LintContext &ctx, std::vector<Finding> &out);
/// Store into a remote CTA's shared memory in a one-CTA launch.
void checkRemoteStore(const LintContext &ctx, std::vector<Finding> &out);

// MMA shapes (MmaShapeRules.cpp).
/// MMA tile below the instruction minimum (M >= 64, N >= 8, K >= 32 bytes).
void checkMmaTileMin(const LintContext &ctx, std::vector<Finding> &out);
/// 2-CTA tcgen05 MMA whose per-CTA M is not 128.
void checkTwoCtaMma(const LintContext &ctx, std::vector<Finding> &out);

// mbarriers (MbarrierRules.cpp).
/// Init count that the arrivals on the barrier cannot match.
void checkBarrierInitCount(const LintContext &ctx, std::vector<Finding> &out);
/// barrier_expect bytes that differ from what the TMA loads on it deliver.
void checkExpectBytes(const LintContext &ctx, std::vector<Finding> &out);
/// A TMA load whose descriptor's box differs from its destination buffer.
void checkTmaBox(const LintContext &ctx, std::vector<Finding> &out);
/// tcgen05_commit on a barrier an MMA already arrives on.
void checkCommitOnMmaBarrier(const LintContext &ctx, std::vector<Finding> &out);
/// Barrier initialised, never invalidated, and its memory reused.
void checkInitWithoutInval(const LintContext &ctx, std::vector<Finding> &out);

// Global stores (StoreSplitRules.cpp).
/// One tt.store split between partitions into slices that do not tile it.
void checkSplitStore(const LintContext &ctx, std::vector<Finding> &out);

} // namespace tscope::checks::tlxlint
