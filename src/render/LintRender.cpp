// Text and JSON renderers of lint findings.
#include "render/LintRender.h"

#include "support/Diagnostics.h"

namespace tscope::render {
namespace {

using checks::tlxlint::LintFinding;
using checks::tlxlint::LintPoint;

std::string base(const std::string &path) {
  size_t s = path.rfind('/');
  return s == std::string::npos ? path : path.substr(s + 1);
}

std::string where(const LintPoint &p) {
  std::string s = "IR line " + std::to_string(p.irLine);
  if (p.pyLine)
    s += ", " + base(p.pyFile) + ":" + std::to_string(p.pyLine);
  return s;
}

nlohmann::json location(const support::SourceBuffer &buf, const LintPoint &p) {
  auto [line, col] = buf.lineCol(p.offset);
  return {{"file", buf.name()}, {"line", line}, {"col", col}};
}

nlohmann::json source(const LintPoint &p) {
  if (!p.pyLine)
    return nullptr;
  return {{"file", p.pyFile}, {"line", p.pyLine}};
}

} // namespace

void printLintText(std::ostream &os, const support::SourceBuffer &buf,
                   const std::vector<LintFinding> &findings) {
  for (const LintFinding &f : findings) {
    support::Diagnostic d;
    d.severity = f.severity;
    d.buffer = &buf;
    d.offset = f.where.offset;
    d.message = f.message;
    d.checkId = f.check;
    support::Diagnostics::print(os, d);
    if (f.where.pyLine)
      os << "  note: from " << base(f.where.pyFile) << ":" << f.where.pyLine << "\n";
    for (const auto &r : f.related)
      os << "  note: " << r.message << " (" << where(r.where) << ")\n";
    for (const std::string &n : f.notes)
      os << "  note: " << n << "\n";
  }
  size_t errors = 0, warnings = 0, notes = 0;
  for (const LintFinding &f : findings) {
    errors += f.severity == support::Severity::Error;
    warnings += f.severity == support::Severity::Warning;
    notes += f.severity == support::Severity::Note || f.severity == support::Severity::Info;
  }
  os << buf.name() << ": " << errors << (errors == 1 ? " error, " : " errors, ") << warnings
     << (warnings == 1 ? " warning, " : " warnings, ") << notes << (notes == 1 ? " note" : " notes")
     << "\n";
}

nlohmann::json lintJson(const support::SourceBuffer &buf,
                        const std::vector<LintFinding> &findings) {
  nlohmann::json arr = nlohmann::json::array();
  for (const LintFinding &f : findings) {
    nlohmann::json related = nlohmann::json::array();
    for (const auto &r : f.related)
      related.push_back({{"location", location(buf, r.where)},
                         {"source", source(r.where)},
                         {"message", r.message}});
    arr.push_back({{"check", f.check},
                   {"severity", support::severityName(f.severity)},
                   {"message", f.message},
                   {"location", location(buf, f.where)},
                   {"source", source(f.where)},
                   {"related", related},
                   {"notes", f.notes},
                   {"trace", nlohmann::json::array()}});
  }
  return {{"schema", "tscope.lint/1"}, {"file", buf.name()}, {"findings", arr}};
}

} // namespace tscope::render
