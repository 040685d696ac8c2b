// BarrierRender: formatting only; every number comes from the report structs.
#include "render/BarrierRender.h"

#include "render/FindingRender.h"

#include <fmt/format.h>

namespace tscope::render {
namespace {

using namespace tscope::checks;

std::string where(const SourcePoint &p) {
  std::string s = "IR " + std::to_string(p.irLine);
  if (p.pyLine) {
    std::string f = p.pyFile;
    size_t slash = f.rfind('/');
    if (slash != std::string::npos)
      f = f.substr(slash + 1);
    s += ", " + f + ":" + std::to_string(p.pyLine);
  }
  return s;
}

std::string join(const std::vector<std::string> &v, const char *sep = ", ") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i)
    s += (i ? sep : "") + v[i];
  return s;
}

std::string regs(const PartitionRow &p) {
  auto f = [](const std::optional<int> &o) { return o ? std::to_string(*o) : std::string("-"); };
  return f(p.requestedRegisters) + "/" + f(p.actualRegisters);
}

std::string keyOps(const PartitionRow &p) {
  std::vector<std::string> v;
  for (const auto &[k, n] : p.keyOps)
    v.push_back(k + " x" + std::to_string(n));
  return join(v);
}

/// Display width of UTF-8 text (one column per code point: the table marks).
size_t widthOf(const std::string &s) {
  size_t n = 0;
  for (unsigned char c : s)
    n += (c & 0xC0) != 0x80;
  return n;
}

/// A table printed with columns padded to the widest cell.
struct Table {
  std::vector<std::vector<std::string>> rows;
  void print(std::ostream &os, bool markdown, const std::string &indent = "  ") const {
    if (rows.empty())
      return;
    std::vector<size_t> w(rows[0].size(), 0);
    for (const auto &r : rows)
      for (size_t i = 0; i < r.size() && i < w.size(); ++i)
        w[i] = std::max(w[i], widthOf(r[i]));
    for (size_t ri = 0; ri < rows.size(); ++ri) {
      const auto &r = rows[ri];
      std::string line = markdown ? "|" : indent;
      for (size_t i = 0; i < r.size(); ++i) {
        std::string cell = r[i];
        if (markdown) {
          for (size_t p = 0; (p = cell.find('|', p)) != std::string::npos; p += 2)
            cell.replace(p, 1, "\\|");
          line += " " + cell + " |";
        } else {
          line += cell;
          if (i + 1 < r.size())
            line += std::string(w[i] - widthOf(r[i]) + 2, ' ');
        }
      }
      while (!markdown && !line.empty() && line.back() == ' ')
        line.pop_back();
      os << line << "\n";
      if (markdown && ri == 0) {
        std::string sep = "|";
        for (size_t i = 0; i < r.size(); ++i)
          sep += "---|";
        os << sep << "\n";
      }
    }
  }
};

