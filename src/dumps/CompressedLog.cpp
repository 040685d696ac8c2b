// CompressedLog: gzip through zlib, xz through liblzma, zstd through libzstd;
// each decoder streams into one growing string capped at 4 GiB.
#include "dumps/CompressedLog.h"

#include <cstdint>
#include <cstring>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

namespace tscope::dumps {
namespace {

constexpr size_t kMaxOutput = size_t(4) << 30; // SourceRange offsets are 32-bit
constexpr size_t kStep = size_t(1) << 20;

/// Grows `out` by one step for the decoder to write into; false past the cap.
bool grow(std::string &out, size_t &used, std::string &error) {
  if (out.size() >= kMaxOutput) {
    error = "decompressed log is larger than 4 GiB";
    return false;
  }
  used = out.size();
  out.resize(std::min(kMaxOutput, out.size() + std::max(kStep, out.size() / 2)));
  return true;
}

bool gunzip(std::string_view in, std::string &out, std::string &error) {
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
    error = "zlib: cannot start the decoder";
    return false;
  }
  z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
  size_t left = in.size(), used = 0;
  int rc = Z_OK;
  for (;;) {
    if (z.avail_in == 0 && left) {
      z.avail_in = static_cast<uInt>(std::min<size_t>(left, UINT32_MAX));
      left -= z.avail_in;
    }
    if (!grow(out, used, error))
      break;
    z.next_out = reinterpret_cast<Bytef *>(out.data() + used);
    z.avail_out = static_cast<uInt>(out.size() - used);
    rc = inflate(&z, Z_NO_FLUSH);
    used = out.size() - z.avail_out;
    out.resize(used);
    if (rc == Z_STREAM_END) {
      // Concatenated members (`cat a.gz b.gz`) are one log.
      if (z.avail_in == 0 && left == 0)
        break;
      inflateReset(&z);
      continue;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      error = std::string("gzip: ") + (z.msg ? z.msg : "corrupt stream");
      break;
    }
    if (rc == Z_BUF_ERROR && z.avail_in == 0 && left == 0) {
      error = "gzip: the stream ends early (cut file?)";
      break;
    }
  }
  inflateEnd(&z);
  return rc == Z_STREAM_END && error.empty();
}

bool unxz(std::string_view in, std::string &out, std::string &error) {
  lzma_stream z = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&z, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK) {
    error = "liblzma: cannot start the decoder";
    return false;
  }
  z.next_in = reinterpret_cast<const uint8_t *>(in.data());
  z.avail_in = in.size();
  size_t used = 0;
  lzma_ret rc = LZMA_OK;
  while (rc == LZMA_OK) {
    if (!grow(out, used, error))
      break;
    z.next_out = reinterpret_cast<uint8_t *>(out.data() + used);
    z.avail_out = out.size() - used;
    rc = lzma_code(&z, z.avail_in ? LZMA_RUN : LZMA_FINISH);
    out.resize(out.size() - z.avail_out);
  }
  lzma_end(&z);
  if (rc != LZMA_STREAM_END && error.empty())
    error = rc == LZMA_BUF_ERROR ? "xz: the stream ends early (cut file?)" : "xz: corrupt stream";
  return rc == LZMA_STREAM_END && error.empty();
}

bool unzstd(std::string_view in, std::string &out, std::string &error) {
  ZSTD_DStream *z = ZSTD_createDStream();
  if (!z) {
    error = "libzstd: cannot start the decoder";
    return false;
  }
  ZSTD_inBuffer src{in.data(), in.size(), 0};
  size_t used = 0, rc = 1;
  while (src.pos < src.size || rc != 0) {
    if (!grow(out, used, error))
      break;
    ZSTD_outBuffer dst{out.data() + used, out.size() - used, 0};
    rc = ZSTD_decompressStream(z, &dst, &src);
    out.resize(used + dst.pos);
    if (ZSTD_isError(rc)) {
      error = std::string("zstd: ") + ZSTD_getErrorName(rc);
      break;
    }
    if (src.pos == src.size && rc != 0 && dst.pos == 0) {
      error = "zstd: the stream ends early (cut file?)";
      break;
    }
  }
  ZSTD_freeDStream(z);
  return error.empty();
}

} // namespace

Compression compressionOf(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  if (starts(std::string_view("\x1f\x8b", 2)))
    return Compression::Gzip;
  if (starts(std::string_view("\xfd" "7zXZ\0", 6)))
    return Compression::Xz;
  if (starts(std::string_view("\x28\xb5\x2f\xfd", 4)))
    return Compression::Zstd;
  return Compression::None;
}

const char *compressionName(Compression c) {
  switch (c) {
  case Compression::Gzip: return "gzip";
  case Compression::Xz: return "xz";
  case Compression::Zstd: return "zstd";
  case Compression::None: break;
  }
  return "none";
}

std::unique_ptr<support::SourceBuffer> openLog(const std::string &path, std::string &error,
                                               support::SourceBuffer::Paging paging) {
  auto raw = support::SourceBuffer::open(path, error, paging);
  if (!raw)
    return nullptr;
  Compression c = compressionOf(raw->text());
  if (c == Compression::None)
    return raw;
  std::string out;
  bool ok = c == Compression::Gzip ? gunzip(raw->text(), out, error)
            : c == Compression::Xz ? unxz(raw->text(), out, error)
                                   : unzstd(raw->text(), out, error);
  if (!ok)
    return nullptr;
  out.shrink_to_fit();
  return support::SourceBuffer::fromOwned(path, std::move(out));
}

} // namespace tscope::dumps
