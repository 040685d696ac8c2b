// TokenReach: iterate IN[n] = genBefore[n] ∪ ⋃ OUT[pred], OUT[n] = (killer ?
// IN minus killable : IN) ∪ genAfter[n] to a fixpoint with a worklist; the sets
// only grow, so it terminates.
#include "checks/fences/TokenReach.h"

#include <deque>

namespace tscope::checks::fences {

bool TokenSet::unite(const TokenSet &o) {
  if (words_.size() < o.words_.size())
    words_.resize(o.words_.size(), 0);
  bool grew = false;
  for (size_t i = 0; i < o.words_.size(); ++i) {
    uint64_t w = words_[i] | o.words_[i];
    grew |= w != words_[i];
    words_[i] = w;
  }
  return grew;
}

void TokenSet::filter(const std::vector<bool> &keep) {
  for (size_t i = 0; i < words_.size(); ++i)
    for (uint64_t w = words_[i]; w; w &= w - 1) {
      unsigned bit = static_cast<unsigned>(__builtin_ctzll(w));
      size_t t = i * 64 + bit;
      if (t >= keep.size() || !keep[t])
        words_[i] &= ~(uint64_t(1) << bit);
    }
}

std::vector<uint32_t> TokenSet::items() const {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < words_.size(); ++i)
    for (uint64_t w = words_[i]; w; w &= w - 1)
      out.push_back(static_cast<uint32_t>(i * 64 + static_cast<size_t>(__builtin_ctzll(w))));
  return out;
}

std::vector<TokenSet> reachingTokens(const ThreadGraph &g, const TokenFlow &flow) {
  uint32_t n = g.size();
  std::vector<TokenSet> in(n, TokenSet(flow.tokens));
  std::vector<bool> survives(flow.tokens, true);
  for (size_t t = 0; t < flow.tokens && t < flow.killable.size(); ++t)
    survives[t] = !flow.killable[t];
  std::deque<uint32_t> work;
  std::vector<bool> queued(n, true);
  for (uint32_t i = 0; i < n; ++i) {
    if (i < flow.genBefore.size())
      for (uint32_t t : flow.genBefore[i])
        in[i].insert(t);
    work.push_back(i);
  }
  while (!work.empty()) {
    uint32_t i = work.front();
    work.pop_front();
    queued[i] = false;
    TokenSet out = in[i];
    if (i < flow.killer.size() && flow.killer[i])
      out.filter(survives);
    if (i < flow.genAfter.size())
      for (uint32_t t : flow.genAfter[i])
        out.insert(t);
    for (const Edge &e : g.successors(i))
      if (in[e.to].unite(out) && !queued[e.to]) {
        queued[e.to] = true;
        work.push_back(e.to);
      }
  }
  return in;
}

} // namespace tscope::checks::fences
