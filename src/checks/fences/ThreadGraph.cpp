// ThreadGraph: successor edges over structured control flow. scf.for gets an
// entry edge, a back edge and a zero-trip edge; scf.if a branch per region
// (and a skip edge without else); scf.while before/after regions; a
// warp_specialize forks into its default region, its worker regions are
// threads of their own. Explicit worklists throughout.
#include "checks/fences/ThreadGraph.h"

#include <algorithm>
#include <deque>

#include "dialect/OpTable.h"

namespace tscope::checks::fences {

using dialect::OpKind;

namespace {

const ir::Operation *firstOp(const ir::Region *r) {
  for (const ir::Block *b = r ? r->first : nullptr; b; b = b->next)
    if (b->first)
      return b->first;
  return nullptr;
}

const ir::Operation *lastOp(const ir::Region *r) {
  const ir::Operation *last = nullptr;
  for (const ir::Block *b = r ? r->first : nullptr; b; b = b->next)
    if (b->last)
      last = b->last;
  return last;
}

} // namespace

ThreadGraph::ThreadGraph(const kernel::Kernel &k) { build(k); }

std::optional<uint32_t> ThreadGraph::node(const ir::Operation *op) const {
  auto it = index_.find(op);
  if (it == index_.end())
    return std::nullopt;
  return it->second;
}

const Edge *ThreadGraph::edge(uint32_t a, uint32_t b) const {
  for (const Edge &e : succ_[a])
    if (e.to == b)
      return &e;
  return nullptr;
}

void ThreadGraph::follow(Step start, std::vector<Edge> &out) const {
  std::vector<Step> work{start};
  auto push = [&](uint32_t to, const Step &st) {
    for (const Edge &e : out)
      if (e.to == to)
        return;
    out.push_back({to, st.kind, st.construct, st.regionIndex});
  };
  // Each step either finds a successor or climbs one level; a malformed nest
  // cannot make this loop forever.
  for (int guard = 0; !work.empty() && guard < 4096; ++guard) {
    Step st = work.back();
    work.pop_back();
    if (st.enter) {
      if (const ir::Operation *f = firstOp(st.region)) {
        push(index_.at(f), st);
        continue;
      }
      st.enter = false; // an empty region: control falls through its end
      st.after = nullptr;
    }
    const ir::Region *r = st.region;
    if (const ir::Operation *cur = st.after) {
      if (cur->next) {
        push(index_.at(cur->next), st);
        continue;
      }
      // The next non-empty block of a multi-block region, else the region's end.
      const ir::Block *b = cur->parent;
      const ir::Block *nb = b ? b->next : nullptr;
      while (nb && !nb->first)
        nb = nb->next;
      if (nb && cur->numSuccessors == 0) {
        push(index_.at(nb->first), st);
        continue;
      }
      r = b ? b->parent : nullptr;
    }
    if (!r)
      continue;
    if (auto it = endOf_.find(r); it != endOf_.end()) {
      push(it->second, {r, nullptr, false, EdgeKind::End, nullptr, 0});
      continue;
    }
    const ir::Operation *p = r->parent;
    if (!p || !index_.count(p))
      continue;
    switch (dialect::kindOf(p)) {
    case OpKind::For:
      if (firstOp(r))
        work.push_back({r, nullptr, true, EdgeKind::BackEdge, p, 0});
      work.push_back({nullptr, p, false, EdgeKind::ExitLoop, p, 0});
      break;
    case OpKind::While:
      if (r->index == 0) {
        work.push_back({nullptr, p, false, EdgeKind::ExitLoop, p, 0});
        if (firstOp(p->region(1)))
          work.push_back({p->region(1), nullptr, true, EdgeKind::EnterLoop, p, 1});
      } else if (firstOp(p->region(0))) {
        work.push_back({p->region(0), nullptr, true, EdgeKind::BackEdge, p, 0});
      }
      break;
    case OpKind::WarpSpecialize:
      work.push_back({nullptr, p, false, EdgeKind::Join, p, 0});
      break;
    default:
      work.push_back({nullptr, p, false, EdgeKind::LeaveBranch, p, r->index});
      break;
    }
  }
}

void ThreadGraph::build(const kernel::Kernel &k) {
  // Nodes: every op of the function, pre-order.
  std::vector<const ir::Operation *> stack;
  std::vector<const ir::Operation *> kids;
  auto pushKids = [&](const ir::Operation *op) {
    kids.clear();
    for (const ir::Region *r = op->firstRegion; r; r = r->next)
      for (const ir::Block *b = r->first; b; b = b->next)
        for (const ir::Operation *o = b->first; o; o = o->next)
          kids.push_back(o);
    for (size_t i = kids.size(); i-- > 0;)
      stack.push_back(kids[i]);
  };
  pushKids(k.func);
  while (!stack.empty()) {
    const ir::Operation *op = stack.back();
    stack.pop_back();
    index_[op] = static_cast<uint32_t>(ops_.size());
    ops_.push_back(op);
    pushKids(op);
  }

  // Threads: the main thread, then the worker partitions in IR order.
  Thread main;
  main.name = "main";
  main.region = k.func->firstRegion;
  threads_.push_back(main);
  for (const kernel::WarpSpecialize &ws : k.warpSpecializes) {
    if (!ws.op)
      continue; // partitions named by attributes run as one stream here
    Fork f;
    f.op = ws.op;
    for (const kernel::Partition &p : ws.partitions) {
      if (p.id < 0 || !p.region)
        continue;
      Thread t;
      t.name = k.warpSpecializes.size() > 1 ? "ws" + std::to_string(ws.op->line) + "." + p.name : p.name;
      t.partition = p.id;
      t.region = p.region;
      f.workers.push_back(static_cast<uint32_t>(threads_.size()));
      threads_.push_back(t);
    }
    wsOf_[ws.op] = &ws;
    forks_.push_back(f);
  }
  for (Thread &t : threads_) {
    t.end = static_cast<uint32_t>(ops_.size());
    ops_.push_back(nullptr);
    endOf_[t.region] = t.end;
  }
  for (Fork &f : forks_) {
    f.forkNode = index_.at(f.op);
    if (const ir::Operation *y = lastOp(f.op->firstRegion))
      f.joinNode = index_.at(y);
  }

  // Successors.
  succ_.assign(ops_.size(), {});
  for (uint32_t n = 0; n < ops_.size(); ++n) {
    const ir::Operation *op = ops_[n];
    if (!op)
      continue;
    std::vector<Edge> &out = succ_[n];
    OpKind kind = dialect::kindOf(op);
    if (kind == OpKind::For) {
      follow({op->region(0), nullptr, true, EdgeKind::EnterLoop, op, 0}, out);
      follow({nullptr, op, false, EdgeKind::SkipLoop, op, 0}, out);
    } else if (kind == OpKind::While) {
      follow({op->region(0), nullptr, true, EdgeKind::EnterLoop, op, 0}, out);
    } else if (kind == OpKind::WarpSpecialize && wsOf_.count(op)) {
      follow({op->firstRegion, nullptr, true, EdgeKind::Fork, op, 0}, out);
    } else if (op->numSuccessors > 0) {
      for (uint32_t i = 0; i < op->numSuccessors; ++i) {
        const ir::Block *b = op->successor(i);
        if (b && b->first)
          out.push_back({index_.at(b->first), EdgeKind::Next, nullptr, 0});
      }
    } else if (op->numRegions > 0 && kind != OpKind::WarpSpecializePartitions) {
      // scf.if and any other op with regions: one of its regions runs.
      bool hasEmpty = false;
      for (const ir::Region *r = op->firstRegion; r; r = r->next) {
        hasEmpty |= !firstOp(r);
        follow({r, nullptr, true, EdgeKind::EnterBranch, op, r->index}, out);
      }
      if (hasEmpty || (kind == OpKind::If && op->numRegions < 2))
        follow({nullptr, op, false, EdgeKind::SkipBranch, op, 0}, out);
    } else {
      follow({nullptr, op, false, EdgeKind::Next, nullptr, 0}, out);
    }
  }

  // Thread membership and entries.
  thread_.assign(ops_.size(), -1);
  for (size_t t = 0; t < threads_.size(); ++t) {
    Thread &th = threads_[t];
    const ir::Operation *f = firstOp(th.region);
    th.entry = f ? index_.at(f) : th.end;
    std::deque<uint32_t> q{th.entry};
    thread_[th.entry] = static_cast<int>(t);
    while (!q.empty()) {
      uint32_t n = q.front();
      q.pop_front();
      for (const Edge &e : succ_[n])
        if (thread_[e.to] < 0) {
          thread_[e.to] = static_cast<int>(t);
          q.push_back(e.to);
        }
    }
  }
}

std::vector<uint32_t> ThreadGraph::findPath(uint32_t from, uint32_t to,
                                            const std::function<bool(uint32_t)> &blocked) const {
  std::vector<int64_t> parent(ops_.size(), -1);
  std::deque<uint32_t> q;
  // Start from the successors of `from`, so that from == to finds a cycle.
  for (const Edge &e : succ_[from])
    if (parent[e.to] < 0 && (e.to == to || !blocked(e.to))) {
      parent[e.to] = from;
      q.push_back(e.to);
    }
  bool found = false;
  while (!q.empty() && !found) {
    uint32_t n = q.front();
    q.pop_front();
    if (n == to) {
      found = true;
      break;
    }
    for (const Edge &e : succ_[n])
      if (parent[e.to] < 0 && (e.to == to || !blocked(e.to))) {
        parent[e.to] = n;
        q.push_back(e.to);
      }
  }
  if (!found)
    return {};
  std::vector<uint32_t> path{to};
  uint32_t cur = to;
  // Walk parents back to `from` (bounded by the node count).
  for (size_t guard = 0; guard <= ops_.size(); ++guard) {
    cur = static_cast<uint32_t>(parent[cur]);
    path.push_back(cur);
    if (cur == from)
      break;
  }
  std::reverse(path.begin(), path.end());
  return path;
}

} // namespace tscope::checks::fences
