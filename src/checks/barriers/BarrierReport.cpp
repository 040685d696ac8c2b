// BarrierReport: collects barrier events per allocation root, derives the
// dependency graph, pairs waits with the arrivals that complete their phase,
// and maps the buffers each barrier hands over.
#include "checks/barriers/BarrierReport.h"

#include <algorithm>
#include <map>
#include <set>

#include "dialect/OpTable.h"

namespace tscope::checks {

using dialect::OpKind;
using kernel::Allocation;
using kernel::Kernel;

namespace {

bool isMemDesc(const ir::Module &m, const ir::Value *v) {
  std::string_view t = dialect::typeText(m, v);
  return t.substr(0, 12) == "!ttg.memdesc" || (!t.empty() && t.front() == '<') ||
         t.substr(0, 10) == "!nvws.aref";
}

/// The slot formula of a barrier operand: the index of the memdesc_index that
/// picked it, followed through views; "" for a barrier used whole.
kernel::IndexExpr slotOf(const Kernel &k, const ir::Value *bar) {
  for (int i = 0; i < 8 && bar; ++i) {
    if (bar->kind == ir::Value::BlockArgument) {
      const ir::Value *cap = k.captureOf(bar);
      if (!cap)
        break;
      bar = cap;
      continue;
    }
    const ir::Operation *d = bar->definingOp();
    if (!d)
      break;
    OpKind kind = dialect::kindOf(d);
    if (kind == OpKind::MemDescIndex && d->numOperands >= 2)
      return kernel::indexExpr(k, d->operands[1]);
    if (kind == OpKind::MemDescView && d->numOperands >= 1) {
      bar = d->operands[0];
      continue;
    }
    break;
  }
  return {};
}

std::string predText(const Kernel &k, const ir::Value *pred) {
  if (!pred)
    return "";
  kernel::IndexExpr e = kernel::indexExpr(k, pred);
  if (e.constant && e.value == 1)
    return "";
  return e.text;
}

struct PartitionData {
  std::set<std::string> writes, reads;
};

std::string roleOf(const std::map<std::string, int> &counts) {
  auto has = [&](std::initializer_list<const char *> kinds) {
    int n = 0;
    for (const char *kk : kinds) {
      auto it = counts.find(kk);
      if (it != counts.end())
        n += it->second;
    }
    return n;
  };
  std::vector<std::string> roles;
  int mma = has({"wgmma", "tcgen05_mma", "tcgen05_mma_scaled"});
  int load = has({"tma_load", "tma_gather", "descriptor_load", "descriptor_gather"});
  int cpasync = has({"cp_async"});
  int store = has({"tma_store", "tma_scatter", "tma_reduce", "descriptor_store", "store"});
  int red = has({"reduce", "math.exp2", "math.exp"});
  int tmemRW = has({"tmem_load"}) && has({"tmem_store"});
  if (load)
    roles.push_back("load (TMA)");
  if (cpasync)
    roles.push_back("load (cp.async)");
  if (mma)
    roles.push_back("MMA");
  if (red)
    roles.push_back("softmax/reduction");
  if (tmemRW && !mma)
    roles.push_back("accumulator correction");
  if (store)
    roles.push_back("epilogue/store");
  if (roles.empty())
    roles.push_back(has({"tmem_load", "local_load"}) ? "epilogue/compute" : "compute");
  std::string s;
  for (size_t i = 0; i < roles.size(); ++i)
    s += (i ? " + " : "") + roles[i];
  return s;
}

/// `slot(kt + 2,3)` against `slot(kt,3)`: the constant offset, or "".
std::string stagger(const std::string &arrive, const std::string &wait) {
  auto parse = [](const std::string &s, std::string &x, std::string &d) {
    if (s.rfind("slot(", 0) != 0 || s.back() != ')')
      return false;
    size_t comma = s.rfind(',');
    x = s.substr(5, comma - 5);
    d = s.substr(comma + 1, s.size() - comma - 2);
    return true;
  };
  std::string ax, ad, wx, wd;
  if (!parse(arrive, ax, ad) || !parse(wait, wx, wd) || ad != wd)
    return "";
  if (ax.rfind(wx + " + ", 0) == 0)
    return "+" + ax.substr(wx.size() + 3);
  if (ax.rfind(wx + " - ", 0) == 0)
    return "-" + ax.substr(wx.size() + 3);
  return "";
}

} // namespace

std::vector<KernelBarrierReport> buildBarrierReport(const ir::Module &m,
                                                    const std::string &focus) {
  std::vector<KernelBarrierReport> out;
  std::vector<Kernel> kernels = Kernel::build(m);
  for (const Kernel &k : kernels) {
    KernelBarrierReport rep;
    rep.kernel = k.name;
    rep.target = k.target;
    rep.numWarps = k.moduleWarps;
    rep.focus = focus;
    rep.warpSpecialized = !k.warpSpecializes.empty();

    // Partition rows and per-partition key ops.
    std::map<std::string, std::map<std::string, int>> counts;
    std::map<std::string, PartitionData> pdata;
    std::vector<std::string> order;
    for (const kernel::WarpSpecialize &ws : k.warpSpecializes)
      for (const kernel::Partition &p : ws.partitions)
        if (std::find(order.begin(), order.end(), p.name) == order.end())
          order.push_back(p.name);
    order.push_back("outside");

    // Barrier groups keyed by allocation id; named barriers by id text.
    std::map<uint32_t, BarrierGroup> groups;
    std::map<std::string, BarrierGroup> named;
    std::map<uint32_t, std::set<std::string>> protects;

    auto nameOf = [&](const Allocation *a) { return a->name; };
    k.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
      std::string part = k.partitionName(pl);
      OpKind kind = dialect::kindOf(op);
      const dialect::OpInfo *info = dialect::lookupOp(op->opName());
      if (kind != OpKind::Other && kind != OpKind::For && kind != OpKind::Yield &&
          kind != OpKind::If && kind != OpKind::MemDescIndex && kind != OpKind::MemDescView &&
          kind != OpKind::WarpReturn && kind != OpKind::WarpYield)
        ++counts[part][std::string(dialect::kindName(kind))];
      else if (op->is("math.exp2") || op->is("math.exp"))
        ++counts[part][std::string(op->opName())];
      if (!info)
        return;
      dialect::OperandRoles r = dialect::operandRoles(m, op);
      for (const ir::Value *w : r.writes)
        for (const Allocation *a : k.rootsOf(w))
          if (!a->isBarrier)
            pdata[part].writes.insert(a->name);
      for (const ir::Value *rd : r.reads)
        for (const Allocation *a : k.rootsOf(rd))
          if (!a->isBarrier)
            pdata[part].reads.insert(a->name);
      if (kind == OpKind::TmemAlloc || kind == OpKind::LocalAlloc)
        if (r.source)
          if (const Allocation *a = k.allocationOf(op->result(0)))
            pdata[part].writes.insert(a->name);

      // Barrier events.
      auto addEvent = [&](const ir::Value *bar, const char *mechanism, bool wait) {
        if (!bar)
          return;
        ++rep.barrierOps;
        std::vector<const Allocation *> roots = k.rootsOf(bar);
        bool attributed = false;
        for (const Allocation *a : roots) {
          if (!(a->isBarrier || a->kind == kernel::AllocKind::Aref ||
                a->kind == kernel::AllocKind::Token))
            continue;
          attributed = true;
          BarrierGroup &g = groups[a->id];
          if (g.name.empty()) {
            g.name = nameOf(a);
            g.kind = a->isBarrier ? "mbarrier"
                     : a->kind == kernel::AllocKind::Aref ? "aref"
                                                          : "nvws-token";
            g.slots = a->slots();
            g.where = pointOf(k, a->op);
          }
          BarrierEvent e;
          e.op = op;
          e.partition = part;
          e.mechanism = mechanism;
          e.isWait = wait;
          kernel::IndexExpr s = r.index && (kind == OpKind::ProducerAcquire ||
                                            kind == OpKind::ConsumerWait ||
                                            kind == OpKind::ProducerCommit ||
                                            kind == OpKind::ConsumerRelease ||
                                            kind == OpKind::ArefPutEnter ||
                                            kind == OpKind::ArefGetEnter ||
                                            kind == OpKind::ArefPutExit ||
                                            kind == OpKind::ArefGetExit)
                                    ? kernel::indexExpr(k, r.index)
                                    : slotOf(k, bar);
          e.slot = s.text;
          e.slotRaw = s.raw;
          if (wait && r.phase) {
            kernel::IndexExpr p = kernel::indexExpr(k, r.phase);
            e.phase = p.text;
            e.phaseRaw = p.raw;
          }
          e.pred = predText(k, r.pred);
          e.count = r.count;
          e.bytes = r.bytes;
          e.where = pointOf(k, op);
          if (kind == OpKind::TmaLoad || kind == OpKind::TmaGather)
            for (const Allocation *d : k.rootsOf(r.buffer))
              protects[a->id].insert(d->name);
          if (kind == OpKind::InitBarrier) {
            if (r.count) {
              if (!g.initCount)
                g.initCount = r.count;
              else if (*g.initCount != *r.count)
                g.initCount = -1; // differs per slot
            }
            continue;
          }
          g.events.push_back(e);
        }
        if (attributed)
          ++rep.attributedBarrierOps;
      };
      switch (kind) {
      case OpKind::InitBarrier:
        addEvent(r.barrier, "init", false);
        break;
      case OpKind::BarrierExpect:
        addEvent(r.barrier, "expect-tx", false);
        break;
      case OpKind::TmaLoad:
      case OpKind::TmaGather:
        addEvent(r.barrier, "tma-tx", false);
        break;
      case OpKind::ArriveBarrier:
        addEvent(r.barrier, "arrive", false);
        break;
      case OpKind::AsyncCopyMbarrierArrive:
        addEvent(r.barrier, "cp.async-arrive", false);
        break;
      case OpKind::TcGen5Mma:
      case OpKind::TcGen5MmaScaled:
        for (const ir::Value *b : r.barriers)
          addEvent(b, "tcgen05-mma", false);
        break;
      case OpKind::TcGen5Commit:
        addEvent(r.barrier, "tcgen05-commit", false);
        break;
      case OpKind::TmemCopy:
        addEvent(r.barrier, "tmem-copy", false);
        break;
      case OpKind::WaitBarrier:
        addEvent(r.barrier, "wait", true);
        break;
      case OpKind::ProducerAcquire:
        addEvent(r.barrier, "producer_acquire", true);
        break;
      case OpKind::ConsumerWait:
        addEvent(r.barrier, "consumer_wait", true);
        break;
      case OpKind::ProducerCommit:
        addEvent(r.barrier, "producer_commit", false);
        break;
      case OpKind::ConsumerRelease:
        addEvent(r.barrier, "consumer_release", false);
        break;
      case OpKind::ArefPutEnter:
        addEvent(r.barrier, "aref.put.enter", true);
        break;
      case OpKind::ArefGetEnter:
        addEvent(r.barrier, "aref.get.enter", true);
        break;
      case OpKind::ArefPutExit:
        addEvent(r.barrier, "aref.put.exit", false);
        break;
      case OpKind::ArefGetExit:
        addEvent(r.barrier, "aref.get.exit", false);
        break;
      case OpKind::NamedBarrierArrive:
      case OpKind::NamedBarrierWait: {
        ++rep.barrierOps;
        ++rep.attributedBarrierOps;
        kernel::IndexExpr id = kernel::indexExpr(k, r.barrier);
        std::string key = "named[" + id.text + "]";
        BarrierGroup &g = named[key];
        g.name = key;
        g.kind = "named";
        BarrierEvent e;
        e.op = op;
        e.partition = part;
        e.mechanism = kind == OpKind::NamedBarrierArrive ? "bar.arrive" : "bar.sync";
        e.isWait = kind == OpKind::NamedBarrierWait;
        kernel::IndexExpr n = kernel::indexExpr(k, r.numThreads);
        if (n.constant)
          e.count = n.value;
        e.where = pointOf(k, op);
        g.events.push_back(e);
        break;
      }
      default:
        break;
      }
    });

