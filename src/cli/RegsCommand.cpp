// `tscope regs [DIR|LOG...]`: registers, spills, shared memory, occupancy and
// warp-specialization budgets per kernel and config (by default of the Triton
// cache and dump folder).
#include <iostream>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "dumps/RegsReport.h"

namespace tscope::cli {

Command makeRegsCommand() {
  return {"regs", "Registers, spills, barriers, shared memory and occupancy per kernel and config",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> paths;
              std::string sort = "name", format = "text", kernel;
              bool compare = false;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("paths", o->paths, "a ptxas log (TRITON_DUMP_PTXAS_LOG=1 output), a cache, a dump dir, "
                                              "a `tscope run` folder or a fixture folder; default: $TRITON_DUMP_DIR "
                                              "(when set) and $TRITON_CACHE_DIR or ~/.triton/cache");
            app.add_option("--sort", o->sort, "name, regs, spills or occupancy")
                ->check(CLI::IsMember({"name", "regs", "spills", "occupancy"}))
                ->capture_default_str();
            app.add_flag("--compare", o->compare, "group configs of one kernel and show register differences");
            app.add_option("--format", o->format, "text or json")
                ->check(CLI::IsMember({"text", "json"}))
                ->capture_default_str();
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              driver::InputFilter filter;
              if (!resolveInputPaths(o->paths, filter))
                return kExitBadInput;
              dumps::RegsReport all;
              for (const std::string &p : o->paths) {
                std::string err;
                auto rep = dumps::gatherRegs(p, err);
                if (!rep) {
                  std::cerr << p << ": error: " << err << "\n";
                  return kExitBadInput;
                }
                for (dumps::KernelResourcesRow &r : rep->rows)
                  if (driver::kernelNameMatches(o->kernel, r.kernel))
                    all.rows.push_back(std::move(r));
                for (dumps::AutotuneResult &a : rep->autotune)
                  all.autotune.push_back(std::move(a));
                all.inputs.insert(all.inputs.end(), rep->inputs.begin(), rep->inputs.end());
              }
              dumps::sortRegs(all, o->compare ? "name" : o->sort);
              if (o->format == "json")
                std::cout << dumps::regsJson(all).dump(2) << "\n";
              else
                dumps::writeRegsText(std::cout, all, o->compare);
              return dumps::regsHasErrors(all) ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
