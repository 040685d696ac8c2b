// Sha256: SHA-256 (FIPS 180-4) and base64, for the report's
// Content-Security-Policy style hash.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace tscope::support {

/// The SHA-256 digest of `data`.
std::array<uint8_t, 32> sha256(std::string_view data);

/// Standard base64 (RFC 4648 §4, with padding).
std::string base64(std::string_view bytes);

} // namespace tscope::support
