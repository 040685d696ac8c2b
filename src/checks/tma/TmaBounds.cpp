// TmaBounds: one interpreter sweep per region that holds TMA ops (the
// function body, or a warp_specialize partition), stopping at each TMA op to
// read its predicate and coordinates. TMA semantics (CUDA Programming Guide,
// "Tensor Memory Access"; PTX ISA cp.async.bulk.tensor): a box may start or
// reach outside the tensor; out-of-bound elements are zero-filled on loads and
// not written on stores. Negative starts, as measured on an H200 (docs/Tma.md):
// loads read the rows before the tensor as zero and do not trap; stores trap
// with an illegal-instruction error.
#include "checks/tma/TmaBounds.h"

#include "checks/UnknownWords.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

#include "dialect/OpTable.h"
#include "interp/Program.h"
#include "interp/Sweep.h"
#include "kernel/IndexExpr.h"
#include "kernel/Kernel.h"

namespace tscope::checks {

using dialect::OpKind;

const char *tileClassName(TileClass c) {
  switch (c) {
  case TileClass::Negative:
    return "negative";
  case TileClass::PastEnd:
    return "past-end";
  case TileClass::PartialEdge:
    return "partial-edge";
  }
  return "?";
}

namespace {

bool isTmaOp(OpKind k) {
  switch (k) {
  case OpKind::TmaLoad:
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaPrefetch:
  case OpKind::DescriptorLoad:
  case OpKind::DescriptorStore:
  case OpKind::DescriptorReduce:
    return true;
  default:
    return false; // gather/scatter take a tensor of row offsets
  }
}

struct Group {
  TileClass cls;
  const ir::Operation *op;
  std::vector<int64_t> shape, block, minC, maxC;
  std::array<int64_t, 3> minPid{INT64_MAX, INT64_MAX, INT64_MAX}, maxPid{INT64_MIN, INT64_MIN, INT64_MIN};
  std::unordered_set<int64_t> pids;
  uint64_t count = 0;
  std::string desc;
};

/// The tensor shape of a host descriptor argument read from the i32
/// arguments that follow it (Triton passes a host TensorDescriptor as the
/// descriptor, then its shape, then its strides: `%a_desc, %a_desc_0..`);
/// empty when they are not there or not all bound.
std::vector<int64_t> shapeFromArguments(const ir::Module &m, const ir::Block *entry, uint32_t i, size_t rank,
                                        const std::vector<interp::Scalar> &args) {
  std::vector<int64_t> shape;
  for (size_t d = 0; d < rank; ++d) {
    if (i + 1 + d >= entry->numArgs || i + 1 + d >= args.size() ||
        dialect::typeText(m, &entry->args[i + 1 + d]) != "i32")
      return {};
    const interp::Scalar &s = args[i + 1 + d];
    if (!s.isKnown())
      return {};
    shape.push_back(s.sext());
  }
  return shape;
}

/// The host descriptor arguments of a kernel and the tensor shape of each:
/// the launch's descriptor shapes bind the expanded shape arguments (so the
/// kernel's own arithmetic on them sees the launch), and a descriptor the
/// launch does not list takes its shape from those arguments when they are
/// bound (`--arg a_desc_0=...`, or a record's integer arguments).
struct DescriptorArgs {
  std::map<const ir::Value *, std::string> names;        ///< descriptor argument -> name
  std::map<std::string, std::vector<int64_t>> shapes;    ///< name -> tensor shape, outermost first
  std::map<std::string, std::string> shapeFrom;          ///< name -> "launch" or "kernel arguments"
};

DescriptorArgs bindDescriptorArgs(const ir::Module &m, const kernel::Kernel &k, const TmaLaunch &launch,
                                  interp::Bindings &b, const interp::Program &prog) {
  const ir::Block *entry = k.func->firstRegion->first;
  DescriptorArgs out;
  std::vector<std::pair<uint32_t, size_t>> unlisted; // argument index, rank
  for (uint32_t i = 0; entry && i < entry->numArgs; ++i) {
    const ir::Value *a = &entry->args[i];
    std::string_view t = dialect::typeText(m, a);
    if (t.substr(0, 14) != "!tt.tensordesc")
      continue;
    std::string name(m.str(a->name).substr(1));
    out.names[a] = name;
    auto it = launch.descShapes.find(name);
    if (it == launch.descShapes.end()) {
      if (auto bt = dialect::parseTensor(t))
        unlisted.emplace_back(i, bt->shape.size());
      continue;
    }
    out.shapes[name] = it->second;
    out.shapeFrom[name] = "launch";
    for (size_t d = 0; d < it->second.size(); ++d) {
      // Triton numbers the expanded arguments across the whole signature
      // (%b_desc_4 ...), so they are matched by position after the descriptor.
      if (i + 1 + d >= entry->numArgs || dialect::typeText(m, &entry->args[i + 1 + d]) != "i32")
        break;
      std::string argName(m.str(entry->args[i + 1 + d].name));
      bool already = false;
      for (const auto &ba : b.args)
        already |= ba.name == argName || "%" + ba.name == argName;
      if (!already)
        b.set(argName, it->second[d]);
    }
  }
  if (!unlisted.empty()) {
    std::vector<interp::Scalar> args = interp::bindArguments(prog, b, nullptr);
    for (auto [i, rank] : unlisted) {
      std::vector<int64_t> shape = shapeFromArguments(m, entry, i, rank, args);
      if (shape.empty())
        continue;
      std::string name = out.names[&entry->args[i]];
      out.shapes[name] = std::move(shape);
      out.shapeFrom[name] = "kernel arguments";
    }
  }
  return out;
}

/// The regions holding TMA ops: the function body (null) or partitions.
std::vector<const ir::Region *> tmaRegions(const kernel::Kernel &k) {
  std::vector<const ir::Region *> regions;
  k.walk([&](const ir::Operation *op, const kernel::Placement &pl) {
    if (!isTmaOp(dialect::kindOf(op)))
      return;
    const ir::Region *r = nullptr;
    if (pl.ws && pl.partition != kernel::kOutside)
      if (const kernel::Partition *p = pl.ws->find(pl.partition))
        r = p->region;
    if (std::find(regions.begin(), regions.end(), r) == regions.end())
      regions.push_back(r);
  });
  return regions;
}

/// What stopped a copy from being checked.
enum class Gap { Predicate, Shape, Coordinate };

/// The copies of one op left unchecked for one cause.
struct GapGroup {
  Gap gap = Gap::Shape;
  const ir::Operation *op = nullptr;
  std::string desc;            ///< the descriptor's name ("" when it could not be traced)
  std::string what, why, next; ///< the first occurrence's words
  uint64_t count = 0;
  std::unordered_set<int64_t> pids;
};

/// One kernel's sweep: what each stop at a TMA op (or a device-side
/// descriptor) reads, and the groups of out-of-bounds tiles it collects.
class TileSweep {
public:
  TileSweep(const ir::Module &m, const kernel::Kernel &k, const TmaLaunch &launch, DescriptorArgs descArgs)
      : m_(m), k_(k), launch_(launch), descArgs_(std::move(descArgs)) {}

