// Occupancy: the register rule follows the CUDA occupancy calculator: a
// warp's registers are rounded up to 256; the register file is split over 4
// sub-partitions, each holding whole warps; a CTA's warps count in groups of 4
// against the 64K-per-CTA limit.
#include "dumps/Occupancy.h"

#include <algorithm>
#include <fmt/format.h>

namespace tscope::dumps {

const SmLimits *smLimits(int cc) {
  static const SmLimits kSm90{90, "sm_90"};
  static const SmLimits kSm100 = [] {
    SmLimits s{100, "sm_100"};
    s.tmemColumns = 512;
    return s;
  }();
  if (cc == 90)
    return &kSm90;
  if (cc == 100)
    return &kSm100;
  return nullptr;
}

namespace {
int64_t roundUp(int64_t v, int64_t unit) { return (v + unit - 1) / unit * unit; }
} // namespace

Occupancy computeOccupancy(const SmLimits &sm, const KernelResources &k) {
  Occupancy o;
  if (k.warpsPerCta <= 0 || k.warpsPerCta * 32 > sm.maxThreadsPerCta) {
    o.launchable = false;
    o.whyNot = fmt::format("{} warps per CTA (at most {})", k.warpsPerCta, sm.maxThreadsPerCta / 32);
    return o;
  }
  o.byWarps = sm.maxWarpsPerSm / k.warpsPerCta;
  o.byCtaSlots = sm.maxCtasPerSm;
  o.byRegisters = -1;
  if (k.regsPerThread >= 0) {
    int regs = std::max(1, k.regsPerThread);
    if (regs > sm.maxRegsPerThread + 1) {
      o.launchable = false;
      o.whyNot = fmt::format("{} registers per thread (at most {})", regs, sm.maxRegsPerThread);
      return o;
    }
    int64_t perWarp = roundUp(int64_t(regs) * 32, sm.regAllocUnit);
    o.regsPerThreadAllocated = static_cast<int>(perWarp / 32);
    int64_t perCta = roundUp(k.warpsPerCta, sm.subPartitions) * perWarp;
    if (perCta > sm.regsPerSm) {
      o.launchable = false;
      o.whyNot = fmt::format("{} registers per CTA ({} warps x {} per warp) exceed the {} of an SM",
                             perCta, k.warpsPerCta, perWarp, sm.regsPerSm);
      return o;
    }
    int64_t warpsPerPartition = (sm.regsPerSm / sm.subPartitions) / perWarp;
    o.byRegisters = static_cast<int>((warpsPerPartition * sm.subPartitions) / k.warpsPerCta);
  }
  o.bySharedMemory = -1;
  if (k.sharedBytes >= 0) {
    if (k.sharedBytes > sm.maxSmemPerCta) {
      o.launchable = false;
      o.whyNot = fmt::format("{} bytes of shared memory per CTA (at most {})", k.sharedBytes, sm.maxSmemPerCta);
      return o;
    }
    o.smemPerCtaAllocated = roundUp(k.sharedBytes + sm.smemReservedPerCta, sm.smemAllocUnit);
    o.bySharedMemory = static_cast<int>(sm.smemPerSm / o.smemPerCtaAllocated);
  }
  o.byTmem = -1;
  if (k.tmemColumns > 0) {
    if (!sm.tmemColumns || k.tmemColumns > sm.tmemColumns) {
      o.launchable = false;
      o.whyNot = fmt::format("{} TMEM columns (the SM has {})", k.tmemColumns, sm.tmemColumns);
      return o;
    }
    // TMEM is allocated in powers of two of at least 32 columns.
    int64_t cols = 32;
    while (cols < k.tmemColumns)
      cols *= 2;
    o.byTmem = static_cast<int>(sm.tmemColumns / cols);
  }
  struct Limit {
    int value;
    const char *name;
  } limits[] = {{o.byRegisters, "registers"},
                {o.bySharedMemory, "shared memory"},
                {o.byWarps, "warps"},
                {o.byTmem, "TMEM"},
                {o.byCtaSlots, "CTA slots"}};
  int best = INT32_MAX;
  for (const Limit &l : limits)
    if (l.value >= 0 && l.value < best)
      best = l.value;
  std::string names;
  for (const Limit &l : limits)
    if (l.value == best)
      names += (names.empty() ? "" : " = ") + std::string(l.name);
  o.ctasPerSm = best;
  o.limiter = names;
  o.warpsPerSm = best * k.warpsPerCta;
  o.fraction = double(o.warpsPerSm) / sm.maxWarpsPerSm;
  return o;
}

} // namespace tscope::dumps
