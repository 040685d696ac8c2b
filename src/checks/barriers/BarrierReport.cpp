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

/// What one walk over the kernel's ops gathers for the report's sections.
struct OpFacts {
  std::map<std::string, std::map<std::string, int>> counts; // partition -> op kind -> n
  std::map<std::string, PartitionData> pdata;
  std::vector<std::string> order; // partition names, "outside" last
  std::map<uint32_t, BarrierGroup> groups;  // by allocation id
  std::map<std::string, BarrierGroup> named; // by "named[id]"
  std::map<uint32_t, std::set<std::string>> protects;
};

/// The barrier mechanism of an op kind that arrives on or waits for an
/// mbarrier, aref or token; null for the kinds that do neither.
struct Mechanism {
  const char *name = nullptr;
  bool wait = false;
};

Mechanism mechanismOf(OpKind kind) {
  switch (kind) {
  case OpKind::InitBarrier: return {"init", false};
  case OpKind::BarrierExpect: return {"expect-tx", false};
  case OpKind::TmaLoad:
  case OpKind::TmaGather: return {"tma-tx", false};
  case OpKind::ArriveBarrier: return {"arrive", false};
  case OpKind::AsyncCopyMbarrierArrive: return {"cp.async-arrive", false};
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled: return {"tcgen05-mma", false};
  case OpKind::TcGen5Commit: return {"tcgen05-commit", false};
  case OpKind::TmemCopy: return {"tmem-copy", false};
  case OpKind::WaitBarrier: return {"wait", true};
  case OpKind::ProducerAcquire: return {"producer_acquire", true};
  case OpKind::ConsumerWait: return {"consumer_wait", true};
  case OpKind::ProducerCommit: return {"producer_commit", false};
  case OpKind::ConsumerRelease: return {"consumer_release", false};
  case OpKind::ArefPutEnter: return {"aref.put.enter", true};
  case OpKind::ArefGetEnter: return {"aref.get.enter", true};
  case OpKind::ArefPutExit: return {"aref.put.exit", false};
  case OpKind::ArefGetExit: return {"aref.get.exit", false};
  default: return {};
  }
}

/// The nvws/aref ops name their slot by an index operand; the others by the
/// memdesc_index that picked the barrier.
bool slotFromIndex(OpKind kind) {
  switch (kind) {
  case OpKind::ProducerAcquire:
  case OpKind::ConsumerWait:
  case OpKind::ProducerCommit:
  case OpKind::ConsumerRelease:
  case OpKind::ArefPutEnter:
  case OpKind::ArefGetEnter:
  case OpKind::ArefPutExit:
  case OpKind::ArefGetExit:
    return true;
  default:
    return false;
  }
}

/// True when the parity formula of `v` xors a phase with the integer 1 (`p ^
/// 1`): a wait on it passes at once on a fresh barrier. Follows the same
/// operand chains and depth as kernel::indexExpr.
bool flipsParity(const Kernel &k, const ir::Value *v, int depth = 0) {
  if (!v || depth > 12)
    return false;
  if (v->kind == ir::Value::BlockArgument) {
    const ir::Value *cap = k.captureOf(v);
    return cap && flipsParity(k, cap, depth + 1);
  }
  if (v->kind != ir::Value::Result)
    return false;
  const ir::Operation *d = v->definingOp();
  if (d->opName().substr(0, 6) != "arith." || d->is("arith.constant"))
    return false;
  if (d->is("arith.xori") && d->numOperands == 2) {
    kernel::IndexExpr a = kernel::indexExpr(k, d->operands[0]);
    kernel::IndexExpr b = kernel::indexExpr(k, d->operands[1]);
    // An i1 `true` prints as a word, not the integer 1; both constant folds.
    if (b.constant && b.value == 1 && !a.constant &&
        dialect::typeText(*k.module, d->result(0)) != "i1")
      return true;
  }
  for (uint32_t i = 0; i < d->numOperands; ++i)
    if (flipsParity(k, d->operands[i], depth + 1))
      return true;
  return false;
}

/// Builds one kernel's report, one section per method, from one op walk.
class ReportBuilder {
public:
  ReportBuilder(const ir::Module &m, const Kernel &k, const std::string &focus, bool autoFocus = false)
      : m_(m), k_(k), focus_(focus), autoFocus_(autoFocus && focus.empty()) {}