    // Partition rows.
    for (const std::string &name : order) {
      if (name == "outside" && counts.find(name) == counts.end())
        continue;
      PartitionRow row;
      row.name = name;
      for (const kernel::WarpSpecialize &ws : k.warpSpecializes)
        for (const kernel::Partition &p : ws.partitions)
          if (p.name == name) {
            row.id = p.id;
            row.warps = p.numWarps;
            row.requestedRegisters = p.requestedRegisters;
            row.actualRegisters = p.actualRegisters;
          }
      if (name == "outside") {
        row.id = kernel::kOutside;
        row.warps = k.moduleWarps;
      }
      const auto &c = counts[name];
      row.role = roleOf(c);
      std::vector<std::pair<std::string, int>> key(c.begin(), c.end());
      std::sort(key.begin(), key.end(), [](const auto &a, const auto &b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
      });
      row.keyOps = key;
      rep.partitions.push_back(row);
    }

    // Groups: pairing and parity; then edges.
    std::vector<BarrierGroup> all;
    for (auto &[id, g] : groups) {
      g.protects.assign(protects[id].begin(), protects[id].end());
      all.push_back(g);
    }
    for (auto &[key, g] : named)
      all.push_back(g);
    for (BarrierGroup &g : all) {
      std::vector<const BarrierEvent *> waits;
      for (BarrierEvent &w : g.events) {
        if (!w.isWait)
          continue;
        waits.push_back(&w);
        std::vector<std::string> possible;
        for (const BarrierEvent &a : g.events) {
          if (a.isWait && g.kind != "named")
            continue;
          if (&a == &w)
            continue;
          std::string note = a.partition + " " + a.mechanism + " @" + std::to_string(a.where.irLine);
          if (a.slot == w.slot || a.slot.empty() || w.slot.empty()) {
            w.pairedWith.push_back(note);
          } else if (std::string st = stagger(a.slot, w.slot); !st.empty()) {
            w.pairedWith.push_back(note + " (slot stagger " + st + ")");
          } else {
            // Slot formulas over different counters (each partition keeps its
            // own iter_args): the pairing is not proven here.
            possible.push_back(note + " (slot " + a.slot + ")");
          }
        }
        if (w.pairedWith.empty())
          for (const std::string &p : possible)
            w.pairedWith.push_back("possibly " + p);
        // PTX ISA, mbarrier.try_wait.parity: a fresh barrier is in phase 0, so
        // a wait on parity 1 returns at once.
        if (w.phase == "1" && w.partition == "outside")
          w.pairedWith.insert(w.pairedWith.begin(),
                              "passes at once on a fresh barrier (phase 0, parity 1)");
      }
      if (waits.size() >= 2 && g.kind != "named") {
        bool allEqual = true, anyOpposite = false;
        for (size_t i = 1; i < waits.size(); ++i) {
          const std::string &a = waits[0]->phase, &b = waits[i]->phase;
          if (a != b)
            allEqual = false;
          if (a + " ^ 1" == b || b + " ^ 1" == a)
            anyOpposite = true;
        }
        g.parity = allEqual ? "equal" : anyOpposite ? "opposite" : "different";
      }
      // Edges.
      std::map<std::tuple<std::string, std::string>, BarrierEdge> edges;
      for (const BarrierEvent &a : g.events) {
        if (a.isWait && g.kind != "named")
          continue;
        for (const BarrierEvent &w : g.events) {
          if (!w.isWait || (&a == &w))
            continue;
          if (g.kind == "named" && a.partition == w.partition)
            continue;
          BarrierEdge &e = edges[{a.partition, w.partition}];
          if (e.barrier.empty()) {
            e.from = a.partition;
            e.to = w.partition;
            e.barrier = g.name;
          }
          if (e.mechanism.find(a.mechanism) == std::string::npos)
            e.mechanism += (e.mechanism.empty() ? "" : " + ") + a.mechanism;
          if (w.phase.find("^ 1") != std::string::npos)
            e.sameMemoryPhase = true; // the wait's first phase passes at once
        }
      }
      for (auto &[key, e] : edges) {
        const PartitionData &A = pdata[e.from], &B = pdata[e.to];
        std::vector<std::string> fwd, bwd;
        for (const std::string &d : A.writes)
          if (B.reads.count(d))
            fwd.push_back(d);
        for (const std::string &d : A.reads)
          if (B.writes.count(d))
            bwd.push_back(d);
        if (e.mechanism.find("tma-tx") != std::string::npos)
          fwd.insert(fwd.end(), g.protects.begin(), g.protects.end());
        std::sort(fwd.begin(), fwd.end());
        fwd.erase(std::unique(fwd.begin(), fwd.end()), fwd.end());
        if (e.sameMemoryPhase && !bwd.empty())
          e.backward = true;
        else if (!fwd.empty())
          e.backward = false;
        else if (!bwd.empty())
          e.backward = true;
        else
          e.backward = e.sameMemoryPhase;
        e.data = e.backward ? bwd : fwd;
        if (!e.backward && e.data.empty())
          e.data = g.protects;
        rep.edges.push_back(e);
      }
    }
    rep.barriers = all;
    addTmemSections(k, rep);

