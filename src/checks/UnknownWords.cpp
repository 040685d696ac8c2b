// UnknownWords: an unknown value in the user's words, with the next step.
#include "checks/UnknownWords.h"

namespace tscope::checks {

UnknownWords unknownWords(const ir::Module &m, const kernel::Kernel &k, const interp::Scalar &s) {
  const ir::Value *o = s.origin();
  switch (s.reason()) {
  case interp::Reason::Unbound: {
    // The SSA name always selects the argument (a NameLoc may be shared by
    // the expanded arguments of a descriptor).
    std::string name = o ? std::string(m.str(o->name)) : std::string("?");
    if (!name.empty() && name[0] == '%')
      name = name.substr(1);
    return {"it depends on the kernel argument " + name + ", which has no value",
            "give --arg " + name + "=VALUE, or a launch record (tscope record) that binds it"};
  }
  case interp::Reason::NoGrid:
    return {"it depends on the number of programs, which is not bound", "give --grid X[,Y,Z]"};
  case interp::Reason::NotInterpreted:
  case interp::Reason::RegionResult:
    if (o && o->definingOp()) {
      std::string opName(o->definingOp()->opName());
      return {"it depends on " + k.valueName(o) + " = " + opName + " (IR line " +
                  std::to_string(o->definingOp()->line) + "), which tscope does not evaluate",
              "tscope does not model " + opName + " yet"};
    }
    break;
  case interp::Reason::OtherPartition:
    if (o && o->definingOp())
      return {"it depends on " + k.valueName(o) + " (IR line " + std::to_string(o->definingOp()->line) +
                  "), which another partition computes; code partitioning has not run, so nothing yet hands it "
                  "over",
              "check the IR after tritongpu-partition-loops (code partitioning), where each partition has the "
              "value it uses"};
    break;
  case interp::Reason::WarpDependent:
    return {"it differs between the warps of a program (it depends on ttg.warp_id)", ""};
  default:
    break;
  }
  std::string why = interp::reasonText(s.reason());
  if (o)
    why += " (" + k.valueName(o) + (o->definingOp() ? ", IR line " + std::to_string(o->definingOp()->line) : "") +
           ")";
  return {why, ""};
}

} // namespace tscope::checks
