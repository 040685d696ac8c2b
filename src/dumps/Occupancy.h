// Occupancy: how many CTAs of a kernel fit on one SM of sm_90 (H100/H200) or
// sm_100 (B200), and which resource stops the next one.
#pragma once

#include <cstdint>
#include <string>

namespace tscope::dumps {

/// Per-SM limits of one compute capability (CUDA C++ Programming Guide,
/// "Technical Specifications per Compute Capability"; CUDA occupancy calculator).
struct SmLimits {
  int cc;
  const char *name;
  int regsPerSm = 65536;
  int regAllocUnit = 256;     ///< registers are given to a warp in units of 256
  int maxRegsPerThread = 255;
  int subPartitions = 4;      ///< the register file is split in 4; warps allocate in groups of 4
  int maxWarpsPerSm = 64;
  int maxCtasPerSm = 32;
  int maxThreadsPerCta = 1024;
  int64_t smemPerSm = 233472;      ///< 228 KB
  int64_t maxSmemPerCta = 232448;  ///< 227 KB
  int64_t smemReservedPerCta = 1024; ///< the system's 1 KB per CTA
  int64_t smemAllocUnit = 128;
  int tmemColumns = 0;        ///< TMEM columns per SM (512 on sm_100, none on sm_90)
};

/// The limits for `cc` (90 or 100); null for others.
const SmLimits *smLimits(int cc);

/// What limits residency.
struct Occupancy {
  bool launchable = true;
  std::string whyNot;     ///< when not launchable
  int ctasPerSm = 0;
  int warpsPerSm = 0;
  double fraction = 0;    ///< warpsPerSm / maxWarpsPerSm
  int byRegisters = 0, bySharedMemory = 0, byWarps = 0, byCtaSlots = 0, byTmem = 0; ///< -1: unknown
  std::string limiter;    ///< "registers", "shared memory", "warps", "CTA slots", "TMEM", ...
  int regsPerThreadAllocated = 0; ///< as allocated: rounded so a warp holds a multiple of 256
  int64_t smemPerCtaAllocated = 0;
};

/// Input to the occupancy computation; -1 means unknown.
struct KernelResources {
  int warpsPerCta = 0;
  int regsPerThread = -1;
  int64_t sharedBytes = -1;
  int64_t tmemColumns = 0;
};

/// Computes occupancy; unknown resources do not limit (their `by*` is -1).
Occupancy computeOccupancy(const SmLimits &sm, const KernelResources &k);

} // namespace tscope::dumps
