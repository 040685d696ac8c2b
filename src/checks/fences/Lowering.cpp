// Lowering: the fork markers and the choice between upstream and fork
// lowering. A marker is an op or attribute name that Triton 3.6 never emits
// (absent from its libtriton) and that Meta's fork writes into TTGIR: the TLX
// dialect, its autoWS memory planner's `buffer.*` attributes, its autoWS
// module options, and its token-based TMA store wait.
#include "checks/fences/Lowering.h"

#include <algorithm>
#include <array>

#include "ir/Attribute.h"

namespace tscope::checks::fences {

const char *loweringName(Lowering l) {
  switch (l) {
  case Lowering::Upstream:
    return "upstream";
  case Lowering::Fork:
    return "fork";
  case Lowering::None:
    return "none";
  }
  return "?";
}

std::optional<LoweringChoice> parseLoweringChoice(std::string_view text) {
  if (text == "auto")
    return LoweringChoice::Auto;
  if (text == "upstream")
    return LoweringChoice::Upstream;
  if (text == "fork")
    return LoweringChoice::Fork;
  return std::nullopt;
}

namespace {

/// Ops only the fork has (besides the whole `tlx.` dialect).
constexpr std::array<std::string_view, 2> kForkOps = {"ttng.async_tma_store_token_wait", "ttng.subtiled_region"};

/// Attributes only the fork writes (besides every `tlx.` attribute).
constexpr std::array<std::string_view, 14> kForkAttrs = {
    "buffer.id",           "buffer.copy",         "buffer.offset",
    "tt.autows",           "ttg.partition.types", "ttg.min_reg_auto_ws",
    "ttg.max_reg_auto_ws", "ttg.early_tma_store_lowering", "tt.data_partition_factor",
    "tt.smem_alloc_algo",  "tt.tmem_alloc_algo",  "tt.smem_budget",
    "tt.merge_epilogue",   "tt.separate_epilogue_store"};

/// A TLX name, or one of `listed`.
template <size_t N> bool isForkName(std::string_view name, const std::array<std::string_view, N> &listed) {
  return name.starts_with("tlx.") || std::find(listed.begin(), listed.end(), name) != listed.end();
}

std::optional<ForkMarker> markerOf(const ir::Module &m, const ir::Operation *op) {
  if (isForkName(op->opName(), kForkOps))
    return ForkMarker{"op " + std::string(op->opName()), op};
  for (const ir::NamedAttr &a : ir::attrsOf(m, *op))
    if (isForkName(a.name, kForkAttrs))
      return ForkMarker{"attribute " + std::string(a.name), op};
  return std::nullopt;
}

} // namespace

std::optional<ForkMarker> findForkMarker(const kernel::Kernel &k) {
  const ir::Module &m = *k.module;
  if (const ir::Operation *mod = k.func ? k.func->parentOp() : nullptr)
    if (auto mk = markerOf(m, mod))
      return mk;
  if (k.func)
    if (auto mk = markerOf(m, k.func))
      return mk;
  std::optional<ForkMarker> found;
  k.walk([&](const ir::Operation *op, const kernel::Placement &) {
    if (!found)
      found = markerOf(m, op);
  });
  return found;
}

LoweringAssumption assumeLowering(const kernel::Kernel &k, LoweringChoice choice, bool final) {
  if (final)
    return {Lowering::None, "--no-lowering-fences: the IR is final", "--no-lowering-fences"};
  switch (choice) {
  case LoweringChoice::Upstream:
    return {Lowering::Upstream, "--lowering upstream", "--lowering upstream"};
  case LoweringChoice::Fork:
    return {Lowering::Fork, "--lowering fork", "--lowering fork"};
  case LoweringChoice::Auto:
    break;
  }
  if (auto mk = findForkMarker(k)) {
    std::string at = mk->what + " at IR " + std::to_string(mk->op->line);
    return {Lowering::Fork, "detected: " + at + " (only Meta's fork emits it)", at};
  }
  return {Lowering::Upstream, "no fork marker in the IR; give --lowering fork if Meta's fork compiled it",
          "no fork marker"};
}

} // namespace tscope::checks::fences
