// Periodicity: the fold hash and the shift check (docs/Deadlock.md, "Every
// trip count", states which parts of a state are compared and why).
#include "checks/model/Periodicity.h"

#include <algorithm>

#include "dialect/OpTable.h"
#include "interp/Program.h"
#include "ir/Module.h"

namespace tscope::checks::model {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

/// An mbarrier's phase as its future sees it: the parity waits test; the
/// count itself only names phases in prose and in the relation to a
/// process's last wait (compared apart). Whether a phase has completed yet
/// is no part of it: a wait's acquire joins `done`, which is empty until
/// the first completion (an init clears it) and compared. Its clocks are
/// canonical (model/ClockCanon.h), so plain values.
bool sameBarrier(const Bar &a, const Bar &b) {
  return (a.phase & 1) == (b.phase & 1) && a.pending == b.pending &&
         a.tx == b.tx && a.expected == b.expected && a.inited == b.inited && a.acc == b.acc && a.done == b.done;
}

/// A process's last wait relative to its barrier's current phase. The
/// redundant-wait test asks only whether the two are equal, and a phase
/// never goes back (an init forgets the last wait), so every later phase
/// is the same to the future: the age is 0 or 1.
int64_t lastWaitAge(const State &s, const Proc &p) {
  if (p.lastKey == ~uint64_t(0))
    return 0;
  auto it = s.bars->find(p.lastKey);
  return it == s.bars->end() ? p.lastPhase : std::min<int64_t>(it->second.phase - p.lastPhase, 1);
}

/// A process's named-barrier generation relative to the barrier's.
int64_t namedAge(const State &s, const Proc &p) {
  auto it = s.named.find(p.namedId);
  return it == s.named.end() ? p.namedGen : it->second.generation - p.namedGen;
}

bool sameProcShape(const State &so, const Proc &a, const State &sn, const Proc &b) {
  return a.partition == b.partition && a.ws == b.ws && a.results == b.results && a.joinedTicks == b.joinedTicks &&
         a.status == b.status && a.copyBatch == b.copyBatch && a.namedId == b.namedId && a.slots == b.slots && a.arefTurns == b.arefTurns &&
         a.lastKey == b.lastKey && lastWaitAge(so, a) == lastWaitAge(sn, b) && namedAge(so, a) == namedAge(sn, b) &&
         a.asyncTick == b.asyncTick && a.groups == b.groups && a.vc == b.vc;
}

/// Ops whose integer operands only compute their results: an operand
/// steers when a result does. Tensor and pointer results never steer (the
/// interpreter does not follow values through them).
bool computesOnly(const ir::Operation &op) {
  std::string_view n = op.opName();
  return n.starts_with("arith.") || n.starts_with("math.") || n == "tt.splat" || n == "tt.addptr" ||
         n == "tt.broadcast" || n == "tt.expand_dims" || n == "ttg.convert_layout";
}

/// TMA ops: their coordinates pick the global tile and nothing the model follows.
bool readsCoordinates(dialect::OpKind k) {
  using K = dialect::OpKind;
  switch (k) {
  case K::TmaLoad: case K::TmaStore: case K::TmaReduce: case K::TmaGather: case K::TmaScatter:
  case K::TmaPrefetch: case K::DescriptorLoad: case K::DescriptorStore: case K::DescriptorGather:
  case K::DescriptorScatter: case K::DescriptorReduce:
    return true;
  default:
    return false;
  }
}

} // namespace

std::vector<uint8_t> steeringValues(const ir::Module &m, const interp::Program &prog) {
  const uint32_t n = prog.numDynamicValues();
  std::vector<uint8_t> steer(n + 1, 0);
  // feeds[t]: the values t is computed or carried from (t steers -> they do).
  std::vector<std::vector<uint32_t>> feeds(n + 1);
  std::vector<uint32_t> work;
  auto id = [&](const ir::Value *v) { return v ? prog.handle(v).id : 0u; };
  auto mark = [&](uint32_t v) {
    if (v && !steer[v]) {
      steer[v] = 1;
      work.push_back(v);
    }
  };
  auto link = [&](uint32_t target, uint32_t source) { // a target that is no integer never steers
    if (target && source)
      feeds[target].push_back(source);
  };
  for (uint32_t i = 1; i < prog.size(); ++i) {
    const ir::Operation *op = prog.opAt(i);
    if (!op)
      continue;
    const ir::Operation *parent = op->parentOp();
    if (computesOnly(*op)) {
      for (uint32_t r = 0; r < op->numResults; ++r)
        for (uint32_t k = 0; k < op->numOperands; ++k)
          link(id(op->result(r)), id(op->operands[k]));
      continue;
    }
    if (op->is("scf.for") && op->firstRegion && op->firstRegion->first) {
      // lb, ub, step steer; init j is carried into iter_arg j and result j.
      const ir::Block *body = op->firstRegion->first;
      for (uint32_t k = 0; k < op->numOperands; ++k) {
        if (k < 3 || k - 3 + 1 >= body->numArgs || k - 3 >= op->numResults) {
          mark(id(op->operands[k]));
          continue;
        }
        link(id(&body->args[k - 3 + 1]), id(op->operands[k]));
        link(id(op->result(k - 3)), id(op->operands[k]));
      }
      continue;
    }
    if (op->is("scf.yield") && parent && parent->is("scf.for") && parent->firstRegion &&
        parent->firstRegion->first) {
      const ir::Block *body = parent->firstRegion->first;
      for (uint32_t k = 0; k < op->numOperands; ++k) {
        if (k + 1 >= body->numArgs || k >= parent->numResults) {
          mark(id(op->operands[k]));
          continue;
        }
        link(id(&body->args[k + 1]), id(op->operands[k]));
        link(id(parent->result(k)), id(op->operands[k]));
      }
      continue;
    }
    dialect::OpKind kind = dialect::kindOf(op);
    dialect::OperandRoles roles;
    if (readsCoordinates(kind))
      roles = dialect::operandRoles(m, op);
    for (uint32_t k = 0; k < op->numOperands; ++k) {
      const ir::Value *v = op->operands[k];
      bool coordinate = std::find(roles.coords.begin(), roles.coords.end(), v) != roles.coords.end() &&
                        v != roles.pred && v != roles.barrier && v != roles.buffer && v != roles.desc;
      if (!coordinate)
        mark(id(v));
    }
  }
  while (!work.empty()) {
    uint32_t v = work.back();
    work.pop_back();
    for (uint32_t s : feeds[v])
      mark(s);
  }
  return steer;
}

