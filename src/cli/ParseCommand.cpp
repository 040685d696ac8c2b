// `tscope parse FILE...`: parse each file and summarise what was read.
#include <chrono>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "ir/Parser.h"

namespace tscope::cli {

Command makeParseCommand() {
  return {"parse", "Parse MLIR files and print modules, functions, ops, depth and time",
          [](CLI::App &app) {
            auto files = std::make_shared<std::vector<std::string>>();
            auto format = std::make_shared<std::string>("text");
            auto kernel = std::make_shared<std::string>();
            app.add_option("files", *files, "MLIR files ('-' for stdin)")->required();
            app.add_option("--format", *format, "text or json")
                ->check(CLI::IsMember({"text", "json"}));
            addKernelOption(app, *kernel)
                ->description("only files holding a kernel whose name matches this shell glob (e.g. 'matmul_*'); "
                              "default: every file");
            return [files, format, kernel]() -> int {
              int rc = kExitClean;
              nlohmann::json out = nlohmann::json::array();
              for (const std::string &path : *files) {
                std::string err;
                auto buf = support::SourceBuffer::open(path, err);
                if (!buf) {
                  std::cerr << path << ": error: cannot read: " << err << "\n";
                  rc = kExitBadInput;
                  continue;
                }
                size_t bytes = buf->size();
                support::Diagnostics diags;
                auto t0 = std::chrono::steady_clock::now();
                auto m = ir::parseModule(std::move(buf), diags);
                auto t1 = std::chrono::steady_clock::now();
                double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
                diags.print(std::cerr);
                if (diags.errorCount())
                  rc = kExitBadInput;
                if (!requireKernelMatch(*kernel, *m, path)) {
                  rc = kExitBadInput;
                  continue;
                }
                const ir::ParseStats st = m->stats();
                size_t chunks = m->chunks().size();
                // Freeing the IR of a large file costs more than parsing a
                // small one; the process is about to exit (clang does the same).
#if !defined(__SANITIZE_ADDRESS__)
                if (&path == &files->back())
                  (void)m.release();
#endif
                if (*format == "json") {
                  out.push_back({{"file", path},
                                 {"bytes", bytes},
                                 {"chunks", chunks},
                                 {"modules", st.modules},
                                 {"functions", st.functions},
                                 {"ops", st.ops},
                                 {"generic_ops", st.genericOps},
                                 {"blocks", st.blocks},
                                 {"values", st.values},
                                 {"uses", st.uses},
                                 {"unresolved_uses", st.unresolvedUses},
                                 {"max_depth", st.maxDepth},
                                 {"errors", diags.errorCount()},
                                 {"time_ms", ms}});
                } else {
                  std::cout << fmt::format(
                      "{}: {} chunks, {} modules, {} functions, {} ops, max depth {}, "
                      "{} errors, {:.3f} ms\n",
                      path, chunks, st.modules, st.functions, st.ops,
                      st.maxDepth, diags.errorCount(), ms);
                }
              }
              if (*format == "json")
                std::cout << out.dump(2) << "\n";
              return rc;
            };
          }};
}

} // namespace tscope::cli
