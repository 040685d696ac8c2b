// `tscope regs DIR|LOG`: registers, spills, shared memory, occupancy and
// warp-specialization budgets per kernel and config.
#include <iostream>

#include "cli/Command.h"
#include "dumps/RegsReport.h"

namespace tscope::cli {

Command makeRegsCommand() {
  return {"regs", "Registers, spills, barriers, shared memory and occupancy per kernel and config",
          [](CLI::App &app) {
            struct Opts {
              std::string path, sort = "name", format = "text";
              bool compare = false;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("path", o->path, "a ptxas log (TRITON_DUMP_PTXAS_LOG=1 output), a cache, a dump dir, "
                                            "a `tscope run` folder or a fixture folder")
                ->required();
            app.add_option("--sort", o->sort, "name, regs, spills or occupancy")
                ->check(CLI::IsMember({"name", "regs", "spills", "occupancy"}));
            app.add_flag("--compare", o->compare, "group configs of one kernel and show register differences");
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            return [o]() -> int {
              std::string err;
              auto rep = dumps::gatherRegs(o->path, err);
              if (!rep) {
                std::cerr << o->path << ": error: " << err << "\n";
                return kExitBadInput;
              }
              dumps::sortRegs(*rep, o->compare ? "name" : o->sort);
              if (o->format == "json")
                std::cout << dumps::regsJson(*rep).dump(2) << "\n";
              else
                dumps::writeRegsText(std::cout, *rep, o->compare);
              return dumps::regsHasErrors(*rep) ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