size_t foldHash(const State &s, const std::vector<uint8_t> &steer) {
  size_t h = 0x51ed270b;
  for (const Proc &p : s.procs) {
    h = mix(h, p.p.shapeHash(s.trips, steer));
    h = mix(mix(h, static_cast<size_t>(p.status)), static_cast<size_t>(p.partition));
    for (auto &[v, i] : p.slots)
      h = mix(mix(h, reinterpret_cast<size_t>(v)), static_cast<size_t>(i));
    for (auto &[k, t] : p.arefTurns)
      h = mix(mix(h, k), t);
  }
  for (auto &[k, b] : *s.bars)
    h = mix(mix(mix(mix(h, k), static_cast<size_t>(b.phase & 1)), static_cast<size_t>(b.pending)),
            static_cast<size_t>(b.tx));
  for (const Async &a : s.async)
    h = mix(mix(h, a.key), reinterpret_cast<size_t>(a.op));
  for (auto &[id, n] : s.named)
    h = mix(mix(h, static_cast<size_t>(id)), static_cast<size_t>(n.arrived));
  for (const interp::TripParam &t : s.trips.items)
    h = mix(mix(h, t.key), t.fixed ? static_cast<size_t>(t.n) * 2 + 1 : 0);
  return h;
}

std::optional<std::vector<int64_t>> shiftBetween(const State &older, const State &newer,
                                                 const interp::TripProof &proof, const std::vector<uint8_t> &steer) {
  const auto &to = older.trips.items, &tn = newer.trips.items;
  if (to.size() != tn.size() || older.procs.size() != newer.procs.size() || older.bars->size() != newer.bars->size() ||
      older.named.size() != newer.named.size() || !(older.async == newer.async) || older.choices != newer.choices ||
      !(older.hist == newer.hist) || !(older.flow == newer.flow))
    return std::nullopt;
  std::vector<int64_t> delta(tn.size(), 0);
  bool forward = false;
  for (size_t i = 0; i < tn.size(); ++i) {
    if (to[i].key != tn[i].key || to[i].fixed != tn[i].fixed)
      return std::nullopt;
    int64_t d = tn[i].n - to[i].n;
    if (tn[i].fixed ? d != 0 : d < 0)
      return std::nullopt;
    uint64_t period = proof.periodOf(static_cast<uint8_t>(i + 1));
    if (d % static_cast<int64_t>(period) != 0)
      return std::nullopt;
    delta[i] = d;
    forward |= d > 0;
  }
  if (!forward)
    return std::nullopt;
  for (auto io = older.bars->begin(), in = newer.bars->begin(); io != older.bars->end(); ++io, ++in)
    if (io->first != in->first || !sameBarrier(io->second, in->second))
      return std::nullopt;
  for (auto io = older.named.begin(), in = newer.named.begin(); io != older.named.end(); ++io, ++in)
    if (io->first != in->first || io->second.arrived != in->second.arrived || !(io->second.acc == in->second.acc) ||
        !(io->second.released == in->second.released))
      return std::nullopt;
  for (size_t i = 0; i < newer.procs.size(); ++i) {
    const Proc &a = older.procs[i], &b = newer.procs[i];
    if (!sameProcShape(older, a, newer, b) || !b.p.shiftedFrom(a.p, newer.trips, delta, steer))
      return std::nullopt;
  }
  return delta;
}

bool shiftsHold(const std::vector<std::vector<int64_t>> &deltas, const interp::TripProof &proof) {
  for (const auto &d : deltas)
    for (size_t i = 0; i < d.size(); ++i)
      if (d[i] % static_cast<int64_t>(proof.periodOf(static_cast<uint8_t>(i + 1))) != 0)
        return false;
  return true;
}

} // namespace tscope::checks::model