void report(std::ostream &os, const KernelBarrierReport &r, bool md) {
  std::string h1 = md ? "## " : "== ";
  std::string h2 = md ? "### " : "";
  os << h1 << "kernel " << r.kernel << " (" << (r.target.empty() ? "?" : r.target) << ", "
     << r.numWarps << " warps, " << (r.warpSpecialized ? "warp-specialized" : "not warp-specialized")
     << ")\n\n";
  os << h2 << "1. Partitions\n";
  Table t;
  t.rows.push_back({"partition", "role", "warps", "regs req/actual", "key ops"});
  for (const PartitionRow &p : r.partitions)
    t.rows.push_back({p.name, p.role, p.warps ? std::to_string(p.warps) : "?", regs(p), keyOps(p)});
  t.print(os, md);
  os << "\n" << h2 << "2. Barrier dependency graph\n";
  if (r.edges.empty())
    os << "  (no edges)\n";
  Table e;
  e.rows.push_back({"from", "", "to", "barrier", "direction", "mechanism", "data"});
  for (const BarrierEdge &x : r.edges)
    e.rows.push_back({x.from, "->", x.to, x.barrier,
                      x.backward ? "backward (next iteration)" : "forward", x.mechanism,
                      x.data.empty() ? "-" : join(x.data)});
  if (!r.edges.empty())
    e.print(os, md);
  os << "\n" << h2 << "3. Barriers: slots, phases, pairing\n";
  for (const BarrierGroup &g : r.barriers) {
    std::string head = g.name + "  " + g.kind;
    if (g.slots > 1)
      head += "[" + std::to_string(g.slots) + "]";
    if (g.initCount)
      head += *g.initCount < 0 ? "  init count differs per slot"
                               : "  init count " + std::to_string(*g.initCount);
    if (g.where.irLine)
      head += "  (" + where(g.where) + ")";
    if (!g.protects.empty())
      head += "  protects " + join(g.protects);
    if (!g.parity.empty())
      head += "  waits: " + g.parity + "-parity";
    os << (md ? "- **" + head + "**" : "  " + head) << "\n";
    Table b;
    b.rows.push_back({"partition", "op", "slot", "phase", "pred", "count/bytes", "where", "completed by"});
    for (const BarrierEvent &ev : g.events) {
      std::string cb = ev.bytes ? std::to_string(*ev.bytes) + " B" : ev.count ? std::to_string(*ev.count) : "";
      b.rows.push_back({ev.partition, ev.mechanism, ev.slot.empty() ? "-" : ev.slot,
                        ev.phase.empty() ? "-" : ev.phase, ev.pred.empty() ? "-" : ev.pred,
                        cb.empty() ? "-" : cb, where(ev.where),
                        ev.isWait ? (ev.pairedWith.empty() ? "NOTHING ARRIVES" : join(ev.pairedWith, "; ")) : ""});
    }
    b.print(os, md, "    ");
  }
  os << "\n" << h2 << "4. Shared data\n";
  Table d;
  d.rows.push_back({"buffer", "storage", "type", "bytes", "buffer.id", "writers", "readers", "barriers", "notes"});
  for (const DataRow &x : r.data)
    d.rows.push_back({x.name, x.storage, x.type.empty() ? "?" : x.type,
                      x.bytes ? std::to_string(*x.bytes) : "?",
                      x.bufferId ? std::to_string(*x.bufferId) : "-",
                      x.writers.empty() ? "-" : join(x.writers), x.readers.empty() ? "-" : join(x.readers),
                      x.barriers.empty() ? "-" : join(x.barriers), x.notes.empty() ? "" : join(x.notes, "; ")});
  d.print(os, md);
  os << "\n" << h2 << "5. Aliases\n";
  for (const AliasEntry &a : r.aliases) {
    os << (md ? "- **" : "  ") << a.name << (md ? "**" : "") << " = " << a.allocation << " ("
       << where(a.where) << ")\n";
    Table u;
    for (const AliasUse &x : a.uses)
      u.rows.push_back({x.value, x.how, x.op, x.partition, where(x.where)});
    u.print(os, md, "    ");
  }
  os << "\n" << h2 << "6. Column-packed TMEM\n";
  if (r.tmemPacking.empty())
    os << "  (no column-packed TMEM)\n";
  for (const TmemPackRow &p : r.tmemPacking) {
    std::string head = "owner " + p.owner + "  " + std::to_string(p.columns) + " columns";
    if (p.bufferId)
      head += "  buffer.id " + std::to_string(*p.bufferId);
    head += "  (" + where(p.where) + ")";
    os << (md ? "- **" + head + "**" : "  " + head) << "\n";
    Table sib;
    sib.rows.push_back({"sibling", "columns", "how", "where"});
    for (const TmemSibling &x : p.siblings)
      sib.rows.push_back({x.name, x.known ? std::to_string(x.begin) + ".." + std::to_string(x.end) : "?",
                          x.how.empty() ? "-" : x.how, where(x.where)});
    sib.print(os, md, "    ");
    if (p.overwriters.empty())
      os << (md ? "\n" : "") << "    full-overwrite MMA writers: none\n";
    for (const TmemAccess &w : p.overwriters)
      os << (md ? "\n" : "") << "    full-overwrite MMA writer: " << w.partition << " " << w.what << " into "
         << w.buffer << " (" << where(w.where) << ")\n";
    if (md)
      os << "\n";
    Table o;
    o.rows.push_back({"", "sibling", "reader", "writer", "back-edge"});
    for (const TmemOrderRow &x : p.orders)
      o.rows.push_back({x.beforePartitioning ? "-" : x.ordered ? "\u2713 ordered" : "\u2717 MISSING", x.sibling,
                        x.reader.partition + " " + x.reader.what + " (" + where(x.reader.where) + ")",
                        x.writer.partition + " (" + where(x.writer.where) + ")",
                        (x.barrier.empty() ? "" : x.barrier + ": ") + x.how});
    if (!p.notVerified.empty())
      os << "    ? not verified: " << p.notVerified << "\n";
    else if (p.orders.empty())
      os << "    (no read of overlapping columns before a repeated overwrite)\n";
    else
      o.print(os, md, "    ");
  }
  os << "\n" << h2 << "7. Operand-D accumulator init\n";
  if (r.accumulatorInit.empty())
    os << "  (no MMA accumulator in tensor memory)\n";
  Table ai;
  ai.rows.push_back({"", "accumulator", "mma", "loop", "use_acc", "zero stores", "why"});
  for (const AccumulatorInitRow &x : r.accumulatorInit) {
    std::vector<std::string> z;
    for (const TmemAccess &s : x.zeroStores)
      z.push_back(s.partition + " (" + where(s.where) + ")");
    ai.rows.push_back({x.verdict == "ok" ? "\u2713" : x.verdict == "redundant" ? "\u2717 redundant" : "? unknown",
                       x.accumulator, x.mma.partition + " (" + where(x.mma.where) + ")", x.loop, x.useAcc,
                       z.empty() ? "-" : join(z), x.reason});
  }
  if (!r.accumulatorInit.empty())
    ai.print(os, md);
  if (!r.focus.empty()) {
    os << "\n" << h2 << "Timeline of " << r.focus << "\n";
    Table tl;
    tl.rows.push_back({"partition", "stage", "op", "detail", "where"});
    for (const TimelineRow &x : r.timeline)
      tl.rows.push_back({x.partition, x.stage, x.op, x.detail, where(x.where)});
    tl.print(os, md);
  }
  os << "\n";
}

