// TmaBounds: one interpreter sweep per region that holds TMA ops (the
// function body, or a warp_specialize partition), stopping at each TMA op to
// read its coordinates. TMA semantics (CUDA Programming Guide, "Tensor Memory
// Access"; PTX ISA cp.async.bulk.tensor): a box may start or reach outside the
// tensor; out-of-bound elements are zero-filled on loads and not written on
// stores. Negative starts are allowed by the hardware, so they are launcher
// bugs that silently shift data rather than faults.
#include "checks/tma/TmaBounds.h"

#include <algorithm>
#include <chrono>
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

/// Binds the expanded shape arguments of each host descriptor from the
/// launch's descriptor shapes and returns the descriptor arguments by name.
/// Host descriptors arrive as the descriptor plus its shape and strides
/// (`%x_desc, %x_desc_0.._k`).
std::map<const ir::Value *, std::string> bindDescriptorArgs(const ir::Module &m, const kernel::Kernel &k,
                                                            const TmaLaunch &launch, interp::Bindings &b) {
  const ir::Block *entry = k.func->firstRegion->first;
  std::map<const ir::Value *, std::string> descArgs;
  for (uint32_t i = 0; entry && i < entry->numArgs; ++i) {
    const ir::Value *a = &entry->args[i];
    std::string_view t = dialect::typeText(m, a);
    if (t.substr(0, 14) != "!tt.tensordesc")
      continue;
    std::string name(m.str(a->name).substr(1));
    descArgs[a] = name;
    auto it = launch.descShapes.find(name);
    if (it == launch.descShapes.end())
      continue;
    for (size_t d = 0; d < it->second.size(); ++d) {
      std::string argName = "%" + name + "_" + std::to_string(d);
      bool present = false;
      for (uint32_t j = 0; j < entry->numArgs; ++j)
        present |= m.str(entry->args[j].name) == argName;
      // Triton numbers the expanded arguments across the whole signature
      // (%b_desc_4 ...), so match by position after the descriptor.
      if (!present && i + 1 + d < entry->numArgs)
        argName = std::string(m.str(entry->args[i + 1 + d].name));
      bool already = false;
      for (const auto &ba : b.args)
        already |= ba.name == argName;
      if (!already && i + 1 + d < entry->numArgs && dialect::typeText(m, &entry->args[i + 1 + d]) == "i32")
        b.set(argName, it->second[d]);
    }
  }
  return descArgs;
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

/// One kernel's sweep: what each stop at a TMA op (or a device-side
/// descriptor) reads, and the groups of out-of-bounds tiles it collects.
class TileSweep {
public:
  TileSweep(const ir::Module &m, const kernel::Kernel &k, const TmaLaunch &launch,
            std::map<const ir::Value *, std::string> descArgs)
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
    ++evaluated;
    checkTile(p, op, pid);
    return true;
  }

  std::map<std::pair<const ir::Operation *, TileClass>, Group> groups;
  std::string unknown; ///< why the first coordinates could not be evaluated
  uint64_t evaluated = 0;

private:
  /// %ptr, %base, [box...], [global dims, innermost first], [strides], [elem strides]
  void captureTensormap(const interp::Process &p, const ir::Operation &op) {
    size_t rank = (op.numOperands - 1) / 4;
    std::vector<int64_t> shape;
    for (size_t i = 0; i < rank; ++i) {
      interp::Scalar s = p.value(op.operands[2 + rank + i]);
      if (!s.isKnown())
        return;
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
      if (!s.isKnown())
        return;
      shape.push_back(s.sext());
    }
    deviceShapes_[op.result(0)] = shape;
  }

  /// The descriptor a TMA op reads (through captures and reinterprets), its
  /// name and the tensor shape it describes (empty when unknown).
  std::pair<std::string, std::vector<int64_t>> descriptorOf(const ir::Value *d) const {
    for (int i = 0; i < 8 && d && d->kind == ir::Value::BlockArgument; ++i) {
      const ir::Value *cap = k_.captureOf(d);
      if (!cap)
        break;
      d = cap;
    }
    if (d && d->definingOp() && d->definingOp()->is("ttng.reinterpret_tensor_descriptor") &&
        d->definingOp()->numOperands)
      d = d->definingOp()->operands[0]; // the tensormap written by tensormap_create
    if (auto it = descArgs_.find(d); it != descArgs_.end()) {
      auto s = launch_.descShapes.find(it->second);
      return {it->second, s != launch_.descShapes.end() ? s->second : std::vector<int64_t>{}};
    }
    if (auto it2 = deviceShapes_.find(d); it2 != deviceShapes_.end())
      return {"device descriptor (IR line " + std::to_string(d->definingOp()->line) + ")", it2->second};
    return {};
  }

  void noteUnknown(const ir::Operation &op, const std::string &why) {
    if (unknown.empty())
      unknown = std::string(op.opName()) + " at IR line " + std::to_string(op.line) + ": " + why;
  }

  void checkTile(const interp::Process &p, const ir::Operation &op, const interp::Dim3 &pid) {
    dialect::OperandRoles r = dialect::operandRoles(m_, &op);
    auto [descName, shape] = descriptorOf(r.desc);
    auto bt = dialect::parseTensor(dialect::typeText(m_, r.desc));
    if (shape.empty() || !bt || bt->shape.size() != r.coords.size() || shape.size() != r.coords.size()) {
      noteUnknown(op, "no shape for descriptor " + (descName.empty() ? std::string("?") : descName) +
                          " (pass --desc NAME=D0xD1 or a --launch record)");
      return;
    }
    std::vector<int64_t> c;
    for (const ir::Value *cv : r.coords) {
      interp::Scalar s = p.value(cv);
      if (!s.isKnown()) {
        noteUnknown(op, "coordinate unknown: " + s.describe(m_));
        return;
      }
      c.push_back(s.sext());
    }
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
      g.desc = descName;
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
  std::map<const ir::Value *, std::string> descArgs_;
  /// Device-side descriptors: shape values captured when made.
  std::map<const ir::Value *, std::vector<int64_t>> deviceShapes_;
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
      part += " is " + std::to_string(g.minC[i]) + ": " + std::to_string(-g.minC[i]) +
              " rows/columns before the tensor read as zero and the tile is shifted by " +
              std::to_string(g.minC[i]) +
              " (TMA does not trap on this; on the H200 the data came back silently shifted)";
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

TmaKernelResult checkKernel(const ir::Module &m, const kernel::Kernel &k, const TmaLaunch &launch) {
  auto t0 = std::chrono::steady_clock::now();
  TmaKernelResult res;
  res.kernel = k.name;
  res.origin = launch.origin;
  res.grid = launch.grid;
  interp::Program prog(m, *k.func);
  interp::Bindings b = launch.bindings;
  b.numPrograms = launch.grid;
  TileSweep sweep(m, k, launch, bindDescriptorArgs(m, k, launch, b));
  interp::EventSet events = prog.select([&](const ir::Operation &op) {
    OpKind kind = dialect::kindOf(&op);
    return isTmaOp(kind) || kind == OpKind::MakeTensorDescriptor || op.is("ttng.tensormap_create");
  });
  for (const ir::Region *region : tmaRegions(k)) {
    std::vector<std::string> errors;
    interp::sweepGrid(
        prog, b, region, events,
        [&](const interp::Process &p, const ir::Operation &op, const interp::Dim3 &pid) {
          return sweep.visit(p, op, pid);
        },
        &errors);
  }
  res.programs = static_cast<uint64_t>(launch.grid[0] * launch.grid[1] * launch.grid[2]);
  res.evaluated = sweep.evaluated;
  res.unknown = sweep.unknown;
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
