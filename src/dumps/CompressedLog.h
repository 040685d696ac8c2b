// CompressedLog: opens a pass log that may be compressed (gzip, xz, zstd, told
// apart by their magic bytes, not the file name) through the Debian libraries
// zlib, liblzma and libzstd; plain files are mapped as they are.
#pragma once

#include <memory>
#include <string>

#include "support/SourceBuffer.h"

namespace tscope::dumps {

/// The compression a file's first bytes announce.
enum class Compression { None, Gzip, Xz, Zstd };

/// Which compression `head` (a file's first bytes) starts with.
Compression compressionOf(std::string_view head);

/// Lower-case name of a compression ("gzip", "xz", "zstd", "none").
const char *compressionName(Compression c);

/// The log's text: mapped when plain, decompressed into memory otherwise (at
/// most 4 GiB of output, the limit of every tscope input). Nullopt with
/// `error` set when the file cannot be read or its stream is corrupt or cut.
std::unique_ptr<support::SourceBuffer> openLog(const std::string &path, std::string &error,
                                               support::SourceBuffer::Paging paging);

} // namespace tscope::dumps