  KernelBarrierReport build() {
    rep_.kernel = k_.name;
    rep_.target = k_.target;
    rep_.numWarps = k_.moduleWarps;
    rep_.focus = focus_;
    rep_.warpSpecialized = !k_.warpSpecializes.empty();
    collectOps();
    addPartitionRows();
    addBarrierGroups();
    addTmemSections(k_, rep_);
    addDataMap();
    if (autoFocus_)
      chooseFocus();
    addAliasesAndTimeline();
    if (!focus_.empty())
      keepFocusedBarriers();
    return std::move(rep_);
  }

private:
  void collectOps();
  void countOp(const ir::Operation *op, OpKind kind, const std::string &part,
               const dialect::OperandRoles &r);
  void addEvent(const ir::Operation *op, OpKind kind, const std::string &part,
                const dialect::OperandRoles &r, const ir::Value *bar, Mechanism mech);
  void addNamedEvent(const ir::Operation *op, OpKind kind, const std::string &part,
                     const dialect::OperandRoles &r);
  void addPartitionRows();
  void addBarrierGroups();
  void pairWaits(BarrierGroup &g);
  void addEdges(const BarrierGroup &g);
  void addDataMap();
  void chooseFocus();
  void addAliasesAndTimeline();
  void addTimelineRow(const ir::Operation *op, const ir::Value *v, const AliasUse &u);
  void keepFocusedBarriers();
  bool focused(const Allocation &a) const;
  /// Two barrier ops that can run at the same time: in partitions of the
  /// same warp_specialize, or one of them outside (before or after it).
  /// Partitions of two warp_specialize ops never overlap: one is joined
  /// before the next forks, so an arrive in one is not paired with a wait
  /// in the other.
  bool sameFork(const BarrierEvent &a, const BarrierEvent &b) const {
    kernel::Placement pa = k_.placementOf(a.op), pb = k_.placementOf(b.op);
    return pa.partition == kernel::kOutside || pb.partition == kernel::kOutside || pa.ws == pb.ws;
  }

  const ir::Module &m_;
  const Kernel &k_;
  std::string focus_;
  bool autoFocus_ = false; ///< focus on the first shared buffer that has barriers
  KernelBarrierReport rep_;
  OpFacts f_;
};

void ReportBuilder::collectOps() {
  // Rows by display name: with several warp_specialize ops the name says
  // which one ("ws97.partition0"), so their partitions stay apart.
  for (const kernel::WarpSpecialize &ws : k_.warpSpecializes)
    for (const kernel::Partition &p : ws.partitions)
      if (std::string name = k_.partitionName({&ws, p.id});
          std::find(f_.order.begin(), f_.order.end(), name) == f_.order.end())
        f_.order.push_back(name);
  f_.order.push_back("outside");
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    std::string part = k_.partitionName(pl);
    OpKind kind = dialect::kindOf(op);
    if (!dialect::lookupOp(op->opName())) {
      countOp(op, kind, part, {});
      return;
    }
    dialect::OperandRoles r = dialect::operandRoles(m_, op);
    countOp(op, kind, part, r);
    if (kind == OpKind::NamedBarrierArrive || kind == OpKind::NamedBarrierWait) {
      addNamedEvent(op, kind, part, r);
      return;
    }
    Mechanism mech = mechanismOf(kind);
    if (!mech.name)
      return;
    if (kind == OpKind::TcGen5Mma || kind == OpKind::TcGen5MmaScaled) {
      for (const ir::Value *b : r.barriers)
        addEvent(op, kind, part, r, b, mech);
      return;
    }
    addEvent(op, kind, part, r, r.barrier, mech);
  });
}

