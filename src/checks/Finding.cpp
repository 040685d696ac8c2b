// Finding helpers: locations from offsets or lines, severity names, ordering.
#include "checks/Finding.h"

#include <algorithm>
#include <tuple>

namespace tscope::checks {

FindingLocation locationAt(const support::SourceBuffer &buf, uint32_t offset, std::string pyFile,
                           uint32_t pyLine) {
  FindingLocation l;
  l.file = buf.name();
  auto [line, col] = buf.lineCol(offset);
  l.line = line;
  l.col = col;
  l.offset = offset;
  l.pyFile = std::move(pyFile);
  l.pyLine = pyLine;
  return l;
}

FindingLocation locationOfLine(const support::SourceBuffer &buf, uint32_t line, std::string pyFile,
                               uint32_t pyLine) {
  FindingLocation l;
  l.file = buf.name();
  l.line = line;
  l.col = 1;
  l.pyFile = std::move(pyFile);
  l.pyLine = pyLine;
  if (line == 0)
    return l;
  std::string_view text = buf.text();
  size_t pos = 0;
  for (uint32_t n = 1; n < line; ++n) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos)
      return l;
    pos = nl + 1;
  }
  size_t first = pos;
  while (first < text.size() && (text[first] == ' ' || text[first] == '\t'))
    ++first;
  if (first >= text.size() || text[first] == '\n')
    first = pos;
  l.col = static_cast<uint32_t>(first - pos + 1);
  l.offset = static_cast<uint32_t>(first);
  return l;
}

KernelVerdict kernelVerdict(const std::string &kernel, const std::string &verdict, const std::string &reason) {
  return {kernel, verdictFromName(verdict), kernel + ": " + verdict + (reason.empty() ? "" : " (" + reason + ")"), {}};
}

Finding notVerifiedFinding(std::string_view analysis, std::string_view subject, FindingLocation where,
                           std::string reason, std::string next) {
  Finding f;
  f.check = kNotVerified;
  f.severity = support::Severity::Warning;
  f.message = std::string(analysis) + " not verified for " + std::string(subject) + ": " + std::move(reason);
  f.where = std::move(where);
  if (!next.empty())
    f.notes.push_back("next: " + std::move(next));
  return f;
}

void appendResult(AnalysisResult &into, AnalysisResult &&from) {
  for (Finding &f : from.findings)
    into.findings.push_back(std::move(f));
  for (KernelVerdict &k : from.kernels)
    into.kernels.push_back(std::move(k));
}

FindingLocation locationOf(const support::SourceBuffer &buf, const kernel::SourcePoint &p) {
  if (p.offset && *p.offset < buf.text().size())
    return locationAt(buf, *p.offset, p.pyFile, p.pyLine);
  return locationOfLine(buf, p.irLine, p.pyFile, p.pyLine);
}

namespace {
struct VerdictNameRow {
  Verdict verdict;
  const char *name;
};
constexpr VerdictNameRow kVerdictNames[] = {
    {Verdict::NoDeadlock, "no-deadlock"}, {Verdict::Deadlock, "deadlock"},   {Verdict::Trap, "trap"},
    {Verdict::NoRace, "no-race"},         {Verdict::Race, "race"},           {Verdict::InBounds, "in-bounds"},
    {Verdict::OutOfBounds, "out-of-bounds"}, {Verdict::Clean, "clean"},      {Verdict::Findings, "findings"},
    {Verdict::Unknown, "unknown"},
};
} // namespace

const char *verdictName(Verdict v) {
  for (const VerdictNameRow &r : kVerdictNames)
    if (r.verdict == v)
      return r.name;
  return "unknown";
}

Verdict verdictFromName(std::string_view s) {
  for (const VerdictNameRow &r : kVerdictNames)
    if (s == r.name)
      return r.verdict;
  return Verdict::Unknown;
}

support::Severity severityFromName(const std::string &s) {
  if (s == "error")
    return support::Severity::Error;
  if (s == "warning")
    return support::Severity::Warning;
  if (s == "info")
    return support::Severity::Info;
  return support::Severity::Note;
}

void sortFindings(std::vector<Finding> &findings) {
  std::stable_sort(findings.begin(), findings.end(), [](const Finding &a, const Finding &b) {
    return std::tie(a.where.file, a.where.line, a.where.col, a.check, a.message) <
           std::tie(b.where.file, b.where.line, b.where.col, b.check, b.message);
  });
}

} // namespace tscope::checks
