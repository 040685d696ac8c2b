// RunPresets: the table is the single place that names Triton's variables;
// "readBy" says plainly when Triton 3.6.0 from PyPI does not read one.
#include "dumps/RunPresets.h"

#include <fmt/format.h>

namespace tscope::dumps {

namespace {
constexpr const char *kPypi = "Triton 3.6.0 (PyPI)";
constexpr const char *kFork = "Triton builds that have it (the TLX fork, facebookexperimental/triton); "
                              "Triton 3.6.0 from PyPI ignores it";
} // namespace

const std::vector<Preset> &presets() {
  static const std::vector<Preset> table = {
      {"stages", "what did each compiler stage produce?",
       {{"TRITON_KERNEL_DUMP", "1", "write every stage (ttir, ttgir, llir, ptx, cubin, sass) of every kernel "
                                    "compiled into TRITON_DUMP_DIR/<source hash>/",
         kPypi},
        {"TRITON_ALWAYS_COMPILE", "1", "compile even when the cache has the kernel, so every kernel is dumped", kPypi}}},
      {"passes", "what did each MLIR pass do?",
       {{"MLIR_ENABLE_DUMP", "{kernel}", "print the IR before every MLIR pass to stderr (a kernel name instead of 1 "
                                         "limits it to that kernel)",
         kPypi},
        {"TRITON_ALWAYS_COMPILE", "1", "compile even when the cache has the kernel", kPypi}}},
      {"llvm", "what did LLVM and the NVPTX backend do?",
       {{"LLVM_IR_ENABLE_DUMP", "1", "print the LLVM IR after every LLVM pass to stderr (print-after-all)", kPypi},
        {"NVPTX_ENABLE_DUMP", "1", "print the PTX that LLVM emits to stdout", kPypi},
        {"TRITON_ALWAYS_COMPILE", "1", "compile even when the cache has the kernel", kPypi}}},
      {"regs", "how many registers, spills, barriers?",
       {{"TRITON_DUMP_PTXAS_LOG", "1", "print ptxas -v (registers, barriers, stack frame, spill stores/loads) to "
                                       "stdout for every kernel",
         kPypi},
        {"TRITON_ALWAYS_COMPILE", "1", "compile even when the cache has the kernel", kPypi}}},
      {"best-config", "which autotune config won, and what did it compile to?",
       {{"TRITON_PRINT_AUTOTUNING", "1", "print each config as it is benchmarked and the best config with the "
                                         "tuning time to stdout",
         kPypi},
        {"TRITON_KERNEL_DUMP_BEST_CONFIG", "1", "dump the IR of the winning config only", kFork}}},
      {"interpret", "is the algorithm right, with no GPU compile at all?",
       {{"TRITON_INTERPRET", "1", "run kernels in Triton's CPU interpreter (numpy): no compile, no dumps", kPypi}}},
      {"tlx", "what does the final TTGIR look like as TLX Python?",
       {{"TRITON_DUMP_TTGIR_TO_TLX", "1", "print each final TTGIR translated back to TLX-style Python", kFork},
        {"TRITON_ALWAYS_COMPILE", "1", "compile even when the cache has the kernel", kPypi}}},
  };
  return table;
}

const Preset *findPreset(std::string_view name) {
  for (const Preset &p : presets())
    if (name == p.name)
      return &p;
  return nullptr;
}

std::vector<std::pair<std::string, std::string>>
runEnvironment(const std::vector<const Preset *> &chosen, const std::string &dumpDir,
               const std::string &cacheDir, const std::string &kernel) {
  std::vector<std::pair<std::string, std::string>> env = {
      {"TRITON_DUMP_DIR", dumpDir}, {"TRITON_CACHE_DIR", cacheDir}, {"PYTHONUNBUFFERED", "1"}};
  for (const Preset *p : chosen)
    for (const EnvVar &v : p->vars) {
      bool seen = false;
      for (auto &[k, val] : env)
        seen |= k == v.name;
      if (seen)
        continue;
      std::string value = v.value;
      if (value == "{kernel}")
        value = kernel.empty() ? "1" : kernel;
      env.emplace_back(v.name, value);
    }
  return env;
}

void explainPresets(std::ostream &os, const std::vector<const Preset *> &chosen) {
  os << "Always: TRITON_DUMP_DIR=DIR/dump and TRITON_CACHE_DIR=DIR/cache (fresh folders, so nothing comes from an "
        "older cache), PYTHONUNBUFFERED=1 (output in order); stdout and stderr go to DIR/stdout.log and "
        "DIR/stderr.log.\n";
  std::vector<const Preset *> list = chosen;
  if (list.empty())
    for (const Preset &p : presets())
      list.push_back(&p);
  for (const Preset *p : list) {
    os << fmt::format("\n--preset {}: {}\n", p->name, p->question);
    for (const EnvVar &v : p->vars) {
      std::string value = std::string(v.value) == "{kernel}" ? "1 (or --kernel NAME)" : v.value;
      os << fmt::format("  {}={}\n      {}\n      read by: {}\n", v.name, value, v.effect, v.readBy);
    }
  }
}

} // namespace tscope::dumps
