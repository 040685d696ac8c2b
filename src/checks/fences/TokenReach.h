// TokenReach: a forward may-reach analysis over a ThreadGraph — which tokens
// (accesses, waits, fences) reach each op along some path, optionally stopped
// by killer ops (fences).
#pragma once

#include <cstdint>
#include <vector>

#include "checks/fences/ThreadGraph.h"

namespace tscope::checks::fences {

/// A set of small integer tokens.
class TokenSet {
public:
  /// An empty set over `n` tokens.
  explicit TokenSet(size_t n = 0) : words_((n + 63) / 64, 0) {}
  /// Adds a token.
  void insert(uint32_t t) { words_[t / 64] |= uint64_t(1) << (t % 64); }
  /// True when `t` is in the set.
  bool contains(uint32_t t) const {
    return t / 64 < words_.size() && (words_[t / 64] >> (t % 64)) & 1;
  }
  /// Adds every token of `o`; true when the set grew.
  bool unite(const TokenSet &o);
  /// Removes every token for which `keep` is false.
  void filter(const std::vector<bool> &keep);
  /// The tokens, ascending.
  std::vector<uint32_t> items() const;

private:
  std::vector<uint64_t> words_;
};

/// What a token does at a node, for `reachingTokens`.
struct TokenFlow {
  size_t tokens = 0;
  std::vector<std::vector<uint32_t>> genAfter;  // per node: tokens that start after it runs
  std::vector<std::vector<uint32_t>> genBefore; // per node: tokens present at its entry
  std::vector<bool> killer;                     // per node: removes every killable token
  std::vector<bool> killable;                   // per token
};

/// Forward may-reach: for each node, the tokens that reach its entry along
/// some path on which no killer follows their start.
std::vector<TokenSet> reachingTokens(const ThreadGraph &g, const TokenFlow &flow);

} // namespace tscope::checks::fences