    // Shared data map.
    std::map<std::string, std::set<std::string>> barriersOf;
    for (const BarrierEdge &e : rep.edges)
      for (const std::string &d : e.data)
        barriersOf[d].insert(e.barrier);
    std::map<int64_t, std::vector<std::string>> byBufferId;
    for (const Allocation &a : k.allocations)
      if (!a.isBarrier && a.bufferId)
        byBufferId[*a.bufferId].push_back(a.name);
    auto focused = [&](const Allocation &a) {
      if (focus.empty())
        return true;
      if (a.name == focus)
        return true;
      if (a.bufferId && std::to_string(*a.bufferId) == focus)
        return true;
      return false;
    };
    for (const Allocation &a : k.allocations) {
      if (a.isBarrier || a.kind == kernel::AllocKind::Aref || a.kind == kernel::AllocKind::Token)
        continue;
      if (!focused(a))
        continue;
      DataRow row;
      row.name = a.name;
      row.storage = a.kind == kernel::AllocKind::Tensor ? "tmem" : "smem";
      if (a.type) {
        row.type = a.type->shapeText();
        row.bytes = a.type->bytes();
      }
      row.bufferId = a.bufferId;
      row.bufferOffset = a.bufferOffset;
      for (const std::string &p : order) {
        if (pdata[p].writes.count(a.name))
          row.writers.push_back(p);
        if (pdata[p].reads.count(a.name))
          row.readers.push_back(p);
      }
      row.barriers.assign(barriersOf[a.name].begin(), barriersOf[a.name].end());
      if (a.bufferId && byBufferId[*a.bufferId].size() > 1) {
        std::string others;
        for (const std::string &n : byBufferId[*a.bufferId])
          if (n != a.name)
            others += (others.empty() ? "" : ", ") + n;
        row.notes.push_back("shares buffer.id " + std::to_string(*a.bufferId) + " with " + others);
      }
      if (a.bufferOffset)
        row.notes.push_back("column-packed at buffer.offset " + std::to_string(*a.bufferOffset));
      if (a.type && !a.type->allocShape.empty())
        row.notes.push_back("view of a larger allocation");
      rep.data.push_back(row);
    }

