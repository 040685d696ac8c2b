// Kernel: the facts every check needs about one tt.func — its warp_specialize
// partitions, where each op runs, the allocations (buffers and barriers) and
// the alias roots of every memdesc value, and source names.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "ir/Location.h"
#include "ir/Module.h"

namespace tscope::kernel {

/// Partition ids: kDefault for the default region, 0.. for partitionN,
/// kOutside for code outside every warp_specialize.
constexpr int kDefault = -1;
constexpr int kOutside = -2;

/// One partition of a warp_specialize.
struct Partition {
  int id = kDefault;
  std::string name; // "default", "partition0", ...
  const ir::Region *region = nullptr;
  int numWarps = 0; // 0 when unknown
  std::optional<int> requestedRegisters;
  std::optional<int> actualRegisters;
  bool fromAttribute = false; // membership from async_task_id / ttg.partition
};

/// A `ttg.warp_specialize` (or, before code partitioning, the partitions
/// named by op attributes).
struct WarpSpecialize {
  const ir::Operation *op = nullptr; // null for attribute-only partitioning
  std::vector<Partition> partitions; // default first
  std::vector<const ir::Value *> captures;
  /// `actualRegisters` as written (default group first, then partitions and
  /// any padding groups AllocateWarpGroups added); empty before that pass.
  std::vector<int> actualRegisters;
  /// The partition with `id`, or null.
  const Partition *find(int id) const;
};

/// What an allocation is.
enum class AllocKind { Shared, Tensor, Aref, Token, FunctionArgument };

/// A buffer or barrier allocation: the root every alias leads back to.
struct Allocation {
  uint32_t id = 0;
  AllocKind kind = AllocKind::Shared;
  const ir::Operation *op = nullptr; // null for function arguments
  const ir::Value *value = nullptr;
  std::string name;
  std::optional<dialect::MemDescType> type;
  bool isBarrier = false;
  std::optional<int64_t> bufferId;     // `buffer.id`
  std::optional<int64_t> bufferOffset; // `buffer.offset` (column-packed TMEM)
  std::optional<int64_t> allocationOffset; // `allocation.offset` (after allocation)
  /// Slots of a multi-buffered allocation (leading dim of Nx... barriers and rings).
  int64_t slots() const;
};

/// The tensor-memory columns a memdesc value covers, in the column space of
/// the allocation that owns them: a Meta-fork packed sibling (`buffer.offset`
/// under the `buffer.id` owner) or a Gluon view (`tmem_subslice`,
/// `memdesc_reinterpret`, `memdesc_index`) of an `allocate_tensor_memory`.
struct TmemColumns {
  const Allocation *owner = nullptr; // the allocation whose columns these are
  const Allocation *alloc = nullptr; // the allocation the value derives from
  int64_t begin = 0, end = 0;        // [begin, end) columns of the owner
  bool known = false;                // false: the range is the owner's whole span
  std::string how;                   // "buffer.offset 64", "tmem_subslice N=64", ...
  bool anySlot = false;              // a dynamic memdesc_index: every slot of the ring
  const ir::Operation *view = nullptr; // the view nearest the allocation, if any
};

/// Columns of one TMEM memdesc type: N x (element bits x colStride) / 32 per
/// 2-D tile, times the leading slots (ttng getTmemAllocSizes); nullopt when
/// the shape or element type is unknown.
std::optional<int64_t> tmemColumnCount(const ir::Module &m, const ir::Chunk &chunk,
                                       const dialect::MemDescType &t);

/// Where an op runs.
struct Placement {
  const WarpSpecialize *ws = nullptr;
  int partition = kOutside;
};

/// The facts of one function.
class Kernel {
public:
  /// Kernels move and never copy: placements and facts point into the
  /// kernel's own containers (a copy would point into the original's).
  Kernel() = default;
  Kernel(const Kernel &) = delete;
  Kernel &operator=(const Kernel &) = delete;
  Kernel(Kernel &&) noexcept = default;
  Kernel &operator=(Kernel &&) noexcept = default;
  /// One Kernel per function with a body, in file order.
  static std::vector<Kernel> build(const ir::Module &m);
  /// How many times build() ran in this process (`tscope check --timing`
  /// shows it: the facts of a file are built once).
  static size_t buildCount();

  const ir::Module *module = nullptr;
  const ir::Chunk *chunk = nullptr;
  const ir::Operation *func = nullptr;
  std::string name;
  /// False for a `private` function: a device function a kernel calls
  /// (Triton's source-level dumps keep them before inlining), not a launch
  /// entry; its barriers come from its arguments, so the model checks leave
  /// it to the calling kernel (whose tt.call makes it not verified).
  bool entry = true;
  int moduleWarps = 0;
  int numCtas = 1;
  int maxnreg = 0;    // the module's `ttg.maxnreg`, 0 when not set
  std::string target; // "cuda:90"
  std::vector<WarpSpecialize> warpSpecializes;
  std::vector<Allocation> allocations;

