// SourceBuffer: mmap with a zero-filled guard so data()[size()] == '\0'.
#include "support/SourceBuffer.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <iterator>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tscope::support {

std::unique_ptr<SourceBuffer> SourceBuffer::fromString(std::string name,
                                                       std::string_view text) {
  std::unique_ptr<SourceBuffer> buf(new SourceBuffer());
  buf->name_ = std::move(name);
  buf->owned_.assign(text.data(), text.size());
  buf->data_ = buf->owned_.c_str();
  buf->size_ = text.size();
  return buf;
}

std::unique_ptr<SourceBuffer> SourceBuffer::fromOwned(std::string name,
                                                      std::string &&text) {
  std::unique_ptr<SourceBuffer> buf(new SourceBuffer());
  buf->name_ = std::move(name);
  buf->owned_ = std::move(text);
  buf->data_ = buf->owned_.c_str();
  buf->size_ = buf->owned_.size();
  return buf;
}

std::unique_ptr<SourceBuffer> SourceBuffer::open(const std::string &path,
                                                 std::string &error, Paging paging) {
  if (path == "-") {
    std::string all((std::istreambuf_iterator<char>(std::cin)),
                    std::istreambuf_iterator<char>());
    return fromString("<stdin>", all);
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::strerror(errno);
    return nullptr;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file";
    ::close(fd);
    return nullptr;
  }
  size_t size = static_cast<size_t>(st.st_size);
  if (size >= UINT32_MAX - 1) {
    error = "file larger than 4 GiB";
    ::close(fd);
    return nullptr;
  }
  std::unique_ptr<SourceBuffer> buf(new SourceBuffer());
  buf->name_ = path;
  if (size == 0) {
    ::close(fd);
    buf->data_ = buf->owned_.c_str();
    return buf;
  }
  // Reserve one page more than the file so the byte after the end exists and
  // reads as zero even when the size is a multiple of the page size.
  size_t page = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  size_t mapSize = (size / page + 1) * page;
  void *base = ::mmap(nullptr, mapSize, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
                      -1, 0);
  if (base == MAP_FAILED) {
    error = std::strerror(errno);
    ::close(fd);
    return nullptr;
  }
  // MAP_POPULATE reads the file in one go instead of a fault per page.
  int populate = paging == Paging::Populate ? MAP_POPULATE : 0;
  void *file = ::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | populate, fd, 0);
  ::close(fd);
  if (file == MAP_FAILED) {
    error = std::strerror(errno);
    ::munmap(base, mapSize);
    return nullptr;
  }
  ::madvise(base, size, paging == Paging::Populate ? MADV_SEQUENTIAL : MADV_WILLNEED);
  buf->mapBase_ = base;
  buf->mapSize_ = mapSize;
  buf->data_ = static_cast<const char *>(base);
  buf->size_ = size;
  return buf;
}

SourceBuffer::~SourceBuffer() {
  if (mapBase_)
    ::munmap(mapBase_, mapSize_);
}

std::pair<uint32_t, uint32_t> SourceBuffer::lineCol(size_t offset) const {
  if (offset > size_)
    offset = size_;
  // Two loops the compiler and libc make wide: a diagnostic near the end
  // of a large file must not cost a byte-at-a-time walk from its start.
  uint32_t newlines = 0;
  for (size_t i = 0; i < offset; ++i)
    newlines += data_[i] == '\n';
  const void *last = offset ? ::memrchr(data_, '\n', offset) : nullptr;
  size_t lineStart = last ? static_cast<size_t>(static_cast<const char *>(last) - data_) + 1 : 0;
  return {1 + newlines, static_cast<uint32_t>(offset - lineStart + 1)};
}

std::string_view SourceBuffer::lineText(size_t offset) const {
  if (offset > size_)
    offset = size_;
  size_t begin = offset;
  while (begin > 0 && data_[begin - 1] != '\n')
    --begin;
  size_t end = offset;
  while (end < size_ && data_[end] != '\n')
    ++end;
  return {data_ + begin, end - begin};
}

} // namespace tscope::support
