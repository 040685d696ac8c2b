// Sweep: the per-program loop. One Process is started once and copied per
// program id (copy-assignment reuses its storage), so a sweep allocates
// nothing per program.
#include "interp/Sweep.h"

#include "ir/Module.h"

namespace tscope::interp {
namespace {

bool isScfRegionOp(const Program::Instr &in) {
  return in.code == Opcode::For || in.code == Opcode::If || in.code == Opcode::While;
}

/// The instruction at which the function body process reaches the op that
/// holds the region owned by `owner`: the outermost ancestor not inside an
/// scf op's region is the first op on the path the body process does not
/// step into. kNoIndex when that op cannot enter the region.
uint32_t holderOf(const Program &p, uint32_t owner) {
  std::vector<uint32_t> chain; // owner up to (not including) the function op
  for (uint32_t a = owner; a != kNoIndex && a != 0; a = p.instr(a).parent)
    chain.push_back(a);
  for (size_t i = chain.size(); i-- > 0;) {
    if (isScfRegionOp(p.instr(chain[i])))
      continue;
    uint32_t stop = chain[i];
    return stop == owner || p.instr(owner).parent == stop ? stop : kNoIndex;
  }
  return kNoIndex;
}

} // namespace

SweepSummary sweepGrid(const Program &program, const Bindings &bindings,
                       const ir::Region *region, const EventSet &events,
                       const SweepCallback &onEvent, std::vector<std::string> *errors) {
  SweepSummary s;
  Dim3 grid = bindings.numPrograms.value_or(Dim3{1, 1, 1});
  Process base = Process::start(program, bindings, errors);
  EventSet holderEvents(program.size());
  if (region) {
    const Program::RegionCode *rc = program.regionCode(region);
    uint32_t holder = rc ? holderOf(program, rc->owner) : kNoIndex;
    if (holder == kNoIndex)
      return s;
    holderEvents.set(holder);
  }
  Process p = base, child = base;
  auto record = [&](const StepResult &r, const Dim3 &pid) {
    ++s.unknownPrograms;
    if (!s.firstUnknown) {
      s.firstUnknown = r;
      s.firstUnknownPid = pid;
    }
  };
  // Runs `q` to its end; false when the callback stopped the sweep.
  auto runRegion = [&](Process &q, const Dim3 &pid, bool &unknown) {
    ++s.regionRuns;
    for (;;) {
      StepResult r = q.step(events);
      if (r.isEvent()) {
        ++s.events;
        if (!onEvent(q, *r.op, pid)) {
          s.stoppedByCallback = true;
          return false;
        }
        continue;
      }
      if (r.isUnknown() && !unknown) {
        unknown = true;
        record(r, pid);
      }
      return true;
    }
  };
  for (int64_t z = 0; z < grid[2]; ++z)
    for (int64_t y = 0; y < grid[1]; ++y)
      for (int64_t x = 0; x < grid[0]; ++x) {
        Dim3 pid{x, y, z};
        p = base;
        p.setProgramId(pid);
        ++s.programs;
        bool unknown = false;
        if (!region) {
          if (!runRegion(p, pid, unknown))
            return s;
          continue;
        }
        for (;;) {
          StepResult r = p.step(holderEvents);
          if (r.isDone())
            break;
          if (r.isUnknown()) {
            if (!unknown)
              record(r, pid);
            break;
          }
          std::optional<Process> entered = p.enterRegion(*region);
          if (!entered)
            break;
          child = std::move(*entered);
          if (!runRegion(child, pid, unknown))
            return s;
        }
      }
  return s;
}

} // namespace tscope::interp