    // Alias map and focused timeline.
    std::map<uint32_t, AliasEntry> aliases;
    for (const Allocation &a : k.allocations) {
      if (!focused(a) && !(a.isBarrier && a.name == focus))
        continue;
      AliasEntry e;
      e.name = a.name;
      e.allocation = a.op ? std::string(a.op->opName()) : "argument";
      if (a.op)
        e.where = pointOf(k, a.op);
      aliases[a.id] = e;
    }
    std::map<const ir::Region *, uint32_t> firstLoopLine;
    k.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
      for (uint32_t i = 0; i < op->numOperands; ++i) {
        const ir::Value *v = op->operands[i];
        if (!isMemDesc(m, v))
          continue;
        for (const Allocation *a : k.rootsOf(v)) {
          auto it = aliases.find(a->id);
          if (it == aliases.end())
            continue;
          AliasUse u;
          u.value = k.valueName(v);
          u.how = v == a->value ? "the allocation" : k.derivation(v);
          u.op = std::string(op->opName());
          u.partition = k.partitionName(pl);
          u.where = pointOf(k, op);
          it->second.uses.push_back(u);
          if (!focus.empty()) {
            TimelineRow t;
            t.partition = u.partition;
            bool inLoop = false;
            for (const ir::Operation *p = op->parentOp(); p && p != k.func; p = p->parentOp()) {
              if (dialect::kindOf(p) == OpKind::For || dialect::kindOf(p) == OpKind::While)
                inLoop = true;
              if (dialect::kindOf(p) == OpKind::WarpSpecialize)
                break;
            }
            t.stage = inLoop ? "steady" : "prologue";
            t.op = u.op;
            dialect::OperandRoles r = dialect::operandRoles(m, op);
            std::string d = u.value;
            if (r.barrier == v || std::find(r.barriers.begin(), r.barriers.end(), v) != r.barriers.end()) {
              kernel::IndexExpr s = slotOf(k, v);
              if (!s.text.empty())
                d += " slot " + s.text;
              if (r.phase)
                d += " phase " + kernel::indexExpr(k, r.phase).text;
            } else if (r.index && dialect::kindOf(op) == OpKind::MemDescIndex) {
              d += " [" + kernel::indexExpr(k, r.index).text + "]";
            }
            std::string p = predText(k, r.pred);
            if (!p.empty())
              d += " if " + p;
            t.detail = d;
            t.where = u.where;
            rep.timeline.push_back(t);
          }
        }
      }
    });
    // Stage epilogue: after the last steady row of that partition.
    std::map<std::string, size_t> lastSteady;
    for (size_t i = 0; i < rep.timeline.size(); ++i)
      if (rep.timeline[i].stage == "steady")
        lastSteady[rep.timeline[i].partition] = i;
    for (size_t i = 0; i < rep.timeline.size(); ++i) {
      auto it = lastSteady.find(rep.timeline[i].partition);
      if (rep.timeline[i].stage == "prologue" && it != lastSteady.end() && i > it->second)
        rep.timeline[i].stage = "epilogue";
    }
    for (auto &[id, e] : aliases)
      rep.aliases.push_back(e);
    if (!focus.empty()) {
      std::vector<BarrierGroup> keep;
      for (BarrierGroup &g : rep.barriers) {
        bool touches = g.name == focus;
        for (const DataRow &d : rep.data)
          touches |= std::find(g.protects.begin(), g.protects.end(), d.name) != g.protects.end();
        for (const BarrierEdge &e : rep.edges)
          if (e.barrier == g.name)
            for (const DataRow &d : rep.data)
              touches |= std::find(e.data.begin(), e.data.end(), d.name) != e.data.end();
        if (touches)
          keep.push_back(g);
      }
      rep.barriers = keep;
    }
    out.push_back(std::move(rep));
  }
  return out;
}

