// Sarif: the SARIF 2.1.0 view of findings. Section numbers cite the OASIS
// standard (sarif-v2.1.0-errata01-os).
#include "render/Sarif.h"

#include <map>

namespace tscope::render {
namespace {

using checks::Finding;
using checks::FindingLocation;

/// §3.27.10: level is one of none, note, warning, error; info has no level of its own.
const char *levelOf(support::Severity s) {
  switch (s) {
  case support::Severity::Error:
    return "error";
  case support::Severity::Warning:
    return "warning";
  default:
    return "note";
  }
}

/// §3.29 physicalLocation with §3.30 region (lines and columns are 1-based;
/// an unknown line leaves the region out).
nlohmann::json physical(const std::string &file, uint32_t line, uint32_t col, const std::string &snippet = {}) {
  nlohmann::json p = {{"artifactLocation", {{"uri", sarifUri(file)}}}};
  if (line) {
    nlohmann::json region = {{"startLine", line}};
    if (col)
      region["startColumn"] = col;
    if (!snippet.empty())
      region["snippet"] = {{"text", snippet}};
    p["region"] = region;
  }
  return p;
}

nlohmann::json irLocation(const FindingLocation &l, const std::string &message = {}) {
  nlohmann::json loc = {{"physicalLocation", physical(l.file, l.line, l.col)}};
  if (!message.empty())
    loc["message"] = {{"text", message}};
  return loc;
}

} // namespace

std::string sarifUri(const std::string &path) {
  // RFC 3986 unreserved characters and '/' pass; everything else is %XX.
  std::string out;
  if (!path.empty() && path.front() == '/')
    out = "file://";
  static const char *hex = "0123456789ABCDEF";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      out.push_back(static_cast<char>(c));
    else {
      out.push_back('%');
      out.push_back(hex[c >> 4]);
      out.push_back(hex[c & 15]);
    }
  }
  return out;
}

nlohmann::json sarifLog(const std::vector<FindingFile> &files, const std::vector<checks::CheckId> &rules,
                        const std::string &version) {
  // §3.49 reportingDescriptor: one per check id, referenced by ruleIndex (§3.27.6).
  nlohmann::json ruleArr = nlohmann::json::array();
  std::map<std::string, size_t> ruleIndex;
  for (const checks::CheckId &r : rules) {
    ruleIndex.emplace(r.id, ruleArr.size());
    ruleArr.push_back({{"id", r.id}, {"shortDescription", {{"text", r.description}}}});
  }
  nlohmann::json results = nlohmann::json::array();
  for (const FindingFile &file : files) {
    for (const Finding &f : *file.findings) {
      nlohmann::json res = {{"ruleId", f.check}, {"level", levelOf(f.severity)}, {"message", {{"text", f.message}}}};
      if (auto it = ruleIndex.find(f.check); it != ruleIndex.end())
        res["ruleIndex"] = it->second;
      std::string snippet;
      if (file.buffer && f.where.offset)
        snippet = std::string(file.buffer->lineText(*f.where.offset));
      res["locations"] = nlohmann::json::array(
          {{{"physicalLocation", physical(f.where.file, f.where.line, f.where.col, snippet)}}});
      // §3.27.22 relatedLocations: the Python source first, then the check's own.
      nlohmann::json related = nlohmann::json::array();
      int id = 0;
      if (f.where.pyLine)
        related.push_back({{"id", id++},
                           {"message", {{"text", "Python source"}}},
                           {"physicalLocation", physical(f.where.pyFile, f.where.pyLine, 0, f.where.pyText)}});
      for (const auto &r : f.related) {
        nlohmann::json loc = irLocation(r.where, r.message);
        loc["id"] = id++;
        related.push_back(loc);
      }
      if (!related.empty())
        res["relatedLocations"] = related;
      // §3.36 codeFlow / §3.37 threadFlow: the trace, one threadFlowLocation per step.
      if (!f.trace.empty()) {
        nlohmann::json steps = nlohmann::json::array();
        for (const auto &t : f.trace)
          steps.push_back({{"location", irLocation(t.where, t.actor + ": " + t.action)}});
        res["codeFlows"] = nlohmann::json::array({{{"threadFlows", nlohmann::json::array({{{"locations", steps}}})}}});
      }
      // §3.8 property bag: the notes keep their own lines.
      if (!f.notes.empty())
        res["properties"] = {{"notes", f.notes}};
      results.push_back(res);
    }
  }
  nlohmann::json run = {
      {"tool", {{"driver", {{"name", "tscope"}, {"version", version}, {"rules", ruleArr}}}}},
      {"results", results},
  };
  return {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array({run})}};
}

} // namespace tscope::render
