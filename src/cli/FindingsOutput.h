// FindingsOutput: the output of a findings command (deadlock, races, tma):
// each kernel's own section, then its findings through render/FindingRender,
// in text; or one JSON document with `kernels` and `findings`.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "checks/model/Results.h"
#include "support/SourceBuffer.h"

namespace tscope::cli {

/// Collects and prints a findings command's kernels and findings.
class FindingsOutput {
public:
  /// `schema` names the document ("tscope.deadlock/1"); `format` is "text", "json" or "sarif".
  FindingsOutput(std::ostream &os, std::string schema, std::string file, const std::string &format,
                 const support::SourceBuffer &buf);

  /// `--kernel GLOB` and `--disable ID`: kernels whose name does not match
  /// are left out (section and findings), findings of a disabled id dropped.
  void filter(std::string kernelGlob, std::set<std::string> disabled);

  /// False when `--kernel` leaves this kernel out.
  bool wants(const std::string &kernel) const;

  /// True when `--disable` names the check id (its findings do not count
  /// towards the exit status either).
  bool disabled(const std::string &checkId) const { return disabled_.count(checkId) != 0; }

  /// One kernel: its own section (JSON object or text), then its findings;
  /// `extra` may add command keys to the JSON of the i-th finding.
  void add(const std::function<nlohmann::json()> &kernelJson,
           const std::function<void(std::ostream &)> &kernelText, std::vector<checks::Finding> findings,
           const std::function<void(size_t, nlohmann::json &)> &extra = {});

  /// Prints the JSON or SARIF document (text is printed as it comes).
  void finish();

private:
  std::ostream &os_;
  std::string schema_, file_;
  bool json_, sarif_;
  std::string kernelGlob_;
  std::set<std::string> disabled_;
  std::vector<checks::Finding> all_; ///< every finding kept, for SARIF
  const support::SourceBuffer &buf_;
  nlohmann::json kernels_ = nlohmann::json::array(), findings_ = nlohmann::json::array();
};

/// "== kernel K: VERDICT (gloss) (reason)" and the unbound integer arguments
/// the model checkers tried together (an empty gloss or reason is left out).
/// The proof for every trip count, as text (indented under a kernel's
/// header) and as the `proof` key of a kernel's JSON.
void proofText(std::ostream &os, const checks::TripProofResult &p);
/// The header's gloss of a clean verdict the proof holds for: `what` ("every
/// interleaving finishes"), then ", at every trip count[ >= 1] (proof below)".
std::string provedGloss(const checks::TripProofResult &p, const std::string &what);
nlohmann::json proofJson(const checks::TripProofResult &p);

void kernelHeader(std::ostream &os, const std::string &kernel, const std::string &verdict, const char *gloss,
                  const std::string &reason, const std::vector<std::string> &unboundArgs);

} // namespace tscope::cli
