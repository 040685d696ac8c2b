// `tscope races FILE`: find buffer races (conflicting slot accesses with no
// happens-before) over every interleaving of the barrier model.
#include <fmt/format.h>
#include <iostream>
#include <set>
#include <nlohmann/json.hpp>

#include "checks/races/RaceChecker.h"
#include "cli/Command.h"
#include "cli/ModelOptions.h"
#include "cli/LoadModule.h"

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

std::string headline(const checks::races::Race &r) {
  return "race on " + r.slot + ": " + r.later.actor + "'s " + r.later.what + " is not ordered after " +
         r.earlier.actor + "'s " + r.earlier.what + " at IR line " + std::to_string(r.earlier.where.irLine);
}

} // namespace

Command makeRacesCommand() {
  return {"races", "Find buffer races: slot accesses with no happens-before (barrier model, all interleavings)",
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
              auto results = checks::races::checkRaces(*m, opts);
              bool found = false;
              nlohmann::json findings = nlohmann::json::array(), kernels = nlohmann::json::array();
              for (const auto &r : results) {
                found |= r.verdict == "race";
                nlohmann::json runs = nlohmann::json::array();
                for (const auto &run : r.runs)
                  runs.push_back({{"bindings", run.bindings}, {"verdict", run.verdict}, {"reason", run.reason},
                                  {"states", run.states}, {"stuck_states", run.stuckStates},
                                  {"over_arrival", run.overArrival}});
                nlohmann::json kj = {{"name", r.kernel}, {"verdict", r.verdict}, {"reason", r.reason},
                                     {"unbound_args", r.unboundArgs}, {"runs", runs}, {"race", nullptr}};
                for (const auto &[name, where] : r.redundantWaits)
                  findings.push_back({{"check", "redundant-wait"}, {"severity", "note"},
                                      {"message", "redundant wait: served by a phase this partition already waited for; every access stays ordered"},
                                      {"location", loc(o->file, where)}, {"source", src(where)},
                                      {"related", nlohmann::json::array()}, {"notes", nlohmann::json::array()},
                                      {"trace", nlohmann::json::array()}});
                if (r.race) {
                  const auto &race = *r.race;
                  nlohmann::json trace = nlohmann::json::array();
                  for (const auto &t : race.trace)
                    trace.push_back({{"actor", t.actor}, {"action", t.action},
                                     {"location", loc(o->file, t.where)}, {"source", src(t.where)}});
                  auto side = [&](const checks::races::RaceAccess &a) {
                    return nlohmann::json{{"actor", a.actor}, {"access", a.write ? "write" : "read"},
                                          {"op", a.what}, {"location", loc(o->file, a.where)},
                                          {"source", src(a.where)}};
                  };
                  kj["race"] = {{"slot", race.slot}, {"reason", race.reason}, {"earlier", side(race.earlier)},
                                {"later", side(race.later)}, {"trace_steps", race.trace.size()}};
                  findings.push_back(
                      {{"check", "race"}, {"severity", "error"}, {"message", headline(race)},
                       {"location", loc(o->file, race.later.where)}, {"source", src(race.later.where)},
                       {"related", {{{"location", loc(o->file, race.earlier.where)},
                                     {"source", src(race.earlier.where)},
                                     {"message", "the earlier access: " + race.earlier.actor + "'s " + race.earlier.what}}}},
                       {"notes", {race.reason, "bindings: " + r.runs[*r.evidenceRun].bindings}},
                       {"trace", trace}});
                }
                kernels.push_back(kj);
              }
              if (o->format == "json") {
                std::cout << nlohmann::json{{"schema", "tscope.races/1"}, {"file", o->file},
                                            {"kernels", kernels}, {"findings", findings}}
                                 .dump(2)
                          << "\n";
                return found ? kExitFindings : kExitClean;
              }
              for (const auto &r : results) {
                std::set<uint32_t> noted;
                for (const auto &[name, where] : r.redundantWaits)
                  if (noted.insert(where.irLine).second)
                    std::cout << fmt::format("{}:{}:1: note: redundant wait: served by a phase this partition already waited for; every access stays ordered [redundant-wait]\n",
                                             o->file, where.irLine);
                std::cout << "== kernel " << r.kernel << ": " << r.verdict;
                if (r.verdict == "no-race")
                  std::cout << " (every access is ordered in every interleaving of every run below)";
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
                  std::cout << fmt::format("  run {}: {} ({} states{}{}){}\n", run.bindings, run.verdict, run.states,
                                           run.stuckStates ? fmt::format(", {} stuck: see tscope deadlock", run.stuckStates) : "",
                                           run.overArrival ? ", an mbarrier over-arrival: see tscope deadlock" : "",
                                           run.reason.empty() ? "" : ": " + run.reason);
                if (!r.race)
                  continue;
                const auto &race = *r.race;
                std::cout << "  race on " << race.slot << ":\n";
                std::cout << fmt::format("    earlier: {:<22} {}  [{}]\n", race.earlier.actor, race.earlier.what, place(race.earlier.where));
                std::cout << fmt::format("    later:   {:<22} {}  [{}]\n", race.later.actor, race.later.what, place(race.later.where));
                std::cout << "  reason: " << race.reason << "\n";
                std::cout << "  trace (" << race.trace.size() << " steps):\n";
                size_t i = 0;
                for (const auto &t : race.trace)
                  std::cout << fmt::format("    {:>3}. {:<11} {}  [{}]\n", ++i, t.actor, t.action, place(t.where));
                std::cout << fmt::format("{}:{}:1: error: {} [race]\n", o->file, race.later.where.irLine, headline(race));
                std::cout << fmt::format("{}:{}:1: note: the earlier access: {}'s {} [race]\n", o->file,
                                         race.earlier.where.irLine, race.earlier.actor, race.earlier.what);
              }
              return found ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
