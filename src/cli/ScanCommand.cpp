// `tscope scan DIR`: every kernel of a cache on all cores, as JSON lines.
#include <iostream>
#include <unistd.h>

#include "cli/Command.h"
#include "dumps/Scan.h"

namespace tscope::cli {

Command makeScanCommand() {
  return {"scan", "Scan a whole cache or dump dir on all cores; one JSON line per kernel",
          [](CLI::App &app) {
            auto dir = std::make_shared<std::string>();
            auto opts = std::make_shared<dumps::ScanOptions>();
            auto noProgress = std::make_shared<bool>(false);
            app.add_option("dir", *dir, "TRITON_CACHE_DIR, TRITON_DUMP_DIR or a `tscope run` folder")->required();
            app.add_option("--threads", opts->threads, "worker threads (default: all cores)");
            app.add_flag("--no-progress", *noProgress, "no progress bar (there is none unless stderr is a terminal)");
            return [dir, opts, noProgress]() -> int {
              opts->progress = !*noProgress && isatty(2);
              std::ios::sync_with_stdio(false);
              std::string err;
              long n = dumps::scanDirectory(*dir, *opts, std::cout, err);
              if (n < 0) {
                std::cerr << *dir << ": error: cannot scan: " << err << "\n";
                return kExitBadInput;
              }
              if (n == 0)
                std::cerr << *dir << ": no kernel folders found\n";
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
