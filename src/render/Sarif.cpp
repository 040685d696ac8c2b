// Sarif: the SARIF 2.1.0 view of findings. Section numbers cite the OASIS
// standard (sarif-v2.1.0-errata01-os).
#include "render/Sarif.h"

#include <filesystem>
#include <map>
#include <set>

#include "support/Sha256.h"

namespace fs = std::filesystem;

namespace tscope::render {
namespace {

using checks::Finding;
using checks::FindingLocation;

/// GitHub code scanning and CodeQL name the checkout root %SRCROOT%.
constexpr const char *kRootBase = "%SRCROOT%";
constexpr const char *kFingerprintKey = "tscope/v1";

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

/// The docs page of each analysis (helpUri, relative to the tscope repository).
std::string docPage(std::string_view analysis) {
  static const std::map<std::string_view, std::string> pages = {
      {"deadlock", "docs/Deadlock.md"}, {"races", "docs/Races.md"}, {"fences", "docs/Fences.md"},
      {"tma", "docs/Tma.md"},           {"lint", "docs/TLX.md"},    {"tmem", "docs/Barriers.md"}};
  auto it = pages.find(analysis);
  return it == pages.end() ? "docs/Check.md" : it->second;
}

std::map<std::string, std::string> docPages() {
  std::map<std::string, std::string> out;
  for (const checks::Analysis &a : checks::analyses())
    for (const checks::CheckId &c : a.ids())
      out.emplace(c.id, docPage(a.name));
  return out;
}

/// The text of 1-based line `line` of `buf` (empty past the end).
std::string_view lineOf(const support::SourceBuffer &buf, uint32_t line) {
  std::string_view t = buf.text();
  size_t pos = 0;
  for (uint32_t n = 1; n < line; ++n) {
    size_t nl = t.find('\n', pos);
    if (nl == std::string_view::npos)
      return {};
    pos = nl + 1;
  }
  size_t nl = t.find('\n', pos);
  return t.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
}

std::string_view irLineText(const support::SourceBuffer *buf, const FindingLocation &l) {
  if (!buf || !l.line)
    return {};
  if (l.offset)
    return buf->lineText(*l.offset);
  return lineOf(*buf, l.line);
}

/// Names Python files: relative to the source root when under it.
struct PyNamer {
  const SarifOptions &opts;
  std::map<std::string, std::string> roots; ///< root folder -> its uriBaseId (originalUriBaseIds)
  std::map<std::string, std::pair<std::string, std::string>> cache;

  /// {uri, uriBaseId or ""}.
  std::pair<std::string, std::string> name(const std::string &py) {
    auto it = cache.find(py);
    if (it != cache.end())
      return it->second;
    std::string root;
    std::string rel = sourceRelative(py, opts.sourceRoot, root);
    std::pair<std::string, std::string> out = {sarifUri(rel), ""};
    if (!root.empty()) {
      auto [r, fresh] = roots.emplace(root, "");
      if (fresh)
        r->second = roots.size() == 1 ? std::string(kRootBase) : "%SRCROOT" + std::to_string(roots.size()) + "%";
      out.second = r->second;
    }
    return cache[py] = out;
  }
};

/// §3.29 physicalLocation with §3.30 region (lines and columns are 1-based;
/// an unknown line leaves the region out).
nlohmann::json physical(const std::string &uri, const std::string &base, uint32_t line, uint32_t col,
                        std::string_view snippet = {}) {
  nlohmann::json art = {{"uri", uri}};
  if (!base.empty())
    art["uriBaseId"] = base;
  nlohmann::json p = {{"artifactLocation", art}};
  if (line) {
    nlohmann::json region = {{"startLine", line}};
    if (col)
      region["startColumn"] = col;
    if (!snippet.empty())
      region["snippet"] = {{"text", std::string(snippet)}};
    p["region"] = region;
  }
  return p;
}

nlohmann::json irPhysical(const FindingLocation &l, std::string_view snippet = {}) {
  return physical(sarifUri(l.file), "", l.line, l.col, snippet);
}

nlohmann::json withMessage(nlohmann::json phys, const std::string &message) {
  nlohmann::json loc = {{"physicalLocation", std::move(phys)}};
  if (!message.empty())
    loc["message"] = {{"text", message}};
  return loc;
}

/// A finding's strength and expected outcome (Finding::schedule, onGpu).
void scheduleProperties(const Finding &f, nlohmann::json &props) {
  if (!f.schedule.empty()) {
    props["schedule"] = f.schedule;
    props["schedule_words"] = f.scheduleWords;
  }
  if (!f.onGpu.empty())
    props["expected_gpu"] = f.onGpu;
}

/// An IR line for a message: without its trailing loc(...) and blanks.
std::string opText(std::string_view line) {
  size_t loc = line.rfind(" loc(");
  if (loc != std::string_view::npos)
    line = line.substr(0, loc);
  size_t b = line.find_first_not_of(" \t");
  return b == std::string_view::npos ? std::string() : std::string(line.substr(b));
}

std::string hex(const std::array<uint8_t, 32> &d) {
  static const char *digits = "0123456789abcdef";
  std::string s;
  for (uint8_t b : d) {
    s.push_back(digits[b >> 4]);
    s.push_back(digits[b & 15]);
  }
  return s;
}

} // namespace

std::string sarifUri(const std::string &path) {
  // RFC 3986 unreserved characters and '/' pass; everything else is %XX.
  std::string out;
  if (!path.empty() && path.front() == '/')
    out = "file://";
  static const char *hexd = "0123456789ABCDEF";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      out.push_back(static_cast<char>(c));
    else {
      out.push_back('%');
      out.push_back(hexd[c >> 4]);
      out.push_back(hexd[c & 15]);
    }
  }
  return out;
}

