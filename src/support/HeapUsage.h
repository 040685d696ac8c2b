// HeapUsage: the bytes the process holds on its heap right now, the measure
// the model checker's memory budget (--max-memory) is spent against.
#pragma once

#include <cstddef>

namespace tscope::support {

/// Bytes allocated and not yet freed (malloc/new), over every thread: jemalloc's
/// stats.allocated where it is the allocator (the default build), else glibc's
/// mallinfo2 (in-use chunks plus mmap'd blocks), or the sanitizer allocator's
/// count in an ASan build, whose redzones, quarantine and shadow would
/// otherwise be charged to the search. Unlike the resident set it does not
/// keep pages that were freed but not handed back, so one search's peak is
/// not charged to the next. 0 where neither is available.
size_t heapBytesInUse();

/// heapBytesInUse() in MiB (rounded down).
inline size_t heapMbInUse() { return heapBytesInUse() / (1024 * 1024); }

} // namespace tscope::support
