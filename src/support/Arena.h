// Arena: a bump allocator for IR nodes; everything is freed with the arena.
#pragma once

#include <cstddef>
#include <sys/mman.h>
#include <cstdlib>
#include <utility>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace tscope::support {

/// Bump allocator owning large slabs; objects must be trivially destructible.
class Arena {
public:
  Arena() = default;
  Arena(const Arena &) = delete;
  Arena &operator=(const Arena &) = delete;
  ~Arena() {
    for (auto [slab, size] : slabs_)
      ::munmap(slab, size);
  }

  /// Allocates `bytes` aligned to `align`.
  void *allocate(size_t bytes, size_t align) {
    size_t p = (cur_ + align - 1) & ~(align - 1);
    if (p + bytes > end_) {
      grow(bytes + align);
      p = (cur_ + align - 1) & ~(align - 1);
    }
    cur_ = p + bytes;
    return reinterpret_cast<void *>(p);
  }

  /// Constructs a T in the arena.
  template <typename T, typename... Args> T *make(Args &&...args) {
    static_assert(std::is_trivially_destructible_v<T>);
    return new (allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
  }

  /// Allocates an array of n value-initialised T.
  template <typename T> T *makeArray(size_t n) {
    static_assert(std::is_trivially_destructible_v<T>);
    if (n == 0)
      return nullptr;
    T *p = static_cast<T *>(allocate(sizeof(T) * n, alignof(T)));
    for (size_t i = 0; i < n; ++i)
      new (p + i) T();
    return p;
  }

  /// Makes the first slab at least `bytes` (before anything is allocated):
  /// address space only, so a generous guess costs nothing but the pages
  /// used, and one large slab spares the faults of growing through small ones.
  void firstSlab(size_t bytes) {
    if (slabs_.empty() && bytes > slabSize_)
      slabSize_ = bytes;
  }

  /// Takes over the slabs of `other` (filled on another thread): what lives
  /// there is freed with this arena. `other` is left empty.
  void adopt(Arena &&other) {
    // Nothing more is allocated there: the pages after the last object go
    // back (a huge page is otherwise resident whole, up to 2 MiB per arena).
    size_t tail = (other.cur_ + 4095) & ~size_t(4095);
    if (tail < other.end_)
      ::madvise(reinterpret_cast<void *>(tail), other.end_ - tail, MADV_DONTNEED);
    slabs_.insert(slabs_.end(), other.slabs_.begin(), other.slabs_.end());
    reserved_ += other.reserved_;
    other.slabs_.clear();
    other.reserved_ = 0;
    other.cur_ = other.end_ = 0;
  }

  /// Total bytes reserved in slabs.
  size_t bytesReserved() const { return reserved_; }

private:
  void grow(size_t atLeast) {
    constexpr size_t kMaxGrowth = size_t(16) << 20, kHuge = size_t(2) << 20;
    size_t size = slabSize_;
    slabSize_ = slabSize_ < kMaxGrowth ? slabSize_ * 2 : kMaxGrowth;
    if (size < atLeast)
      size = atLeast;
    // Page-aligned slabs straight from mmap; huge pages where the kernel
    // allows cut page faults, which dominate building a large IR.
    size = (size + 4095) & ~size_t(4095);
    // Large slabs start on a 2 MiB boundary so that huge pages can back all
    // of them; the unaligned head of the mapping is never touched.
    size_t pad = size >= kHuge ? kHuge : 0;
    void *map = ::mmap(nullptr, size + pad, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED)
      throw std::bad_alloc();
    slabs_.push_back({map, size + pad});
    char *slab = static_cast<char *>(map);
    if (pad) {
      slab = reinterpret_cast<char *>((reinterpret_cast<size_t>(map) + kHuge - 1) & ~(kHuge - 1));
      ::madvise(slab, size, MADV_HUGEPAGE);
    }
    reserved_ += size;
    cur_ = reinterpret_cast<size_t>(slab);
    end_ = cur_ + size;
  }
  std::vector<std::pair<void *, size_t>> slabs_;
  size_t cur_ = 0, end_ = 0;
  size_t slabSize_ = 64 << 10;
  size_t reserved_ = 0;
};

} // namespace tscope::support