std::string sourceRelative(const std::string &pyFile, const std::string &sourceRoot, std::string &root) {
  root.clear();
  if (pyFile.empty())
    return pyFile;
  std::error_code ec;
  fs::path py = fs::path(pyFile).lexically_normal();
  fs::path base;
  if (!sourceRoot.empty()) {
    base = fs::absolute(fs::path(sourceRoot), ec).lexically_normal();
    if (!base.has_filename() && base != base.root_path())
      base = base.parent_path(); // "/src/" -> "/src"
  } else {
    if (!py.is_absolute())
      return pyFile;
    for (fs::path d = py.parent_path(); !d.empty(); d = d.parent_path()) {
      if (fs::exists(d / ".git", ec)) {
        base = d;
        break;
      }
      if (d == d.root_path())
        break;
    }
  }
  if (base.empty())
    return pyFile;
  fs::path abs = py.is_absolute() ? py : fs::absolute(py, ec).lexically_normal();
  fs::path rel = abs.lexically_relative(base);
  if (rel.empty() || *rel.begin() == "..")
    return pyFile;
  root = base.string();
  return rel.generic_string();
}

std::string fingerprintText(std::string_view line) {
  size_t loc = line.rfind(" loc(");
  if (loc != std::string_view::npos)
    line = line.substr(0, loc);
  std::string out;
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if ((c == '%' || c == '#') && i + 1 < line.size()) {
      // %12, %arg3, %12#1, #loc7: keep the letters of the name, drop its number.
      out.push_back(c);
      ++i;
      while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) {
        if (!std::isdigit(static_cast<unsigned char>(line[i])))
          out.push_back(line[i]);
        ++i;
      }
      continue;
    }
    out.push_back(c);
    ++i;
  }
  size_t b = out.find_first_not_of(" \t\r");
  size_t e = out.find_last_not_of(" \t\r");
  return b == std::string::npos ? std::string() : out.substr(b, e - b + 1);
}

std::string enclosingFunction(const support::SourceBuffer &buf, size_t offset) {
  std::string_view t = buf.text();
  if (offset > t.size())
    offset = t.size();
  size_t at = t.rfind("tt.func", offset);
  if (at == std::string_view::npos)
    return {};
  size_t nl = t.find('\n', at);
  std::string_view head = t.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
  size_t sym = head.find('@');
  if (sym == std::string_view::npos)
    return {};
  size_t i = sym + 1;
  if (i < head.size() && head[i] == '"') {
    size_t end = head.find('"', i + 1);
    return std::string(head.substr(i + 1, end == std::string_view::npos ? std::string_view::npos : end - i - 1));
  }
  size_t end = i;
  while (end < head.size() && (std::isalnum(static_cast<unsigned char>(head[end])) || head[end] == '_' ||
                               head[end] == '.' || head[end] == '$'))
    ++end;
  return std::string(head.substr(i, end - i));
}