  /// The sweep's callback: always continues.
  bool visit(const interp::Process &p, const ir::Operation &op, const interp::Dim3 &pid) {
    if (op.is("ttng.tensormap_create")) {
      captureTensormap(p, op);
      return true;
    }
    if (dialect::kindOf(&op) == OpKind::MakeTensorDescriptor) {
      captureMadeDescriptor(p, op);
      return true;
    }
    countIteration(p, pid);
    checkTile(p, op, pid);
    return true;
  }

  std::map<std::pair<const ir::Operation *, TileClass>, Group> groups;
  std::map<std::pair<const ir::Operation *, Gap>, GapGroup> gaps;
  uint64_t evaluated = 0, predicatedOff = 0, iterations = 0;

private:
  /// Counts the loop iterations (per program) that reach a copy: a copy
  /// inside a loop whose stack of induction variables differs from the
  /// previous copy's starts a new one.
  void countIteration(const interp::Process &p, const interp::Dim3 &pid) {
    std::vector<std::pair<uint32_t, int64_t>> at;
    for (const interp::LoopFrame &f : p.loops())
      at.emplace_back(f.instr, f.iv);
    if (!at.empty() && (pid != lastPid_ || at != lastLoops_))
      ++iterations;
    lastPid_ = pid;
    lastLoops_ = std::move(at);
  }

