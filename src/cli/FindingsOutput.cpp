// FindingsOutput: kernels' own sections and their findings, text or JSON.
#include "cli/FindingsOutput.h"

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "driver/CheckInputs.h"
#include "driver/CheckRun.h"
#include "render/Sarif.h"
#include "render/FindingRender.h"

namespace tscope::cli {

FindingsOutput::FindingsOutput(std::ostream &os, std::string schema, std::string file, const std::string &format,
                               const support::SourceBuffer &buf)
    : os_(os), schema_(std::move(schema)), file_(std::move(file)), json_(format == "json"),
      sarif_(format == "sarif"), buf_(buf) {}

void FindingsOutput::filter(std::string kernelGlob, std::set<std::string> disabled) {
  kernelGlob_ = std::move(kernelGlob);
  disabled_ = std::move(disabled);
}

bool FindingsOutput::wants(const std::string &kernel) const {
  return driver::kernelNameMatches(kernelGlob_, kernel);
}

void FindingsOutput::add(const std::function<nlohmann::json()> &kernelJson,
                         const std::function<void(std::ostream &)> &kernelText, std::vector<checks::Finding> findings,
                         const std::function<void(size_t, nlohmann::json &)> &extra) {
  // --disable: the findings kept, by their index in `findings` (what `extra` is told).
  std::vector<size_t> kept;
  for (size_t i = 0; i < findings.size(); ++i)
    if (!disabled_.count(findings[i].check))
      kept.push_back(i);
  if (kept.size() != findings.size()) {
    std::vector<checks::Finding> rest;
    for (size_t i : kept)
      rest.push_back(std::move(findings[i]));
    findings = std::move(rest);
  }
  driver::attachPythonLines(findings);
  if (sarif_) {
    for (checks::Finding &f : findings)
      all_.push_back(std::move(f));
    return;
  }
  if (json_) {
    kernels_.push_back(kernelJson());
    for (size_t i = 0; i < findings.size(); ++i) {
      nlohmann::json fj = render::findingJson(findings[i]);
      if (extra)
        extra(kept[i], fj);
      findings_.push_back(std::move(fj));
    }
    return;
  }
  kernelText(os_);
  for (const checks::Finding &f : findings)
    render::findingText(os_, &buf_, f);
}

void FindingsOutput::finish() {
  if (sarif_) {
    checks::sortFindings(all_);
    os_ << render::sarifLog({{&buf_, &all_}}, checks::allCheckIds(), kVersion).dump(2) << "\n";
    return;
  }
  if (json_)
    os_ << nlohmann::json{{"schema", schema_}, {"file", file_}, {"kernels", kernels_}, {"findings", findings_}}.dump(2)
        << "\n";
}

void proofText(std::ostream &os, const checks::TripProofResult &p) {
  std::string inputs;
  for (const std::string &n : p.inputs)
    inputs += (inputs.empty() ? "" : ", ") + n;
  os << "  every trip count" << (p.fromTrip ? " >= " + std::to_string(p.fromTrip) : std::string()) << ": proved"
     << (inputs.empty() ? "" : " for every value of " + inputs) << "\n";
  if (p.fromTrip)
    os << "    not covered: a loop that runs 0 times (" << p.zeroTripWhy << ")\n";
  if (!p.byStructure.empty()) {
    os << "    by the kernel's structure: " << p.byStructure << "\n";
    return;
  }
  for (const std::string &l : p.loops)
    os << "    symbolic trip count: loop at " << l << "\n";
  os << "    " << p.states << " states explored; " << p.folds
     << " recurred shifted by whole periods and share the future of an explored one\n";
}

std::string provedGloss(const checks::TripProofResult &p, const std::string &what) {
  return what + ", at every trip count" + (p.fromTrip ? " >= " + std::to_string(p.fromTrip) : std::string()) +
         " (proof below)";
}

/// The inputs the proof's counterexample needs, or null.
nlohmann::json witnessJson(const checks::TripProofResult &p) {
  if (p.witness.empty())
    return nullptr;
  nlohmann::json args = nlohmann::json::object();
  for (const auto &[name, value] : p.witness)
    args[name] = value;
  return {{"args", args}, {"why", p.witnessWhy}};
}

nlohmann::json proofJson(const checks::TripProofResult &p) {
  if (!p.attempted)
    return nullptr;
  return {{"proved", p.proved}, {"why", p.why},     {"states", p.states},
          {"folds", p.folds},   {"loops", p.loops}, {"inputs", p.inputs},
          {"from_trip", p.fromTrip}, {"zero_trip_why", p.zeroTripWhy},
          {"by_structure", p.byStructure.empty() ? nlohmann::json(nullptr) : nlohmann::json(p.byStructure)},
          {"witness", witnessJson(p)}};
}

void kernelHeader(std::ostream &os, const std::string &kernel, const std::string &verdict, const char *gloss,
                  const std::string &reason, const std::vector<std::string> &unboundArgs) {
  os << "== kernel " << kernel << ": " << verdict;
  if (*gloss)
    os << " (" << gloss << ")";
  if (!reason.empty())
    os << " (" << reason << ")";
  os << "\n";
  if (unboundArgs.empty())
    return;
  std::string names;
  for (const std::string &n : unboundArgs)
    names += (names.empty() ? "" : ", ") + n;
  os << "  unbound integer arguments tried together: " << names << "\n";
}

} // namespace tscope::cli
