// `tscope report PATH... -o report.html`: one self-contained HTML file with
// the kernel summary, barrier graph, swim-lane timeline, findings and passes.
#include <fstream>
#include <iostream>

#include "cli/Command.h"
#include "cli/CheckOptions.h"
#include "driver/KernelDiff.h"
#include "driver/ReportBuilder.h"
#include "render/HtmlReport.h"
#include "render/ReportJson.h"

namespace tscope::cli {

Command makeReportCommand() {
  return {"report", "Write one self-contained HTML report: graph, timeline, findings with source, pass diffs",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> paths;
              std::string out = "report.html", focus, passes, dot = "dot", format = "html", diffAgainst;
              CheckCliOptions check;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("paths", o->paths,
                           "TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches; default: $TRITON_DUMP_DIR "
                           "(when set) and $TRITON_CACHE_DIR or ~/.triton/cache, newest kernels first");
            CLI::Option *outOption = app.add_option("-o,--output", o->out,
                           "the file to write ('-' for stdout); with --format json and no -o: stdout")
                ->capture_default_str();
            app.add_option("--format", o->format,
                           "html (one self-contained HTML file) or json (the same model as data: verdicts, expected "
                           "GPU outcome, findings in the findings schema, pass table); for SARIF use tscope check "
                           "--format sarif, which takes the same options")
                ->check(CLI::IsMember({"html", "json"}))
                ->capture_default_str();
            app.add_option("--focus", o->focus, "buffer or barrier the timeline follows (default: first buffer with barriers)");
            app.add_option("--passes", o->passes, "pass log (MLIR_ENABLE_DUMP=1 stderr): pass list with per-pass diffs");
            app.add_option("--dot", o->dot, "the Graphviz program (found on PATH)")->capture_default_str();
            // Every option of `tscope check`, as it takes them.
            addCheckOptions(app, o->check);
            app.add_option("--diff-against", o->diffAgainst,
                           "another build (file or folder): add `tscope diff` of the first PATH against it");
            return [o, outOption]() -> int {
              if (o->check.list) {
                listChecks(std::cout);
                return kExitClean;
              }
              driver::ReportOptions opts;
              auto check = toCheckOptions(o->check, o->paths);
              if (!check)
                return kExitBadInput;
              opts.check = std::move(*check);
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
              bool json = o->format == "json";
              auto write = [&](std::ostream &os) {
                if (json)
                  os << render::reportJson(model).dump(2) << "\n";
                else
                  render::writeHtmlReport(os, model);
              };
              // JSON goes to stdout unless -o names a file (report.html is the HTML's default).
              if (o->out == "-" || (json && outOption->count() == 0)) {
                write(std::cout);
                return rc;
              }
              std::ofstream out(o->out, std::ios::binary);
              if (!out) {
                std::cerr << o->out << ": error: cannot write\n";
                return kExitBadInput;
              }
              write(out);
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