/// The key-op counts and the buffers each partition writes and reads.
void ReportBuilder::countOp(const ir::Operation *op, OpKind kind, const std::string &part,
                            const dialect::OperandRoles &r) {
  if (kind != OpKind::Other && kind != OpKind::For && kind != OpKind::Yield &&
      kind != OpKind::If && kind != OpKind::MemDescIndex && kind != OpKind::MemDescView &&
      kind != OpKind::WarpReturn && kind != OpKind::WarpYield && kind != OpKind::Branch &&
      kind != OpKind::CondBranch)
    ++f_.counts[part][std::string(dialect::kindName(kind))];
  else if (op->is("math.exp2") || op->is("math.exp"))
    ++f_.counts[part][std::string(op->opName())];
  PartitionData &pd = f_.pdata[part];
  for (const ir::Value *w : r.writes)
    for (const Allocation *a : k_.rootsOf(w))
      if (!a->isBarrier)
        pd.writes.insert(a->name);
  for (const ir::Value *rd : r.reads)
    for (const Allocation *a : k_.rootsOf(rd))
      if (!a->isBarrier)
        pd.reads.insert(a->name);
  if (kind == OpKind::TmemAlloc || kind == OpKind::LocalAlloc)
    if (r.source)
      if (const Allocation *a = k_.allocationOf(op->result(0)))
        pd.writes.insert(a->name);
}

