// WarpBudget: follows lib/Conversion/TritonGPUToLLVM/AllocateWarpGroups.cpp of
// Triton 3.6: partitions are padded to whole warp groups (powers of two, 16
// registers requested), warp groups take the largest request rounded up to 8,
// the default group gets what is left of maxnreg × all warps, rounded down to
// 8 (at least 24, else no reallocation). setmaxnreg accepts 24..256.
#include "dumps/WarpBudget.h"

#include <algorithm>
#include <numeric>

#include "ir/Parser.h"
#include "kernel/Kernel.h"
#include "support/SourceBuffer.h"

namespace tscope::dumps {
namespace {

constexpr int kRegisterFile = 64 * 1024;
constexpr int kMaxSetmaxnreg = 256;

int ceilDiv(int a, int b) { return (a + b - 1) / b; }

} // namespace

WarpSpecBudget modelBudget(int baseWarps, const std::vector<int> &partitionWarps,
                           const std::vector<int> &requested, int userMaxnreg, int maxExtraWarps) {
  WarpSpecBudget b;
  b.baseWarps = baseWarps;
  int extraGroups = ceilDiv(std::max(maxExtraWarps, 0), 4);
  std::vector<int> warps = partitionWarps;
  std::vector<int> req = requested;
  int have = std::accumulate(warps.begin(), warps.end(), 0);
  int toAdd = extraGroups * 4 - have;
  int padding = 0;
  while (toAdd > 0) {
    int p = 1;
    while (p * 2 <= toAdd)
      p *= 2;
    warps.push_back(p);
    req.push_back(req.empty() || req[0] < 0 ? -1 : 16);
    toAdd -= p;
    ++padding;
  }
  b.totalWarps = baseWarps + extraGroups * 4;
  bool anyRequested = !requested.empty() && std::any_of(requested.begin(), requested.end(), [](int r) { return r >= 0; });
  b.maxnreg = userMaxnreg ? userMaxnreg : (kRegisterFile / std::max(1, b.totalWarps) / 32) / 8 * 8;
  b.maxnreg = std::min(b.maxnreg, kMaxSetmaxnreg);
  // Start ids: largest partitions first (ties keep their order).
  std::vector<size_t> order(warps.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return warps[x] > warps[y]; });
  std::vector<int> start(warps.size());
  int id = baseWarps;
  for (size_t i : order) {
    start[i] = id;
    id += warps[i];
  }
  std::vector<int> regs(warps.size(), b.maxnreg);
  int defaultRegs = b.maxnreg;
  if (anyRequested) {
    struct Group {
      std::vector<size_t> parts;
      int maxReq = 0, warps = 0;
    };
    std::vector<size_t> byStart(warps.size());
    std::iota(byStart.begin(), byStart.end(), 0);
    std::sort(byStart.begin(), byStart.end(), [&](size_t x, size_t y) { return start[x] < start[y]; });
    std::vector<Group> groups;
    for (size_t i : byStart) {
      if (start[i] % 4 == 0 || groups.empty())
        groups.emplace_back();
      groups.back().parts.push_back(i);
      groups.back().maxReq = std::max(groups.back().maxReq, ceilDiv(std::max(req[i], 0), 8) * 8);
      groups.back().warps += warps[i];
    }
    int64_t budget = int64_t(b.maxnreg) * baseWarps * 32;
    for (const Group &g : groups)
      budget += int64_t(b.maxnreg - g.maxReq) * g.warps * 32;
    int leftover = budget > 0 ? static_cast<int>(budget / (baseWarps * 32)) / 8 * 8 : 0;
    if (budget > 0 && leftover >= 24) {
      b.reallocated = true;
      defaultRegs = std::min(leftover, kMaxSetmaxnreg);
      if (leftover > kMaxSetmaxnreg)
        b.note = "the default group's share (" + std::to_string(leftover) + ") is above setmaxnreg's 256";
      for (const Group &g : groups)
        for (size_t i : g.parts)
          regs[i] = g.maxReq;
    } else {
      b.note = "requested registers do not fit: no reallocation";
    }
  }
  b.groups.push_back({"default", baseWarps, -1, defaultRegs});
  for (size_t i = 0; i < warps.size(); ++i) {
    bool pad = i >= partitionWarps.size();
    b.groups.push_back({pad ? "padding" : "partition" + std::to_string(i), warps[i], req[i], regs[i]});
  }
  (void)padding;
  for (const PartitionBudget &g : b.groups)
    b.totalRegisters += int64_t(g.warps) * 32 * g.registers;
  return b;
}

std::vector<WarpSpecBudget> warpSpecBudgets(const std::string &path, std::string &error) {
  auto buf = support::SourceBuffer::open(path, error);
  if (!buf)
    return {};
  support::Diagnostics diags;
  auto m = ir::parseModule(std::move(buf), diags);
  return warpSpecBudgets(*m);
}

std::vector<WarpSpecBudget> warpSpecBudgets(const ir::Module &mod) {
  std::vector<WarpSpecBudget> out;
  // kernel::Kernel already read the module attributes and each
  // warp_specialize's partitions; the budget is a file-wide model (every
  // kernel pads to the largest partition set), so gather them all first.
  struct Found {
    const ir::Operation *op;
    std::vector<int> warps, requested, actual;
  };
  std::vector<Found> found;
  int baseWarps = 0, userMaxnreg = 0;
  for (const kernel::Kernel &k : kernel::Kernel::build(mod)) {
    if (!baseWarps)
      baseWarps = k.moduleWarps;
    if (!userMaxnreg)
      userMaxnreg = k.maxnreg;
    for (const kernel::WarpSpecialize &ws : k.warpSpecializes) {
      if (!ws.op)
        continue; // partitions named by attributes only: nothing to budget
      Found f{ws.op, {}, {}, ws.actualRegisters};
      for (const kernel::Partition &p : ws.partitions) {
        if (p.id == kernel::kDefault)
          continue;
        f.warps.push_back(p.numWarps);
        f.requested.push_back(p.requestedRegisters.value_or(-1));
      }
      found.push_back(std::move(f));
    }
  }
  if (found.empty())
    return out;
  if (!baseWarps)
    baseWarps = 4;
  int maxExtra = 0;
  for (const Found &f : found)
    maxExtra = std::max(maxExtra, std::accumulate(f.warps.begin(), f.warps.end(), 0));
  std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) { return a.op->line < b.op->line; });
  for (const Found &f : found) {
    std::vector<int> req = f.requested;
    if (req.empty())
      req.assign(f.warps.size(), -1);
    req.resize(f.warps.size(), -1);
    WarpSpecBudget b = modelBudget(baseWarps, f.warps, req, userMaxnreg, maxExtra);
    b.line = f.op->line;
    if (!f.actual.empty() && f.actual.size() <= b.groups.size()) {
      // After AllocateWarpGroups the IR says it outright.
      b.fromIr = true;
      b.reallocated = true;
      b.totalRegisters = 0;
      for (size_t i = 0; i < f.actual.size(); ++i)
        b.groups[i].registers = f.actual[i];
      for (const PartitionBudget &g : b.groups)
        b.totalRegisters += int64_t(g.warps) * 32 * g.registers;
    }
    out.push_back(b);
  }
  return out;
}

} // namespace tscope::dumps
