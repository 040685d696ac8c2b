// HappensBefore: vector clocks and the access history the model keeps for
// its observers (the race check reads them).
#include "checks/model/HappensBefore.h"

#include <algorithm>
#include <tuple>

namespace tscope::checks::model {

void VectorClock::set(size_t a, uint32_t v) {
  if (a >= c_.size()) {
    if (v == 0)
      return;
    c_.resize(a + 1, 0);
  }
  c_[a] = v;
  while (!c_.empty() && c_.back() == 0)
    c_.pop_back();
}

void VectorClock::join(const VectorClock &o) {
  if (o.c_.size() > c_.size())
    c_.resize(o.c_.size(), 0);
  for (size_t i = 0; i < o.c_.size(); ++i)
    c_[i] = std::max(c_[i], o.c_[i]);
}

bool VectorClock::operator==(const VectorClock &o) const { return c_ == o.c_; }

size_t VectorClock::hash() const {
  size_t h = c_.size();
  for (uint32_t v : c_)
    h = h * 1000003u ^ v;
  return h;
}

std::optional<Conflict> AccessHistory::record(const Access &a, const VectorClock &vc,
                                              const AliasFn &alias) {
  std::optional<Conflict> hit;
  bool coversAll = true;
  for (const Access &e : acc_) {
    if (!alias(e.alloc, e.slot, a.alloc, a.slot) || e.columnsApart(a))
      continue;
    bool ord = e.actor == a.actor || ordered(e, vc);
    if (!ord && (e.write || a.write) && !hit)
      hit = Conflict{e, a};
    if (e.sameLocation(a))
      coversAll &= ord;
  }
  auto sameLoc = [&](const Access &e) { return e.sameLocation(a); };
  if (a.write && coversAll) {
    // Anything later ordered after this write is ordered after what it covers;
    // anything not ordered after it conflicts with the write itself.
    acc_.erase(std::remove_if(acc_.begin(), acc_.end(), sameLoc), acc_.end());
  } else {
    acc_.erase(std::remove_if(acc_.begin(), acc_.end(),
                              [&](const Access &e) {
                                return sameLoc(e) && e.actor == a.actor && e.write == a.write;
                              }),
               acc_.end());
  }
  acc_.push_back(a);
  std::sort(acc_.begin(), acc_.end(), [](const Access &x, const Access &y) {
    return std::tie(x.alloc, x.slot, x.col0, x.col1, x.actor, x.write) <
           std::tie(y.alloc, y.slot, y.col0, y.col1, y.actor, y.write);
  });
  return hit;
}

size_t AccessHistory::hash() const {
  size_t h = acc_.size();
  for (const Access &e : acc_)
    h = h * 1000003u ^ (static_cast<size_t>(e.alloc) << 40 ^ static_cast<size_t>(e.slot) << 24 ^
                        static_cast<size_t>(e.actor) << 16 ^ e.epoch ^ (e.write ? 1u << 31 : 0u) ^
                        static_cast<size_t>(e.col0 * 131 + e.col1) << 8);
  return h;
}

} // namespace tscope::checks::model
