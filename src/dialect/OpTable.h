// OpTable: what each Triton op means to tscope's analyses — its category and
// the role of each operand — for tt, ttg, ttng, nvws, tlx and scf/arith.
// Operand roles follow the TEXTUAL order of the pretty form (the .td
// assemblyFormat), which differs from ODS order for several ops; generic-form
// ops are read in ODS order.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "ir/Module.h"

namespace tscope::dialect {

/// The op kinds the analyses care about.
enum class OpKind : uint8_t {
  Other,
  // mbarriers (PTX ISA 9.7.13.15, mbarrier)
  InitBarrier, InvalBarrier, BarrierExpect, WaitBarrier, ArriveBarrier,
  AsyncCopyMbarrierArrive,
  // cluster launch control (PTX ISA clusterlaunchcontrol.try_cancel)
  ClcTryCancel,
  // named barriers (bar.sync / bar.arrive)
  NamedBarrierArrive, NamedBarrierWait, CtaBarrier,
  // TMA
  TmaLoad, TmaStore, TmaReduce, TmaGather, TmaScatter, TmaStoreWait, TmaPrefetch,
  DescriptorLoad, DescriptorStore, DescriptorGather, DescriptorScatter, DescriptorReduce,
  MakeTensorDescriptor,
  // MMA
  WarpGroupDot, WarpGroupDotWait, TcGen5Mma, TcGen5MmaScaled, TcGen5Commit,
  // memory
  LocalAlloc, LocalDealloc, LocalLoad, LocalStore, MemDescView, MemDescIndex,
  TmemAlloc, TmemLoad, TmemStore, TmemCopy, AsyncCopyGlobalToLocal, AsyncCommitGroup,
  AsyncWait, FenceAsyncShared, GlobalLoad, GlobalStore,
  // warp specialization
  WarpSpecialize, WarpSpecializePartitions, WarpYield, WarpReturn, WarpGroup,
  // NVWS
  ArefCreate, ArefPutEnter, ArefPutExit, ArefGetEnter, ArefGetExit, ArefBuffer,
  CreateToken, ProducerAcquire, ProducerCommit, ConsumerWait, ConsumerRelease,
  // control and compute
  For, If, While, Yield, Reduce, Func, Return, GetProgramId, GetNumPrograms,
  // unstructured control flow (cf): a branch and a conditional branch
  Branch, CondBranch,
};

/// Broad groups, for role inference and filtering.
enum class OpCategory : uint8_t { Other, Barrier, Tma, Mma, Memory, WarpSpec, Nvws, Control };

/// One row of the table.
struct OpInfo {
  std::string_view name;
  OpKind kind;
  OpCategory category;
  std::string_view tlxName; // the TLX call a kernel author writes, or empty
};

/// The row for an op name, or null when the op means nothing special.
const OpInfo *lookupOp(std::string_view name);
/// As lookupOp(name), remembered in the interned name (one string hash per name).
const OpInfo *lookupOp(const ir::OpName &name);
/// The kind of an op (Other when unknown).
OpKind kindOf(const ir::Operation *op);
/// Short lower-case name of a kind ("wait_barrier", "tma_load", ...).
std::string_view kindName(OpKind k);

/// How an operand appears in the op's custom syntax.
struct OperandSlot {
  std::string_view keyword; // bare word that introduced it (`deps`, `descs`, ...)
  int32_t bracketOf = -1;   // index of the operand whose `[...]` holds it
};

/// The custom syntax of a pretty-form op, re-read token by token: one slot per
/// operand (same order as op->operands), integer literals that sit in operand
/// position before the type list (`init_barrier %b, 1`), and the first bare
/// word after the op name (`cmpi slt`, `get_program_id x`).
struct OpSyntax {
  std::vector<OperandSlot> slots;
  std::vector<int64_t> literals;
  std::string_view firstWord;
};

/// Scans `op`'s text (pretty form); generic-form ops get empty keyword info.
OpSyntax scanOpSyntax(const ir::Module &m, const ir::Operation *op);

// Thin wrappers over ir::getAttr (ir/Attribute.h): properties first, then
// the attribute dictionary.

/// An integer attribute `name = N` from the op's properties or attr-dict.
std::optional<int64_t> intAttr(const ir::Module &m, const ir::Operation *op, std::string_view name);
/// The text of attribute `name` (value only; "unit" for a unit attribute),
/// or empty.
std::string_view attrText(const ir::Module &m, const ir::Operation *op, std::string_view name);
/// The literal of an `arith.constant`, in either form: `0` for
/// `arith.constant 0 : i32`, for `arith.constant {async_task_id = ...} 0 : i32`
/// (an attribute dictionary before the value, as Triton prints ops it tagged)
/// and for generic `{value = 0 : i32}`; `true`; `dense<0.0>` for a tensor.
/// Empty for any other op. The one reader every layer uses.
std::string_view constantLiteral(const ir::Module &m, const ir::Operation *op);
/// An `array<i32: 1, 2>` / `[1, 2]` / `dense<...>` attribute as integers.
std::vector<int64_t> intArrayAttr(const ir::Module &m, const ir::Operation *op,
                                  std::string_view name);

/// The operands of an op by role; absent roles are null / empty.
struct OperandRoles {
  const ir::Value *barrier = nullptr; // mbarrier (or named barrier id)
  const ir::Value *phase = nullptr;   // wait parity
  const ir::Value *pred = nullptr;
  const ir::Value *buffer = nullptr;  // the memory written or read (dst/src memdesc)
  const ir::Value *desc = nullptr;    // tensor descriptor
  const ir::Value *index = nullptr;   // memdesc_index slot
  const ir::Value *source = nullptr;  // view source / stored value / an aref exit's token
  const ir::Value *numThreads = nullptr;
  std::vector<const ir::Value *> coords;
  std::vector<const ir::Value *> barriers; // MMA completion barriers
  std::vector<const ir::Value *> reads;    // memdescs read (MMA operands, loads)
  std::vector<const ir::Value *> writes;   // memdescs written
  std::optional<int64_t> count;       // init/arrive count
  std::optional<int64_t> bytes;       // barrier_expect size
  const ir::Value *useAcc = nullptr;  // tc_gen5_mma useD (false: overwrite the accumulator)
  /// tc_gen5_mma[_scaled] without `is_async`: it runs synchronously (the
  /// op's description in TritonNvidiaGPUOps.td; its verifier then allows no
  /// barrier operand), so the issuer waits for it and, as the lowering's
  /// commit does, for its earlier tcgen05 work.
  bool synchronous = false;
};

/// Decodes the operand roles of `op` per the table (textual order for pretty
/// form, ODS order for generic form).
OperandRoles operandRoles(const ir::Module &m, const ir::Operation *op);

/// What a TMA load writes and completes on its mbarrier (complete_tx). The
/// copy engine writes the descriptor's block (its box, fixed when the
/// descriptor was made: on the host for a kernel argument), whatever the
/// destination buffer's size; the compiler can change the block of a
/// descriptor it builds in the kernel, not of one passed in.
struct TmaLoadBytes {
  std::optional<uint64_t> box;    // the descriptor's block (tiled `async_tma_copy_global_to_local`)
  std::optional<uint64_t> buffer; // the destination buffer
  /// The bytes delivered: the box when known, else the buffer.
  std::optional<uint64_t> delivered() const { return box ? box : buffer; }
  /// The box is known and differs from the buffer: the copy writes past the
  /// buffer (or short of it) and delivers bytes no expect counted.
  bool mismatch() const { return box && buffer && *box != *buffer; }
};
TmaLoadBytes tmaLoadBytes(const ir::Module &m, const ir::Chunk *chunk, const ir::Operation *op);

/// The `async_ops` of an `nvws.aref.put.exit` / `aref.get.exit`, in order:
/// "none", "tma_load", "tc5mma", "tmem_copy", "wgmma", "cp_async" (the
/// `#nvws.async_op<...>` entries of the op's text, pretty or generic form).
std::vector<std::string_view> arefAsyncOps(const ir::Module &m, const ir::Operation *op);

} // namespace tscope::dialect
