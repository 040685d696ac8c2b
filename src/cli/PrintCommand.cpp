// `tscope print --generic FILE`: print the IR in MLIR's generic form.
#include <iostream>

#include "cli/Command.h"
#include "ir/GenericPrinter.h"
#include "ir/Parser.h"

namespace tscope::cli {

Command makePrintCommand() {
  return {"print", "Print a file in MLIR's generic form (mlir-opt reads it)",
          [](CLI::App &app) {
            auto file = std::make_shared<std::string>();
            auto generic = std::make_shared<bool>(false);
            auto opts = std::make_shared<ir::GenericPrintOptions>();
            auto noLoc = std::make_shared<bool>(false);
            auto noAsm = std::make_shared<bool>(false);
            app.add_option("file", *file, "MLIR file ('-' for stdin)")->required();
            app.add_flag("--generic", *generic, "generic form (the only form so far)");
            app.add_flag("--opaque", opts->opaqueNames,
                         "prefix op names with 'tscope.' so mlir-opt checks structure only");
            app.add_flag("--no-locations", *noLoc, "omit loc(...)");
            app.add_flag("--no-asm", *noAsm, "omit the tscope.asm custom-syntax attribute");
            return [file, generic, opts, noLoc, noAsm]() -> int {
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
              opts->locations = !*noLoc;
              opts->keepAsm = !*noAsm;
              std::ios::sync_with_stdio(false);
              ir::printGeneric(*m, std::cout, *opts);
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
