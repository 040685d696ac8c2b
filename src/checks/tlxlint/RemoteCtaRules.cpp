// Remote-CTA rules: mapa'd barriers and shared::cluster stores address a
// peer CTA of the cluster; a launch with one CTA per cluster has none (TLX's
// Fixup pass rejects ttng.map_to_remote_buffer "in 1cta mode" for the same
// reason).
#include "checks/tlxlint/LintChecks.h"
#include "dialect/OpTable.h"
#include "dialect/Types.h"

namespace tscope::checks::tlxlint {
namespace {

bool clusterMemory(const LintContext &ctx, const ir::Value *v) {
  auto md = dialect::parseMemDesc(ctx.module, ctx.kernel.chunk, dialect::typeText(ctx.module, v));
  return md && md->space == dialect::MemorySpace::SharedCluster;
}

const char *kLaunch =
    "the kernel is launched with one CTA per cluster (ttg.num-ctas = 1, no cluster dims)";

} // namespace

void checkRemoteArrive(const LintContext &ctx, std::vector<Finding> &out) {
  if (!ctx.singleCta)
    return;
  for (const PlacedOp &p : ctx.ops) {
    if (dialect::kindOf(p.op) != dialect::OpKind::ArriveBarrier)
      continue;
    dialect::OperandRoles r = dialect::operandRoles(ctx.module, p.op);
    if (!r.barrier)
      continue;
    BarrierRef ref = ctx.barrierRef(r.barrier);
    if (!ref.remote && !clusterMemory(ctx, r.barrier))
      continue;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(p.op);
    f.message =
        "barrier_arrive on a remote CTA's barrier (" + ctx.describe(ref) +
        " through remote_view) but " + kLaunch +
        ", so there is no peer CTA; drop remote_cta_rank or launch with a cluster (ctas_per_cga)";
    out.push_back(std::move(f));
  }
}

void checkRemoteStore(const LintContext &ctx, std::vector<Finding> &out) {
  if (!ctx.singleCta)
    return;
  for (const PlacedOp &p : ctx.ops) {
    std::string_view n = p.op->opName();
    bool remote = n == "ttg.remote_shmem_store" || n == "ttg.async_remote_shmem_store" ||
                  n == "ttg.async_remote_shmem_copy";
    if (!remote) {
      dialect::OperandRoles r = dialect::operandRoles(ctx.module, p.op);
      for (const ir::Value *w : r.writes)
        remote |= clusterMemory(ctx, w);
    }
    if (!remote)
      continue;
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(p.op);
    f.message = std::string(p.op->opName()) + " writes another CTA's shared memory but " + kLaunch +
                ", so there is no peer CTA; store locally or launch with a cluster (ctas_per_cga)";
    out.push_back(std::move(f));
  }
}

} // namespace tscope::checks::tlxlint