  /// %ptr, %base, [box...], [global dims, innermost first], [strides], [elem strides]
  void captureTensormap(const interp::Process &p, const ir::Operation &op) {
    size_t rank = (op.numOperands - 1) / 4;
    std::vector<int64_t> shape;
    for (size_t i = 0; i < rank; ++i) {
      interp::Scalar s = p.value(op.operands[2 + rank + i]);
      if (!s.isKnown()) {
        deviceShapes_.erase(op.operands[0]);
        deviceUnknown_[op.operands[0]] = s;
        return;
      }
      shape.insert(shape.begin(), s.sext());
    }
    deviceShapes_[op.operands[0]] = shape;
  }

  /// tt.make_tensor_descriptor %base, [%shape...], [%strides...]
  void captureMadeDescriptor(const interp::Process &p, const ir::Operation &op) {
    std::vector<int64_t> shape;
    size_t rank = (op.numOperands - 1) / 2;
    for (size_t i = 1; i <= rank && i < op.numOperands; ++i) {
      interp::Scalar s = p.value(op.operands[i]);
      if (!s.isKnown()) {
        deviceShapes_.erase(op.result(0));
        deviceUnknown_[op.result(0)] = s;
        return;
      }
      shape.push_back(s.sext());
    }
    deviceShapes_[op.result(0)] = shape;
  }

  /// What a descriptor resolves to: its name, the tensor shape (empty when
  /// unknown) and, for a device descriptor, the value that was unknown.
  struct Resolved {
    std::string name;
    std::vector<int64_t> shape;
    const ir::Value *device = nullptr;
  };

  /// The descriptor a TMA op reads (through captures and reinterprets).
  Resolved descriptorOf(const ir::Value *d) const {
    for (int i = 0; i < 8 && d && d->kind == ir::Value::BlockArgument; ++i) {
      const ir::Value *cap = k_.captureOf(d);
      if (!cap)
        break;
      d = cap;
    }
    if (d && d->definingOp() && d->definingOp()->is("ttng.reinterpret_tensor_descriptor") &&
        d->definingOp()->numOperands)
      d = d->definingOp()->operands[0]; // the tensormap written by tensormap_create
    if (auto it = descArgs_.names.find(d); it != descArgs_.names.end()) {
      auto s = descArgs_.shapes.find(it->second);
      return {it->second, s != descArgs_.shapes.end() ? s->second : std::vector<int64_t>{}, nullptr};
    }
    if (d && d->definingOp()) {
      std::string name = "device descriptor (IR line " + std::to_string(d->definingOp()->line) + ")";
      if (auto it2 = deviceShapes_.find(d); it2 != deviceShapes_.end())
        return {name, it2->second, nullptr};
      return {name, {}, d};
    }
    return {};
  }

  void noteGap(Gap gap, const ir::Operation &op, const std::string &desc, const interp::Dim3 &pid,
               const std::function<void(GapGroup &)> &words) {
    GapGroup &g = gaps[{&op, gap}];
    if (g.count == 0) {
      g.gap = gap;
      g.op = &op;
      g.desc = desc;
      words(g);
    }
    ++g.count;
    g.pids.insert(pid[0] + launch_.grid[0] * (pid[1] + launch_.grid[1] * pid[2]));
  }

