// Module: name interning and chunk lookup.
#include "ir/Module.h"

#include "ir/AttrCache.h"

namespace tscope::ir {

Module::Module(std::unique_ptr<support::SourceBuffer> buffer)
    : buffer_(std::move(buffer)), attrCache_(std::make_unique<AttrCache>()) {}

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

const Chunk *Module::chunkOf(const Operation *op) const {
  for (const Chunk &c : chunks_)
    if (op->range.offset >= c.range.offset && op->range.offset < c.range.end())
      return &c;
  return chunks_.empty() ? nullptr : &chunks_.back();
}

} // namespace tscope::ir