nlohmann::json sarifLog(const std::vector<FindingFile> &files, const std::vector<checks::CheckId> &rules,
                        const std::string &version, const SarifOptions &opts) {
  // §3.49 reportingDescriptor: one per check id, referenced by ruleIndex (§3.27.6).
  std::map<std::string, std::string> pages = docPages();
  nlohmann::json ruleArr = nlohmann::json::array();
  std::map<std::string, size_t> ruleIndex;
  for (const checks::CheckId &r : rules) {
    ruleIndex.emplace(r.id, ruleArr.size());
    std::string page = pages.count(r.id) ? pages[r.id] : "docs/Check.md";
    ruleArr.push_back({{"id", r.id},
                       {"name", r.id},
                       {"shortDescription", {{"text", r.description}}},
                       {"helpUri", page},
                       {"help", {{"text", r.description + " (tscope " + page + ")"}}}});
  }
  PyNamer py{opts, {}, {}};
  std::map<std::string, int> seen; // fingerprint -> occurrences so far
  nlohmann::json results = nlohmann::json::array();
  for (const FindingFile &file : files) {
    for (const Finding &f : *file.findings) {
      nlohmann::json res = {{"ruleId", f.check}, {"level", levelOf(f.severity)}, {"message", {{"text", f.message}}}};
      if (auto it = ruleIndex.find(f.check); it != ruleIndex.end())
        res["ruleIndex"] = it->second;
      std::string_view irText = irLineText(file.buffer, f.where);
      std::string kernel = file.buffer && f.where.offset ? enclosingFunction(*file.buffer, *f.where.offset) : "";
      nlohmann::json irLoc = irPhysical(f.where, irText);
      nlohmann::json related = nlohmann::json::array();
      int id = 0;
      // §3.27.12 locations: the Python line when the loc chain names it (the
      // line the user edits), the IR line then the first related location.
      if (f.where.pyLine && !f.where.pyFile.empty()) {
        auto [uri, base] = py.name(f.where.pyFile);
        res["locations"] =
            nlohmann::json::array({{{"physicalLocation", physical(uri, base, f.where.pyLine, 0, f.where.pyText)}}});
        nlohmann::json ir = withMessage(irLoc, "IR: " + opText(irText));
        ir["id"] = id++;
        related.push_back(ir);
      } else {
        res["locations"] = nlohmann::json::array({{{"physicalLocation", irLoc}}});
      }
      // §3.27.22 relatedLocations: each of the check's own, on the Python line
      // when known, then on the IR line.
      std::string fp = f.check + '\n' + kernel + '\n' + fingerprintText(irText);
      for (const auto &r : f.related) {
        if (r.where.pyLine && !r.where.pyFile.empty()) {
          auto [uri, base] = py.name(r.where.pyFile);
          nlohmann::json loc = withMessage(physical(uri, base, r.where.pyLine, 0), r.message);
          loc["id"] = id++;
          related.push_back(loc);
        }
        std::string_view rt = irLineText(file.buffer, r.where);
        nlohmann::json loc = withMessage(irPhysical(r.where), r.message + " (IR)");
        loc["id"] = id++;
        related.push_back(loc);
        fp += '\n' + fingerprintText(rt);
      }
      if (!related.empty())
        res["relatedLocations"] = related;
      // §3.36 codeFlow / §3.37 threadFlow: the trace twice, once over the
      // Python lines (steps whose loc chain names one) and once over the IR.
      if (!f.trace.empty()) {
        nlohmann::json pySteps = nlohmann::json::array(), irSteps = nlohmann::json::array();
        for (const auto &t : f.trace) {
          std::string text = t.actor + ": " + t.action;
          if (t.where.pyLine && !t.where.pyFile.empty()) {
            auto [uri, base] = py.name(t.where.pyFile);
            pySteps.push_back({{"location", withMessage(physical(uri, base, t.where.pyLine, 0), text)}});
          }
          irSteps.push_back({{"location", withMessage(irPhysical(t.where), text)}});
        }
        nlohmann::json flows = nlohmann::json::array();
        if (!pySteps.empty())
          flows.push_back({{"message", {{"text", "the trace on the Python source"}}},
                           {"threadFlows", nlohmann::json::array({{{"locations", pySteps}}})}});
        flows.push_back({{"message", {{"text", "the trace on the IR"}}},
                         {"threadFlows", nlohmann::json::array({{{"locations", irSteps}}})}});
        res["codeFlows"] = flows;
      }
      // §3.27.17 partialFingerprints: stable when unrelated lines move.
      std::string digest = hex(support::sha256(fp));
      int n = seen[digest]++;
      res["partialFingerprints"] = {{kFingerprintKey, digest + (n ? ":" + std::to_string(n) : "")}};
      // §3.8 property bag: kernel, schedule strength, expected GPU outcome, notes.
      nlohmann::json props = nlohmann::json::object();
      if (!kernel.empty())
        props["kernel"] = kernel;
      scheduleProperties(f, props);
      if (!props.contains("expected_gpu") && !kernel.empty() && file.buffer)
        if (auto it = opts.expectedGpu.find({file.buffer->name(), kernel}); it != opts.expectedGpu.end())
          props["expected_gpu"] = it->second;
      if (!f.notes.empty())
        props["notes"] = f.notes;
      if (!props.empty())
        res["properties"] = props;
      results.push_back(res);
    }
  }
  nlohmann::json run = {
      {"tool",
       {{"driver", {{"name", "tscope"}, {"version", version}, {"rules", ruleArr}}}}},
      {"results", results},
  };
  // §3.14.14 originalUriBaseIds: where SRCROOT is on this machine.
  for (const auto &[folder, baseId] : py.roots)
    run["originalUriBaseIds"][baseId] = {{"uri", sarifUri(folder.back() == '/' ? folder : folder + "/")}};
  return {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", nlohmann::json::array({run})}};
}

} // namespace tscope::render
