// State: process equality and the state hash of the explorer's seen-set.
#include "checks/model/State.h"

namespace tscope::checks::model {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

} // namespace

bool Proc::operator==(const Proc &o) const {
  return partition == o.partition && status == o.status && namedId == o.namedId && namedGen == o.namedGen &&
         slots == o.slots && arefTurns == o.arefTurns && lastKey == o.lastKey && lastPhase == o.lastPhase && copyBatch == o.copyBatch && seenPhase == o.seenPhase && vc == o.vc &&
         asyncTick == o.asyncTick && groups == o.groups && ws == o.ws && results == o.results &&
         joinedTicks == o.joinedTicks && insertedAt == o.insertedAt && p == o.p;
}

Bar State::barAt(uint64_t key) const {
  auto it = bars->find(key);
  return it != bars->end() ? it->second : Bar{};
}

size_t StateHash::operator()(const State &s) const {
  size_t h = 0;
  for (const Proc &p : s.procs) {
    h = mix(h, p.p.hash());
    h = mix(h, static_cast<size_t>(p.status));
    h = mix(h, static_cast<size_t>(p.namedGen) * 2 + p.copyBatch);
    h = mix(h, reinterpret_cast<size_t>(p.ws));
    for (const interp::Scalar &r : p.results)
      h = mix(h, r.hash());
    for (auto &[v, i] : p.slots)
      h = mix(mix(h, reinterpret_cast<size_t>(v)), static_cast<size_t>(i));
    for (auto &[k, t] : p.arefTurns)
      h = mix(mix(h, k), t);
    if (!p.vc.empty())
      h = mix(h, p.vc.hash());
  }
  if (!s.hist.accesses().empty())
    h = mix(h, s.hist.hash());
  for (uint64_t w : s.flow)
    h = mix(h, static_cast<size_t>(w));
  for (auto &[k, b] : *s.bars)
    h = mix(mix(mix(mix(h, k), static_cast<size_t>(b.phase)), static_cast<size_t>(b.pending)),
            static_cast<size_t>(b.tx));
  for (const Async &a : s.async)
    h = mix(mix(h, a.key), reinterpret_cast<size_t>(a.op));
  for (auto &[id, n] : s.named)
    h = mix(mix(h, static_cast<size_t>(id)), static_cast<size_t>(n.arrived * 31 + n.generation));
  if (!s.trips.items.empty())
    h = mix(h, s.trips.hash());
  return h;
}

} // namespace tscope::checks::model
