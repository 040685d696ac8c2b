// Coverage: scalar runs of every process (the interpreter alone, no model
// state) count how often each wait uses each barrier slot; a sweep in which
// no run reuses a slot a wait reads gets one run more, with inputs grown
// until it does.
#include "checks/model/Coverage.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "dialect/OpTable.h"
#include "interp/Process.h"
#include "interp/Program.h"
#include "kernel/Loops.h"

namespace tscope::checks::model {

using dialect::OpKind;

namespace {

/// Scalar events the coverage runs may make per candidate binding: a few
/// milliseconds of interpreter time; a binding that needs more is not tried.
constexpr uint64_t kMaxEvents = 50'000;
/// Ops one scalar step may run between two events (loops of arithmetic
/// with no wait in them).
constexpr uint64_t kMaxOpsPerStep = 2'000'000;
/// Inputs past the sweep are tried up to 2^16, and no further once six
/// doublings in a row cover no further wait (a loop whose trip count does
/// not grow with the inputs; a persistent loop over 132 programs needs
/// five past 512 to give a program its third tile).
constexpr int64_t kLargestValue = 65536;
constexpr int kStaleDoublings = 6;
/// The coverage run may wait at most this many times as often as the
/// sweep's largest run (scalar events, a proxy for its trips).
constexpr uint64_t kMaxGrowth = 8;
/// The words every coverage run's label has (isCoverageRun).
constexpr const char *kLabelMark = " of a barrier slot: the runs above wait at ";

/// The waits of a kernel that wait `uses` times on one barrier slot in one
/// process under a binding, and how much the scalar run cost, from one run
/// of every process with the scalar interpreter (waits do not block, no
/// interleaving: what a trip count makes happen, not what a schedule does).
struct SlotReuse {
  std::vector<const ir::Operation *> reused; ///< waited `uses` times on one slot, sorted
  std::vector<const ir::Operation *> waited; ///< every wait run at least once, sorted
  uint64_t events = 0;                       ///< waits and forks met
  bool cut = false;                          ///< stopped at the event or step cap
};

/// True when `wait` may run twice in the process that runs it: inside an
/// scf.for or scf.while of its partition (kernel::enclosingLoop), or in a
/// region of several blocks there (loops built from cf branches). A wait of
/// a partition forked per tile runs once per fork.
bool repeats(const kernel::Kernel &k, const ir::Operation *wait) {
  if (kernel::enclosingLoop(k, wait))
    return true;
  for (const ir::Operation *op = wait; op && op != k.func; op = op->parentOp()) {
    if (op->parent && op->parent->parent && op->parent->parent->numBlocks > 1)
      return true;
    OpKind kind = op->parentOp() ? dialect::kindOf(op->parentOp()) : OpKind::Other;
    if (kind == OpKind::WarpSpecialize || kind == OpKind::WarpSpecializePartitions)
      return false;
  }
  return false;
}

/// The waits of `r` that reuse a slot and are among `want`.
std::vector<const ir::Operation *> coveredOf(const SlotReuse &r, const std::vector<const ir::Operation *> &want) {
  std::vector<const ir::Operation *> out;
  std::set_intersection(r.reused.begin(), r.reused.end(), want.begin(), want.end(), std::back_inserter(out));
  return out;
}

bool covers(const SlotReuse &r, const std::vector<const ir::Operation *> &want) {
  return !r.cut && std::includes(r.reused.begin(), r.reused.end(), want.begin(), want.end());
}

/// The sum of a run's integer inputs (which run is the sweep's largest).
int64_t sumOf(const interp::Bindings &b) {
  int64_t n = 0;
  for (const interp::Bindings::Arg &a : b.args)
    n += a.value;
  return n;
}

/// A run's programs (one when tt.get_num_programs is not read).
int64_t programsOf(const interp::Bindings &b) { return b.numPrograms ? (*b.numPrograms)[0] : 1; }

/// `b` with every name of `names` set to `v` (replacing a value it has).
void setAll(interp::Bindings &b, const std::vector<std::string> &names, int64_t v) {
  for (const std::string &n : names) {
    bool set = false;
    for (interp::Bindings::Arg &a : b.args)
      if (a.name == n) {
        a.value = v;
        set = true;
      }
    if (!set)
      b.set(n, v);
  }
}

SlotReuse reuseIn(const interp::Program &prog, const kernel::Kernel &k, const interp::Bindings &b, int uses,
                  uint64_t maxEvents) {
  SlotReuse out;
  interp::EventSet events = prog.select([](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    return kind == OpKind::WaitBarrier || kind == OpKind::WarpSpecialize || kind == OpKind::MemDescIndex;
  });
  std::unordered_map<const ir::Operation *, int64_t> most; // wait -> most uses of one slot by one process
  std::map<std::pair<const ir::Operation *, int64_t>, int64_t> count;
  // The index each memdesc_index took when it last ran in this process: a
  // wait names the barrier through it (the index value may be dead by then).
  std::unordered_map<const ir::Operation *, std::optional<int64_t>> index;
  std::deque<interp::Process> queue;
  queue.push_back(interp::Process::start(prog, b));
  queue.back().setStepLimit(kMaxOpsPerStep);
  while (!queue.empty() && !out.cut) {
    interp::Process p = std::move(queue.front());
    queue.pop_front();
    count.clear();
    index.clear();
    for (;;) {
      if (out.events >= maxEvents) {
        out.cut = true;
        break;
      }
      interp::StepResult r = p.step(events);
      if (r.isUnknown() && r.cause == interp::StepResult::Cause::StepLimit) {
        out.cut = true;
        break;
      }
      if (!r.isEvent())
        break; // finished, or a decision on an unknown: what ran so far counts
      const ir::Operation *op = r.op;
      OpKind kind = dialect::kindOf(op);
      if (kind == OpKind::MemDescIndex) {
        interp::Scalar s = p.operand(1);
        index[op] = s.isKnown() ? std::optional<int64_t>(s.sext()) : std::nullopt;
        continue;
      }
      ++out.events;
      if (kind == OpKind::WarpSpecialize) {
        // Every region (the default one too) runs as a process of its own;
        // this one steps over the op.
        for (const kernel::WarpSpecialize &ws : k.warpSpecializes)
          if (ws.op == op)
            for (const kernel::Partition &part : ws.partitions)
              if (part.region)
                if (std::optional<interp::Process> c = p.enterRegion(*part.region)) {
                  c->setStepLimit(kMaxOpsPerStep);
                  queue.push_back(std::move(*c));
                }
        continue;
      }
      // The slot: the index of the memdesc_index the barrier comes from
      // (0 for a barrier that is not indexed).
      int64_t slot = 0;
      const ir::Operation *def = op->numOperands ? op->operand(0)->definingOp() : nullptr;
      if (def && dialect::kindOf(def) == OpKind::MemDescIndex) {
        auto it = index.find(def);
        if (it == index.end() || !it->second)
          continue;
        slot = *it->second;
      }
      int64_t n = ++count[{op, slot}];
      int64_t &best = most[op];
      best = std::max(best, n);
    }
  }
  for (const auto &[op, n] : most) {
    out.waited.push_back(op);
    if (n >= uses)
      out.reused.push_back(op);
  }
  std::sort(out.waited.begin(), out.waited.end());
  std::sort(out.reused.begin(), out.reused.end());
  return out;
}

/// addCoverageRun's run, worked out (none when no run is needed or made).
CoveragePlans::Run planCoverageRun(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                                   const std::vector<std::string> &unbound,
                                   const std::vector<std::string> &descFields,
                                   const std::vector<std::pair<interp::Bindings, std::string>> &runs) {
  const interp::Program prog(m, *k.func);
  auto reuse = [&](const interp::Bindings &b) { return reuseIn(prog, k, b, opts.coverageUses, kMaxEvents); };
  // The waits the sweep's largest run makes but not twice on one slot
  // (smaller values run fewer trips of the same loops).
  const interp::Bindings *largest = &runs.front().first;
  for (const auto &[b, label] : runs)
    if (sumOf(b) > sumOf(*largest) ||
        (sumOf(b) == sumOf(*largest) && programsOf(b) < programsOf(*largest)))
      largest = &b;
  SlotReuse swept = reuse(*largest);
  std::vector<const ir::Operation *> want;
  std::set_difference(swept.waited.begin(), swept.waited.end(), swept.reused.begin(), swept.reused.end(),
                      std::back_inserter(want));
  std::erase_if(want, [&](const ir::Operation *w) { return !repeats(k, w); });
  if (want.empty() || swept.cut)
    return {};
  // Grow every input together (one program: the most tiles each), past the
  // sweep's largest value, until a run covers every such wait.
  std::vector<std::string> inputs = unbound;
  std::erase(inputs, "num_programs");
  inputs.insert(inputs.end(), descFields.begin(), descFields.end());
  if (inputs.empty())
    return {};
  interp::Bindings base = runs.front().first;
  const bool gridFree = std::find(unbound.begin(), unbound.end(), "num_programs") != unbound.end();
  if (gridFree)
    base.numPrograms = std::array<int64_t, 3>{1, 1, 1};
  int64_t start = *std::max_element(opts.tryValues.begin(), opts.tryValues.end());
  std::optional<interp::Bindings> best;
  std::vector<const ir::Operation *> got;
  int stale = 0; // doublings in a row that covered no further wait
  for (int64_t v = std::max<int64_t>(start, 1) * 2; v <= kLargestValue && stale < kStaleDoublings; v *= 2) {
    const size_t before = got.size();
    // Three quarters of the way first: a ring of 2 over a loop of 128-wide
    // steps needs 3 trips (C = 384), not the 4 that doubling gives.
    for (int64_t w : {v - v / 4, v}) {
      interp::Bindings b = base;
      setAll(b, inputs, w);
      SlotReuse r = reuse(b);
      if (r.cut)
        break; // larger values only run longer
      std::vector<const ir::Operation *> c = coveredOf(r, want);
      if (c.size() > got.size()) {
        best = b;
        got = std::move(c);
      }
      if (got.size() == want.size())
        break;
    }
    if (got.size() == want.size())
      break;
    stale = got.size() > before ? 0 : stale + 1;
  }
  if (!best)
    return {};
  // Lower each input back to the smallest swept value that keeps the waits
  // covered: the run explores only what the second lap needs.
  std::vector<int64_t> lower = opts.tryValues;
  std::sort(lower.begin(), lower.end());
  for (const std::string &name : inputs)
    for (int64_t v : lower) {
      interp::Bindings b = *best;
      setAll(b, {name}, v);
      if (covers(reuse(b), got)) {
        best = b;
        break;
      }
    }
  // A run far longer than the sweep's largest would cost far more states
  // (they grow faster than the trips): not made. The verdict then rests on
  // the sweep and the proof, as it did before this run existed.
  if (reuse(*best).events > kMaxGrowth * std::max<uint64_t>(swept.events, 1))
    return {};
  std::string at, lines;
  for (const interp::Bindings::Arg &a : best->args)
    if (std::find(unbound.begin(), unbound.end(), a.name) != unbound.end())
      at += (at.empty() ? "" : ", ") + (a.name.starts_with("%") ? a.name.substr(1) : a.name) + "=" +
            std::to_string(a.value);
  if (gridFree)
    at += (at.empty() ? "" : ", ") + std::string("num_programs=1");
  std::sort(got.begin(), got.end(), [](const ir::Operation *a, const ir::Operation *b) { return a->line < b->line; });
  for (const ir::Operation *op : got)
    lines += (lines.empty() ? "IR " : ", ") + std::to_string(op->line);
  const bool second = opts.coverageUses <= 2;
  return std::pair<interp::Bindings, std::string>{
      std::move(*best),
      at + (second ? " (a second use" : " (a third use") + kLabelMark + lines +
          (second ? " once per slot)" : " at most twice per slot)")};
}

} // namespace

const CoveragePlans::Run *CoveragePlans::find(const std::string &key) const {
  std::lock_guard<std::mutex> hold(mu_);
  auto it = runs_.find(key);
  return it == runs_.end() ? nullptr : &it->second;
}

void CoveragePlans::put(const std::string &key, Run run) {
  std::lock_guard<std::mutex> hold(mu_);
  runs_.emplace(key, std::move(run));
}

void addCoverageRun(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                    const std::vector<std::string> &unbound, const std::vector<std::string> &descFields,
                    std::vector<std::pair<interp::Bindings, std::string>> &runs) {
  if (runs.empty() || opts.tryValues.empty())
    return;
  // What the plan depends on: the kernel, the inputs bound and tried, the
  // uses asked for (the sweep follows from these).
  std::string key = fmt::format("{}|{}|{}|{}|{}|{}", static_cast<const void *>(k.func),
                                fmt::join(opts.tryValues, ","), opts.coverageUses, fmt::join(unbound, ","),
                                fmt::join(descFields, ","), runs.size());
  for (const interp::Bindings::Arg &a : opts.bindings.args)
    key += fmt::format("|{}={}", a.name, a.value);
  if (opts.bindings.numPrograms)
    key += fmt::format("|grid={}", fmt::join(*opts.bindings.numPrograms, ","));
  key += fmt::format("|pid={}", fmt::join(opts.bindings.programId, ","));
  CoveragePlans::Run run;
  if (const CoveragePlans::Run *known = opts.coverage ? opts.coverage->find(key) : nullptr) {
    run = *known;
  } else {
    run = planCoverageRun(m, k, opts, unbound, descFields, runs);
    if (opts.coverage)
      opts.coverage->put(key, run);
  }
  if (run)
    runs.push_back(std::move(*run));
}

bool isCoverageRun(const std::string &label) { return label.find(kLabelMark) != std::string::npos; }

} // namespace tscope::checks::model
