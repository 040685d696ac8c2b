// `tscope parse FILE...`: parse each file and summarise what was read.
#include <chrono>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/Command.h"
#include "ir/Parser.h"

namespace tscope::cli {
namespace {

struct Summary {
  uint64_t modules = 0, functions = 0;
};

Summary summarise(const ir::Module &m) {
  Summary s;
  std::vector<const ir::Operation *> work;
  for (const ir::Chunk &c : m.chunks()) {
    bool sawModule = false;
    for (const ir::Block *b = c.body->first; b; b = b->next)
      for (const ir::Operation *op = b->first; op; op = op->next) {
        sawModule |= op->is("builtin.module");
        work.push_back(op);
      }
    if (!sawModule && c.body->first->first)
      ++s.modules; // implicit module
  }
  while (!work.empty()) {
    const ir::Operation *op = work.back();
    work.pop_back();
    if (op->is("builtin.module"))
      ++s.modules;
    std::string_view n = op->name->opName();
    if (n == "func" && !op->name->dialect().empty())
      ++s.functions;
    for (ir::Region *r = op->firstRegion; r; r = r->next)
      for (ir::Block *b = r->first; b; b = b->next)
        for (ir::Operation *o = b->first; o; o = o->next)
          work.push_back(o);
  }
  return s;
}

} // namespace

Command makeParseCommand() {
  return {"parse", "Parse MLIR files and print modules, functions, ops, depth and time",
          [](CLI::App &app) {
            auto files = std::make_shared<std::vector<std::string>>();
            auto format = std::make_shared<std::string>("text");
            app.add_option("files", *files, "MLIR files ('-' for stdin)")->required();
            app.add_option("--format", *format, "text or json")
                ->check(CLI::IsMember({"text", "json"}));
            return [files, format]() -> int {
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
                Summary s = summarise(*m);
                const ir::ParseStats &st = m->stats();
                if (*format == "json") {
                  out.push_back({{"file", path},
                                 {"bytes", bytes},
                                 {"chunks", m->chunks().size()},
                                 {"modules", s.modules},
                                 {"functions", s.functions},
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
                      path, m->chunks().size(), s.modules, s.functions, st.ops,
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
