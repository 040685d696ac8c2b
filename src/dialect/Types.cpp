// Type text parsing: splits the `<...>` body at top-level commas, reads the
// `DxDx...xELT` head, and resolves attribute aliases for the memory space.
#include "dialect/Types.h"

#include "ir/Attribute.h"

namespace tscope::dialect {

const char *memorySpaceName(MemorySpace s) {
  switch (s) {
  case MemorySpace::Shared:
    return "smem";
  case MemorySpace::Tensor:
    return "tmem";
  case MemorySpace::SharedCluster:
    return "smem-cluster";
  case MemorySpace::Unknown:
    break;
  }
  return "?";
}

uint32_t elementBytes(std::string_view e) {
  if (e == "f16" || e == "bf16" || e == "i16" || e == "ui16" || e == "si16")
    return 2;
  if (e == "f32" || e == "i32" || e == "ui32" || e == "si32" || e == "tf32")
    return 4;
  if (e == "f64" || e == "i64" || e == "ui64" || e == "si64")
    return 8;
  if (e == "i8" || e == "ui8" || e == "si8" || e == "i1" || e.substr(0, 2) == "f8")
    return 1;
  if (e == "i128" || e == "ui128")
    return 16;
  return 0;
}

namespace {

/// Reads "3x128x64xf16" into shape and element type.
bool readShape(std::string_view head, std::vector<int64_t> &shape, std::string &elt) {
  shape.clear();
  size_t i = 0;
  for (;;) {
    size_t j = i;
    int64_t v = 0;
    while (j < head.size() && head[j] >= '0' && head[j] <= '9') {
      if (v > (int64_t(1) << 40))
        return false;
      v = v * 10 + (head[j] - '0');
      ++j;
    }
    if (j > i && j < head.size() && head[j] == 'x') {
      shape.push_back(v);
      i = j + 1;
      continue;
    }
    if (j < head.size() && head[j] == '?' ) {
      shape.push_back(-1);
      i = j + 2;
      continue;
    }
    elt = std::string(ir::trim(head.substr(i)));
    return !elt.empty();
  }
}

std::optional<uint64_t> product(const std::vector<int64_t> &shape, uint32_t eb) {
  if (eb == 0)
    return std::nullopt;
  unsigned __int128 n = eb;
  for (int64_t d : shape) {
    if (d < 0)
      return std::nullopt;
    n *= static_cast<uint64_t>(d);
    if (n > UINT64_MAX)
      return std::nullopt;
  }
  return static_cast<uint64_t>(n);
}

std::string_view resolveAttr(const ir::Module &m, const ir::Chunk *chunk, std::string_view a) {
  for (int i = 0; i < 8 && chunk && !a.empty() && a.front() == '#'; ++i) {
    const ir::AliasDef *d = chunk->findAlias(a);
    if (!d)
      break;
    a = ir::trim(m.str(d->value));
  }
  return a;
}

} // namespace

std::optional<uint64_t> MemDescType::bytes() const {
  return product(allocShape.empty() ? shape : allocShape, elementBytes(elementType));
}

std::string MemDescType::shapeText() const {
  std::string s;
  for (int64_t d : shape)
    s += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  return s + elementType;
}

std::optional<uint64_t> TensorType::bytes() const {
  return product(shape, elementBytes(elementType));
}

std::optional<MemDescType> parseMemDesc(const ir::Module &m, const ir::Chunk *chunk,
                                        std::string_view text) {
  std::string_view t = ir::trim(text);
  for (int i = 0; i < 8 && chunk && !t.empty() && t.front() == '!' &&
                  t.substr(0, 12) != "!ttg.memdesc";
       ++i) {
    const ir::AliasDef *d = chunk->findAlias(t);
    if (!d)
      break;
    t = ir::trim(m.str(d->value));
  }
  if (t.substr(0, 12) == "!ttg.memdesc")
    t.remove_prefix(12);
  if (t.size() < 2 || t.front() != '<' || t.back() != '>')
    return std::nullopt;
  std::vector<std::string_view> parts;
  ir::splitAttrList(t.substr(1, t.size() - 2), ',', parts);
  if (parts.empty())
    return std::nullopt;
  MemDescType md;
  if (!readShape(parts[0], md.shape, md.elementType))
    return std::nullopt;
  for (size_t i = 1; i < parts.size(); ++i) {
    std::string_view p = parts[i];
    if (p == "mutable") {
      md.mutableMemory = true;
      continue;
    }
    if (!p.empty() && p.front() >= '0' && p.front() <= '9') {
      std::string elt;
      std::string shapeText = std::string(p) + "xi8";
      readShape(shapeText, md.allocShape, elt);
      continue;
    }
    std::string_view r = resolveAttr(m, chunk, p);
    if (r.find("shared_memory") != std::string_view::npos && r.find("cluster") == std::string_view::npos)
      md.space = MemorySpace::Shared;
    else if (r.find("shared_cluster_memory") != std::string_view::npos)
      md.space = MemorySpace::SharedCluster;
    else if (r.find("tensor_memory") != std::string_view::npos &&
             r.find("encoding") == std::string_view::npos &&
             r.find("scales") == std::string_view::npos)
      md.space = MemorySpace::Tensor;
    else if (md.encoding.empty())
      md.encoding = std::string(p);
  }
  return md;
}

std::optional<TensorType> parseTensor(std::string_view text) {
  std::string_view t = ir::trim(text);
  TensorType tt;
  if (t.substr(0, 14) == "!tt.tensordesc") {
    tt.isDescriptor = true;
    t = t.substr(14);
    if (t.size() >= 2)
      t = ir::trim(t.substr(1, t.size() - 2));
  }
  if (t.substr(0, 7) != "tensor<" || t.back() != '>')
    return std::nullopt;
  std::vector<std::string_view> parts;
  ir::splitAttrList(t.substr(7, t.size() - 8), ',', parts);
  if (parts.empty() || !readShape(parts[0], tt.shape, tt.elementType))
    return std::nullopt;
  return tt;
}

std::string_view typeText(const ir::Module &m, const ir::Value *v) {
  return v && !v->type.empty() ? ir::trim(m.str(v->type)) : std::string_view();
}

} // namespace tscope::dialect
