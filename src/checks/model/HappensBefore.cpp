// HappensBefore: vector clocks and the access history the model keeps for
// its observers (the race check reads them).
#include "checks/model/HappensBefore.h"

#include <algorithm>
#include <tuple>

namespace tscope::checks::model {

namespace {
using Entry = std::pair<uint32_t, uint32_t>;
bool actorBefore(const Entry &e, uint32_t a) { return e.first < a; }
} // namespace

uint32_t VectorClock::get(size_t a) const {
  auto it = std::lower_bound(c_.begin(), c_.end(), static_cast<uint32_t>(a), actorBefore);
  return it != c_.end() && it->first == a ? it->second : 0;
}

void VectorClock::set(size_t a, uint32_t v) {
  auto it = std::lower_bound(c_.begin(), c_.end(), static_cast<uint32_t>(a), actorBefore);
  bool here = it != c_.end() && it->first == a;
  if (v == 0) {
    if (here)
      c_.erase(it);
  } else if (here) {
    it->second = v;
  } else {
    c_.insert(it, {static_cast<uint32_t>(a), v});
  }
}

void VectorClock::join(const VectorClock &o) {
  if (o.c_.empty())
    return;
  std::vector<Entry> m;
  m.reserve(c_.size() + o.c_.size());
  size_t i = 0, j = 0;
  while (i < c_.size() || j < o.c_.size()) {
    if (j == o.c_.size() || (i < c_.size() && c_[i].first < o.c_[j].first))
      m.push_back(c_[i++]);
    else if (i == c_.size() || o.c_[j].first < c_[i].first)
      m.push_back(o.c_[j++]);
    else {
      m.push_back({c_[i].first, std::max(c_[i].second, o.c_[j].second)});
      ++i, ++j;
    }
  }
  c_ = std::move(m);
}

bool VectorClock::operator==(const VectorClock &o) const { return c_ == o.c_; }

size_t VectorClock::hash() const {
  size_t h = c_.size();
  for (auto [a, v] : c_)
    h = (h * 1000003u ^ a) * 31 ^ v;
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
