// ChunkSplit: finds the `// -----` lines that separate a file's independent
// chunks with a byte scan, so that chunks can be parsed on several threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tscope::ir {

/// Byte offsets of the `//` of every line that reads `// -----` where the
/// lexer starts a line: only blanks (space, tab) before `//`, blanks then
/// five dashes after it, and the previous line not ending in a backslash
/// (a line continuation, or an escaped newline inside a string). The lexer
/// makes a split_marker token of each; lines it might also read as one
/// (after a `\r`) are left out: a missing cut only makes a unit larger.
/// `data` needs no terminator; offsets are ascending. Large buffers are
/// scanned in pieces on up to `threads` threads.
std::vector<uint32_t> findChunkMarkers(const char *data, size_t size, unsigned threads = 1);

} // namespace tscope::ir
