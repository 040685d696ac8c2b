// OpSemantics: what each op means to the scalar interpreter, read once from
// its pretty or generic syntax (decodeOp), and the arithmetic of the pure
// scalar ops with MLIR arith's wrap-around and undefined-behaviour rules
// (evaluate).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "interp/Scalar.h"

namespace tscope::ir {
class Module;
class Operation;
} // namespace tscope::ir

namespace tscope::interp {

/// The interpreter's instruction kinds.
enum class Opcode : uint8_t {
  Nop, ///< defines no computed scalar (constants and unmodelled ops)
  // Pure scalar arithmetic, result width `width` (arith dialect).
  Add, Sub, Mul, DivS, DivU, RemS, RemU, CeilDivS, CeilDivU, FloorDivS,
  And, Or, Xor, Shl, ShrS, ShrU, MaxS, MinS, MaxU, MinU,
  Cmp,    ///< imm is a CmpPredicate; the result is i1
  Select, ///< (condition, true value, false value)
  CastS,  ///< sign-extend or truncate: extsi, trunci, index_cast, bitcast
  CastU,  ///< zero-extend or truncate: extui, index_castui
  // Launch values.
  ProgramId,   ///< tt.get_program_id, imm is the axis (0..2)
  NumPrograms, ///< tt.get_num_programs, imm is the axis (0..2)
  // Structured control flow (scf).
  For, If, While, Yield, Condition,
  RegionEnd, ///< synthetic: the end of a region (or of a block that does not branch)
  // Unstructured control flow (cf), between the blocks of one region.
  Br,          ///< cf.br: passes its operands to the target block's arguments
  CondBr,      ///< cf.cond_br: (condition, true-side operands, false-side operands)
  OtherBranch, ///< an op with successors that is not followed (cf.switch, malformed)
};

/// True for the pure arithmetic opcodes, Add through CastU.
inline bool isPure(Opcode c) { return c >= Opcode::Add && c <= Opcode::CastU; }

/// Flags of an instruction.
enum OpFlag : uint8_t {
  kNsw = 1,         ///< overflow<nsw>: signed overflow is poison
  kNuw = 2,         ///< overflow<nuw>: unsigned overflow is poison
  kUnsignedCmp = 4, ///< scf.for unsigned: the loop compares unsigned
};

/// arith.cmpi predicates, numbered as MLIR numbers them in generic form.
enum class CmpPredicate : uint8_t { Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge };

/// A predicate from its keyword ("slt") or its number ("2"); nullopt if neither.
std::optional<CmpPredicate> parseCmpPredicate(std::string_view word);

/// The meaning of one op for the interpreter.
struct OpSemantics {
  Opcode code = Opcode::Nop;
  uint8_t width = 0; ///< width of the computed scalar result; 0 if none
  uint8_t flags = 0; ///< OpFlag bits
  int64_t imm = 0;   ///< predicate, axis or constant value
  /// arith.constant of an integer: the result is Scalar::known(imm, width).
  bool constant = false;
  /// For a Nop op: why its integer-typed results are unknown.
  Reason unknownReason = Reason::NotInterpreted;
};

/// Reads the meaning of `op`: the opcode, result width, predicate or axis,
/// overflow flags, constant value. Never fails: anything it cannot read is
/// a Nop whose results are unknown with a reason.
OpSemantics decodeOp(const ir::Module &m, const ir::Operation &op);

/// Evaluates a pure opcode (isPure) on `n` operand values. An unknown
/// operand makes the result unknown with that operand's reason and origin
/// (select with an unknown condition but equal arms is the exception);
/// undefined behaviour (division by zero, signed division overflow,
/// out-of-range shift, nsw/nuw overflow) gives an unknown whose origin is
/// `origin`, the result being computed.
Scalar evaluate(Opcode code, unsigned width, uint8_t flags, int64_t imm,
                const Scalar *operands, unsigned n, const ir::Value *origin);

} // namespace tscope::interp
