// `tscope ls DIR`: index a Triton dump directory, cache or `tscope run` output.
#include <iostream>

#include "cli/Command.h"
#include "dumps/IndexReport.h"

namespace tscope::cli {

Command makeLsCommand() {
  return {"ls", "Index a dump dir or Triton cache: kernels x stages, configs, sizes, failed stages",
          [](CLI::App &app) {
            auto dir = std::make_shared<std::string>();
            auto format = std::make_shared<std::string>("text");
            app.add_option("dir", *dir, "TRITON_DUMP_DIR, TRITON_CACHE_DIR or a `tscope run` folder")->required();
            app.add_option("--format", *format, "text or json")->check(CLI::IsMember({"text", "json"}));
            return [dir, format]() -> int {
              std::string err;
              auto idx = dumps::indexDirectory(*dir, err);
              if (!idx) {
                std::cerr << *dir << ": error: cannot index: " << err << "\n";
                return kExitBadInput;
              }
              if (*format == "json")
                std::cout << dumps::indexJson(*idx).dump(2) << "\n";
              else
                dumps::writeIndexText(std::cout, *idx);
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
