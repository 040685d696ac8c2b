// State: process equality and the state hash of the explorer's seen-set.
#include "checks/model/State.h"

namespace tscope::checks::model {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

} // namespace

BarTable::const_iterator BarTable::find(uint64_t key) const {
  // The first chunk whose last key is not below `key`.
  auto c = std::lower_bound(c_.begin(), c_.end(), key,
                            [](const std::shared_ptr<Chunk> &ch, uint64_t k) { return ch->back().first < k; });
  if (c == c_.end())
    return end();
  auto e = std::lower_bound((*c)->begin(), (*c)->end(), key, [](const Entry &x, uint64_t k) { return x.first < k; });
  if (e == (*c)->end() || e->first != key)
    return end();
  return {this, static_cast<size_t>(c - c_.begin()), static_cast<size_t>(e - (*c)->begin())};
}

Bar &BarTable::operator[](uint64_t key) {
  auto c = std::lower_bound(c_.begin(), c_.end(), key,
                            [](const std::shared_ptr<Chunk> &ch, uint64_t k) { return ch->back().first < k; });
  if (c == c_.end()) {
    // Past every key: the last chunk takes it (a new one when full).
    if (c_.empty() || c_.back()->size() >= kChunk)
      c_.push_back(std::make_shared<Chunk>());
    c = c_.end() - 1;
  }
  if (c->use_count() != 1)
    *c = std::make_shared<Chunk>(**c);
  Chunk &ch = **c;
  auto e = std::lower_bound(ch.begin(), ch.end(), key, [](const Entry &x, uint64_t k) { return x.first < k; });
  if (e != ch.end() && e->first == key)
    return e->second;
  e = ch.insert(e, Entry{key, Bar{}});
  ++n_;
  if (ch.size() < 2 * kChunk)
    return e->second;
  // Split a full chunk in two; the slot is in one of the halves.
  size_t at = static_cast<size_t>(e - ch.begin());
  auto hi = std::make_shared<Chunk>(ch.begin() + kChunk, ch.end());
  ch.resize(kChunk);
  auto pos = c_.insert(c + 1, std::move(hi));
  return at < kChunk ? (*(pos - 1))->at(at).second : (*pos)->at(at - kChunk).second;
}

bool BarTable::operator==(const BarTable &o) const {
  if (n_ != o.n_)
    return false;
  if (c_.size() == o.c_.size()) {
    bool aligned = true;
    for (size_t i = 0; i < c_.size() && aligned; ++i)
      aligned = c_[i]->size() == o.c_[i]->size();
    if (aligned) {
      for (size_t i = 0; i < c_.size(); ++i)
        if (c_[i] != o.c_[i] && !(*c_[i] == *o.c_[i]))
          return false;
      return true;
    }
  }
  return std::equal(begin(), end(), o.begin(), o.end());
}

size_t BarTable::hash() const {
  size_t h = 0;
  for (const auto &[k, b] : *this)
    h = mix(mix(mix(mix(h, k), static_cast<size_t>(b.phase)), static_cast<size_t>(b.pending)),
            static_cast<size_t>(b.tx));
  return h;
}

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

size_t procHash(const Proc &p) {
  if (p.hashMemo.known)
    return p.hashMemo.hash;
  size_t h = mix(0, p.p.hash());
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
  p.hashMemo.hash = h;
  p.hashMemo.known = true;
  return h;
}

size_t StateHash::operator()(const State &s) const {
  std::vector<size_t> ph;
  ph.reserve(s.procs.size());
  for (const Proc &p : s.procs)
    ph.push_back(procHash(p));
  return (*this)(s, ph);
}

size_t StateHash::operator()(const State &s, const std::vector<size_t> &procHashes) const {
  size_t h = 0;
  for (size_t ph : procHashes)
    h = mix(h, ph);
  if (!s.hist.accesses().empty())
    h = mix(h, s.hist.hash());
  for (uint64_t w : *s.flow)
    h = mix(h, static_cast<size_t>(w));
  h = mix(h, s.bars->hash());
  for (const Async &a : s.async)
    h = mix(mix(h, a.key), reinterpret_cast<size_t>(a.op));
  for (auto &[id, n] : s.named)
    h = mix(mix(h, static_cast<size_t>(id)), static_cast<size_t>(n.arrived * 31 + n.generation));
  if (!s.trips.items.empty())
    h = mix(h, s.trips.hash());
  return h;
}

} // namespace tscope::checks::model
