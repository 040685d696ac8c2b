// RegsReport: registers, spills, stack, barriers, shared memory and occupancy
// per kernel and config, from ptxas logs, kernel .json metadata, TTGIR
// (warp-specialization budgets) and PTX (.maxnreg, setmaxnreg).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "dumps/InstrStats.h"
#include "dumps/KernelMetadata.h"
#include "dumps/Occupancy.h"
#include "dumps/PtxasLog.h"
#include "dumps/WarpBudget.h"

namespace tscope::dumps {

/// One kernel build: what is known about its resources.
struct KernelResourcesRow {
  std::string kernel;
  std::string where;  ///< folder of the metadata, or log:line of a ptxas entry
  std::string config; ///< short config text ("BLOCK=256 num_warps=1 num_stages=3")
  std::optional<KernelMetadata> meta;
  std::optional<PtxasEntry> ptxas;
  std::string matchNote;   ///< why ptxas numbers are missing or how they were matched
  int arch = 0;            ///< 90, 100
  std::optional<Occupancy> occupancy;
  std::vector<WarpSpecBudget> budgets;
  std::optional<KernelInstrStats> ptx; ///< .maxnreg / setmaxnreg from the PTX
  bool best = false;       ///< the autotuner's best config
};

/// Everything `tscope regs` reports.
struct RegsReport {
  std::vector<KernelResourcesRow> rows;
  std::vector<AutotuneResult> autotune;
  std::vector<std::string> inputs; ///< files read
};

/// Gathers rows from a directory (fixture folders, caches, dump dirs, `tscope
/// run` output with its logs) or a single log file.
std::optional<RegsReport> gatherRegs(const std::string &path, std::string &error);

/// Orders rows: "name" (default), "regs", "spills", "occupancy".
void sortRegs(RegsReport &r, const std::string &key);

/// The table, then warp-specialization budgets; with `compare`, rows of one
/// kernel are grouped and differences to its first config shown.
/// One config of a kernel against the kernel's baseline config (the
/// autotuner's best when known, else the first row).
struct ConfigDelta {
  const KernelResourcesRow *row = nullptr;
  std::vector<std::string> differs; ///< config keys whose values differ ("BLOCK", "num_warps")
  std::optional<int64_t> registers, spillBytes, stackFrame, shared, ctasPerSm, warpsPerSm;
};

/// Per kernel with two or more configs: its baseline and every other config's deltas.
struct KernelComparison {
  std::string kernel;
  const KernelResourcesRow *baseline = nullptr;
  bool baselineIsBest = false;
  std::vector<ConfigDelta> others;
};
std::vector<KernelComparison> compareConfigs(const RegsReport &r);

void writeRegsText(std::ostream &os, const RegsReport &r, bool compare);

/// JSON with `kernels` and `findings` (spills as warnings, unlaunchable as errors).
nlohmann::json regsJson(const RegsReport &r);

/// True when any row cannot launch.
bool regsHasErrors(const RegsReport &r);

} // namespace tscope::dumps
