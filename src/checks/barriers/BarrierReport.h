// BarrierReport: the barrier audit of a warp-specialized kernel as data —
// partitions and roles, the barrier dependency graph, slot/phase formulas,
// the shared data map and the SSA alias map. Renderers print it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "kernel/IndexExpr.h"
#include "kernel/Kernel.h"
#include "kernel/SourcePoint.h"

namespace tscope::checks {

using kernel::pointOf;
using kernel::SourcePoint;

/// One partition row of the summary.
struct PartitionRow {
  std::string name;
  int id = kernel::kDefault;
  std::string role;
  int warps = 0;
  std::optional<int> requestedRegisters, actualRegisters;
  std::vector<std::pair<std::string, int>> keyOps; // kind name, count
};

/// One barrier operation (arrive side or wait side).
struct BarrierEvent {
  const ir::Operation *op = nullptr;
  std::string partition;
  std::string mechanism; // "tma-tx", "arrive", "expect-tx", "tcgen05-mma", ...
  bool isWait = false;
  std::string slot;      // normalised slot formula ("" for single barriers)
  std::string slotRaw;
  std::string phase;     // waits: normalised parity formula
  std::string phaseRaw;
  bool phaseFlipped = false; // waits: the parity xors a phase with 1 (`p ^ 1`)
  std::string pred;      // predicate formula, "" when always
  std::optional<int64_t> count; // arrive count
  std::optional<int64_t> bytes; // expect-tx bytes
  SourcePoint where;
  std::vector<std::string> pairedWith; // waits: the arrives that can complete the phase
};

/// A barrier allocation and everything done to it.
struct BarrierGroup {
  std::string name;
  std::string kind; // "mbarrier", "named", "aref", "nvws-token"
  int64_t slots = 1;
  std::optional<int64_t> initCount;
  std::vector<BarrierEvent> events;
  std::vector<std::string> protects; // buffers whose hand-off it orders
  std::string parity; // "equal", "opposite" or "" for waits on one barrier
  SourcePoint where;
};

/// One edge of the dependency graph.
struct BarrierEdge {
  std::string from, to; // partitions
  std::string barrier;
  std::string mechanism;
  std::vector<std::string> data;
  bool backward = false; // releases a slot for the next iteration
  bool sameMemoryPhase = false;
};

/// One buffer group of the shared data map.
struct DataRow {
  std::string name;
  std::string storage; // "smem" / "tmem"
  std::string type;
  std::optional<uint64_t> bytes;
  std::optional<int64_t> bufferId, bufferOffset;
  std::vector<std::string> writers, readers;
  std::vector<std::string> barriers;
  std::vector<std::string> notes;
};

/// One use of an allocation.
struct AliasUse {
  std::string value;
  std::string how; // derivation
  std::string op;
  std::string partition;
  SourcePoint where;
};

/// The alias map entry of one allocation.
struct AliasEntry {
  std::string name;
  std::string allocation; // op name
  SourcePoint where;
  std::vector<AliasUse> uses;
};

/// One line of a focused timeline.
struct TimelineRow {
  std::string partition;
  std::string stage; // "prologue", "steady", "epilogue"
  std::string op;
  std::string detail;
  SourcePoint where;
};

/// One access of tensor-memory columns in the TMEM sections.
struct TmemAccess {
  const ir::Operation *op = nullptr;
  std::string partition;
  std::string what;   // "tmem_load", "tcgen05_mma operand A", "tcgen05_mma use_acc=false", ...
  std::string buffer; // the logical buffer (owner or packed sibling) accessed
  SourcePoint where;
  uint32_t col = 0; // IR column of the op
};

/// A logical buffer inside an owner's columns.
struct TmemSibling {
  std::string name;
  int64_t begin = 0, end = 0; // [begin, end) columns of the owner
  bool known = false;         // false: placed nowhere exactly (whole span assumed)
  std::string how;            // "buffer.offset 64", "tmem_subslice N=64", "reinterpret as ..."
  SourcePoint where;
};

/// A read of columns that a later full-overwrite MMA clobbers: the back-edge.
struct TmemOrderRow {
  std::string sibling; // the buffer read
  TmemAccess reader, writer;
  bool ordered = false;
  bool beforePartitioning = false; // partitions from attributes: no barriers yet
  std::string barrier;  // the barrier that orders it ("" when none)
  std::string how;      // evidence, or what is missing
};

/// One column-packed TMEM owner.
struct TmemPackRow {
  std::string owner;
  int64_t columns = 0;
  std::optional<int64_t> bufferId;
  SourcePoint where;
  std::vector<TmemSibling> siblings;    // the owner itself first
  std::vector<TmemAccess> overwriters; // full-overwrite MMA writers
  std::vector<TmemOrderRow> orders;
  /// Why the back-edges were not checked (an access in a loop built from
  /// branches), or empty.
  std::string notVerified;
};

/// How one MMA accumulator's initial value is covered.
struct AccumulatorInitRow {
  std::string accumulator;
  TmemAccess mma;
  std::string loop;   // "K loop IR 145 in tile loop IR 141", "loop IR 139", "no loop"
  std::string useAcc; // "false", "true", "false on the first K step", "unknown (%x)"
  std::vector<TmemAccess> zeroStores;
  std::string verdict; // "ok", "redundant", "unknown"
  std::string reason;
};

/// The report for one kernel.
struct KernelBarrierReport {
  std::string kernel;
  std::string target;
  int numWarps = 0;
  bool warpSpecialized = false;
  std::vector<PartitionRow> partitions;
  std::vector<BarrierGroup> barriers;
  std::vector<BarrierEdge> edges;
  std::vector<DataRow> data;
  std::vector<AliasEntry> aliases;
  std::vector<TimelineRow> timeline; // with --focus
  std::vector<TmemPackRow> tmemPacking;             // column-packed TMEM owners
  std::vector<AccumulatorInitRow> accumulatorInit; // operand-D init per MMA
  std::string focus;
  size_t barrierOps = 0, attributedBarrierOps = 0;
};

/// Builds the report of every kernel of a module; `focus` (a buffer or
/// barrier name, or a buffer.id number) restricts the maps and adds the
/// timeline.
std::vector<KernelBarrierReport> buildBarrierReport(const ir::Module &m,
                                                    const std::string &focus = {});
/// One kernel's report; with `autoFocus` and no `focus`, focused on the first
/// shared buffer that barriers guard (the HTML report's default view).
KernelBarrierReport buildKernelBarrierReport(const ir::Module &m, const kernel::Kernel &k,
                                             const std::string &focus = {}, bool autoFocus = false);
/// The same over kernels already built from `m` (facts built once per file).
std::vector<KernelBarrierReport> buildBarrierReport(const ir::Module &m, const std::vector<kernel::Kernel> &kernels,
                                                    const std::string &focus = {});

/// Adds the column-packed TMEM table and the operand-D init rows to `rep`
/// (called by buildBarrierReport once the barrier groups are paired).
void addTmemSections(const kernel::Kernel &k, KernelBarrierReport &rep);

/// The ✗ rows of the TMEM sections as findings: a missing back-edge is an
/// error (`tmem-packed-order`), a redundant cross-partition zero-store a
/// warning (`tmem-redundant-init`).
/// Locations come from the ops' byte offsets in `buf`.
std::vector<Finding> tmemFindings(const KernelBarrierReport &rep, const support::SourceBuffer &buf);

/// One row of `--compare`: a wait's slot/phase in the old and the new IR.
struct CompareRow {
  std::string kernel, barrier, partition;
  std::string oldWaits, newWaits;
  bool changed = false;
};

/// Compares the waits per barrier and partition of two reports.
std::vector<CompareRow> compareReports(const std::vector<KernelBarrierReport> &oldR,
                                       const std::vector<KernelBarrierReport> &newR);

} // namespace tscope::checks
