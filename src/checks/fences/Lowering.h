// Lowering: which Triton produced a TTGIR file, upstream Triton 3.6 or Meta's
// fork (facebookexperimental/triton), read from markers only the fork emits.
// Their ProxyFenceInsertion passes (make_llir) fence different pairs, so the
// fence check must know which one runs after this IR (docs/Fences.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "kernel/Kernel.h"

namespace tscope::checks::fences {

/// The lowering the fence check assumes runs after the IR.
enum class Lowering {
  Upstream, ///< Triton 3.6: ProxyFenceInsertion fences TMA loads and gathers
  Fork,     ///< Meta's fork: ProxyFenceInsertion fences every async-proxy access
  None,     ///< the IR is final (--no-lowering-fences): nothing is added later
};

/// "upstream", "fork", "none" (the JSON and text spelling).
const char *loweringName(Lowering l);

/// What `--lowering` asks for.
enum class LoweringChoice { Auto, Upstream, Fork };

/// "auto" / "upstream" / "fork" -> the choice; nullopt for anything else.
std::optional<LoweringChoice> parseLoweringChoice(std::string_view text);

/// A fork marker: an op or attribute that only the fork's compiler emits.
struct ForkMarker {
  std::string what;                  ///< "attribute buffer.id", "op tlx.require_layout"
  const ir::Operation *op = nullptr; ///< where it was found (the module op for a module attribute)
};

/// The first fork marker of the kernel's function or its module, or nullopt
/// when the IR carries none (then it reads as upstream Triton's).
std::optional<ForkMarker> findForkMarker(const kernel::Kernel &k);

/// The lowering assumed for one kernel and why.
struct LoweringAssumption {
  Lowering lowering = Lowering::Upstream;
  std::string why;   ///< "detected: attribute buffer.id at IR 41 (...)", "--lowering fork", ...
  std::string brief; ///< the same in a few words: "attribute buffer.id at IR 41", "no fork marker"
};

/// Decides the lowering of `k` under `choice` (`final`: --no-lowering-fences).
LoweringAssumption assumeLowering(const kernel::Kernel &k, LoweringChoice choice, bool final);

} // namespace tscope::checks::fences