nlohmann::json pointJson(const SourcePoint &p) {
  nlohmann::json j = {{"ir_line", p.irLine}};
  if (p.pyLine)
    j["source"] = {{"file", p.pyFile}, {"line", p.pyLine}};
  else
    j["source"] = nullptr;
  return j;
}

nlohmann::json accessJson(const TmemAccess &a) {
  return {{"partition", a.partition}, {"op", a.what}, {"buffer", a.buffer}, {"location", pointJson(a.where)}};
}

} // namespace

void barrierText(std::ostream &os, const std::vector<KernelBarrierReport> &reps) {
  for (const auto &r : reps)
    report(os, r, false);
}

void barrierMarkdown(std::ostream &os, const std::vector<KernelBarrierReport> &reps) {
  for (const auto &r : reps)
    report(os, r, true);
}

nlohmann::json barrierJson(const std::vector<KernelBarrierReport> &reps, const std::string &file,
                           const support::SourceBuffer &buf) {
  nlohmann::json ks = nlohmann::json::array();
  nlohmann::json findings = nlohmann::json::array();
  for (const KernelBarrierReport &r : reps) {
    nlohmann::json k;
    k["name"] = r.kernel;
    k["target"] = r.target;
    k["num_warps"] = r.numWarps;
    k["warp_specialized"] = r.warpSpecialized;
    k["barrier_ops"] = r.barrierOps;
    k["attributed_barrier_ops"] = r.attributedBarrierOps;
    nlohmann::json ps = nlohmann::json::array();
    for (const PartitionRow &p : r.partitions) {
      nlohmann::json ops = nlohmann::json::object();
      for (const auto &[n, c] : p.keyOps)
        ops[n] = c;
      ps.push_back({{"name", p.name}, {"role", p.role}, {"warps", p.warps},
                    {"requested_registers", p.requestedRegisters ? nlohmann::json(*p.requestedRegisters) : nlohmann::json()},
                    {"actual_registers", p.actualRegisters ? nlohmann::json(*p.actualRegisters) : nlohmann::json()},
                    {"key_ops", ops}});
    }
    k["partitions"] = ps;
    nlohmann::json es = nlohmann::json::array();
    for (const BarrierEdge &e : r.edges)
      es.push_back({{"from", e.from}, {"to", e.to}, {"barrier", e.barrier},
                    {"direction", e.backward ? "backward" : "forward"},
                    {"mechanism", e.mechanism}, {"data", e.data}});
    k["edges"] = es;
    nlohmann::json bs = nlohmann::json::array();
    for (const BarrierGroup &g : r.barriers) {
      nlohmann::json evs = nlohmann::json::array();
      for (const BarrierEvent &ev : g.events)
        evs.push_back({{"partition", ev.partition}, {"op", ev.mechanism}, {"wait", ev.isWait},
                       {"slot", ev.slot}, {"slot_ssa", ev.slotRaw}, {"phase", ev.phase},
                       {"phase_ssa", ev.phaseRaw}, {"pred", ev.pred},
                       {"count", ev.count ? nlohmann::json(*ev.count) : nlohmann::json()},
                       {"bytes", ev.bytes ? nlohmann::json(*ev.bytes) : nlohmann::json()},
                       {"location", pointJson(ev.where)}, {"completed_by", ev.pairedWith}});
      bs.push_back({{"name", g.name}, {"kind", g.kind}, {"slots", g.slots},
                    {"init_count", g.initCount ? nlohmann::json(*g.initCount) : nlohmann::json()},
                    {"protects", g.protects}, {"wait_parity", g.parity}, {"events", evs},
                    {"location", pointJson(g.where)}});
    }
    k["barriers"] = bs;
    nlohmann::json ds = nlohmann::json::array();
    for (const DataRow &d : r.data)
      ds.push_back({{"name", d.name}, {"storage", d.storage}, {"type", d.type},
                    {"bytes", d.bytes ? nlohmann::json(*d.bytes) : nlohmann::json()},
                    {"buffer_id", d.bufferId ? nlohmann::json(*d.bufferId) : nlohmann::json()},
                    {"buffer_offset", d.bufferOffset ? nlohmann::json(*d.bufferOffset) : nlohmann::json()},
                    {"writers", d.writers}, {"readers", d.readers}, {"barriers", d.barriers},
                    {"notes", d.notes}});
    k["data"] = ds;
    nlohmann::json as = nlohmann::json::array();
    for (const AliasEntry &a : r.aliases) {
      nlohmann::json us = nlohmann::json::array();
      for (const AliasUse &u : a.uses)
        us.push_back({{"value", u.value}, {"how", u.how}, {"op", u.op},
                      {"partition", u.partition}, {"location", pointJson(u.where)}});
      as.push_back({{"name", a.name}, {"allocation", a.allocation},
                    {"location", pointJson(a.where)}, {"uses", us}});
    }
    k["aliases"] = as;
    nlohmann::json tp = nlohmann::json::array();
    for (const TmemPackRow &p : r.tmemPacking) {
      nlohmann::json sib = nlohmann::json::array(), ow = nlohmann::json::array(), ord = nlohmann::json::array();
      for (const TmemSibling &x : p.siblings)
        sib.push_back({{"name", x.name}, {"columns", x.known ? nlohmann::json::array({x.begin, x.end}) : nlohmann::json()},
                       {"how", x.how}, {"location", pointJson(x.where)}});
      for (const TmemAccess &w : p.overwriters)
        ow.push_back(accessJson(w));
      for (const TmemOrderRow &x : p.orders)
        ord.push_back({{"sibling", x.sibling}, {"reader", accessJson(x.reader)}, {"writer", accessJson(x.writer)},
                       {"status", x.beforePartitioning ? "before-partitioning" : x.ordered ? "ordered" : "missing"},
                       {"barrier", x.barrier.empty() ? nlohmann::json() : nlohmann::json(x.barrier)},
                       {"how", x.how}});
      tp.push_back({{"owner", p.owner}, {"columns", p.columns},
                    {"buffer_id", p.bufferId ? nlohmann::json(*p.bufferId) : nlohmann::json()},
                    {"location", pointJson(p.where)}, {"siblings", sib}, {"overwriters", ow}, {"orders", ord},
                    {"not_verified", p.notVerified.empty() ? nlohmann::json() : nlohmann::json(p.notVerified)}});
    }
    k["tmem_packing"] = tp;
    nlohmann::json ai = nlohmann::json::array();
    for (const AccumulatorInitRow &x : r.accumulatorInit) {
      nlohmann::json z = nlohmann::json::array();
      for (const TmemAccess &s : x.zeroStores)
        z.push_back(accessJson(s));
      ai.push_back({{"accumulator", x.accumulator}, {"mma", accessJson(x.mma)}, {"loop", x.loop},
                    {"use_acc", x.useAcc}, {"zero_stores", z}, {"verdict", x.verdict}, {"reason", x.reason}});
    }
    k["accumulator_init"] = ai;
    for (const checks::Finding &f : tmemFindings(r, buf)) {
      nlohmann::json fj = findingJson(f);
      fj["kernel"] = r.kernel;
      findings.push_back(std::move(fj));
    }
    if (!r.focus.empty()) {
      nlohmann::json ts = nlohmann::json::array();
      for (const TimelineRow &t : r.timeline)
        ts.push_back({{"partition", t.partition}, {"stage", t.stage}, {"op", t.op},
                      {"detail", t.detail}, {"location", pointJson(t.where)}});
      k["timeline"] = ts;
      k["focus"] = r.focus;
    }
    ks.push_back(k);
  }
  return {{"schema", "tscope.barriers/1"}, {"file", file}, {"kernels", ks}, {"findings", findings}};
}

