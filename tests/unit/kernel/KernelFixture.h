// KernelFixture: a TTGIR string parsed into a Module and its kernels, for the
// tests of the kernel facts and of the checks built on them.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "ir/Parser.h"
#include "kernel/Kernel.h"

namespace tscope::unittest {

/// The parsed module (as `k.ttgir`), its diagnostics and its kernels.
struct KernelFixture {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
  std::vector<kernel::Kernel> kernels;
  explicit KernelFixture(std::string_view text) {
    m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", text), diags);
    kernels = kernel::Kernel::build(*m);
  }
};

} // namespace tscope::unittest
