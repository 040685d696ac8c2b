// HeapUsage: see HeapUsage.h.
#include "support/HeapUsage.h"

#if defined(__SANITIZE_ADDRESS__)
#define TSCOPE_HEAP_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TSCOPE_HEAP_SANITIZER 1
#endif
#endif

#if defined(TSCOPE_HEAP_SANITIZER)
// The sanitizer runtime's allocator statistics (compiler-rt's
// sanitizer/allocator_interface.h, which GCC does not ship; its libasan
// exports the same function).
extern "C" size_t __sanitizer_get_current_allocated_bytes();
#elif defined(TSCOPE_JEMALLOC)
#include <cstdint>
#include <jemalloc/jemalloc.h>
#elif __has_include(<malloc.h>)
#include <malloc.h> // glibc's mallinfo2 (defines __GLIBC__ through <features.h>)
#endif

namespace tscope::support {

size_t heapBytesInUse() {
#if defined(TSCOPE_HEAP_SANITIZER)
  return __sanitizer_get_current_allocated_bytes();
#elif defined(TSCOPE_JEMALLOC)
  // jemalloc's statistics are a snapshot refreshed by writing "epoch";
  // stats.allocated is the bytes of every live allocation, all threads.
  uint64_t epoch = 1;
  size_t len = sizeof(epoch);
  mallctl("epoch", &epoch, &len, &epoch, len);
  size_t allocated = 0;
  len = sizeof(allocated);
  return mallctl("stats.allocated", &allocated, &len, nullptr, 0) == 0 ? allocated : 0;
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
#else
  return 0;
#endif
}

} // namespace tscope::support
