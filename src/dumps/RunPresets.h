// RunPresets: the Triton environment variables `tscope run` sets for each
// question (stages, passes, llvm, regs, best-config, interpret, tlx).
#pragma once

#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tscope::dumps {

/// One variable a preset sets.
struct EnvVar {
  const char *name;
  const char *value;  ///< "1", or "{kernel}" for the --kernel filter
  const char *effect; ///< what Triton does with it
  const char *readBy; ///< which Triton reads it
};

/// A named set of variables for one question.
struct Preset {
  const char *name;
  const char *question;
  std::vector<EnvVar> vars;
};

/// Every preset, in the order `--explain` prints them.
const std::vector<Preset> &presets();

/// The preset called `name`, or null.
const Preset *findPreset(std::string_view name);

/// The variables a run sets: TRITON_DUMP_DIR and TRITON_CACHE_DIR (fresh
/// folders), PYTHONUNBUFFERED, then each preset's in order; later presets
/// do not repeat a name already set.
std::vector<std::pair<std::string, std::string>>
runEnvironment(const std::vector<const Preset *> &chosen, const std::string &dumpDir,
               const std::string &cacheDir, const std::string &kernel);

/// Prints each chosen preset (all when none) with its variables and effects.
void explainPresets(std::ostream &os, const std::vector<const Preset *> &chosen);

} // namespace tscope::dumps
