// AttrCache: the attributes of each op read so far, kept by the Module.
// Private to src/ir (ir/Attribute.h is the public way in).
#pragma once

#include <mutex>
#include <unordered_map>
#include <vector>

#include "ir/Attribute.h"

namespace tscope::ir {

/// Node-based, so a reference handed out stays valid while other ops are
/// added; the mutex lets checks read one Module from several threads.
class AttrCache {
public:
  std::mutex mutex;
  std::unordered_map<const Operation *, std::vector<NamedAttr>> byOp;
};

} // namespace tscope::ir
