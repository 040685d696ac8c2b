// Scalar: reason texts, printing and hashing.
#include "interp/Scalar.h"

#include <climits>
#include <numeric>

#include <fmt/format.h>

#include "ir/Module.h"

namespace tscope::interp {

const char *reasonText(Reason r) {
  switch (r) {
  case Reason::Undefined:
    return "not computed on this path";
  case Reason::NotInteger:
    return "not an integer scalar";
  case Reason::NotInterpreted:
    return "result of an op the interpreter does not model";
  case Reason::RegionResult:
    return "result of an op whose regions are not interpreted";
  case Reason::Unbound:
    return "function argument has no binding";
  case Reason::NoGrid:
    return "number of programs is not bound";
  case Reason::WarpDependent:
    return "differs between the warps of a program";
  case Reason::DivisionByZero:
    return "division by zero";
  case Reason::Overflow:
    return "overflow makes the result poison";
  case Reason::ShiftOutOfRange:
    return "shift amount is not below the bit width";
  case Reason::TooWide:
    return "integer wider than 64 bits";
  case Reason::Malformed:
    return "cannot read the op's syntax";
  case Reason::Unresolved:
    return "use of an undefined SSA name";
  case Reason::Poison:
    return "poison value";
  case Reason::SymbolicTrips:
    return "counter of a loop whose trip count is symbolic";
  case Reason::OtherPartition:
    return "computed by another partition (code partitioning has not run)";
  }
  return "unknown";
}

std::string Scalar::str() const {
  if (!known_)
    return "?";
  if (width_ == 1)
    return bits_ ? "true" : "false";
  return std::to_string(bits_);
}

std::string valueName(const ir::Module &m, const ir::Value &v) {
  std::string s(m.str(v.name));
  if (s.empty())
    s = "<unnamed>";
  if (const ir::Operation *op = v.definingOp(); op && op->numResults > 1) {
    // Results of one op share a name (`%11:3`); the first is `#0`.
    uint32_t first = v.number;
    while (first > 0 && op->results[first - 1].name.offset == v.name.offset)
      --first;
    uint32_t count = first;
    while (count < op->numResults && op->results[count].name.offset == v.name.offset)
      ++count;
    if (count - first > 1)
      s += fmt::format("#{}", v.number - first);
  }
  return s;
}

uint32_t valueLine(const ir::Value &v) {
  if (const ir::Operation *op = v.definingOp())
    return op->line;
  if (const ir::Block *b = v.ownerBlock())
    if (b->parent && b->parent->parent)
      return b->parent->parent->line;
  return 0;
}

std::string Scalar::describe(const ir::Module &m) const {
  if (known_)
    return str();
  std::string s = fmt::format("? ({}", reasonText(reason_));
  if (origin_) {
    s += fmt::format(": {}", valueName(m, *origin_));
    if (const ir::Operation *op = origin_->definingOp())
      s += fmt::format(" = {}", op->opName());
    if (uint32_t line = valueLine(*origin_))
      s += fmt::format(" at line {}", line);
  }
  s += ")";
  return s;
}

Scalar Scalar::withTrip(uint8_t param, int64_t num, int64_t den) const {
  Scalar s = withoutTrip();
  if (!known_ || !param || num == 0)
    return s;
  if (param >= kUnsettled) {
    s.param_ = param;
    return s;
  }
  if (den < 0)
    num = -num, den = -den;
  int64_t g = std::gcd(num < 0 ? -num : num, den);
  num /= g, den /= g;
  if (num > INT32_MAX || num < INT32_MIN || den > INT32_MAX || den == 0) {
    s.param_ = kOpaque;
    return s;
  }
  s.param_ = param;
  s.num_ = static_cast<int32_t>(num);
  s.den_ = static_cast<int32_t>(den);
  return s;
}

size_t Scalar::hash() const {
  uint64_t h = static_cast<uint64_t>(bits_) * 0x9E3779B97F4A7C15ull;
  h ^= (uint64_t(param_) << 56 ^ uint64_t(static_cast<uint32_t>(num_)) << 24 ^ static_cast<uint32_t>(den_)) +
       0x2545F4914F6CDD1Dull + (h << 6) + (h >> 2);
  h ^= reinterpret_cast<uintptr_t>(origin_) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
  h ^= (uint64_t(width_) | uint64_t(known_) << 8 | uint64_t(reason_) << 16) *
       0xC2B2AE3D27D4EB4Full;
  return static_cast<size_t>(h ^ (h >> 31));
}

} // namespace tscope::interp
