// KernelMetadata: the `<kernel>.json` Triton writes into its cache beside the
// compiled stages (num_warps, shared memory, maxnreg, target, ...).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tscope::dumps {

/// The fields of a kernel's metadata that tscope reads.
struct KernelMetadata {
  std::string name;
  std::string hash;
  std::string backend;   ///< "cuda"
  int arch = 0;          ///< 90, 100, ...
  int numWarps = 0;      ///< warps at launch (for warp-specialized kernels, all partitions)
  int numCtas = 1;
  int numStages = 0;
  std::optional<int> maxnreg;
  int64_t shared = 0;    ///< bytes of shared memory per CTA
  int64_t tmemSize = 0;  ///< TMEM columns (sm_100)
  int64_t globalScratch = 0;
  std::string tritonVersion;
};

/// Parses metadata JSON; nullopt with `error` set when it is not a Triton
/// kernel metadata object.
std::optional<KernelMetadata> parseKernelMetadata(std::string_view json, std::string &error);

} // namespace tscope::dumps
