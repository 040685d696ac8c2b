// SourceBuffer: the bytes of one input file, mmapped once, with a NUL sentinel
// after the last byte so the lexer can scan without bounds checks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace tscope::support {

/// One input file held in memory; owns the bytes every string_view points into.
class SourceBuffer {
public:
  /// How the pages of a mapped file come in.
  enum class Paging {
    Populate, ///< all at map time (MAP_POPULATE): one sequential read, for one-thread readers
    OnDemand, ///< as they are touched: readers on several threads fault their own parts in parallel
  };
  /// Maps `path` ("-" reads stdin); on failure returns nullopt and sets `error`.
  static std::unique_ptr<SourceBuffer> open(const std::string &path,
                                            std::string &error,
                                            Paging paging = Paging::Populate);
  /// Wraps a copy of `text` (tests, fuzzing).
  static std::unique_ptr<SourceBuffer> fromString(std::string name,
                                                  std::string_view text);
  /// Takes `text` without copying it (decompressed input).
  static std::unique_ptr<SourceBuffer> fromOwned(std::string name,
                                                 std::string &&text);
  ~SourceBuffer();
  SourceBuffer(const SourceBuffer &) = delete;
  SourceBuffer &operator=(const SourceBuffer &) = delete;

  /// The file name as given on the command line.
  const std::string &name() const { return name_; }
  /// The bytes; data()[size()] is always '\0'.
  std::string_view text() const { return {data_, size_}; }
  /// Pointer to the first byte.
  const char *data() const { return data_; }
  /// Number of bytes, without the sentinel.
  size_t size() const { return size_; }
  /// Byte offset of `p`, which must point into this buffer.
  uint32_t offsetOf(const char *p) const {
    return static_cast<uint32_t>(p - data_);
  }

  /// 1-based line and column of a byte offset (computed on demand).
  std::pair<uint32_t, uint32_t> lineCol(size_t offset) const;
  /// The full text of the line holding `offset`, without its newline.
  std::string_view lineText(size_t offset) const;

private:
  SourceBuffer() = default;
  std::string name_;
  const char *data_ = nullptr;
  size_t size_ = 0;
  void *mapBase_ = nullptr; // non-null when mmapped
  size_t mapSize_ = 0;
  std::string owned_; // used when the bytes are not mmapped
};

} // namespace tscope::support
