// `tscope deadlock FILE`: prove or refute a hang with the mbarrier phase model.
#include <fmt/format.h>
#include <iostream>
#include <set>
#include <nlohmann/json.hpp>

#include "checks/deadlock/ModelChecker.h"
#include "cli/Command.h"
#include "cli/ModelOptions.h"
#include "cli/LoadModule.h"
#include "ir/Parser.h"

namespace tscope::cli {
namespace {

std::string place(const checks::SourcePoint &p) {
  std::string s = "IR " + std::to_string(p.irLine);
  if (p.pyLine) {
    std::string f = p.pyFile.substr(p.pyFile.rfind('/') + 1);
    s += ", " + f + ":" + std::to_string(p.pyLine);
  }
  return s;
}

nlohmann::json loc(const std::string &file, const checks::SourcePoint &p) {
  return {{"file", file}, {"line", p.irLine}, {"col", 1}};
}
nlohmann::json src(const checks::SourcePoint &p) {
  if (!p.pyLine)
    return nullptr;
  return {{"file", p.pyFile}, {"line", p.pyLine}};
}

} // namespace

Command makeDeadlockCommand() {
  return {"deadlock", "Prove or refute a barrier deadlock (mbarrier phase model, all interleavings)",
          [](CLI::App &app) {
            struct Opts {
              std::string file, format = "text";
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file")->required();
            addModelOptions(app, o->model);
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            return [o]() -> int {
              auto parsed = toDeadlockOptions(o->model);
              if (!parsed)
                return kExitBadInput;
              const checks::DeadlockOptions &opts = *parsed;
              auto m = loadModule(o->file);
              if (!m)
                return kExitBadInput;
              auto results = checks::checkDeadlocks(*m, opts);
              bool found = false;
              nlohmann::json findings = nlohmann::json::array(), kernels = nlohmann::json::array();
              for (const auto &r : results) {
                found |= r.verdict == "deadlock" || r.trapRun.has_value();
                nlohmann::json runs = nlohmann::json::array();
                for (const auto &run : r.runs)
                  runs.push_back({{"bindings", run.bindings}, {"verdict", run.verdict},
                                  {"reason", run.reason}, {"states", run.states}});
                nlohmann::json kj = {{"name", r.kernel}, {"verdict", r.verdict}, {"reason", r.reason},
                                     {"unbound_args", r.unboundArgs}, {"runs", runs},
                                     {"cause", nullptr}, {"trace", nlohmann::json::array()},
                                     {"barriers", nlohmann::json::array()}, {"stuck", nlohmann::json::array()},
                                     {"over_arrival", nullptr}};
                if (r.trapRun) {
                  const auto &run = r.runs[*r.trapRun];
                  const checks::OverArrival &ov = *run.overArrival;
                  nlohmann::json trace = nlohmann::json::array();
                  for (const auto &t : ov.trace)
                    trace.push_back({{"actor", t.actor}, {"action", t.action},
                                     {"location", loc(o->file, t.where)}, {"source", src(t.where)}});
                  kj["over_arrival"] = {{"actor", ov.actor}, {"barrier", ov.barrier}, {"what", ov.what},
                                        {"bindings", run.bindings}, {"location", loc(o->file, ov.where)},
                                        {"source", src(ov.where)}, {"trace", trace}};
                  findings.push_back({{"check", "mbarrier-overarrive"}, {"severity", "error"},
                                      {"message", checks::overArrivalMessage(r.kernel, ov)},
                                      {"location", loc(o->file, ov.where)}, {"source", src(ov.where)},
                                      {"related", nlohmann::json::array()},
                                      {"notes", {"bindings: " + run.bindings, checks::kOverArrivalOnGpu}},
                                      {"trace", trace}});
                }
                if (r.evidenceRun) {
                  const auto &run = r.runs[*r.evidenceRun];
                  kj["cause"] = run.cause;
                  kj["barriers"] = run.barrierStates;
                  kj["states"] = run.states;
                  for (const auto &t : run.trace)
                    kj["trace"].push_back({{"actor", t.actor}, {"action", t.action}, {"ir_line", t.where.irLine}});
                  for (const auto &st : run.stuck)
                    kj["stuck"].push_back({{"partition", st.partition}, {"why", st.why},
                                           {"location", loc(o->file, st.where)}, {"source", src(st.where)}});
                }
                for (const auto &run : r.runs)
                  for (const auto &[name, where] : run.redundantWaits)
                    findings.push_back({{"check", "redundant-wait"}, {"severity", "note"},
                                        {"message", "redundant wait: served by a phase this partition already waited for"},
                                        {"location", loc(o->file, where)}, {"source", src(where)},
                                        {"related", nlohmann::json::array()}, {"notes", nlohmann::json::array()},
                                        {"trace", nlohmann::json::array()}});
                kernels.push_back(kj);
                if (r.verdict == "deadlock" && r.evidenceRun) {
                  const auto &run = r.runs[*r.evidenceRun];
                  nlohmann::json related = nlohmann::json::array(), trace = nlohmann::json::array();
                  for (size_t i = 1; i < run.stuck.size(); ++i)
                    related.push_back({{"location", loc(o->file, run.stuck[i].where)},
                                       {"source", src(run.stuck[i].where)},
                                       {"message", run.stuck[i].partition + " " + run.stuck[i].why}});
                  for (const auto &t : run.trace)
                    trace.push_back({{"actor", t.actor}, {"action", t.action},
                                     {"location", loc(o->file, t.where)}, {"source", src(t.where)}});
                  const auto &first = run.stuck.front();
                  findings.push_back({{"check", "deadlock"}, {"severity", "error"},
                                      {"message", "kernel " + r.kernel + " hangs: " + first.partition + " " + first.why},
                                      {"location", loc(o->file, first.where)}, {"source", src(first.where)},
                                      {"related", related},
                                      {"notes", {"bindings: " + run.bindings, std::to_string(run.states) + " states explored"}},
                                      {"trace", trace}});
                }
              }
              if (o->format == "json") {
                std::cout << nlohmann::json{{"schema", "tscope.deadlock/1"}, {"file", o->file},
                                            {"kernels", kernels}, {"findings", findings}}
                                 .dump(2)
                          << "\n";
                return found ? kExitFindings : kExitClean;
              }
              for (const auto &r : results) {
                std::set<std::pair<uint32_t, std::string>> notes;
                for (const auto &run : r.runs)
                  for (const auto &[name, where] : run.redundantWaits)
                    notes.insert({where.irLine, fmt::format("{}:{}:1: note: redundant wait: served by a phase this partition already waited for; harmless [redundant-wait]",
                                                            o->file, where.irLine)});
                for (const auto &[line, text] : notes)
                  std::cout << text << "\n";
                std::cout << "== kernel " << r.kernel << ": " << r.verdict;
                if (r.verdict == "no-deadlock")
                  std::cout << " (every interleaving of every run below finishes)";
                if (r.verdict == "trap")
                  std::cout << " (no interleaving hangs, but one over-arrives on an mbarrier: the GPU faults)";
                if (!r.reason.empty())
                  std::cout << " (" << r.reason << ")";
                std::cout << "\n";
                if (!r.unboundArgs.empty()) {
                  std::string names;
                  for (const auto &n : r.unboundArgs)
                    names += (names.empty() ? "" : ", ") + n;
                  std::cout << "  unbound integer arguments tried together: " << names << "\n";
                }
                for (const auto &run : r.runs)
                  std::cout << fmt::format("  run {}: {} ({} states){}\n", run.bindings, run.verdict,
                                           run.states, run.reason.empty() ? "" : ": " + run.reason);
                if (r.verdict == "deadlock" && r.evidenceRun) {
                  const auto &run = r.runs[*r.evidenceRun];
                  std::cout << "  cause: " << run.cause << "\n";
                  std::cout << "  stuck state:\n";
                  for (const auto &s : run.stuck)
                    std::cout << fmt::format("    {:<11} {}  [{}]\n", s.partition, s.why, place(s.where));
                  std::cout << "  barriers:";
                  for (const auto &b : run.barrierStates)
                    std::cout << "\n    " << b;
                  std::cout << "\n  trace (" << run.trace.size() << " steps):\n";
                  size_t i = 0;
                  for (const auto &t : run.trace)
                    std::cout << fmt::format("    {:>3}. {:<11} {}  [{}]\n", ++i, t.actor, t.action, place(t.where));
                  const auto &first = run.stuck.front();
                  std::cout << fmt::format("{}:{}:1: error: kernel {} hangs: {} {} [deadlock]\n", o->file,
                                           first.where.irLine, r.kernel, first.partition, first.why);
                }
                if (r.trapRun) {
                  const auto &run = r.runs[*r.trapRun];
                  const checks::OverArrival &ov = *run.overArrival;
                  std::cout << "  mbarrier over-arrival (run " << run.bindings << "): " << ov.actor << "'s "
                            << ov.what << "\n  " << checks::kOverArrivalOnGpu << "\n";
                  std::cout << "  trace (" << ov.trace.size() << " steps):\n";
                  size_t i = 0;
                  for (const auto &t : ov.trace)
                    std::cout << fmt::format("    {:>3}. {:<11} {}  [{}]\n", ++i, t.actor, t.action, place(t.where));
                  std::cout << fmt::format("{}:{}:1: error: {} [mbarrier-overarrive]\n", o->file, ov.where.irLine,
                                           checks::overArrivalMessage(r.kernel, ov));
                }
              }
              return found ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
