// `tscope report PATH... -o report.html`: one self-contained HTML file with
// the kernel summary, barrier graph, swim-lane timeline, findings and passes.
#include <fstream>
#include <iostream>

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/ModelOptions.h"
#include "driver/KernelDiff.h"
#include "driver/ReportBuilder.h"
#include "render/HtmlReport.h"

namespace tscope::cli {

Command makeReportCommand() {
  return {"report", "Write one self-contained HTML report: graph, timeline, findings with source, pass diffs",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> paths, disabled;
              std::string out, focus, passes, launches, dot = "dot", diffAgainst;
              bool werror = false;
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("paths", o->paths, "TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches")->required();
            app.add_option("-o,--output", o->out, "the HTML file to write ('-' for stdout)")->required();
            app.add_option("--focus", o->focus, "buffer or barrier the timeline follows (default: first buffer with barriers)");
            app.add_option("--passes", o->passes, "pass log (MLIR_ENABLE_DUMP=1 stderr): pass list with per-pass diffs");
            app.add_option("--launches", o->launches, "launch record (launches.jsonl) for the TMA check");
            app.add_option("--disable", o->disabled, "skip a check id (repeatable)")->allow_extra_args(false);
            app.add_flag("--Werror", o->werror, "treat warnings as errors");
            app.add_option("--dot", o->dot, "the Graphviz program (default: dot from PATH)");
            app.add_option("--diff-against", o->diffAgainst,
                           "another build (file or folder): add `tscope diff` of the first PATH against it");
            // The deadlock and race checks' bounds, as `tscope check` takes them.
            addModelOptions(app, o->model);
            return [o]() -> int {
              driver::ReportOptions opts;
              for (const std::string &id : o->disabled) {
                if (!checks::isCheckId(id)) {
                  std::cerr << "error: --disable: no check named '" << id << "' (see tscope check --list-checks)\n";
                  return kExitBadInput;
                }
                opts.check.disabled.insert(id);
              }
              auto bounds = toDeadlockOptions(o->model);
              if (!bounds || !checkArgNamesInPaths(o->paths, o->launches, bounds->bindings.args, std::cerr))
                return kExitBadInput;
              opts.check.deadlock = *bounds;
              opts.check.werror = o->werror;
              opts.check.launches = o->launches;
              opts.focus = o->focus;
              opts.passes = o->passes;
              opts.dot = o->dot;
              int rc = 0;
              render::ReportModel model = driver::buildReport(o->paths, opts, std::cerr, rc);
              if (!o->diffAgainst.empty()) {
                bool bad = false;
                model.diff = driver::buildDiff(o->paths.front(), o->diffAgainst, opts.check, std::cerr, bad);
                if (bad)
                  return kExitBadInput;
              }
              if (o->out == "-") {
                render::writeHtmlReport(std::cout, model);
                return rc;
              }
              std::ofstream out(o->out, std::ios::binary);
              if (!out) {
                std::cerr << o->out << ": error: cannot write\n";
                return kExitBadInput;
              }
              render::writeHtmlReport(out, model);
              out.close();
              if (!out) {
                std::cerr << o->out << ": error: write failed\n";
                return kExitBadInput;
              }
              std::cerr << "wrote " << o->out << " (" << model.files.size() << " IR files, " << model.errors
                        << " errors, " << model.warnings << " warnings, " << model.notesCount << " notes)\n";
              return rc;
            };
          }};
}

} // namespace tscope::cli
