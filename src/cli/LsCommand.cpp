// `tscope ls [DIR...]`: index a Triton dump directory, cache or `tscope run`
// output (by default the Triton cache and dump folder, newest kernels first).
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "dumps/IndexReport.h"

namespace tscope::cli {

Command makeLsCommand() {
  return {"ls", "Index a dump dir or Triton cache: kernels x stages, configs, sizes, failed stages",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> dirs;
              std::string format = "text", kernel;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("dirs", o->dirs,
                           "TRITON_DUMP_DIR, TRITON_CACHE_DIR or a `tscope run` folder; default: $TRITON_DUMP_DIR "
                           "(when set) and $TRITON_CACHE_DIR or ~/.triton/cache, newest kernels first");
            app.add_option("--format", o->format, "text or json")
                ->check(CLI::IsMember({"text", "json"}))
                ->capture_default_str();
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              driver::InputFilter filter;
              filter.kernelGlob = o->kernel;
              if (!resolveInputPaths(o->dirs, filter))
                return kExitBadInput;
              nlohmann::json all = nlohmann::json::array();
              int rc = kExitClean;
              for (const std::string &dir : o->dirs) {
                std::string err;
                auto idx = dumps::indexDirectory(dir, err);
                if (!idx) {
                  std::cerr << dir << ": error: cannot index: " << err << "\n";
                  rc = kExitBadInput;
                  continue;
                }
                for (dumps::IndexSection &s : idx->sections) {
                  std::erase_if(s.entries, [&](const dumps::KernelEntry &e) {
                    return !driver::kernelNameMatches(filter.kernelGlob, e.kernel);
                  });
                  if (filter.newestFirst) {
                    auto mtime = [](const dumps::KernelEntry &e) {
                      std::error_code ec;
                      auto t = std::filesystem::last_write_time(e.dir, ec);
                      return ec ? std::filesystem::file_time_type::min() : t;
                    };
                    std::stable_sort(s.entries.begin(), s.entries.end(),
                                     [&](const auto &a, const auto &b) { return mtime(a) > mtime(b); });
                  }
                }
                if (o->format == "json")
                  all.push_back(dumps::indexJson(*idx));
                else
                  dumps::writeIndexText(std::cout, *idx);
              }
              if (o->format == "json")
                std::cout << (all.size() == 1 ? all.front() : all).dump(2) << "\n";
              return rc;
            };
          }};
}

} // namespace tscope::cli