  void checkTile(const interp::Process &p, const ir::Operation &op, const interp::Dim3 &pid) {
    dialect::OperandRoles r = dialect::operandRoles(m_, &op);
    Resolved desc = descriptorOf(r.desc);
    // A copy whose predicate is false is not issued (PTX: the TMA
    // instruction is guarded by the predicate): software-pipelined loops
    // predicate off the prefetches past the last K step, and the prologue
    // of a loop that runs zero times.
    if (r.pred) {
      interp::Scalar s = p.value(r.pred);
      if (!s.isKnown()) {
        noteGap(Gap::Predicate, op, desc.name, pid, [&](GapGroup &g) {
          UnknownWords w = unknownWords(m_, k_, s);
          g.what = "its predicate " + k_.valueName(r.pred);
          g.why = w.why;
          g.next = w.next;
        });
        return;
      }
      if (!s.isTrue()) {
        ++predicatedOff;
        return;
      }
    }
    auto bt = dialect::parseTensor(dialect::typeText(m_, r.desc));
    if (desc.shape.empty() || !bt || bt->shape.size() != r.coords.size() || desc.shape.size() != r.coords.size()) {
      noteGap(Gap::Shape, op, desc.name, pid, [&](GapGroup &g) {
        if (desc.name.empty()) {
          g.what = "the tensor it reads";
          g.why = "its descriptor could not be traced to a kernel argument or to a descriptor made in the kernel";
        } else if (desc.device) {
          g.what = "the shape of the " + desc.name;
          auto u = deviceUnknown_.find(desc.device);
          if (u != deviceUnknown_.end()) {
            UnknownWords w = unknownWords(m_, k_, u->second);
            g.why = w.why;
            g.next = w.next;
          } else {
            g.why = "it was not made before this copy in the replay";
          }
        } else if (!desc.shape.empty()) {
          g.what = "the shape of descriptor " + desc.name;
          g.why = "its rank does not match the copy's coordinates";
        } else {
          g.what = "the shape of descriptor " + desc.name;
          g.why = "neither the launch nor --desc gives it, and its shape arguments are not bound";
          g.next = "give --desc " + desc.name + "=D0xD1 (the tensor's shape, outermost dimension first), or a launch "
                   "record (tscope record) that lists " + desc.name;
        }
      });
      return;
    }
    std::vector<int64_t> c;
    for (size_t i = 0; i < r.coords.size(); ++i) {
      interp::Scalar s = p.value(r.coords[i]);
      if (!s.isKnown()) {
        noteGap(Gap::Coordinate, op, desc.name, pid, [&](GapGroup &g) {
          UnknownWords w = unknownWords(m_, k_, s);
          g.what = "coordinate " + std::to_string(i) + " (" + kernel::indexExpr(k_, r.coords[i]).text + ")";
          g.why = w.why;
          g.next = w.next;
        });
        return;
      }
      c.push_back(s.sext());
    }
    ++evaluated;
    const std::vector<int64_t> &shape = desc.shape;
    bool neg = false, past = false, partial = false;
    for (size_t i = 0; i < c.size(); ++i) {
      int64_t B = bt->shape[i], D = shape[i];
      if (c[i] < 0)
        neg = true;
      else if (c[i] >= D)
        past = true;
      else if (c[i] + B > D)
        partial = true;
    }
    if (!neg && !past && !partial)
      return;
    TileClass cls = neg ? TileClass::Negative : past ? TileClass::PastEnd : TileClass::PartialEdge;
    Group &g = groups[{&op, cls}];
    if (g.count == 0) {
      g.cls = cls;
      g.op = &op;
      g.shape = shape;
      g.block = bt->shape;
      g.minC = g.maxC = c;
      g.desc = desc.name;
    }
    for (size_t i = 0; i < c.size(); ++i) {
      g.minC[i] = std::min(g.minC[i], c[i]);
      g.maxC[i] = std::max(g.maxC[i], c[i]);
    }
    for (int a = 0; a < 3; ++a) {
      g.minPid[a] = std::min(g.minPid[a], pid[a]);
      g.maxPid[a] = std::max(g.maxPid[a], pid[a]);
    }
    g.pids.insert(pid[0] + launch_.grid[0] * (pid[1] + launch_.grid[1] * pid[2]));
    ++g.count;
  }

