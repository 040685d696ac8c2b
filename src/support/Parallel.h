// Parallel: a parallel for over an index range on std::threads (no pool
// outlives the call); work is handed out in small chunks from an atomic counter.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace tscope::support {

/// Worker threads to use: `requested`, or every core when 0.
inline unsigned workerCount(unsigned requested) {
  if (requested)
    return requested;
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

/// Calls fn(i) for every i in [0, n) on up to `threads` threads.
template <typename Fn> void parallelFor(size_t n, unsigned threads, Fn &&fn, size_t chunk = 16) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>((n + chunk - 1) / chunk)));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i)
      fn(i);
    return;
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (;;) {
      size_t b = next.fetch_add(chunk);
      if (b >= n)
        return;
      size_t e = std::min(n, b + chunk);
      for (size_t i = b; i < e; ++i)
        fn(i);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back(work);
  work();
  for (std::thread &t : pool)
    t.join();
}

/// Faults in the pages of [p, p + bytes) (memory just allocated and about
/// to be written) on up to `threads` threads: a large vector's first writes
/// otherwise take a page fault per 4 KiB on the one thread that writes them.
/// Only a hint; does nothing where MADV_POPULATE_WRITE is missing.
inline void prefault(const void *p, size_t bytes, unsigned threads) {
#if defined(MADV_POPULATE_WRITE)
  constexpr uintptr_t kPage = 4096, kPiece = uintptr_t(4) << 20;
  uintptr_t begin = (reinterpret_cast<uintptr_t>(p) + kPage - 1) & ~(kPage - 1);
  uintptr_t end = (reinterpret_cast<uintptr_t>(p) + bytes) & ~(kPage - 1);
  if (end <= begin + kPiece)
    return;
  parallelFor((end - begin + kPiece - 1) / kPiece, threads, [&](size_t i) {
    uintptr_t b = begin + i * kPiece, e = std::min(end, b + kPiece);
    ::madvise(reinterpret_cast<void *>(b), e - b, MADV_POPULATE_WRITE);
  }, 1);
#else
  (void)p, (void)bytes, (void)threads;
#endif
}

} // namespace tscope::support
