// FindingRender: text and JSON views of checks::Finding.
#include "render/FindingRender.h"

#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>

#include "render/Color.h"
#include "support/Diagnostics.h"

namespace tscope::render {
namespace {

using checks::Finding;
using checks::FindingLocation;

std::string trimmed(const std::string &s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos)
    return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

} // namespace

std::string shortPlace(const FindingLocation &l) {
  std::string s = "IR " + std::to_string(l.line);
  if (l.pyLine) {
    size_t slash = l.pyFile.rfind('/');
    s += ", " + (slash == std::string::npos ? l.pyFile : l.pyFile.substr(slash + 1)) + ":" +
         std::to_string(l.pyLine);
  }
  return s;
}

nlohmann::json locationJson(const FindingLocation &l) {
  return {{"file", l.file}, {"line", l.line}, {"col", l.col}};
}

nlohmann::json sourceJson(const FindingLocation &l) {
  if (!l.pyLine)
    return nullptr;
  return {{"file", l.pyFile}, {"line", l.pyLine}};
}

void findingText(std::ostream &os, const support::SourceBuffer *buf, const Finding &f) {
  if (colorEnabled()) {
    // Rendered plain, then painted (the severities, location and caret).
    std::ostringstream plain;
    findingTextPlain(plain, buf, f);
    os << paintDiagnostics(plain.str());
    return;
  }
  findingTextPlain(os, buf, f);
}

void findingTextPlain(std::ostream &os, const support::SourceBuffer *buf, const Finding &f) {
  if (buf && f.where.offset) {
    support::Diagnostic d;
    d.severity = f.severity;
    d.buffer = buf;
    d.offset = *f.where.offset;
    d.message = f.message;
    d.checkId = f.check;
    support::Diagnostics::print(os, d);
  } else {
    os << f.where.file << ":" << f.where.line << ":" << f.where.col << ": " << support::severityName(f.severity)
       << ": " << f.message << " [" << f.check << "]\n";
  }
  if (f.where.pyLine) {
    os << f.where.pyFile << ":" << f.where.pyLine << ": note: Python source";
    if (!f.where.pyText.empty())
      os << ": " << trimmed(f.where.pyText) << "\n";
    else
      os << " (file not found)\n";
  }
  for (const auto &r : f.related)
    os << r.where.file << ":" << r.where.line << ":" << r.where.col << ": note: " << r.message << " ("
       << shortPlace(r.where) << ")\n";
  for (const std::string &n : f.notes)
    os << "  note: " << n << "\n";
  if (!f.trace.empty()) {
    os << "  trace (" << f.trace.size() << " steps):\n";
    size_t i = 0;
    for (const auto &t : f.trace)
      os << fmt::format("    {:>3}. {:<11} {}  [{}]\n", ++i, t.actor, t.action, shortPlace(t.where));
  }
}

nlohmann::json findingJson(const Finding &f) {
  nlohmann::json related = nlohmann::json::array(), trace = nlohmann::json::array();
  for (const auto &r : f.related)
    related.push_back({{"location", locationJson(r.where)}, {"source", sourceJson(r.where)}, {"message", r.message}});
  for (const auto &t : f.trace)
    trace.push_back({{"actor", t.actor}, {"action", t.action}, {"location", locationJson(t.where)},
                     {"source", sourceJson(t.where)}});
  nlohmann::json fixes = nlohmann::json::array();
  for (const auto &x : f.fixes) {
    nlohmann::json j = {{"kind", x.kind},
                        {"edit", x.edit},
                        {"proven", x.proven},
                        {"location", locationJson(x.where)},
                        {"source", sourceJson(x.where)}};
    if (x.other)
      j["other"] = {{"location", locationJson(*x.other)}, {"source", sourceJson(*x.other)}};
    fixes.push_back(std::move(j));
  }
  nlohmann::json j = {{"check", f.check},
                      {"severity", support::severityName(f.severity)},
                      {"message", f.message},
                      {"location", locationJson(f.where)},
                      {"source", sourceJson(f.where)},
                      {"related", related},
                      {"notes", f.notes},
                      {"trace", trace}};
  if (!fixes.empty()) // only findings a proven fix is known for (docs/Fix.md)
    j["fixes"] = std::move(fixes);
  return j;
}

nlohmann::json findingsJson(const std::vector<Finding> &findings) {
  nlohmann::json arr = nlohmann::json::array();
  for (const Finding &f : findings)
    arr.push_back(findingJson(f));
  return arr;
}

nlohmann::json findingsJson(const std::vector<FindingFile> &files) {
  nlohmann::json arr = nlohmann::json::array();
  for (const FindingFile &file : files)
    for (const Finding &f : *file.findings)
      arr.push_back(findingJson(f));
  return arr;
}

} // namespace tscope::render