  const ir::Module &m_;
  const kernel::Kernel &k_;
  const TmaLaunch &launch_;
  DescriptorArgs descArgs_;
  /// Device-side descriptors: shape values captured when made.
  std::map<const ir::Value *, std::vector<int64_t>> deviceShapes_;
  /// Device-side descriptors made with a shape value that was unknown.
  std::map<const ir::Value *, interp::Scalar> deviceUnknown_;
  interp::Dim3 lastPid_{-1, -1, -1};
  std::vector<std::pair<uint32_t, int64_t>> lastLoops_;
};

const char *const kAxes[3] = {"pid_x", "pid_y", "pid_z"};

/// Program ranges: the bounding box, and whether the set fills it.
std::string programRanges(const Group &g, const std::array<int64_t, 3> &grid) {
  std::string pr;
  int64_t box = 1;
  for (int a = 0; a < 3; ++a) {
    if (grid[a] <= 1)
      continue;
    box *= g.maxPid[a] - g.minPid[a] + 1;
    pr += (pr.empty() ? "" : ", ") + std::string(kAxes[a]) + " " + std::to_string(g.minPid[a]) +
          (g.maxPid[a] != g.minPid[a] ? ".." + std::to_string(g.maxPid[a]) : "");
  }
  if (pr.empty())
    pr = "pid 0";
  pr += " (" + std::to_string(g.pids.size()) + " program" + (g.pids.size() == 1 ? "" : "s") +
        (static_cast<int64_t>(g.pids.size()) < box ? ", not every program in that box" : "") + ")";
  return pr;
}

/// The launch arithmetic behind each offending dimension.
std::string launchArithmetic(const ir::Module &m, const kernel::Kernel &k, const Group &g,
                             const std::array<int64_t, 3> &grid) {
  dialect::OperandRoles r = dialect::operandRoles(m, g.op);
  std::string ex;
  for (size_t i = 0; i < g.block.size() && i < r.coords.size(); ++i) {
    int64_t B = g.block[i], D = g.shape[i];
    bool bad = g.cls == TileClass::Negative  ? g.minC[i] < 0
               : g.cls == TileClass::PastEnd ? g.maxC[i] >= D
                                             : g.maxC[i] + B > D;
    if (!bad)
      continue;
    std::string formula = kernel::indexExpr(k, r.coords[i]).text;
    std::string part = "dim " + std::to_string(i) + " coordinate " + formula;
    if (g.cls == TileClass::Negative) {
      // What the H200 did (docs/Tma.md), not a rule.
      OpKind kind = dialect::kindOf(g.op);
      const char *measured =
          kind == OpKind::TmaStore || kind == OpKind::DescriptorStore
              ? "measured on an H200, TMA stores starting 1 to 1048576 rows before a 1024-row tensor trapped "
                "with an illegal-instruction error (cudaErrorIllegalInstruction)"
          : kind == OpKind::TmaReduce || kind == OpKind::DescriptorReduce
              ? "not measured for TMA reductions; on an H200, TMA stores starting 1 to 1048576 rows before a "
                "1024-row tensor trapped with an illegal-instruction error (cudaErrorIllegalInstruction)"
              : "measured on an H200, TMA loads starting 16 to 2147483616 rows before a 1024-row tensor did not "
                "trap: those rows read as zero and the tile the program uses is shifted";
      part += " is " + std::to_string(g.minC[i]) + ", " + std::to_string(-g.minC[i]) +
              " rows/columns before the tensor; " + measured;
    } else {
      int64_t tiles = (D + B - 1) / B;
      part += " reaches " + std::to_string(g.maxC[i]) + " (tile " + std::to_string(B) + ") on a dimension of " +
              std::to_string(D) + "; cdiv(" + std::to_string(D) + ", " + std::to_string(B) +
              ") = " + std::to_string(tiles) + " tiles cover it";
      for (int a = 0; a < 3; ++a)
        if (formula.find(kAxes[a]) != std::string::npos)
          part += ", the grid has " + std::to_string(grid[a]) + " programs along " +
                  std::string(1, static_cast<char>('x' + a));
      if (g.cls == TileClass::PartialEdge)
        part += "; the edge tile is partly outside (zero-filled / clipped, usually intended)";
    }
    ex += (ex.empty() ? "" : "; ") + part;
  }
  return ex;
}

TmaTileGroup rowOf(const ir::Module &m, const kernel::Kernel &k, const Group &g, const std::array<int64_t, 3> &grid) {
  TmaTileGroup f;
  f.cls = g.cls;
  f.op = g.op;
  f.opName = std::string(g.op->opName());
  f.descName = g.desc;
  f.where = kernel::pointOf(k, g.op);
  f.shape = g.shape;
  f.block = g.block;
  f.minCoord = g.minC;
  f.maxCoord = g.maxC;
  f.count = g.count;
  f.programs = programRanges(g, grid);
  f.explanation = launchArithmetic(m, k, g, grid);
  return f;
}

/// "N copies in P programs", singular where it is one.
std::string copiesIn(uint64_t copies, size_t programs) {
  return std::to_string(copies) + (copies == 1 ? " copy" : " copies") + " in " + std::to_string(programs) +
         (programs == 1 ? " program" : " programs");
}

/// The part of a sweep that stopped before its end: the op it stopped at,
/// in how many programs, why, and what to give.
TmaUnverified stoppedAt(const ir::Module &m, const kernel::Kernel &k, const interp::SweepSummary &s,
                        const std::string &where) {
  const interp::StepResult &r = *s.firstUnknown;
  TmaUnverified u;
  u.op = r.op;
  u.where = kernel::pointOf(k, r.op);
  u.subject = "the TMA copies of " + where;
  u.count = s.unknownPrograms;
  std::string what;
  switch (r.cause) {
  case interp::StepResult::Cause::LowerBound:
    what = "the loop's lower bound";
    break;
  case interp::StepResult::Cause::UpperBound:
    what = "the loop's upper bound";
    break;
  case interp::StepResult::Cause::Step:
    what = "the loop's step";
    break;
  case interp::StepResult::Cause::Condition:
    what = "the branch condition";
    break;
  default:
    break;
  }
  std::string why;
  if (!what.empty() && !r.value.isKnown()) {
    UnknownWords w = unknownWords(m, k, r.value);
    why = what + " is unknown: " + w.why;
    u.next = w.next;
  } else {
    why = interp::causeText(r.cause);
    if (r.cause == interp::StepResult::Cause::NonPositiveStep)
      why += " (" + r.value.str() + ")";
  }
  u.reason = "the replay stopped at " + std::string(r.op ? r.op->opName() : std::string_view("?")) + " in " +
             std::to_string(s.unknownPrograms) + " of " + std::to_string(s.programs) + " programs: " + why +
             "; the copies after it in those programs were not checked";
  return u;
}

TmaKernelResult checkKernel(const ir::Module &m, const kernel::Kernel &k, const TmaLaunch &launch) {
  auto t0 = std::chrono::steady_clock::now();
  TmaKernelResult res;
  res.kernel = k.name;
  res.origin = launch.origin;
  res.grid = launch.grid;
  interp::Program prog(m, *k.func);
  interp::Bindings b = launch.bindings;
  b.numPrograms = launch.grid;
  TileSweep sweep(m, k, launch, bindDescriptorArgs(m, k, launch, b, prog));
  interp::EventSet events = prog.select([&](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    return isTmaOp(kind) || kind == OpKind::MakeTensorDescriptor || op.is("ttng.tensormap_create");
  });
  k.walk([&](const ir::Operation *op, const kernel::Placement &) { res.copyOps += isTmaOp(dialect::kindOf(op)); });
  for (const ir::Region *region : tmaRegions(k)) {
    std::vector<std::string> errors;
    interp::SweepSummary s = interp::sweepGrid(
        prog, b, region, events,
        [&](const interp::Process &p, const ir::Operation &op, const interp::Dim3 &pid) {
          return sweep.visit(p, op, pid);
        },
        &errors);
    if (s.unknownPrograms && s.firstUnknown && s.firstUnknown->op) {
      std::string where = "kernel " + k.name;
      if (region && region->first && region->first->first)
        where = k.partitionName(k.placementOf(region->first->first)) + " of kernel " + k.name;
      res.unverified.push_back(stoppedAt(m, k, s, where));
    }
  }
  res.programs = static_cast<uint64_t>(launch.grid[0] * launch.grid[1] * launch.grid[2]);
  res.evaluated = sweep.evaluated;
  res.predicatedOff = sweep.predicatedOff;
  res.iterations = sweep.iterations;
  for (const auto &[key, g] : sweep.gaps) {
    TmaUnverified u;
    u.op = g.op;
    u.where = kernel::pointOf(k, g.op);
    u.subject = std::string(g.op->opName()) + (g.desc.empty() ? "" : " " + g.desc);
    u.reason = g.what + " is unknown for " + copiesIn(g.count, g.pids.size()) + ": " + g.why;
    u.next = g.next;
    u.count = g.count;
    res.unverified.push_back(std::move(u));
  }
  std::sort(res.unverified.begin(), res.unverified.end(), [](const TmaUnverified &x, const TmaUnverified &y) {
    return x.where.irLine < y.where.irLine;
  });
  for (const auto &[key, g] : sweep.groups)
    res.groups.push_back(rowOf(m, k, g, launch.grid));
  std::sort(res.groups.begin(), res.groups.end(), [](const TmaTileGroup &x, const TmaTileGroup &y) {
    return std::tie(x.cls, x.where.irLine) < std::tie(y.cls, y.where.irLine);
  });
  res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

} // namespace

std::vector<TmaKernelResult> checkTmaBounds(const ir::Module &m, const TmaLaunch &launch) {
  return checkTmaBounds(m, kernel::Kernel::build(m), launch);
}

std::vector<TmaKernelResult> checkTmaBounds(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                            const TmaLaunch &launch) {
  std::vector<TmaKernelResult> out;
  for (const kernel::Kernel &k : kernels)
    if (launch.kernel.empty() || k.name == launch.kernel)
      out.push_back(checkKernel(m, k, launch));
  return out;
}

} // namespace tscope::checks
