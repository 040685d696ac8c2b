// `tscope tlx FILE`: render TTGIR as readable TLX-style Python.
#include <iostream>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "ir/Parser.h"
#include "translate/TlxTranslator.h"

namespace tscope::cli {

Command makeTlxCommand() {
  return {
      "tlx", "Render TTGIR as readable TLX-style Python (valid Python syntax)", [](CLI::App &app) {
        auto file = std::make_shared<std::string>();
        auto opts = std::make_shared<translate::TlxOptions>();
        auto kernel = std::make_shared<std::string>();
        app.add_option("file", *file, "TTGIR file ('-' for stdin)")->required();
        app.add_flag("--types", opts->types, "keep result types and layouts as trailing comments");
        app.add_flag("--annotate", opts->annotate,
                     "add '# IR line N, file.py:L' to every statement");
        addKernelOption(app, *kernel);
        return [file, opts, kernel]() -> int {
          std::string err;
          auto buf = support::SourceBuffer::open(*file, err);
          if (!buf) {
            std::cerr << *file << ": error: cannot read: " << err << "\n";
            return kExitBadInput;
          }
          support::Diagnostics diags;
          auto m = ir::parseModule(std::move(buf), diags);
          diags.print(std::cerr);
          if (!requireKernelMatch(*kernel, *m, *file))
            return kExitBadInput;
          // --kernel: the kernels it does not match are left out; device functions stay.
          if (!kernel->empty())
            opts->keep = [kernel](const kernel::Kernel &k) { return !k.entry || driver::kernelNameMatches(*kernel, k.name); };
          // What could be read is still translated; bad input keeps exit 2.
          std::ios::sync_with_stdio(false);
          std::cout << translate::translateToTlx(*m, *opts);
          return diags.errorCount() ? kExitBadInput : kExitClean;
        };
      }};
}

} // namespace tscope::cli
