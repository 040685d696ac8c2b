// TmaFindings: TmaKernelResult -> checks::Finding and Verdict.
#include "checks/tma/TmaFindings.h"

#include <fmt/format.h>

namespace tscope::checks {
namespace {

std::string joined(const std::vector<int64_t> &v, const char *sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i)
    out += (i ? sep : "") + std::to_string(v[i]);
  return out;
}

/// "coordinates [0..96, -64], box 64x64, tensor 128x128".
std::string coordinates(const TmaTileGroup &g) {
  std::string coords;
  for (size_t i = 0; i < g.minCoord.size() && i < g.maxCoord.size(); ++i)
    coords += (i ? ", " : "") + std::to_string(g.minCoord[i]) +
              (g.maxCoord[i] != g.minCoord[i] ? ".." + std::to_string(g.maxCoord[i]) : "");
  return "coordinates [" + coords + "], box " + joined(g.block, "x") + ", tensor " + joined(g.shape, "x");
}

} // namespace

support::Severity tmaSeverity(TileClass c) {
  return c == TileClass::Negative  ? support::Severity::Error
         : c == TileClass::PastEnd ? support::Severity::Warning
                                   : support::Severity::Info;
}

std::string tmaMessage(const TmaTileGroup &g) {
  std::string what = g.cls == TileClass::Negative  ? "negative TMA coordinate"
                     : g.cls == TileClass::PastEnd ? "TMA tile entirely past the tensor"
                                                   : "partial edge tile";
  return g.opName + " " + (g.descName.empty() ? "?" : g.descName) + ": " + what + " for " + g.programs;
}

std::string tmaCoverage(const TmaKernelResult &r) {
  std::string s = fmt::format("grid {}x{}x{}, {} program{}, {} TMA tiles checked", r.grid[0], r.grid[1], r.grid[2],
                              r.programs, r.programs == 1 ? "" : "s", r.evaluated);
  if (r.iterations)
    s += fmt::format(" in {} loop iteration{}", r.iterations, r.iterations == 1 ? "" : "s");
  if (r.predicatedOff)
    s += fmt::format(", {} cop{} not issued (predicate false)", r.predicatedOff, r.predicatedOff == 1 ? "y" : "ies");
  if (r.copyOps == 0)
    s += " (the kernel has no TMA copy)";
  return s;
}

std::string tmaConclusion(const TmaKernelResult &r) {
  size_t n = r.groups.size(), u = r.unverified.size();
  std::string uv = fmt::format("{} not verified", u);
  if (n == 0)
    return u == 0 ? std::string("all inside") : (r.evaluated ? "the checked tiles are inside, " : "") + uv;
  return std::to_string(n) + (n == 1 ? " finding" : " findings") + (u ? ", " + uv : std::string());
}

AnalysisResult tmaFindings(const support::SourceBuffer &buf, const TmaKernelResult &r) {
  AnalysisResult out;
  Verdict v = !r.groups.empty() ? Verdict::OutOfBounds : !r.unverified.empty() ? Verdict::Unknown : Verdict::InBounds;
  out.kernels.push_back(
      {r.kernel, v, fmt::format("{}, launch {}: {}, {}", r.kernel, r.origin, tmaCoverage(r), tmaConclusion(r)), {}});
  for (const TmaTileGroup &g : r.groups) {
    Finding f;
    f.check = "tma-out-of-bounds";
    f.severity = tmaSeverity(g.cls);
    f.message = tmaMessage(g);
    f.where = locationOf(buf, g.where);
    f.notes = {coordinates(g), "launch: " + g.explanation, "launch record: " + r.origin};
    out.findings.push_back(std::move(f));
  }
  for (const TmaUnverified &u : r.unverified) {
    Finding f = notVerifiedFinding("tma", u.subject, locationOf(buf, u.where), u.reason, u.next);
    f.notes.push_back("launch record: " + r.origin);
    out.findings.push_back(std::move(f));
  }
  return out;
}

} // namespace tscope::checks
