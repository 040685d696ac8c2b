// Scan: the directory listing is serial (cheap); reading and analysing each
// kernel runs in parallel; lines are written in index order afterwards.
#include "dumps/Scan.h"

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <nlohmann/json.hpp>

#include "dumps/DumpIndex.h"
#include "dumps/IndexReport.h"
#include "dumps/InstrStats.h"
#include "dumps/Occupancy.h"
#include "support/Parallel.h"
#include "dumps/StatsReport.h"
#include "dumps/WarpBudget.h"
#include "ir/Parser.h"
#include "support/Progress.h"
#include "support/SourceBuffer.h"

namespace tscope::dumps {

using support::parallelFor;
using support::workerCount;

long scanDirectory(const std::string &root, const ScanOptions &opts, std::ostream &out, std::string &error) {
  auto idx = indexDirectory(root, error);
  if (!idx)
    return -1;
  struct Item {
    const IndexSection *sec;
    const KernelEntry *e;
    std::string line;
  };
  std::vector<Item> items;
  for (const IndexSection &s : idx->sections)
    for (const KernelEntry &e : s.entries)
      if (kernelNameMatches(opts.kernelGlob, e.kernel))
        items.push_back({&s, &e, {}});
  if (opts.newestFirst) {
    std::vector<std::pair<std::filesystem::file_time_type, size_t>> order;
    for (size_t i = 0; i < items.size(); ++i) {
      std::error_code ec;
      auto t = std::filesystem::last_write_time(items[i].e->dir, ec);
      order.emplace_back(ec ? std::filesystem::file_time_type::min() : t, i);
    }
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    std::vector<Item> sorted;
    for (const auto &[t, i] : order)
      sorted.push_back(items[i]);
    items = std::move(sorted);
  }
  std::atomic<size_t> done{0};
  std::mutex progressMutex;
  std::optional<support::ProgressLine> progress;
  if (opts.progress)
    progress.emplace("tscope scan", "kernels", items.size());
  parallelFor(items.size(), workerCount(opts.threads), [&](size_t i) {
    Item &it = items[i];
    const KernelEntry &e = *it.e;
    nlohmann::json j = entryJson(e);
    j["section"] = it.sec->isCache ? "cache" : "dump";
    if (e.meta) {
      KernelResources k;
      k.warpsPerCta = e.meta->numWarps;
      k.sharedBytes = e.meta->shared;
      k.tmemColumns = e.meta->tmemSize;
      if (const SmLimits *sm = smLimits(e.meta->arch)) {
        Occupancy o = computeOccupancy(*sm, k);
        j["occupancy_without_registers"] = {{"launchable", o.launchable}, {"ctas_per_sm", o.ctasPerSm},
                                            {"limiter", o.limiter}, {"why_not", o.whyNot}};
      }
    }
    std::string err;
    if (e.has(Stage::Ptx)) {
      if (auto buf = support::SourceBuffer::open(e.path(Stage::Ptx), err)) {
        InstrStats st = instrStats(buf->text(), false);
        if (!st.kernels.empty())
          j["ptx"] = kernelStatsJson(st.kernels.front());
      }
    }
    if (e.has(Stage::Ttgir)) {
      if (auto buf = support::SourceBuffer::open(e.path(Stage::Ttgir), err)) {
        support::Diagnostics diags;
        auto m = ir::parseModule(std::move(buf), diags, {.threads = 1}); // files run in parallel
        j["ttgir"] = {{"ops", m->stats().ops}, {"functions", m->stats().functions},
                      {"parse_errors", diags.errorCount()}};
        auto budgets = warpSpecBudgets(*m);
        nlohmann::json b = nlohmann::json::array();
        for (const WarpSpecBudget &wb : budgets) {
          nlohmann::json groups = nlohmann::json::array();
          for (const PartitionBudget &g : wb.groups)
            groups.push_back({{"name", g.name}, {"warps", g.warps}, {"registers", g.registers}});
          b.push_back({{"total_warps", wb.totalWarps}, {"total_registers", wb.totalRegisters}, {"groups", groups}});
        }
        j["warp_specialization"] = b;
      }
    }
    it.line = j.dump();
    size_t n = ++done;
    if (progress && progress->enabled() && (n % 16 == 0 || n == items.size())) {
      std::lock_guard<std::mutex> g(progressMutex);
      progress->update(n, e.kernel + " in " + root);
    }
  }, 8);
  if (progress)
    progress->finish();
  for (const Item &it : items)
    out << it.line << "\n";
  return static_cast<long>(items.size());
}

} // namespace tscope::dumps
