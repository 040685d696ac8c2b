// HashIndex: ids of stored items by a 64-bit hash of each, in one flat
// open-addressing table (linear probing), for sets of millions of items whose
// values live elsewhere (the model checker's states). Per item 16 bytes of
// table at most half full, and no allocation per item: a node-based map of
// hash -> vector<id> allocated twice per new state and hashed once more per
// lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tscope::support {

class HashIndex {
public:
  static constexpr uint32_t kNone = UINT32_MAX;

  /// The first id stored under hash `h` for which `same(id)` is true, else kNone.
  template <class Same> uint32_t find(size_t h, Same &&same) const {
    if (slots_.empty())
      return kNone;
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const Slot &s = slots_[i];
      if (s.id == kNone)
        return kNone;
      if (s.hash == h && same(s.id))
        return s.id;
    }
  }

  /// Stores `id` under `h` (ids under equal hashes are all kept).
  void insert(size_t h, uint32_t id) {
    if (2 * (count_ + 1) > slots_.size())
      grow();
    place(h, id);
    ++count_;
  }

  size_t size() const { return count_; }

private:
  struct Slot {
    size_t hash = 0;
    uint32_t id = kNone;
  };

  void place(size_t h, uint32_t id) {
    size_t mask = slots_.size() - 1;
    size_t i = h & mask;
    while (slots_[i].id != kNone)
      i = (i + 1) & mask;
    slots_[i] = {h, id};
  }

  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    for (const Slot &s : old)
      if (s.id != kNone)
        place(s.hash, s.id);
  }

  std::vector<Slot> slots_;
  size_t count_ = 0;
};

} // namespace tscope::support
