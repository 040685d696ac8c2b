// Program: one function compiled for the scalar interpreter — its ops in
// preorder, a region's blocks in reverse post-order (a synthetic end marker
// closes each region and each block that does not branch), every integer value
// resolved either to a constant of a pool or to a slot of a compact
// environment, slots shared between values whose live ranges do not overlap.
#pragma once

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

#include "interp/OpSemantics.h"
#include "interp/Scalar.h"

namespace tscope::ir {
class Module;
class Operation;
struct Block;
struct Region;
struct Value;
} // namespace tscope::ir

namespace tscope::interp {

class Process;

/// Where a scalar is read from: >= 0 is a slot of a Process's environment,
/// < 0 is entry ~ref of the Program's constant pool.
using ScalarRef = int32_t;

/// "No instruction / no region" marker for indices.
inline constexpr uint32_t kNoIndex = 0xFFFFFFFFu;

/// A set of instructions at which Process::step stops (a bitset).
class EventSet {
public:
  EventSet() = default;
  /// An empty set over `n` instructions.
  explicit EventSet(uint32_t n) : bits_((n + 63) / 64, 0) {}
  /// Adds instruction `i`.
  void set(uint32_t i) { bits_[i >> 6] |= uint64_t(1) << (i & 63); }
  /// True when instruction `i` is in the set.
  bool test(uint32_t i) const {
    return (i >> 6) < bits_.size() && (bits_[i >> 6] >> (i & 63) & 1);
  }
  /// Adds every instruction of `o`.
  EventSet &operator|=(const EventSet &o);

private:
  std::vector<uint64_t> bits_;
};

/// How a value is read: a ScalarRef once the program is built, and the id of
/// a computed (dynamic) value, 0 for constants and non-integers.
struct ValueHandle {
  ScalarRef ref = ~0; ///< pool entry 0 is "not part of the program"
  uint32_t id = 0;
};

/// A compiled function. Holds non-owning pointers into the Module, which
/// must outlive it and every Process running it. Not copyable (Processes
/// point at it); immutable once built, so processes on several threads may
/// share one.
class Program {
public:
  /// One instruction: an op of the function (in preorder), or the synthetic
  /// end of a region (or of one of its blocks that does not end in a branch).
  struct Instr {
    const ir::Operation *op = nullptr; ///< null for a RegionEnd
    int64_t imm = 0;                   ///< predicate or axis
    uint32_t end = 0;        ///< index past this op's subtree (next instruction)
    uint32_t parent = kNoIndex; ///< instruction of the op holding this one
    uint32_t opBegin = 0;    ///< operands: refs()[opBegin, opBegin + numOps)
    uint32_t numOps = 0;
    uint32_t destBegin = 0;  ///< results: dests()[destBegin, + numResults)
    uint32_t numResults = 0;
    uint32_t region0 = kNoIndex; ///< first region's code (RegionEnd: its region;
                                 ///< Br/CondBr: the (true) target, a block())
    uint32_t region1 = kNoIndex; ///< second region's code (scf.if else, while
                                 ///< after; CondBr: the false target, a block())
    Opcode code = Opcode::Nop;
    uint8_t width = 0; ///< result width of a pure op
    uint8_t flags = 0; ///< OpFlag bits
  };
  /// Where a computed value is written: its slot and its id.
  struct Dest {
    uint32_t slot = 0;
    uint32_t id = 0; ///< 0: not an integer, nothing is written
  };
  /// The code of one region.
  struct RegionCode {
    const ir::Region *region = nullptr;
    uint32_t start = 0;    ///< first instruction
    uint32_t endInstr = 0; ///< its RegionEnd instruction
    uint32_t owner = 0;    ///< instruction of the op holding the region
    uint32_t index = 0;    ///< position among the owner's regions
    uint32_t argBegin = 0; ///< entry-block arguments: dests()[argBegin, + numArgs)
    uint32_t numArgs = 0;
    uint32_t firstBlock = 0; ///< its blocks: block(firstBlock .. + numBlocks - 1), entry first
    uint32_t numBlocks = 0;
  };
  /// The code of one block: its instructions are [start, last].
  struct BlockCode {
    const ir::Block *block = nullptr;
    uint32_t region = 0;   ///< the region's index (regions are numbered as laid out)
    uint32_t start = 0;    ///< first instruction
    uint32_t last = 0;     ///< its terminator, or the synthetic end after it
    uint32_t argBegin = 0; ///< arguments: dests()[argBegin, + numArgs)
    uint32_t numArgs = 0;
    bool inCycle = false;  ///< on a cycle of branches (a loop built from cf)
  };

