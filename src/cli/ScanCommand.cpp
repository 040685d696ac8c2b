// `tscope scan [DIR...]`: every kernel of a cache on all cores, as JSON lines
// (by default the Triton cache and dump folder, newest kernels first).
#include <iostream>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "dumps/Scan.h"

namespace tscope::cli {

Command makeScanCommand() {
  return {"scan", "Scan a whole cache or dump dir on all cores; one JSON line per kernel",
          [](CLI::App &app) {
            auto dirs = std::make_shared<std::vector<std::string>>();
            auto opts = std::make_shared<dumps::ScanOptions>();
            auto noProgress = std::make_shared<bool>(false);
            app.add_option("dirs", *dirs,
                           "TRITON_CACHE_DIR, TRITON_DUMP_DIR or a `tscope run` folder; default: $TRITON_DUMP_DIR "
                           "(when set) and $TRITON_CACHE_DIR or ~/.triton/cache, newest kernels first");
            app.add_option("--threads", opts->threads, "worker threads (0: all cores)")->capture_default_str();
            addKernelOption(app, opts->kernelGlob);
            app.add_flag("--no-progress", *noProgress, "no progress line (there is none unless stderr is a terminal)");
            return [dirs, opts, noProgress]() -> int {
              driver::InputFilter filter;
              if (!resolveInputPaths(*dirs, filter))
                return kExitBadInput;
              opts->newestFirst = filter.newestFirst;
              opts->progress = !*noProgress;
              std::ios::sync_with_stdio(false);
              int rc = kExitClean;
              for (const std::string &dir : *dirs) {
                std::string err;
                long n = dumps::scanDirectory(dir, *opts, std::cout, err);
                if (n < 0) {
                  std::cerr << dir << ": error: cannot scan: " << err << "\n";
                  rc = kExitBadInput;
                  continue;
                }
                if (n == 0)
                  std::cerr << dir << ": no kernel folders found"
                            << (opts->kernelGlob.empty() ? "" : " matching --kernel " + opts->kernelGlob) << "\n";
              }
              return rc;
            };
          }};
}

} // namespace tscope::cli
