// `tscope print --generic FILE`: print the IR in MLIR's generic form.
#include <iostream>
#include <set>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "ir/GenericPrinter.h"
#include "ir/Parser.h"
#include "kernel/Kernel.h"

namespace tscope::cli {

Command makePrintCommand() {
  return {"print", "Print a file in MLIR's generic form (mlir-opt reads it)",
          [](CLI::App &app) {
            auto file = std::make_shared<std::string>();
            auto generic = std::make_shared<bool>(false);
            auto opts = std::make_shared<ir::GenericPrintOptions>();
            auto noLoc = std::make_shared<bool>(false);
            auto noAsm = std::make_shared<bool>(false);
            auto kernel = std::make_shared<std::string>();
            app.add_option("file", *file, "MLIR file ('-' for stdin)")->required();
            app.add_flag("--generic", *generic, "generic form (the only form so far)");
            app.add_flag("--opaque", opts->opaqueNames,
                         "prefix op names with 'tscope.' so mlir-opt checks structure only");
            app.add_flag("--no-locations", *noLoc, "omit loc(...)");
            app.add_flag("--no-asm", *noAsm, "omit the tscope.asm custom-syntax attribute");
            addKernelOption(app, *kernel);
            return [file, generic, opts, noLoc, noAsm, kernel]() -> int {
              (void)generic;
              std::string err;
              auto buf = support::SourceBuffer::open(*file, err);
              if (!buf) {
                std::cerr << *file << ": error: cannot read: " << err << "\n";
                return kExitBadInput;
              }
              support::Diagnostics diags;
              auto m = ir::parseModule(std::move(buf), diags);
              diags.print(std::cerr);
              if (diags.errorCount())
                return kExitBadInput;
              // --kernel: the kernels (public functions) it does not match are left out.
              std::set<const ir::Operation *> others;
              if (!kernel->empty()) {
                std::vector<kernel::Kernel> kernels = kernel::Kernel::build(*m);
                if (!requireKernelMatch(*kernel, kernels, *file))
                  return kExitBadInput;
                for (const kernel::Kernel &k : kernels)
                  if (k.entry && !driver::kernelNameMatches(*kernel, k.name))
                    others.insert(k.func);
              }
              if (!others.empty())
                opts->omit = [&others](const ir::Operation &op) { return others.count(&op) != 0; };
              opts->locations = !*noLoc;
              opts->keepAsm = !*noAsm;
              std::ios::sync_with_stdio(false);
              ir::printGeneric(*m, std::cout, *opts);
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
