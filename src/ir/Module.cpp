// Module: name interning and chunk lookup.
#include "ir/Module.h"

#include "ir/AttrCache.h"

namespace tscope::ir {

Module::Module(std::unique_ptr<support::SourceBuffer> buffer)
    : buffer_(std::move(buffer)), attrCache_(std::make_unique<AttrCache>()) {
  // IR takes about one byte per byte of pretty input: one slab of that much
  // address space, of which only the pages used are ever touched.
  arena_.firstSlab(buffer_->size() + buffer_->size() / 4);
}

Module::~Module() = default;

const OpName *Module::internName(std::string_view name) {
  // A direct-mapped cache in front of the map: op names repeat constantly.
  size_t h = name.size() * 31 + static_cast<unsigned char>(name.back()) * 7 +
             static_cast<unsigned char>(name[name.size() / 2]);
  auto &slot = nameCache_[h & (kNameCache - 1)];
  if (slot && slot->name == name)
    return slot;
  auto it = names_.find(name);
  if (it != names_.end())
    return slot = it->second;
  if (it != names_.end())
    return it->second;
  OpName *n = arena_.make<OpName>();
  n->name = name; // points into the buffer, which outlives the arena users
  size_t dot = name.find('.');
  n->dialectSize = dot == std::string_view::npos ? 0 : static_cast<uint16_t>(dot);
  names_.emplace(name, n);
  return slot = n;
}

uint64_t AliasIndex::hash(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (char c : s)
    h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  return h ^ (h >> 29);
}

void AliasIndex::build(const char *text, const std::vector<AliasDef> &aliases) {
  text_ = text;
  slots_.clear();
  if (aliases.empty())
    return;
  size_t cap = 16;
  while (cap < aliases.size() * 2)
    cap *= 2;
  slots_.assign(cap, 0);
  size_t mask = cap - 1;
  for (uint32_t k = 0; k < aliases.size(); ++k) {
    std::string_view name = nameOf(aliases[k]);
    for (size_t i = hash(name) & mask;; i = (i + 1) & mask) {
      uint32_t s = slots_[i];
      if (s == 0) {
        slots_[i] = k + 1;
        break;
      }
      if (nameOf(aliases[s - 1]) == name)
        break; // a redefinition: the first stays
    }
  }
}

int64_t AliasIndex::find(const std::vector<AliasDef> &aliases, std::string_view name) const {
  if (slots_.empty())
    return -1;
  size_t mask = slots_.size() - 1;
  for (size_t i = hash(name) & mask;; i = (i + 1) & mask) {
    uint32_t s = slots_[i];
    if (s == 0)
      return -1;
    if (nameOf(aliases[s - 1]) == name)
      return s - 1;
  }
}

const Chunk *Module::chunkOf(const Operation *op) const {
  for (const Chunk &c : chunks_)
    if (op->range.offset >= c.range.offset && op->range.offset < c.range.end())
      return &c;
  return chunks_.empty() ? nullptr : &chunks_.back();
}

} // namespace tscope::ir