  /// Compiles `func`, an op whose first region is the body (tt.func,
  /// func.func, or any op with a region). Never fails: what cannot be read
  /// becomes unknown values. Nothing recurses over the IR.
  Program(const ir::Module &m, const ir::Operation &func);
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;

  /// The module the program reads.
  const ir::Module &module() const { return *m_; }
  /// The compiled function op.
  const ir::Operation &function() const { return *func_; }
  /// Number of instructions (instruction 0 is the function op itself).
  uint32_t size() const { return static_cast<uint32_t>(instrs_.size()); }
  /// Instruction `i`.
  const Instr &instr(uint32_t i) const { return instrs_[i]; }
  /// The op of instruction `i`, null for a region end.
  const ir::Operation *opAt(uint32_t i) const { return instrs_[i].op; }
  /// The instruction of `op`, or kNoIndex when it is not in the function.
  uint32_t indexOf(const ir::Operation *op) const;
  /// The code of `r`, or null when it is not in the function.
  const RegionCode *regionCode(const ir::Region *r) const;
  /// The code of block `b`, or null when it is not in the function.
  const BlockCode *blockCode(const ir::Block *b) const;
  /// Block `i` (RegionCode::firstBlock, Instr::region0 of a branch).
  const BlockCode &block(uint32_t i) const { return blocks_[i]; }
  /// True when instruction `i` is a cf.cond_br whose block is on a cycle of
  /// branches: the exit test of a loop built from cf, which has no LoopFrame.
  bool branchesInCycle(uint32_t i) const {
    return instrs_[i].code == Opcode::CondBr && blocks_[blockOf_[i]].inCycle;
  }
  /// The code of the function body (null for a declaration).
  const RegionCode *body() const { return regions_.empty() ? nullptr : &regions_[0]; }
  /// How `v` is read; a value outside the program reads as unknown.
  ValueHandle handle(const ir::Value *v) const;
  /// Operand references of instruction `in`.
  const ScalarRef *refs(const Instr &in) const { return refs_.data() + in.opBegin; }
  /// Result destinations of instruction `in`.
  const Dest *dests(const Instr &in) const { return dests_.data() + in.destBegin; }
  /// Pool entry ~ref for a negative ref.
  const Scalar &constant(ScalarRef ref) const { return pool_[static_cast<uint32_t>(~ref)]; }
  /// Number of environment slots a Process needs (the last is a sink for
  /// values that are never used).
  uint32_t numSlots() const { return numSlots_; }
  /// Number of computed values (ids run from 1).
  uint32_t numDynamicValues() const { return static_cast<uint32_t>(def_.size()) - 1; }
  /// The SSA value of dynamic id `id`.
  const ir::Value *dynamicValue(uint32_t id) const { return values_[id]; }
  /// Live range of dynamic value `id` in instruction indices: live at
  /// instruction p iff defAt < p <= lastUseAt.
  uint32_t defAt(uint32_t id) const { return def_[id]; }
  /// See defAt.
  uint32_t lastUseAt(uint32_t id) const { return last_[id]; }
  /// True when `id` is live at instruction p.
  bool liveAt(uint32_t id, uint32_t p) const { return def_[id] < p && p <= last_[id]; }
  /// The instructions whose op satisfies `pred`.
  EventSet select(const std::function<bool(const ir::Operation &)> &pred) const;

private:
  friend class Process;
  struct Builder;

  const ir::Module *m_;
  const ir::Operation *func_;
  std::vector<Instr> instrs_;
  std::vector<ScalarRef> refs_;
  std::vector<uint32_t> refIds_; // dynamic id of each ref (0: constant)
  std::vector<Dest> dests_;
  std::vector<RegionCode> regions_;
  std::vector<BlockCode> blocks_;
  std::vector<uint32_t> blockOf_; // by instruction: its block (kNoIndex: the function op)
  std::vector<Scalar> pool_;
  std::vector<uint32_t> def_, last_, slot_; // by dynamic id (0 unused)
  std::vector<const ir::Value *> values_;   // by dynamic id
  std::vector<uint64_t> liveSlots_; // by instruction, when numSlots_ <= 64
  std::unordered_map<const ir::Value *, ValueHandle> handles_;
  std::unordered_map<const ir::Operation *, uint32_t> opIndex_;
  std::unordered_map<const ir::Region *, uint32_t> regionIndex_;
  std::unordered_map<const ir::Block *, uint32_t> blockIndex_;
  uint32_t numSlots_ = 1;
};

} // namespace tscope::interp
