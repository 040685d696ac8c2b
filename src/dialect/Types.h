// Types: structured views of memdesc, tensor and tensordesc type text, with
// byte sizes, for the ops that move data through shared and tensor memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/Module.h"

namespace tscope::dialect {

/// Where a memdesc lives.
enum class MemorySpace { Shared, Tensor, SharedCluster, Unknown };

/// Lower-case name ("smem", "tmem", "smem-cluster", "?").
const char *memorySpaceName(MemorySpace s);

/// `!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable, 3x128x64>` (also the
/// stripped form `<...>` and `!alias` names).
struct MemDescType {
  std::vector<int64_t> shape;
  std::string elementType; // "f16", "i64", ...
  std::string encoding;    // the encoding attribute as written ("#shared")
  MemorySpace space = MemorySpace::Unknown;
  bool mutableMemory = false;
  std::vector<int64_t> allocShape; // empty when equal to shape
  /// Elements times element size; nullopt on overflow or unknown element.
  std::optional<uint64_t> bytes() const;
  /// True for mbarrier storage: i64 elements outside tensor memory (an
  /// undefined `#smem` alias in a test chunk leaves the space unknown).
  bool isBarrier() const { return elementType == "i64" && space != MemorySpace::Tensor; }
  /// "3x128x64xf16".
  std::string shapeText() const;
};

/// `tensor<128x64xf16, #blocked>` and `!tt.tensordesc<tensor<...>>`.
struct TensorType {
  std::vector<int64_t> shape;
  std::string elementType;
  bool isDescriptor = false;
  /// Elements times element size.
  std::optional<uint64_t> bytes() const;
};

/// Size in bytes of a scalar element type (f16 = 2, i64 = 8, f8E4M3FN = 1),
/// or 0 when unknown.
uint32_t elementBytes(std::string_view elementType);

/// Parses memdesc type text; `chunk` resolves `#smem`-style aliases.
std::optional<MemDescType> parseMemDesc(const ir::Module &m, const ir::Chunk *chunk,
                                        std::string_view text);
/// Parses tensor or tensordesc type text.
std::optional<TensorType> parseTensor(std::string_view text);

/// The written type of a value, or empty.
std::string_view typeText(const ir::Module &m, const ir::Value *v);

} // namespace tscope::dialect
