// WarpBudget: the register budget of each warp group of a warp-specialized
// kernel (ttg.warp_specialize) against the SM's 64K registers, as Triton's
// AllocateWarpGroups pass assigns it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tscope::ir {
class Module;
}

namespace tscope::dumps {

/// One partition (or the default warp group) of a ttg.warp_specialize.
struct PartitionBudget {
  std::string name;    ///< "default", "partition0", "padding"
  int warps = 0;
  int requested = -1;  ///< requestedRegisters, when given
  int registers = 0;   ///< registers per thread it runs with (setmaxnreg)
};

/// The budget of one ttg.warp_specialize op.
struct WarpSpecBudget {
  uint32_t line = 0;       ///< of the op in the TTGIR
  int baseWarps = 0;       ///< the module's ttg.num-warps (the default group)
  int totalWarps = 0;      ///< warps at launch, padding included
  int maxnreg = 0;         ///< registers per thread at launch
  bool reallocated = false; ///< setmaxnreg moves registers between groups
  bool fromIr = false;     ///< actualRegisters was in the IR (else computed)
  std::vector<PartitionBudget> groups;
  int64_t totalRegisters = 0; ///< sum of warps × 32 × registers
  std::string note;
};

/// Budgets of every ttg.warp_specialize in the TTGIR file (parsed with
/// ir::parseModule). Empty for kernels without warp specialization.
std::vector<WarpSpecBudget> warpSpecBudgets(const std::string &ttgirPath, std::string &error);

/// The same over an already parsed TTGIR module.
std::vector<WarpSpecBudget> warpSpecBudgets(const ir::Module &m);

/// The model on plain numbers: default warps, partition warps and requested
/// registers (-1 each when none was requested), an optional user maxnreg (0: none).
WarpSpecBudget modelBudget(int baseWarps, const std::vector<int> &partitionWarps,
                           const std::vector<int> &requested, int userMaxnreg, int maxExtraWarps);

} // namespace tscope::dumps
