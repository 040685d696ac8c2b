// The IR graph shared by every analysis: Operation, Value, Block, Region.
// Nodes live in the Module's arena; text is kept as byte ranges into the
// Module's SourceBuffer (see Module::str).
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

namespace tscope::ir {

class Operation;
struct Block;
struct Region;

/// A byte range in the source buffer (files are limited to 4 GiB).
struct SourceRange {
  uint32_t offset = 0;
  uint32_t size = 0;
  /// True when the range holds no bytes.
  bool empty() const { return size == 0; }
  /// One past the last byte.
  uint32_t end() const { return offset + size; }
};

/// An interned op name such as "ttng.wait_barrier".
struct OpName {
  std::string_view name;
  uint16_t dialectSize = 0; // bytes before the first '.', 0 if none
  /// A slot the dialect layer's op table fills on its first lookup of this
  /// name (dialect/OpTable.cpp; 0: not looked up yet), so that asking an
  /// op's kind is a load, not a string hash. The IR does not read it.
  mutable std::atomic<uint16_t> tableSlot{0};
  /// "ttng" in "ttng.wait_barrier" ("builtin" for "module").
  std::string_view dialect() const {
    return dialectSize ? name.substr(0, dialectSize) : std::string_view();
  }
  /// "wait_barrier" in "ttng.wait_barrier".
  std::string_view opName() const {
    return dialectSize ? name.substr(dialectSize + 1) : name;
  }
};

/// An SSA value: an operation result or a block argument.
struct Value {
  /// What defines the value.
  enum Kind : uint8_t { Result, BlockArgument, Unresolved };
  Kind kind = Unresolved;
  uint32_t number = 0;  // result number or argument number
  void *owner = nullptr; // Operation* (Result) or Block* (BlockArgument)
  SourceRange name;      // `%x` as written, without `#n`
  SourceRange type;      // the type when written next to the definition

  /// The defining op of a result, else null.
  Operation *definingOp() const {
    return kind == Result ? static_cast<Operation *>(owner) : nullptr;
  }
  /// The block of a block argument, else null.
  Block *ownerBlock() const {
    return kind == BlockArgument ? static_cast<Block *>(owner) : nullptr;
  }
};

/// An operation in either the generic or a custom (pretty) form.
/// 104 bytes (docs/Parser.md "Memory and speed"): one is made per op line, so
/// every field counts; successors sit after the operands in one arena array.
class Operation {
public:
  /// How the op was written.
  enum class Form : uint8_t { Pretty, Generic };

  const OpName *name = nullptr;
  Block *parent = nullptr;  // null for top-level ops of a chunk
  Operation *next = nullptr; // next op in the parent block
  Value *results = nullptr;
  Value **operands = nullptr; // then numSuccessors Block* (see successor())
  Region *firstRegion = nullptr;
  uint32_t numResults = 0;
  uint32_t numOperands = 0;
  uint32_t line = 0;      // 1-based line of the first byte
  uint16_t numSuccessors = 0;
  uint16_t numRegions : 15 = 0; // the parser allows kMaxRegions
  Form form : 1 = Form::Pretty;
  SourceRange range;      // the whole op, results through location
  SourceRange attrs;      // `{...}` attribute dictionary, braces included
  SourceRange props;      // generic-form `<{...}>`, brackets included
  SourceRange typeSig;    // text after the last top-level ':' (pretty) or
                          // the function type (generic)
  SourceRange loc;        // `loc(...)`, parentheses included

  /// Most regions one op may hold (numRegions has 15 bits).
  static constexpr uint32_t kMaxRegions = (1u << 15) - 1;

  /// The full op name, e.g. "scf.for".
  std::string_view opName() const { return name->name; }
  /// True when the op is named `n`.
  bool is(std::string_view n) const { return name->name == n; }
  /// The i-th operand (may be an Unresolved value).
  Value *operand(uint32_t i) const { return operands[i]; }
  /// The i-th result.
  Value *result(uint32_t i) const { return results + i; }
  /// The i-th successor block (`[^bb1, ^bb2]`, `cf.br ^bb1`).
  Block *successor(uint32_t i) const {
    return reinterpret_cast<Block *const *>(operands + numOperands)[i];
  }
  /// The i-th region, or null.
  Region *region(uint32_t i) const;
  /// The op that holds this op's block, or null at top level.
  Operation *parentOp() const;
};

/// A basic block: a label, arguments and a list of ops.
struct Block {
  Region *parent = nullptr;
  Block *next = nullptr;
  Operation *first = nullptr;
  Operation *last = nullptr;
  Value *args = nullptr;
  uint32_t numArgs = 0;
  uint32_t numOps = 0;
  SourceRange label; // `^bb1` when written

  /// Appends an op.
  void push(Operation *op) {
    op->parent = this;
    if (last)
      last->next = op;
    else
      first = op;
    last = op;
    ++numOps;
  }
};

/// A region: a list of blocks owned by an op.
struct Region {
  Operation *parent = nullptr;
  Region *next = nullptr;
  Block *first = nullptr;
  Block *last = nullptr;
  uint32_t numBlocks = 0;
  uint32_t index = 0; // position among the parent's regions
  SourceRange range;  // `{` through `}`

  /// Appends a block.
  void push(Block *b) {
    b->parent = this;
    if (last)
      last->next = b;
    else
      first = b;
    last = b;
    ++numBlocks;
  }
};

inline Region *Operation::region(uint32_t i) const {
  Region *r = firstRegion;
  while (r && i--)
    r = r->next;
  return r;
}

inline Operation *Operation::parentOp() const {
  return parent && parent->parent ? parent->parent->parent : nullptr;
}

/// The operands a branch passes to its successor `i` (`cf.br ^bb1(%a)`,
/// `cf.cond_br %c, ^bb1(%a), ^bb2(%b)`): MLIR lists successor operands
/// last, successor by successor, each successor taking as many as its block
/// has arguments. Sets `begin` and `count` (operands [begin, begin +
/// count)); false when `i` is out of range or the counts do not add up.
inline bool successorOperands(const Operation &op, uint32_t i, uint32_t &begin, uint32_t &count) {
  if (i >= op.numSuccessors)
    return false;
  uint64_t total = 0;
  for (uint32_t k = 0; k < op.numSuccessors; ++k)
    total += op.successor(k) ? op.successor(k)->numArgs : 0;
  if (total > op.numOperands)
    return false;
  uint64_t at = op.numOperands - total;
  for (uint32_t k = 0; k < i; ++k)
    at += op.successor(k) ? op.successor(k)->numArgs : 0;
  begin = static_cast<uint32_t>(at);
  count = op.successor(i) ? op.successor(i)->numArgs : 0;
  return true;
}

} // namespace tscope::ir
