// Kernel model construction: partitions, placements, allocations, alias roots.
// Every traversal uses an explicit worklist (IR nesting is unbounded input).
#include "kernel/Kernel.h"

#include <algorithm>
#include <atomic>
#include <set>
#include <type_traits>

#include "ir/Attribute.h"

namespace tscope::kernel {

// A vector<Kernel> that grows must move its kernels, not copy them: a
// kernel's facts point into its own containers.
static_assert(std::is_nothrow_move_constructible_v<Kernel>);

using dialect::OpKind;

const Partition *WarpSpecialize::find(int id) const {
  for (const Partition &p : partitions)
    if (p.id == id)
      return &p;
  return nullptr;
}

int64_t Allocation::slots() const {
  if (!type || type->shape.size() < 2)
    return 1;
  return type->shape[0];
}

namespace {

const ir::Block *entry(const ir::Region *r) { return r ? r->first : nullptr; }

const ir::Operation *terminator(const ir::Region *r) {
  const ir::Block *b = entry(r);
  return b ? b->last : nullptr;
}

std::string ssaName(const ir::Module &m, const ir::Value *v) {
  if (!v)
    return "?";
  if (v->name.empty())
    return "%?";
  std::string n(m.str(v->name));
  if (v->kind == ir::Value::Result) {
    const ir::Operation *op = v->definingOp();
    uint32_t first = v->number;
    while (first > 0 && op->results[first - 1].name.offset == v->name.offset)
      --first;
    bool group = (first + 1 < op->numResults &&
                  op->results[first + 1].name.offset == v->name.offset) ||
                 v->number != first;
    if (group)
      n += "#" + std::to_string(v->number - first);
  }
  return n;
}

} // namespace

namespace {
std::atomic<size_t> gBuilds{0};
} // namespace

size_t Kernel::buildCount() { return gBuilds.load(std::memory_order_relaxed); }

std::vector<Kernel> Kernel::build(const ir::Module &m) {
  gBuilds.fetch_add(1, std::memory_order_relaxed);
  std::vector<Kernel> out;
  for (const ir::Chunk &c : m.chunks()) {
    std::vector<std::pair<const ir::Operation *, const ir::Operation *>> work; // op, module
    for (const ir::Operation *op = c.body->first->first; op; op = op->next)
      work.push_back({op, nullptr});
    std::vector<std::pair<const ir::Operation *, const ir::Operation *>> funcs;
    while (!work.empty()) {
      auto [op, mod] = work.back();
      work.pop_back();
      if (op->is("builtin.module") || op->is("gpu.module")) {
        std::vector<const ir::Operation *> kids;
        for (const ir::Region *r = op->firstRegion; r; r = r->next)
          for (const ir::Block *b = r->first; b; b = b->next)
            for (const ir::Operation *o = b->first; o; o = o->next)
              kids.push_back(o);
        for (size_t i = kids.size(); i-- > 0;)
          work.push_back({kids[i], op});
        continue;
      }
      if (op->name->opName() == "func" && op->numRegions > 0 && op->firstRegion->first &&
          op->firstRegion->first->first)
        funcs.push_back({op, mod});
    }
    for (auto [f, mod] : funcs) {
      Kernel k;
      k.module = &m;
      k.chunk = &c;
      k.func = f;
      std::string_view text = m.str(f->range);
      size_t at = text.find('@');
      k.entry = text.substr(0, at).find(" private") == std::string_view::npos;
      if (at != std::string_view::npos && at + 1 < text.size() && text[at + 1] == '"') {
        // A quoted symbol: `@"pkg.fn__sig[...]"`.
        size_t close = text.find('"', at + 2);
        k.name = std::string(text.substr(at + 2, close == std::string_view::npos ? 0 : close - at - 2));
      } else if (at != std::string_view::npos) {
        size_t e = at + 1;
        while (e < text.size() && (std::isalnum(static_cast<unsigned char>(text[e])) ||
                                   text[e] == '_' || text[e] == '$' || text[e] == '.'))
          ++e;
        k.name = std::string(text.substr(at + 1, e - at - 1));
      }
      if (mod) {
        k.moduleWarps = static_cast<int>(ir::getAttr(m, *mod, "ttg.num-warps").asInt().value_or(0));
        k.numCtas = static_cast<int>(ir::getAttr(m, *mod, "ttg.num-ctas").asInt().value_or(1));
        k.maxnreg = static_cast<int>(ir::getAttr(m, *mod, "ttg.maxnreg").asInt().value_or(0));
        k.target = ir::getAttr(m, *mod, "ttg.target").asString().value_or("");
      }
      k.collect();
      out.push_back(std::move(k));
    }
  }
  return out;
}

/// A warp_specialize op's partitions (warps and registers from its keyword
/// forms or properties); returns the regions to walk with their placements.
std::vector<std::pair<const ir::Region *, Placement>> Kernel::addWarpSpecialize(const ir::Operation *op) {
  const ir::Module &m = *module;
  std::vector<std::pair<const ir::Region *, Placement>> regions;
  WarpSpecialize ws;
  ws.op = op;
  if (op->is("nvws.warp_group")) {
    // `nvws.warp_group partition0 num_warps(4) {...} partition1 ...` (before
    // nvws-lower-warp-group): every region is a group of warps; the first
    // one's nvws.warp_group.yield gives the op's results, as a default
    // region's ttg.warp_yield does, so it takes the default's id.
    std::vector<int64_t> warps = ir::keywordInts(m, *op, "num_warps");
    if (warps.empty())
      warps = dialect::intArrayAttr(m, op, "numWarps");
    int k = 0;
    for (const ir::Region *r = op->firstRegion; r; r = r->next, ++k) {
      Partition p;
      p.id = k == 0 ? kDefault : k - 1;
      p.name = "partition" + std::to_string(k);
      p.region = r;
      p.numWarps = k < static_cast<int>(warps.size()) ? static_cast<int>(warps[k]) : 0;
      ws.partitions.push_back(p);
    }
    warpSpecializes.push_back(std::move(ws));
    const WarpSpecialize *wsp = &warpSpecializes.back();
    for (const Partition &p : wsp->partitions)
      regions.push_back({p.region, {wsp, p.id}});
    return regions;
  }
  const ir::Region *r1 = op->region(1);
  const ir::Operation *parts = nullptr;
  if (r1 && r1->first && r1->first->first &&
      r1->first->first->is("ttg.warp_specialize.partitions"))
    parts = r1->first->first;
  const ir::Operation *capOp = parts ? parts : op;
  for (uint32_t i = 0; i < capOp->numOperands; ++i)
    ws.captures.push_back(capOp->operands[i]);
  // Pretty form writes `partitionN(...) num_warps(K)`; generic form
  // keeps the list in the partitionNumWarps property.
  std::vector<int64_t> warps = parts || op->form == ir::Operation::Form::Generic
                                   ? std::vector<int64_t>()
                                   : ir::keywordInts(m, *op, "num_warps");
  if (warps.empty())
    warps = dialect::intArrayAttr(m, op, "partitionNumWarps");
  std::vector<int64_t> req = dialect::intArrayAttr(m, op, "requestedRegisters");
  std::vector<int64_t> act = dialect::intArrayAttr(m, op, "actualRegisters");
  Partition def;
  def.id = kDefault;
  def.name = "default";
  def.region = op->firstRegion;
  def.numWarps = moduleWarps;
  std::vector<const ir::Region *> partRegions;
  if (parts) {
    for (const ir::Region *r = parts->firstRegion; r; r = r->next)
      partRegions.push_back(r);
  } else {
    for (const ir::Region *r = op->firstRegion ? op->firstRegion->next : nullptr; r;
         r = r->next)
      partRegions.push_back(r);
  }
  for (int64_t a : act)
    ws.actualRegisters.push_back(static_cast<int>(a));
  if (act.size() == partRegions.size() + 1)
    def.actualRegisters = static_cast<int>(act[0]);
  if (auto d = dialect::intAttr(m, op, "defaultRequestedRegisters"))
    def.requestedRegisters = static_cast<int>(*d);
  ws.partitions.push_back(def);
  for (size_t k = 0; k < partRegions.size(); ++k) {
    Partition p;
    p.id = static_cast<int>(k);
    p.name = "partition" + std::to_string(k);
    p.region = partRegions[k];
    if (k < warps.size())
      p.numWarps = static_cast<int>(warps[k]);
    if (k < req.size())
      p.requestedRegisters = static_cast<int>(req[k]);
    if (act.size() == partRegions.size() + 1)
      p.actualRegisters = static_cast<int>(act[k + 1]);
    else if (k < act.size())
      p.actualRegisters = static_cast<int>(act[k]);
    ws.partitions.push_back(p);
  }
  warpSpecializes.push_back(std::move(ws));
  const WarpSpecialize *wsp = &warpSpecializes.back();
  regions.push_back({op->firstRegion, {wsp, kDefault}});
  for (size_t k = 0; k < partRegions.size(); ++k)
    regions.push_back({partRegions[k], {wsp, static_cast<int>(k)}});
  if (parts)
    placement_[parts] = {wsp, kDefault};
  return regions;
}

/// Before code partitioning, partitions are op attributes (`async_task_id`,
/// `ttg.partition`): one synthetic warp_specialize holds them.
void Kernel::addAttributePartitions() {
  std::set<int> ids;
  std::vector<std::pair<const ir::Operation *, int>> tagged;
  for (auto &[op, pl] : placement_) {
    std::vector<int64_t> t = dialect::intArrayAttr(*module, op, "async_task_id");
    if (t.empty())
      t = dialect::intArrayAttr(*module, op, "ttg.partition");
    if (!t.empty()) {
      for (int64_t id : t)
        ids.insert(static_cast<int>(id)); // an op several partitions run names them all
      tagged.push_back({op, static_cast<int>(t[0])});
    }
  }
  if (!ids.empty()) {
    WarpSpecialize ws;
    for (int id : ids) {
      Partition p;
      p.id = id;
      p.name = "task" + std::to_string(id);
      p.fromAttribute = true;
      ws.partitions.push_back(p);
    }
    warpSpecializes.push_back(std::move(ws));
    for (auto &[op, id] : tagged)
      placement_[op] = {&warpSpecializes.back(), id};
  }
}

/// Pass 2: allocations, in IR order; memdesc arguments of the function are
/// roots too (lit tests and helper functions receive barriers that way).
void Kernel::collectAllocations() {
  const ir::Module &m = *module;
  const ir::Block *fb = func->firstRegion->first;
  for (uint32_t i = 0; fb && i < fb->numArgs; ++i) {
    const ir::Value *v = &fb->args[i];
    auto t = dialect::parseMemDesc(m, chunk, dialect::typeText(m, v));
    if (!t)
      continue;
    Allocation a;
    a.id = static_cast<uint32_t>(allocations.size());
    a.kind = AllocKind::FunctionArgument;
    a.op = func;
    a.value = v;
    std::string ssa(m.str(v->name));
    a.name = ssa.size() > 1 ? ssa.substr(1) : ssa;
    a.type = t;
    a.isBarrier = t->isBarrier();
    allocByValue_[v] = a.id;
    allocations.push_back(std::move(a));
  }
  walk([&](const ir::Operation *op, const Placement &) {
    OpKind k = dialect::kindOf(op);
    AllocKind ak;
    if (k == OpKind::LocalAlloc || op->is("tlx.storage_alias_local_alloc"))
      ak = AllocKind::Shared;
    else if (k == OpKind::TmemAlloc)
      ak = AllocKind::Tensor;
    else if (k == OpKind::ArefCreate)
      ak = AllocKind::Aref;
    else if (op->is("nvws.create_token"))
      ak = AllocKind::Token;
    else
      return;
    if (op->numResults == 0)
      return;
    Allocation a;
    a.id = static_cast<uint32_t>(allocations.size());
    a.kind = ak;
    a.op = op;
    a.value = op->result(0);
    ir::ResolvedLoc loc = sourceOf(op);
    std::string ssa(m.str(a.value->name));
    a.name = !loc.name.empty() ? loc.name : (ssa.size() > 1 ? ssa.substr(1) : ssa);
    a.type = dialect::parseMemDesc(m, chunk, dialect::typeText(m, a.value));
    if (a.type && ak == AllocKind::Tensor)
      a.type->space = dialect::MemorySpace::Tensor;
    a.isBarrier = a.type && a.type->isBarrier();
    a.bufferId = dialect::intAttr(m, op, "buffer.id");
    a.bufferOffset = dialect::intAttr(m, op, "buffer.offset");
    a.allocationOffset = dialect::intAttr(m, op, "allocation.offset");
    allocByValue_[a.value] = a.id;
    allocations.push_back(std::move(a));
  });
}

void Kernel::collect() {
  // Pass 1: placements and warp_specialize partitions, in IR order.
  struct Item {
    const ir::Operation *op;
    Placement pl;
  };
  std::vector<Item> work;
  std::vector<const ir::Operation *> bodyOps;
  for (const ir::Block *b = func->firstRegion->first; b; b = b->next)
    for (const ir::Operation *o = b->first; o; o = o->next)
      bodyOps.push_back(o);
  for (size_t i = bodyOps.size(); i-- > 0;)
    work.push_back({bodyOps[i], {}});
  // warp_specialize ops are found in pre-order; reserve so pointers stay.
  size_t wsCount = 0;
  {
    std::vector<const ir::Operation *> w(bodyOps.begin(), bodyOps.end());
    while (!w.empty()) {
      const ir::Operation *o = w.back();
      w.pop_back();
      wsCount += o->is("ttg.warp_specialize") || o->is("nvws.warp_group");
      for (const ir::Region *r = o->firstRegion; r; r = r->next)
        for (const ir::Block *b = r->first; b; b = b->next)
          for (const ir::Operation *x = b->first; x; x = x->next)
            w.push_back(x);
    }
  }
  warpSpecializes.reserve(wsCount + 1);
  while (!work.empty()) {
    Item it = work.back();
    work.pop_back();
    placement_[it.op] = it.pl;
    std::vector<std::pair<const ir::Region *, Placement>> regions;
    if (it.op->is("ttg.warp_specialize") || it.op->is("nvws.warp_group")) {
      regions = addWarpSpecialize(it.op);
    } else {
      for (const ir::Region *r = it.op->firstRegion; r; r = r->next)
        regions.push_back({r, it.pl});
    }
    std::vector<Item> kids;
    for (auto &[r, pl] : regions)
      for (const ir::Block *b = r ? r->first : nullptr; b; b = b->next)
        for (const ir::Operation *o = b->first; o; o = o->next)
          kids.push_back({o, pl});
    for (size_t i = kids.size(); i-- > 0;)
      work.push_back(kids[i]);
  }
  if (warpSpecializes.empty())
    addAttributePartitions();
  collectAllocations();
  // Frontends reuse a Python name for several allocations (`acc` for the
  // accumulator and its barriers): keep names unique by the IR line.
  std::unordered_map<std::string, int> seen;
  for (const Allocation &a : allocations)
    ++seen[a.name];
  for (Allocation &a : allocations)
    if (seen[a.name] > 1)
      a.name += "@" + std::to_string(a.op->line);
}

void Kernel::walk(const std::function<void(const ir::Operation *, const Placement &)> &fn) const {
  std::vector<const ir::Operation *> work;
  std::vector<const ir::Operation *> kids;
  for (const ir::Block *b = func->firstRegion->first; b; b = b->next)
    for (const ir::Operation *o = b->first; o; o = o->next)
      kids.push_back(o);
  for (size_t i = kids.size(); i-- > 0;)
    work.push_back(kids[i]);
  while (!work.empty()) {
    const ir::Operation *op = work.back();
    work.pop_back();
    fn(op, placementOf(op));
    kids.clear();
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (const ir::Operation *o = b->first; o; o = o->next)
          kids.push_back(o);
    for (size_t i = kids.size(); i-- > 0;)
      work.push_back(kids[i]);
  }
}

Placement Kernel::placementOf(const ir::Operation *op) const {
  auto it = placement_.find(op);
  return it == placement_.end() ? Placement{} : it->second;
}

std::string Kernel::partitionName(const Placement &p) const {
  if (p.partition == kOutside || !p.ws)
    return "outside";
  const Partition *part = p.ws->find(p.partition);
  if (!part)
    return "?";
  if (p.ws->op && warpSpecializeOps() > 1)
    return "ws" + std::to_string(p.ws->op->line) + "." + part->name;
  return part->name;
}

const WarpSpecialize *Kernel::warpSpecializeOf(const ir::Operation *op) const {
  for (const WarpSpecialize &w : warpSpecializes)
    if (op && w.op == op)
      return &w;
  return nullptr;
}

size_t Kernel::warpSpecializeOps() const {
  return static_cast<size_t>(
      std::count_if(warpSpecializes.begin(), warpSpecializes.end(), [](const WarpSpecialize &w) { return w.op; }));
}

const Allocation *Kernel::allocationOf(const ir::Value *v) const {
  auto it = allocByValue_.find(v);
  return it == allocByValue_.end() ? nullptr : &allocations[it->second];
}

const ir::Value *Kernel::captureOf(const ir::Value *arg) const {
  const ir::Block *b = arg ? arg->ownerBlock() : nullptr;
  if (!b || !b->parent || !b->parent->parent)
    return nullptr;
  const ir::Operation *p = b->parent->parent;
  if (p->is("ttg.warp_specialize.partitions"))
    return arg->number < p->numOperands ? p->operands[arg->number] : nullptr;
  if (p->is("ttg.warp_specialize") && b->parent != p->firstRegion)
    return arg->number < p->numOperands ? p->operands[arg->number] : nullptr;
  return nullptr;
}

const std::vector<const Allocation *> &Kernel::rootsOf(const ir::Value *v) const {
  return memo_.get(memo_.roots, v, [&] { return computeRoots(v); });
}

std::vector<const Allocation *> Kernel::computeRoots(const ir::Value *start) const {
  std::vector<const Allocation *> out;
  std::set<const ir::Value *> seen;
  std::vector<const ir::Value *> work{start};
  auto push = [&](const ir::Value *v) {
    if (v && v->kind != ir::Value::Unresolved && seen.insert(v).second)
      work.push_back(v);
  };
  seen.insert(start);
  while (!work.empty()) {
    const ir::Value *v = work.back();
    work.pop_back();
    if (const Allocation *a = allocationOf(v)) {
      out.push_back(a);
      continue;
    }
    if (v->kind == ir::Value::Result) {
      const ir::Operation *op = v->definingOp();
      OpKind k = dialect::kindOf(op);
      switch (k) {
      case OpKind::MemDescIndex:
      case OpKind::MemDescView:
        if (op->numOperands)
          push(op->operands[0]);
        break;
      case OpKind::WarpGroupDotWait:
        if (v->number < op->numOperands)
          push(op->operands[v->number]);
        break;
      case OpKind::ArefPutEnter:
      case OpKind::ArefGetEnter:
      case OpKind::ArefBuffer:
        if (op->numOperands)
          push(op->operands[0]);
        break;
      case OpKind::For: {
        uint32_t init = 3 + v->number;
        if (init < op->numOperands)
          push(op->operands[init]);
        if (const ir::Operation *y = terminator(op->firstRegion))
          if (v->number < y->numOperands)
            push(y->operands[v->number]);
        break;
      }
      case OpKind::If:
        for (const ir::Region *r = op->firstRegion; r; r = r->next)
          if (const ir::Operation *y = terminator(r))
            if (v->number < y->numOperands)
              push(y->operands[v->number]);
        break;
      case OpKind::WarpSpecialize:
      case OpKind::WarpGroup:
        if (const ir::Operation *y = terminator(op->firstRegion))
          if (v->number < y->numOperands)
            push(y->operands[v->number]);
        break;
      default:
        if ((op->is("ttg.convert_layout") || op->is("ttng.map_to_remote_buffer") ||
             op->is("ttg.memdesc_reinterpret")) && op->numOperands)
          push(op->operands[0]);
        break;
      }
      continue;
    }
    if (v->kind == ir::Value::BlockArgument) {
      if (const ir::Value *cap = captureOf(v)) {
        push(cap);
        continue;
      }
      const ir::Block *b = v->ownerBlock();
      const ir::Operation *p = b && b->parent ? b->parent->parent : nullptr;
      if (p && dialect::kindOf(p) == OpKind::For && b == p->firstRegion->first && v->number > 0) {
        uint32_t init = 3 + v->number - 1;
        if (init < p->numOperands)
          push(p->operands[init]);
        if (const ir::Operation *y = terminator(p->firstRegion))
          if (v->number - 1 < y->numOperands)
            push(y->operands[v->number - 1]);
      } else if (p && dialect::kindOf(p) == OpKind::While && b == p->firstRegion->first) {
        if (v->number < p->numOperands)
          push(p->operands[v->number]);
      } else if (b && b->parent && b != b->parent->first) {
        // An argument of a block branched to (cf.br, cf.cond_br): what
        // every branch to it passes.
        for (const ir::Block *from = b->parent->first; from; from = from->next)
          for (uint32_t i = 0; from->last && i < from->last->numSuccessors; ++i) {
            uint32_t begin = 0, count = 0;
            if (from->last->successor(i) == b && ir::successorOperands(*from->last, i, begin, count) &&
                v->number < count)
              push(from->last->operands[begin + v->number]);
          }
      }
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Allocation *a, const Allocation *b) { return a->id < b->id; });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string Kernel::valueName(const ir::Value *v) const {
  return ssaName(*module, v);
}

std::string Kernel::derivation(const ir::Value *v) const {
  if (!v)
    return "";
  if (v->kind == ir::Value::BlockArgument) {
    if (const ir::Value *cap = captureOf(v))
      return "partition argument for capture " + valueName(cap);
    const ir::Block *b = v->ownerBlock();
    const ir::Operation *p = b && b->parent ? b->parent->parent : nullptr;
    if (p && dialect::kindOf(p) == OpKind::For)
      return v->number == 0 ? "loop induction variable" : "loop-carried (iter_args)";
    return "block argument";
  }
  if (v->kind == ir::Value::Result) {
    const ir::Operation *op = v->definingOp();
    std::string s(op->opName());
    if (op->numOperands) {
      s += " of " + valueName(op->operands[0]);
      if (dialect::kindOf(op) == OpKind::MemDescIndex && op->numOperands > 1)
        s += "[" + valueName(op->operands[1]) + "]";
    }
    return s;
  }
  return "unresolved";
}

ir::ResolvedLoc Kernel::sourceOf(const ir::Operation *op) const {
  return ir::resolveLocation(*module, op);
}

const ir::Operation *inBranchLoop(const ir::Operation *op) {
  for (; op; op = op->parentOp()) {
    const ir::Block *b = op->parent;
    if (!b || !b->parent || b->parent->numBlocks < 2)
      continue;
    // Does `b` reach itself through the successors of its region's blocks?
    std::vector<const ir::Block *> work{b};
    std::set<const ir::Block *> seen;
    while (!work.empty()) {
      const ir::Block *x = work.back();
      work.pop_back();
      for (uint32_t i = 0; x->last && i < x->last->numSuccessors; ++i) {
        const ir::Block *s = x->last->successor(i);
        if (s == b)
          return op;
        if (s && s->parent == b->parent && seen.insert(s).second)
          work.push_back(s);
      }
    }
  }
  return nullptr;
}

} // namespace tscope::kernel