std::vector<CompareRow> compareReports(const std::vector<KernelBarrierReport> &oldR,
                                       const std::vector<KernelBarrierReport> &newR) {
  using Key = std::tuple<std::string, std::string, std::string>;
  std::map<Key, std::pair<std::string, std::string>> rows;
  auto collect = [&](const std::vector<KernelBarrierReport> &reps, bool isNew) {
    for (const KernelBarrierReport &r : reps)
      for (const BarrierGroup &g : r.barriers)
        for (const BarrierEvent &e : g.events) {
          if (!e.isWait)
            continue;
          std::string w = "slot " + (e.slot.empty() ? std::string("-") : e.slot) + " phase " +
                          (e.phase.empty() ? std::string("-") : e.phase);
          if (!e.pred.empty())
            w += " if " + e.pred;
          auto &cell = rows[{r.kernel, g.name, e.partition}];
          std::string &s = isNew ? cell.second : cell.first;
          s += (s.empty() ? "" : "; ") + w;
        }
  };
  collect(oldR, false);
  collect(newR, true);
  std::vector<CompareRow> out;
  for (auto &[key, v] : rows) {
    CompareRow c;
    c.kernel = std::get<0>(key);
    c.barrier = std::get<1>(key);
    c.partition = std::get<2>(key);
    c.oldWaits = v.first.empty() ? "(none)" : v.first;
    c.newWaits = v.second.empty() ? "(none)" : v.second;
    c.changed = v.first != v.second;
    out.push_back(c);
  }
  return out;
}

} // namespace tscope::checks
