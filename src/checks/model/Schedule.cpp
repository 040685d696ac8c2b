// Schedule: strength of a hang or over-arrival, and the expected GPU outcome.
#include "checks/model/Schedule.h"

#include <cstdlib>

#include "checks/model/Explorer.h"
#include "dialect/OpTable.h"

namespace tscope::checks::model {

const char *strengthName(Strength s) {
  switch (s) {
  case Strength::Every:
    return "every";
  case Strength::InOrder:
    return "in-order";
  case Strength::Reordered:
    return "reordered";
  case Strength::Drift:
    return "drift";
  case Strength::Unclassified:
    break;
  }
  return "unclassified";
}

std::string strengthWords(Strength s) {
  switch (s) {
  case Strength::Every:
    return "every: no schedule avoids it (no interleaving finishes)";
  case Strength::InOrder:
    return "in-order: reached with each issuer's asynchronous work completing in issue order, the way the "
           "hardware usually runs";
  case Strength::Reordered:
    return "reordered: only reached when an asynchronous completion (a TMA copy) overtakes one its issuer "
           "started after a later wait; the GPU rarely does that";
  case Strength::Drift:
    return "drift: reached with asynchronous work in issue order, but only when a partition falls a whole phase "
           "behind on a barrier it waits on (it then waits for the parity of a phase that already completed); "
           "partitions that keep pace, as they do on the GPU when the slower one gates the faster, do not reach it";
  case Strength::Unclassified:
    break;
  }
  return "unclassified: the in-order search did not decide";
}

void setSchedule(Finding &f, Strength s) {
  f.schedule = strengthName(s);
  f.scheduleWords = strengthWords(s);
  f.notes.push_back("schedule: " + f.scheduleWords);
}

void setOnGpu(Finding &f, const std::string &words) {
  f.onGpu = words;
  f.notes.push_back("on the GPU: " + words);
}

namespace {

bool likely(Strength s) { return s == Strength::Every || s == Strength::InOrder; }

} // namespace

namespace {

std::string expectedGpuCore(const KernelDeadlockResult &res);

/// True when every value of a run's label ("N_CTX=0, K=0") is 0 or less.
bool noWork(const std::string &bindings) {
  size_t values = 0;
  for (size_t at = bindings.find('='); at != std::string::npos; at = bindings.find('=', at + 1), ++values)
    if (std::strtoll(bindings.c_str() + at + 1, nullptr, 10) > 0)
      return false;
  return values > 0;
}

/// The inputs of the complete runs whose verdict is one of `verdicts`, the
/// sweep's single values in one list ("others=1, 2, 64; C=384, n_strips=1"),
/// at most eight inputs and how many more.
std::string runInputs(const KernelDeadlockResult &res, std::initializer_list<std::string_view> verdicts) {
  std::string others;
  std::vector<std::string> rest;
  size_t shown = 0, more = 0;
  for (const DeadlockRun &r : res.runs) {
    if (std::find(verdicts.begin(), verdicts.end(), r.verdict) == verdicts.end() ||
        (r.verdict == "no-deadlock" && !r.complete) || r.bindings.empty())
      continue;
    std::string b = r.bindings.substr(0, r.bindings.find(" ("));
    if (noWork(b))
      continue; // every input 0: no loop runs, so finishing says nothing
    if (shown == 8) {
      ++more;
      continue;
    }
    ++shown;
    if (b.starts_with("others=") && b.find(',') == std::string::npos)
      others += (others.empty() ? "others=" : ", ") + b.substr(7);
    else
      rest.push_back(b);
  }
  std::string out = others;
  for (const std::string &b : rest)
    out += (out.empty() ? "" : "; ") + b;
  if (more)
    out += " and " + std::to_string(more) + " more";
  return out;
}

} // namespace

std::string expectedGpuLine(const KernelDeadlockResult &res) {
  std::string line = expectedGpuCore(res);
  // A sweep of unbound inputs in which some runs finish: the hang or fault
  // is the GPU's outcome at inputs like the runs that reach it, not at every
  // launch (a drain that needs two tiles, a restart at a small size).
  if (!res.unboundArgs.empty() && (line.starts_with("hang") || line.starts_with("fault"))) {
    std::string bad = runInputs(res, {"deadlock", "trap"}), fin = runInputs(res, {"no-deadlock"});
    if (!fin.empty())
      line += "; at the inputs of the runs that reach it (" + bad + "), while the runs at " + fin +
              " finish in every interleaving: a launch at other inputs may finish";
  }
  // Bytes written past a buffer land on whatever the compiler placed next:
  // data (wrong results) or a barrier (a fault or an illegal state).
  if (!res.tmaOverflow.empty() && (line.starts_with("hang") || line.starts_with("fault")))
    line += "; and " + res.tmaOverflow + ", over the shared memory after it: a fault or corrupted data may come first";
  return line;
}

namespace {

std::string expectedGpuCore(const KernelDeadlockResult &res) {
  if (res.verdict == "no-deadlock")
    return res.inOrderWrong.empty() ? "finishes (no hang, no fault)"
                                    : "wrong results: finishes, but the schedules the hardware usually runs reach " +
                                          res.inOrderWrong;
  if (res.trapRun && likely(res.trapStrength))
    return "fault: CUDA error 719 (unspecified launch failure) at the over-arrival";
  if (res.evidenceRun && res.hangStrength == Strength::Every)
    return "hang: no schedule finishes";
  if (res.evidenceRun && res.hangStrength == Strength::InOrder)
    return "hang";
  if (res.evidenceRun && res.hangStrength == Strength::Drift && !res.trapRun) {
    // Which one the GPU shows depends on how fast the partitions run, which
    // the model does not know (docs/Deadlock.md, "Schedule strength").
    std::string who = res.driftAt.empty() ? "a partition falls a whole phase behind on a barrier" : res.driftAt;
    return "hang or wrong results, by the partitions' relative speed: hangs when " + who +
           " (it runs slower than the partitions that release its producer); otherwise it finishes, " +
           (res.inOrderWrong.empty() ? std::string("and results may still be wrong")
                                     : "and the schedules the hardware usually runs reach " + res.inOrderWrong);
  }
  bool hangRare = !res.evidenceRun || res.hangStrength == Strength::Reordered;
  bool trapRare = !res.trapRun || res.trapStrength == Strength::Reordered;
  if ((res.evidenceRun || res.trapRun) && hangRare && trapRare && !res.inOrderWrong.empty())
    return "wrong results: usually finishes (the hang or fault needs asynchronous completions out of issue "
           "order), and the schedules the hardware usually runs reach " +
           res.inOrderWrong;
  if ((res.evidenceRun || res.trapRun) && hangRare && trapRare)
    return "usually finishes: the hang or fault needs asynchronous completions out of issue order; results may "
           "still be wrong";
  return "";
}

/// The first TMA load of the kernel whose box is larger than its buffer.
std::string tmaOverflowOf(const ir::Module &m, const kernel::Kernel &k) {
  std::string out;
  k.walk([&](const ir::Operation *op, const kernel::Placement &) {
    if (!out.empty() || dialect::kindOf(op) != dialect::OpKind::TmaLoad)
      return;
    dialect::TmaLoadBytes tb = dialect::tmaLoadBytes(m, k.chunk, op);
    if (tb.mismatch() && *tb.box > *tb.buffer)
      out = "the TMA load at IR " + std::to_string(op->line) + " writes " + std::to_string(*tb.box - *tb.buffer) +
            " bytes past its buffer";
  });
  return out;
}

} // namespace

DeadlockOptions inOrderOptions(const DeadlockOptions &opts) {
  DeadlockOptions io = opts;
  io.inOrderAsync = true;
  io.proveTrips = false;
  return io;
}

const interp::Bindings *bindingsOf(const std::vector<std::pair<interp::Bindings, std::string>> &runs,
                                   const std::string &label) {
  for (const auto &[b, l] : runs)
    if (l == label)
      return &b;
  return nullptr;
}

Strength inOrderStrength(bool reached, const DeadlockRun &inOrderRun) {
  return reached ? Strength::InOrder : inOrderRun.complete ? Strength::Reordered : Strength::Unclassified;
}

void classifySchedules(const ir::Module &m, const kernel::Kernel &k, const DeadlockOptions &opts,
                       const std::vector<std::pair<interp::Bindings, std::string>> &runs, KernelDeadlockResult &res) {
  if (res.evidenceRun || res.trapRun) {
    DeadlockOptions io = inOrderOptions(opts);
    Explorer inOrder(m, k, io);
    if (res.evidenceRun) {
      const DeadlockRun &ev = res.runs[*res.evidenceRun];
      if (ev.complete && !ev.finishes) {
        res.hangStrength = Strength::Every;
      } else if (const interp::Bindings *b = bindingsOf(runs, ev.bindings)) {
        DeadlockRun r = inOrder.run(*b, ev.bindings);
        res.hangStrength = inOrderStrength(r.verdict == "deadlock", r);
        if (res.hangStrength == Strength::InOrder) {
          // Reached in issue order; and with partitions keeping pace?
          DeadlockOptions ls = io;
          ls.lockstep = true;
          Explorer lockstep(m, k, ls);
          DeadlockRun l = lockstep.run(*b, ev.bindings);
          if (l.verdict != "deadlock" && l.complete && l.finishes) {
            res.hangStrength = Strength::Drift;
            res.driftAt = lockstep.firstDrift();
          }
        }
      }
    }
    if (res.trapRun) {
      const DeadlockRun &tr = res.runs[*res.trapRun];
      if (const interp::Bindings *b = bindingsOf(runs, tr.bindings)) {
        DeadlockRun r = inOrder.run(*b, tr.bindings);
        res.trapStrength = inOrderStrength(r.overArrival.has_value(), r);
      }
    }
  }
  res.tmaOverflow = tmaOverflowOf(m, k);
  res.expectedGpu = expectedGpuLine(res);
}

} // namespace tscope::checks::model