const char *mechanismColor(const std::string &mechanism) {
  if (mechanism.find("tma") != std::string::npos)
    return "blue";
  if (mechanism.find("tcgen05") != std::string::npos || mechanism.find("tmem") != std::string::npos)
    return "darkgreen";
  if (mechanism.find("bar.") != std::string::npos)
    return "purple";
  if (mechanism.find("cp.async") != std::string::npos)
    return "darkorange";
  if (mechanism.find("producer") != std::string::npos || mechanism.find("consumer") != std::string::npos ||
      mechanism.find("aref") != std::string::npos)
    return "brown";
  return "black";
}

namespace {
/// A dot double-quoted string's contents: quotes and backslashes escaped, so
/// names from the IR cannot end the string.
std::string dotEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out.push_back('\\');
    out.push_back(c == '\n' ? ' ' : c);
  }
  return out;
}
} // namespace

void barrierDot(std::ostream &os, const std::vector<KernelBarrierReport> &reps) {
  os << "digraph barriers {\n  rankdir=TB;\n  node [shape=box, fontname=\"monospace\"];\n";
  size_t n = 0;
  for (const KernelBarrierReport &r : reps) {
    os << "  subgraph cluster_" << n << " {\n    label=\"" << dotEscape(r.kernel) << "\";\n";
    for (const PartitionRow &p : r.partitions)
      os << "    \"" << n << ":" << dotEscape(p.name) << "\" [label=\"" << dotEscape(p.name) << "\\n"
         << dotEscape(p.role) << "\"];\n";
    for (const BarrierEdge &e : r.edges) {
      os << "    \"" << n << ":" << dotEscape(e.from) << "\" -> \"" << n << ":" << dotEscape(e.to)
         << "\" [label=\"" << dotEscape(e.barrier) << "\\n" << dotEscape(e.mechanism)
         << "\", color=" << mechanismColor(e.mechanism)
         << (e.backward ? ", style=dashed, constraint=false" : "") << "];\n";
    }
    os << "  }\n";
    ++n;
  }
  os << "}\n";
}

void compareText(std::ostream &os, const std::vector<CompareRow> &rows, bool markdown) {
  Table t;
  t.rows.push_back({"kernel", "barrier", "partition", "old waits", "new waits", ""});
  for (const CompareRow &r : rows)
    t.rows.push_back({r.kernel, r.barrier, r.partition, r.oldWaits, r.newWaits, r.changed ? "CHANGED" : "same"});
  t.print(os, markdown);
}

} // namespace tscope::render