  /// Where `op` runs.
  Placement placementOf(const ir::Operation *op) const;
  /// The allocations a value can refer to (through views, captures, loop
  /// carries and yields), sorted by id. Worked out once per value (the
  /// model checkers ask at every step) and kept: the reference stays valid
  /// as long as the Kernel.
  const std::vector<const Allocation *> &rootsOf(const ir::Value *v) const;
  /// How `v` derives from its roots, e.g. "%8 = memdesc_index %ready[%slot]".
  std::string derivation(const ir::Value *v) const;
  /// The allocation defined by `v` itself, or null.
  const Allocation *allocationOf(const ir::Value *v) const;
  /// The TMEM columns `v` covers (through views, partition captures and loop
  /// carries with a single source); owner null for a non-TMEM value. Worked
  /// out once per value and kept, as rootsOf.
  const TmemColumns &tmemColumnsOf(const ir::Value *v) const;
  /// The `buffer.id` owner of a packed TMEM allocation (the member without
  /// `buffer.offset`), or `a` itself.
  const Allocation *packingOwner(const Allocation *a) const;
  /// A readable name: NameLoc or SSA name, partition args shown by capture.
  std::string valueName(const ir::Value *v) const;
  /// The Python file:line behind an op.
  ir::ResolvedLoc sourceOf(const ir::Operation *op) const;
  /// 1-based IR line of an op.
  uint32_t irLine(const ir::Operation *op) const { return op->line; }
  /// Visits every op of the function body in IR order (pre-order).
  void walk(const std::function<void(const ir::Operation *, const Placement &)> &fn) const;
  /// The partition's display name ("default", "partition0", "outside");
  /// in a function with several ttg.warp_specialize ops the name says
  /// which one by its IR line ("ws97.partition0", as the fence report).
  std::string partitionName(const Placement &p) const;
  /// The entry of warpSpecializes for the ttg.warp_specialize `op`, or null.
  const WarpSpecialize *warpSpecializeOf(const ir::Operation *op) const;
  /// Number of ttg.warp_specialize ops in the function (attribute-only
  /// partitioning not counted).
  size_t warpSpecializeOps() const;
  /// The capture of the warp_specialize that a partition block argument
  /// stands for, or null.
  const ir::Value *captureOf(const ir::Value *blockArg) const;

private:
  /// Facts derived per value on first use (rootsOf, tmemColumnsOf). A
  /// moved Kernel starts with an empty one (a mutex does not move; the
  /// facts are worked out again on demand). The mutex keeps a const Kernel
  /// safe to read from several threads.
  struct Memo {
    Memo() = default;
    Memo(Memo &&) noexcept {}
    Memo &operator=(Memo &&) noexcept {
      roots.clear();
      tmem.clear();
      return *this;
    }
    /// The fact kept in `table` for `v`, worked out by `compute` on first
    /// use. `compute` runs without the lock (it may ask for other facts);
    /// when two threads race, the first to store wins and both return it.
    template <class T, class F>
    const T &get(std::unordered_map<const ir::Value *, T> &table, const ir::Value *v, F compute) {
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (auto it = table.find(v); it != table.end())
          return it->second;
      }
      T fact = compute();
      std::lock_guard<std::mutex> lock(mutex);
      return table.try_emplace(v, std::move(fact)).first->second;
    }
    std::mutex mutex;
    std::unordered_map<const ir::Value *, std::vector<const Allocation *>> roots;
    std::unordered_map<const ir::Value *, TmemColumns> tmem;
  };
  std::vector<const Allocation *> computeRoots(const ir::Value *v) const;
  TmemColumns computeTmemColumns(const ir::Value *v) const;
  mutable Memo memo_;
  void collect();
  std::vector<std::pair<const ir::Region *, Placement>> addWarpSpecialize(const ir::Operation *op);
  void addAttributePartitions();
  void collectAllocations();
  std::unordered_map<const ir::Operation *, Placement> placement_;
  std::unordered_map<const ir::Value *, uint32_t> allocByValue_;
};

/// The op of `op`'s chain (itself, then the ops holding it) that sits in a
/// block on a cycle of branches (a loop built from cf.br / cf.cond_br, as
/// convert-scf-to-cf writes loops), or null: the structural rules that look
/// for scf.for loops do not see such a loop.
const ir::Operation *inBranchLoop(const ir::Operation *op);

} // namespace tscope::kernel
