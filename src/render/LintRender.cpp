// LintRender: the findings through FindingRender, then lint's summary line.
#include "render/LintRender.h"

#include "render/FindingRender.h"

namespace tscope::render {

void lintText(std::ostream &os, const support::SourceBuffer &buf, const std::vector<checks::Finding> &findings) {
  size_t errors = 0, warnings = 0, notes = 0;
  for (const checks::Finding &f : findings) {
    findingText(os, &buf, f);
    errors += f.severity == support::Severity::Error;
    warnings += f.severity == support::Severity::Warning;
    notes += f.severity == support::Severity::Note || f.severity == support::Severity::Info;
  }
  os << buf.name() << ": " << errors << (errors == 1 ? " error, " : " errors, ") << warnings
     << (warnings == 1 ? " warning, " : " warnings, ") << notes << (notes == 1 ? " note" : " notes") << "\n";
}

nlohmann::json lintJson(const support::SourceBuffer &buf, const std::vector<checks::Finding> &findings) {
  return {{"schema", "tscope.lint/1"}, {"file", buf.name()}, {"findings", findingsJson({{&buf, &findings}})}};
}

} // namespace tscope::render