void ReportBuilder::addEvent(const ir::Operation *op, OpKind kind, const std::string &part,
                             const dialect::OperandRoles &r, const ir::Value *bar,
                             Mechanism mech) {
  if (!bar)
    return;
  ++rep_.barrierOps;
  bool attributed = false;
  for (const Allocation *a : k_.rootsOf(bar)) {
    if (!(a->isBarrier || a->kind == kernel::AllocKind::Aref ||
          a->kind == kernel::AllocKind::Token))
      continue;
    attributed = true;
    BarrierGroup &g = f_.groups[a->id];
    if (g.name.empty()) {
      g.name = a->name;
      g.kind = a->isBarrier                          ? "mbarrier"
               : a->kind == kernel::AllocKind::Aref ? "aref"
                                                    : "nvws-token";
      g.slots = a->slots();
      g.where = pointOf(k_, a->op);
    }
    BarrierEvent e;
    e.op = op;
    e.partition = part;
    e.mechanism = mech.name;
    e.isWait = mech.wait;
    kernel::IndexExpr s =
        r.index && slotFromIndex(kind) ? kernel::indexExpr(k_, r.index) : slotOf(k_, bar);
    e.slot = s.text;
    e.slotRaw = s.raw;
    if (mech.wait && r.phase) {
      kernel::IndexExpr p = kernel::indexExpr(k_, r.phase);
      e.phase = p.text;
      e.phaseRaw = p.raw;
      e.phaseFlipped = flipsParity(k_, r.phase);
    }
    e.pred = predText(k_, r.pred);
    e.count = r.count;
    e.bytes = r.bytes;
    e.where = pointOf(k_, op);
    if (kind == OpKind::TmaLoad || kind == OpKind::TmaGather)
      for (const Allocation *d : k_.rootsOf(r.buffer))
        f_.protects[a->id].insert(d->name);
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
    ++rep_.attributedBarrierOps;
}

void ReportBuilder::addNamedEvent(const ir::Operation *op, OpKind kind, const std::string &part,
                                  const dialect::OperandRoles &r) {
  ++rep_.barrierOps;
  ++rep_.attributedBarrierOps;
  kernel::IndexExpr id = kernel::indexExpr(k_, r.barrier);
  std::string key = "named[" + id.text + "]";
  BarrierGroup &g = f_.named[key];
  g.name = key;
  g.kind = "named";
  BarrierEvent e;
  e.op = op;
  e.partition = part;
  e.mechanism = kind == OpKind::NamedBarrierArrive ? "bar.arrive" : "bar.sync";
  e.isWait = kind == OpKind::NamedBarrierWait;
  kernel::IndexExpr n = kernel::indexExpr(k_, r.numThreads);
  if (n.constant)
    e.count = n.value;
  e.where = pointOf(k_, op);
  g.events.push_back(e);
}

void ReportBuilder::addPartitionRows() {
  for (const std::string &name : f_.order) {
    if (name == "outside" && f_.counts.find(name) == f_.counts.end())
      continue;
    PartitionRow row;
    row.name = name;
    for (const kernel::WarpSpecialize &ws : k_.warpSpecializes)
      for (const kernel::Partition &p : ws.partitions)
        if (k_.partitionName({&ws, p.id}) == name) {
          row.id = p.id;
          row.warps = p.numWarps;
          row.requestedRegisters = p.requestedRegisters;
          row.actualRegisters = p.actualRegisters;
        }
    if (name == "outside") {
      row.id = kernel::kOutside;
      row.warps = k_.moduleWarps;
    }
    const auto &c = f_.counts[name];
    row.role = roleOf(c);
    std::vector<std::pair<std::string, int>> key(c.begin(), c.end());
    std::sort(key.begin(), key.end(), [](const auto &a, const auto &b) {
      return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    row.keyOps = key;
    rep_.partitions.push_back(row);
  }
}

/// Groups: pairing and parity, then the dependency edges.
void ReportBuilder::addBarrierGroups() {
  std::vector<BarrierGroup> all;
  for (auto &[id, g] : f_.groups) {
    g.protects.assign(f_.protects[id].begin(), f_.protects[id].end());
    all.push_back(g);
  }
  for (auto &[key, g] : f_.named)
    all.push_back(g);
  for (BarrierGroup &g : all) {
    pairWaits(g);
    addEdges(g);
  }
  rep_.barriers = all;
}

void ReportBuilder::pairWaits(BarrierGroup &g) {
  std::vector<const BarrierEvent *> waits;
  for (BarrierEvent &w : g.events) {
    if (!w.isWait)
      continue;
    waits.push_back(&w);
    std::vector<std::string> possible;
    for (const BarrierEvent &a : g.events) {
      if (a.isWait && g.kind != "named")
        continue;
      if (&a == &w || !sameFork(a, w))
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
}

void ReportBuilder::addEdges(const BarrierGroup &g) {
  std::map<std::tuple<std::string, std::string>, BarrierEdge> edges;
  for (const BarrierEvent &a : g.events) {
    if (a.isWait && g.kind != "named")
      continue;
    for (const BarrierEvent &w : g.events) {
      if (!w.isWait || (&a == &w) || !sameFork(a, w))
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
      if (w.phaseFlipped)
        e.sameMemoryPhase = true; // the wait's first phase passes at once
    }
  }
  for (auto &[key, e] : edges) {
    const PartitionData &A = f_.pdata[e.from], &B = f_.pdata[e.to];
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
    rep_.edges.push_back(e);
  }
}

bool ReportBuilder::focused(const Allocation &a) const {
  if (focus_.empty() || a.name == focus_)
    return true;
  return a.bufferId && std::to_string(*a.bufferId) == focus_;
}

/// The shared data map: one row per (focused) buffer.
/// The automatic focus: the first buffer of the data map that barriers
/// guard; the data map keeps only its rows, as a build focused on it would.
void ReportBuilder::chooseFocus() {
  for (const DataRow &d : rep_.data)
    if (!d.barriers.empty()) {
      focus_ = d.name;
      break;
    }
  rep_.focus = focus_;
  if (focus_.empty())
    return;
  std::erase_if(rep_.data, [&](const DataRow &d) {
    return d.name != focus_ && !(d.bufferId && std::to_string(*d.bufferId) == focus_);
  });
}

void ReportBuilder::addDataMap() {
  std::map<std::string, std::set<std::string>> barriersOf;
  for (const BarrierEdge &e : rep_.edges)
    for (const std::string &d : e.data)
      barriersOf[d].insert(e.barrier);
  std::map<int64_t, std::vector<std::string>> byBufferId;
  for (const Allocation &a : k_.allocations)
    if (!a.isBarrier && a.bufferId)
      byBufferId[*a.bufferId].push_back(a.name);
  for (const Allocation &a : k_.allocations) {
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
    for (const std::string &p : f_.order) {
      if (f_.pdata[p].writes.count(a.name))
        row.writers.push_back(p);
      if (f_.pdata[p].reads.count(a.name))
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
    rep_.data.push_back(row);
  }
}

/// The alias map of the (focused) allocations; with a focus, the timeline of
/// their uses, staged prologue / steady / epilogue.
void ReportBuilder::addAliasesAndTimeline() {
  std::map<uint32_t, AliasEntry> aliases;
  for (const Allocation &a : k_.allocations) {
    if (!focused(a) && !(a.isBarrier && a.name == focus_))
      continue;
    AliasEntry e;
    e.name = a.name;
    e.allocation = a.op ? std::string(a.op->opName()) : "argument";
    if (a.op)
      e.where = pointOf(k_, a.op);
    aliases[a.id] = e;
  }
  k_.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    for (uint32_t i = 0; i < op->numOperands; ++i) {
      const ir::Value *v = op->operands[i];
      if (!isMemDesc(m_, v))
        continue;
      for (const Allocation *a : k_.rootsOf(v)) {
        auto it = aliases.find(a->id);
        if (it == aliases.end())
          continue;
        AliasUse u;
        u.value = k_.valueName(v);
        u.how = v == a->value ? "the allocation" : k_.derivation(v);
        u.op = std::string(op->opName());
        u.partition = k_.partitionName(pl);
        u.where = pointOf(k_, op);
        it->second.uses.push_back(u);
        if (!focus_.empty())
          addTimelineRow(op, v, u);
      }
    }
  });
  // Stage epilogue: after the last steady row of that partition.
  std::map<std::string, size_t> lastSteady;
  for (size_t i = 0; i < rep_.timeline.size(); ++i)
    if (rep_.timeline[i].stage == "steady")
      lastSteady[rep_.timeline[i].partition] = i;
  for (size_t i = 0; i < rep_.timeline.size(); ++i) {
    auto it = lastSteady.find(rep_.timeline[i].partition);
    if (rep_.timeline[i].stage == "prologue" && it != lastSteady.end() && i > it->second)
      rep_.timeline[i].stage = "epilogue";
  }
  for (auto &[id, e] : aliases)
    rep_.aliases.push_back(e);
}

void ReportBuilder::addTimelineRow(const ir::Operation *op, const ir::Value *v,
                                   const AliasUse &u) {
  TimelineRow t;
  t.partition = u.partition;
  bool inLoop = false;
  for (const ir::Operation *p = op->parentOp(); p && p != k_.func; p = p->parentOp()) {
    if (dialect::kindOf(p) == OpKind::For || dialect::kindOf(p) == OpKind::While)
      inLoop = true;
    if (dialect::kindOf(p) == OpKind::WarpSpecialize)
      break;
  }
  t.stage = inLoop ? "steady" : "prologue";
  t.op = u.op;
  dialect::OperandRoles r = dialect::operandRoles(m_, op);
  std::string d = u.value;
  if (r.barrier == v || std::find(r.barriers.begin(), r.barriers.end(), v) != r.barriers.end()) {
    kernel::IndexExpr s = slotOf(k_, v);
    if (!s.text.empty())
      d += " slot " + s.text;
    if (r.phase)
      d += " phase " + kernel::indexExpr(k_, r.phase).text;
  } else if (r.index && dialect::kindOf(op) == OpKind::MemDescIndex) {
    d += " [" + kernel::indexExpr(k_, r.index).text + "]";
  }
  std::string p = predText(k_, r.pred);
  if (!p.empty())
    d += " if " + p;
  t.detail = d;
  t.where = u.where;
  rep_.timeline.push_back(t);
}

/// With a focus: only the barriers that name it or hand over a focused buffer.
void ReportBuilder::keepFocusedBarriers() {
  std::vector<BarrierGroup> keep;
  for (BarrierGroup &g : rep_.barriers) {
    bool touches = g.name == focus_;
    for (const DataRow &d : rep_.data)
      touches |= std::find(g.protects.begin(), g.protects.end(), d.name) != g.protects.end();
    for (const BarrierEdge &e : rep_.edges)
      if (e.barrier == g.name)
        for (const DataRow &d : rep_.data)
          touches |= std::find(e.data.begin(), e.data.end(), d.name) != e.data.end();
    if (touches)
      keep.push_back(g);
  }
  rep_.barriers = keep;
}

} // namespace

std::vector<KernelBarrierReport> buildBarrierReport(const ir::Module &m,
                                                    const std::string &focus) {
  return buildBarrierReport(m, Kernel::build(m), focus);
}

KernelBarrierReport buildKernelBarrierReport(const ir::Module &m, const Kernel &k, const std::string &focus,
                                             bool autoFocus) {
  return ReportBuilder(m, k, focus, autoFocus).build();
}

std::vector<KernelBarrierReport> buildBarrierReport(const ir::Module &m, const std::vector<Kernel> &kernels,
                                                    const std::string &focus) {
  std::vector<KernelBarrierReport> out;
  for (const Kernel &k : kernels)
    out.push_back(ReportBuilder(m, k, focus).build());
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
