// Module: the parse of one file — its chunks (split by `// -----`), aliases,
// top-level ops and the arena that owns every IR node.
#pragma once

#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/Operation.h"
#include "support/Arena.h"
#include "support/SourceBuffer.h"

namespace tscope::ir {

class AttrCache;

/// An alias definition `#name = attr` or `!name = type`.
struct AliasDef {
  SourceRange name;  // `#blocked` or `!t`, sigil included
  SourceRange value; // the attribute or type text
  bool isType = false;
};

/// Alias name -> position in a chunk's alias list: open addressing over
/// 32-bit slots, built once when the chunk is parsed (a pretty dump defines a
/// `#loc` alias per source line, so the table must be cheap to fill).
class AliasIndex {
public:
  /// Indexes `aliases`, whose names point into `text`; the first definition
  /// of a name wins.
  void build(const char *text, const std::vector<AliasDef> &aliases);
  /// The position of alias `name` (sigil included), or -1.
  int64_t find(const std::vector<AliasDef> &aliases, std::string_view name) const;

private:
  static uint64_t hash(std::string_view s);
  std::string_view nameOf(const AliasDef &a) const { return {text_ + a.name.offset, a.name.size}; }
  const char *text_ = nullptr;
  std::vector<uint32_t> slots_; // position + 1; 0 = empty
};

/// One `// -----` chunk: an independent unit with its own aliases.
struct Chunk {
  Region *body = nullptr; // one block holding the top-level ops
  std::vector<AliasDef> aliases;
  std::vector<SourceRange> resources; // `{-# ... #-}` blocks
  AliasIndex aliasIndex;              // name -> aliases
  SourceRange range;
  bool hadError = false;

  /// The value of alias `name` (sigil included), or null.
  const AliasDef *findAlias(std::string_view name) const {
    int64_t i = aliasIndex.find(aliases, name);
    return i < 0 ? nullptr : &aliases[static_cast<size_t>(i)];
  }
};

/// Counts gathered during parsing.
struct ParseStats {
  uint64_t ops = 0;
  uint64_t modules = 0;   // builtin.module ops plus implicit top-level modules
  uint64_t functions = 0; // ops named <dialect>.func
  uint64_t genericOps = 0;
  uint64_t blocks = 0;
  uint64_t regions = 0;
  uint64_t values = 0;
  uint64_t uses = 0;
  uint64_t unresolvedUses = 0;
  uint32_t maxDepth = 0; // deepest region nesting (top level = 0)
};

/// The IR of one file; owns the source bytes and every node.
class Module {
public:
  explicit Module(std::unique_ptr<support::SourceBuffer> buffer);
  ~Module();

  /// The source buffer.
  const support::SourceBuffer &buffer() const { return *buffer_; }
  /// The text of a byte range.
  std::string_view str(SourceRange r) const {
    return {buffer_->data() + r.offset, r.size};
  }
  /// The byte range of a string_view that points into the buffer.
  SourceRange rangeOf(std::string_view s) const {
    return {buffer_->offsetOf(s.data()), static_cast<uint32_t>(s.size())};
  }
  /// The chunks in file order.
  std::vector<Chunk> &chunks() { return chunks_; }
  const std::vector<Chunk> &chunks() const { return chunks_; }
  /// The arena owning the nodes.
  support::Arena &arena() { return arena_; }
  /// Interns an op name.
  const OpName *internName(std::string_view name);
  /// Parse statistics.
  ParseStats &stats() { return stats_; }
  const ParseStats &stats() const { return stats_; }
  /// The chunk that holds `op`.
  const Chunk *chunkOf(const Operation *op) const;
  /// Attributes read so far, per op (filled lazily by ir/Attribute.h).
  AttrCache &attrCache() const { return *attrCache_; }

private:
  std::unique_ptr<support::SourceBuffer> buffer_;
  support::Arena arena_;
  std::vector<Chunk> chunks_;
  std::unordered_map<std::string_view, const OpName *> names_;
  static constexpr size_t kNameCache = 256;
  const OpName *nameCache_[kNameCache] = {};
  ParseStats stats_;
  std::unique_ptr<AttrCache> attrCache_;
};

} // namespace tscope::ir
