#!/usr/bin/env bash
# Installs every Debian package the build and the tests use. Idempotent: when
# everything is present it only checks and returns.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config python3
  python3-venv       # the venv with the pinned PyPI Triton (integration test)
  libfmt-dev libcli11-dev nlohmann-json3-dev
  zlib1g-dev liblzma-dev libzstd-dev  # compressed pass logs (tscope passes)
  zstd               # the zstd tritonparse trace test (tests/lit/tritonparse)
  libgtest-dev libgmock-dev libbenchmark-dev
  llvm-22-tools      # lit-22, FileCheck-22
  mlir-22-tools      # mlir-opt-22, the parser's oracle
  clang-22 libclang-rt-22-dev  # libFuzzer and sanitizer runtimes
  graphviz hyperfine
  libjemalloc-dev    # the allocator (src/CMakeLists.txt: tscope_support)
  chromium           # tscope report's headless-browser test (tests/report)
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
