// Named-barrier rules (bar.sync / bar.arrive). PTX ISA, "bar, barrier":
// 16 barriers per CTA (ids 0..15); the thread count is a multiple of the warp
// size and counts every participating thread, waiting and arriving alike,
// so arrive and wait of one phase pass the same total (TLX doc
// third_party/tlx/doc/tlx_barriers.md, "Named Barriers").
#include <map>
#include <set>

#include "checks/tlxlint/LintChecks.h"
#include "dialect/OpTable.h"

namespace tscope::checks::tlxlint {
namespace {

using dialect::OpKind;

/// One named-barrier op with its constant id and thread count (when known).
struct NamedUse {
  const PlacedOp *at = nullptr;
  bool arrive = false;
  std::optional<int64_t> id, threads;
};

std::vector<NamedUse> namedUses(const LintContext &ctx) {
  std::vector<NamedUse> out;
  for (const PlacedOp &p : ctx.ops) {
    OpKind k = dialect::kindOf(p.op);
    if (k != OpKind::NamedBarrierArrive && k != OpKind::NamedBarrierWait)
      continue;
    dialect::OperandRoles r = dialect::operandRoles(ctx.module, p.op);
    NamedUse u;
    u.at = &p;
    u.arrive = k == OpKind::NamedBarrierArrive;
    u.id = ctx.constant(r.barrier);
    u.threads = ctx.constant(r.numThreads);
    out.push_back(u);
  }
  return out;
}

const char *verb(const NamedUse &u) { return u.arrive ? "arrived on" : "waited on"; }

} // namespace

void checkNamedBarrierId(const LintContext &ctx, std::vector<Finding> &out) {
  for (const NamedUse &u : namedUses(ctx)) {
    if (!u.id || (*u.id >= 0 && *u.id <= 15))
      continue;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(u.at->op);
    f.message = "named barrier id " + std::to_string(*u.id) +
                " is outside 0..15: a CTA has 16 named barriers; use an id in 0..15";
    out.push_back(std::move(f));
  }
}

void checkNamedBarrierCount(const LintContext &ctx, std::vector<Finding> &out) {
  for (const NamedUse &u : namedUses(ctx)) {
    if (!u.threads || (*u.threads > 0 && *u.threads % 32 == 0))
      continue;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(u.at->op);
    std::string id = u.id ? std::to_string(*u.id) : std::string("?");
    f.message =
        "named barrier " + id + " is " + verb(u) + " with " + std::to_string(*u.threads) +
        " threads, not a positive multiple of the warp size 32: every thread of a warp takes "
        "part, so pass (warps waiting + warps arriving) * 32";
    out.push_back(std::move(f));
  }
}

void checkNamedBarrierCountMismatch(const LintContext &ctx, std::vector<Finding> &out) {
  std::map<int64_t, const NamedUse *> firstById;
  std::vector<NamedUse> uses = namedUses(ctx);
  for (const NamedUse &u : uses) {
    if (!u.id || !u.threads)
      continue;
    auto [it, inserted] = firstById.emplace(*u.id, &u);
    if (inserted || *it->second->threads == *u.threads)
      continue;
    const NamedUse &first = *it->second;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(u.at->op);
    f.message =
        "named barrier " + std::to_string(*u.id) + " is " + verb(u) + " with " +
        std::to_string(*u.threads) + " threads here but " + verb(first) + " with " +
        std::to_string(*first.threads) + " threads at IR line " +
        std::to_string(first.at->op->line) +
        ": arrive and wait of one phase must pass the same total (waiting + arriving threads)";
    f.related.push_back({ctx.point(first.at->op), std::string(verb(first)) + " with " +
                                                      std::to_string(*first.threads) + " threads"});
    out.push_back(std::move(f));
  }
}

void checkNamedBarrierWarps(const LintContext &ctx, std::vector<Finding> &out) {
  std::vector<NamedUse> uses = namedUses(ctx);
  // Per id: the partitions that use it and their warps.
  std::map<int64_t, std::map<std::string, int>> parts;
  std::set<int64_t> unknown;
  for (const NamedUse &u : uses) {
    if (!u.id)
      continue;
    int w = ctx.warpsOf(u.at->placement);
    if (w <= 0)
      unknown.insert(*u.id);
    parts[*u.id][ctx.partitionName(u.at->placement)] = w;
  }
  std::set<std::pair<int64_t, int64_t>> reported; // (id, threads)
  for (const NamedUse &u : uses) {
    if (!u.id || !u.threads || unknown.count(*u.id) || *u.threads <= 0 || *u.threads % 32)
      continue;
    const auto &ps = parts[*u.id];
    int64_t available = 0;
    std::string who;
    for (const auto &[name, w] : ps) {
      available += int64_t(w) * 32;
      who += (who.empty() ? "" : ", ") + name + " " + std::to_string(w) +
             (w == 1 ? " warp" : " warps");
    }
    if (*u.threads == available || !reported.insert({*u.id, *u.threads}).second)
      continue;
    Finding f;
    f.where = ctx.point(u.at->op);
    std::string head = "named barrier " + std::to_string(*u.id) + " is " + verb(u) + " with " +
                       std::to_string(*u.threads) + " threads but the partitions that use it (" +
                       who + ") have " + std::to_string(available) + " threads";
    if (*u.threads > available) {
      f.severity = support::Severity::Error;
      f.message = head + ": the barrier can never complete; pass " + std::to_string(available) +
                  " (the warps of every partition that arrives or waits, times 32)";
    } else {
      f.severity = support::Severity::Warning;
      f.message = head +
                  ": the barrier completes before every warp that uses it took part and the "
                  "extra arrivals count toward the next phase; pass " +
                  std::to_string(available) + " unless only some of these warps take part";
    }
    out.push_back(std::move(f));
  }
}

} // namespace tscope::checks::tlxlint
