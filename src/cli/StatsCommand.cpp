// `tscope stats FILE.ptx|FILE.sass`: the instruction mix that matters, per kernel.
#include <iostream>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "dumps/StatsReport.h"
#include "support/SourceBuffer.h"

namespace tscope::cli {

Command makeStatsCommand() {
  return {"stats", "Instruction mix of PTX or SASS: wgmma, tcgen05, mbarrier, bar, TMA, fences, spills",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> files;
              std::string format = "text", as, kernel;
              bool all = false;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("files", o->files, ".ptx or .sass files")->required();
            app.add_option("--as", o->as, "ptx or sass (default: from the extension)")
                ->check(CLI::IsMember({"ptx", "sass"}));
            app.add_flag("--all-opcodes", o->all, "list every opcode of each family");
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              int rc = kExitClean;
              nlohmann::json out = nlohmann::json::array();
              for (const std::string &f : o->files) {
                std::string err;
                auto buf = support::SourceBuffer::open(f, err);
                if (!buf) {
                  std::cerr << f << ": error: cannot read: " << err << "\n";
                  rc = kExitBadInput;
                  continue;
                }
                bool sass = o->as.empty() ? (f.size() > 5 && f.compare(f.size() - 5, 5, ".sass") == 0) : o->as == "sass";
                dumps::InstrStats st = dumps::instrStats(buf->text(), sass);
                if (st.kernels.empty()) {
                  std::cerr << f << ": error: no " << (sass ? "SASS function" : "PTX .entry") << " found\n";
                  rc = kExitBadInput;
                  continue;
                }
                std::vector<std::string> names;
                for (const dumps::KernelInstrStats &k : st.kernels)
                  names.push_back(k.name);
                if (!requireKernelMatch(o->kernel, names, f)) {
                  rc = kExitBadInput;
                  continue;
                }
                std::erase_if(st.kernels, [&](const dumps::KernelInstrStats &k) {
                  return !driver::kernelNameMatches(o->kernel, k.name);
                });
                if (o->format == "json")
                  out.push_back(dumps::statsJson(f, st));
                else
                  dumps::writeStatsText(std::cout, f, st, o->all);
              }
              if (o->format == "json")
                std::cout << (out.size() == 1 ? out[0] : out).dump(2) << "\n";
              return rc;
            };
          }};
}

} // namespace tscope::cli
