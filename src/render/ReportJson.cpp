// ReportJson: the report model as JSON; the findings through FindingRender's
// findingJson, so they have the shape of every other findings command.
#include "render/ReportJson.h"

#include "render/FindingRender.h"

namespace tscope::render {
namespace {

nlohmann::json kernelJson(const ReportKernel &k) {
  return {{"name", k.barriers.kernel},
          {"verdict", k.verdict},
          {"expected_gpu", k.expectedGpu.empty() ? nlohmann::json(nullptr) : nlohmann::json(k.expectedGpu)},
          {"verdicts", k.verdictLines},
          {"not_verified", k.notVerified}};
}

nlohmann::json passesJson(const ReportPasses &p) {
  nlohmann::json rows = nlohmann::json::array();
  for (const PassTableRow &r : p.rows)
    rows.push_back({{"compile", r.compile},
                    {"row", r.row},
                    {"kernel", r.kernel},
                    {"pass", r.pass},
                    {"arg", r.arg},
                    {"changed", r.changed},
                    {"failed", r.failed},
                    {"added", r.added},
                    {"removed", r.removed},
                    {"ops_before", r.opsBefore},
                    {"ops_after", r.opsAfter},
                    {"deltas", r.deltas}});
  return {{"log", p.log},
          {"rows", rows},
          {"note", p.note},
          {"check", p.check ? passCheckJson(*p.check) : nlohmann::json(nullptr)}};
}

} // namespace

nlohmann::json reportJson(const ReportModel &model) {
  nlohmann::json files = nlohmann::json::array();
  nlohmann::json findings = nlohmann::json::array();
  for (const ReportFile &f : model.files) {
    nlohmann::json analyses = nlohmann::json::array();
    for (const ReportAnalysis &a : f.analyses)
      analyses.push_back({{"name", a.name}, {"verdicts", a.lines}});
    nlohmann::json kernels = nlohmann::json::array();
    for (const ReportKernel &k : f.kernels)
      kernels.push_back(kernelJson(k));
    files.push_back({{"file", f.path}, {"analyses", analyses}, {"kernels", kernels}});
    for (const FindingView &v : f.findings) {
      nlohmann::json j = findingJson(v.finding);
      j["kernel"] = v.kernel; // the tt.func that holds it ("" when unknown)
      findings.push_back(std::move(j));
    }
  }
  return {{"schema", "tscope.report/1"},
          {"inputs", model.inputs},
          {"files", files},
          {"passes", model.passes ? passesJson(*model.passes) : nlohmann::json(nullptr)},
          {"diff", model.diff ? diffJson(*model.diff) : nlohmann::json(nullptr)},
          {"notes", model.notes},
          {"counts", {{"errors", model.errors}, {"warnings", model.warnings}, {"notes", model.notesCount}}},
          {"findings", findings}};
}

} // namespace tscope::render
