// ThreadGraph: the control flow of each thread of a kernel over structured
// scf control flow — the warps that run the code outside warp_specialize and
// its default region, and each worker partition — as successor edges between
// ops.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "kernel/Kernel.h"

namespace tscope::checks::fences {

/// How control moves along an edge (to describe paths).
enum class EdgeKind : uint8_t {
  Next,        // the next op of the block
  EnterLoop,   // into the body of an scf.for / scf.while
  BackEdge,    // from the end of a loop body to its start
  SkipLoop,    // past an scf.for that runs zero times
  ExitLoop,    // out of a loop after its last trip
  EnterBranch, // into a region of an scf.if (or another region op)
  SkipBranch,  // past an scf.if without else
  LeaveBranch, // out of a region of an scf.if
  Fork,        // from a warp_specialize into its default region
  Join,        // out of the default region
  End,         // to the thread's end node
};

/// One successor edge.
struct Edge {
  uint32_t to = 0;
  EdgeKind kind = EdgeKind::Next;
  const ir::Operation *construct = nullptr; // the scf.for / scf.if / warp_specialize involved
  uint32_t region = 0;                      // EnterBranch: which region (0 = then)
};

/// One thread of execution: a sequential stream of ops.
struct Thread {
  std::string name;      // "main" (outside + default regions), "partition0", ...
  int partition = kernel::kDefault;
  const ir::Region *region = nullptr; // function body or worker region
  uint32_t entry = 0;    // node of its first op (or its end node when empty)
  uint32_t end = 0;      // its end node
};

/// A warp_specialize as seen by the threads: the fork in the parent thread,
/// the join at the end of the default region, the worker threads.
struct Fork {
  const ir::Operation *op = nullptr;
  uint32_t forkNode = 0;                // the warp_specialize op
  std::optional<uint32_t> joinNode;     // the default region's terminator
  std::vector<uint32_t> workers;        // thread indices
};

/// The successor graph of one function: a node per op, then an end node per thread.
class ThreadGraph {
public:
  /// Builds the graph (explicit worklists; bounded on malformed nesting).
  explicit ThreadGraph(const kernel::Kernel &k);
  /// Number of nodes.
  uint32_t size() const { return static_cast<uint32_t>(ops_.size()); }
  /// The op of a node; null for end nodes.
  const ir::Operation *op(uint32_t n) const { return ops_[n]; }
  /// The node of an op.
  std::optional<uint32_t> node(const ir::Operation *op) const;
  /// The successor edges of a node.
  const std::vector<Edge> &successors(uint32_t n) const { return succ_[n]; }
  /// The thread of a node, or -1 when no thread reaches it.
  int threadOf(uint32_t n) const { return thread_[n]; }
  /// The threads: the first is the main thread.
  const std::vector<Thread> &threads() const { return threads_; }
  /// The warp_specialize forks.
  const std::vector<Fork> &forks() const { return forks_; }
  /// The edge from `a` to `b`, or null.
  const Edge *edge(uint32_t a, uint32_t b) const;
  /// A shortest path from `from` to `to` (both included) whose inner nodes
  /// are not `blocked`; `from == to` asks for a cycle. Empty when none.
  std::vector<uint32_t> findPath(uint32_t from, uint32_t to,
                                 const std::function<bool(uint32_t)> &blocked) const;

private:
  struct Step {
    const ir::Region *region = nullptr;
    const ir::Operation *after = nullptr;
    bool enter = false;
    EdgeKind kind = EdgeKind::Next;
    const ir::Operation *construct = nullptr;
    uint32_t regionIndex = 0;
  };
  void follow(Step start, std::vector<Edge> &out) const;
  void build(const kernel::Kernel &k);

  std::vector<const ir::Operation *> ops_;
  std::unordered_map<const ir::Operation *, uint32_t> index_;
  std::vector<std::vector<Edge>> succ_;
  std::vector<int> thread_;
  std::vector<Thread> threads_;
  std::vector<Fork> forks_;
  std::unordered_map<const ir::Region *, uint32_t> endOf_; // thread regions -> end node
  std::unordered_map<const ir::Operation *, const kernel::WarpSpecialize *> wsOf_;
};

} // namespace tscope::checks::fences
