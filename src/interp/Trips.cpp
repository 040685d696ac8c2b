// Trips: the trip parameters' decisions and the period requirements.
#include "interp/Trips.h"

#include <numeric>

namespace tscope::interp {

void TripParams::ensure(uint8_t id, uint64_t key) {
  while (items.size() < id)
    items.push_back({});
  if (!items[id - 1u].key)
    items[id - 1u].key = key;
}

void TripParams::ensure(uint8_t id, uint64_t key, int64_t minTrips) {
  bool fresh = items.size() < id || !items[id - 1u].key;
  ensure(id, key);
  if (fresh)
    items[id - 1u].n = minTrips;
}

uint8_t TripProof::idOf(uint64_t key, uint32_t line) {
  for (size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key)
      return static_cast<uint8_t>(i + 1);
  if (keys.size() >= 254)
    return 0;
  keys.push_back(key);
  lines.push_back(line);
  return static_cast<uint8_t>(keys.size());
}

TripDecision TripParams::decide(uint8_t id, int64_t iteration) const {
  const TripParam &p = at(id);
  if (p.fixed)
    return iteration < p.n ? TripDecision::More : TripDecision::Exit;
  return iteration < p.n ? TripDecision::More : TripDecision::Choose;
}

void TripParams::choose(uint8_t id, int64_t iteration, bool more) {
  TripParam &p = items[id - 1u];
  if (more) {
    p.n = iteration + 1;
  } else {
    p.fixed = true;
    p.n = iteration;
  }
}

void TripParams::restart(uint8_t id, int64_t minTrips) {
  TripParam &p = items[id - 1u];
  p.fixed = false;
  p.n = minTrips;
}

uint64_t TripParams::fixedMask() const {
  uint64_t m = 0;
  for (size_t i = 0; i < items.size() && i < 63; ++i)
    if (items[i].key && items[i].fixed)
      m |= uint64_t(1) << i;
  return m;
}

bool TripParams::anyOpen() const {
  for (const TripParam &p : items)
    if (p.key && !p.fixed)
      return true;
  return false;
}

size_t TripParams::hash() const {
  uint64_t h = 0x84222325CBF29CE4ull;
  for (const TripParam &p : items)
    h ^= (p.key + static_cast<uint64_t>(p.n) * 0x9E3779B97F4A7C15ull + (p.fixed ? 0x5bd1e995 : 0)) + (h << 6) +
         (h >> 2);
  return static_cast<size_t>(h);
}

std::optional<int64_t> TripProof::resolve(uint64_t t) const {
  if (!t || !params)
    return std::nullopt;
  auto [base, off] = affineOf(t);
  for (const UbRelation &r : relations)
    if (r.base == base && r.step == 1 && r.id <= params->items.size()) {
      const TripParam &p = params->at(r.id);
      if (p.fixed && p.n >= 1)
        return r.lb + p.n - r.off + off;
    }
  return std::nullopt;
}

std::pair<uint64_t, int64_t> TripProof::affineOf(uint64_t t) const {
  auto it = affine.find(t);
  return it == affine.end() ? std::pair<uint64_t, int64_t>{t, 0} : it->second;
}

void TripProof::noteAffine(uint64_t t, uint64_t of, int64_t c) {
  if (!t || !of || t == of)
    return;
  if (affine.count(t))
    return;
  auto [base, off] = affineOf(of);
  int64_t sum = 0;
  if (__builtin_add_overflow(off, c, &sum))
    return;
  affine.emplace(t, std::pair<uint64_t, int64_t>{base, sum});
}

void TripProof::noteQuotient(uint64_t t, uint64_t of, int64_t d) {
  if (!t || !of || d <= 0 || quotientOf(t))
    return;
  auto [base, off] = affineOf(of);
  quotients.emplace(t, Quotient{base, off, d});
}

std::optional<TripProof::Quotient> TripProof::quotientOf(uint64_t t) const {
  auto it = quotients.find(t);
  return it == quotients.end() ? std::nullopt : std::optional<Quotient>(it->second);
}

void TripProof::relate(uint64_t ubTerm, int64_t lb, int64_t step, uint64_t key, uint8_t id) {
  for (const UbRelation &r : relations)
    if (r.key == key)
      return;
  auto [base, off] = affineOf(ubTerm);
  relations.push_back({base, off, lb, step, key, id});
}

void TripProof::require(uint8_t id, uint64_t m) {
  if (!id || m <= 1)
    return;
  if (period.size() < id)
    period.resize(id, 1);
  uint64_t &p = period[id - 1u];
  p = std::lcm(p, m);
}

} // namespace tscope::interp
