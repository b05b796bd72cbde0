# Thin wrapper over CMake (like neovim's): the two commands of the README.
#   make play   install what is missing, build the player target (the
#               program and its plugins, no tests), play classic
#   make test   install what is missing, build, run every test
# Also: make build, make asan (tests under AddressSanitizer + UBSan),
#       make fuzz (every libFuzzer target FUZZ_SECONDS each, clang),
#       make fuzz-smoke (the same, a few seconds each: what CI runs),
#       make bench, make package (the .tar.gz and the .deb), make clean.
#       ARGS="..." passes arguments to `sapper play`.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= $(if $(SAPPER_WERROR),-DSAPPER_WERROR=ON)
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 5

.PHONY: all deps build play test asan fuzz-build fuzz fuzz-smoke bench package clean

all: build

deps:
	@sh scripts/deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# the player's targets only: a game starts before the tests are built
play: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target player
	./$(BUILD)/sapper play $(ARGS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

asan: deps
	cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSAPPER_SANITIZE=ON $(CMAKE_FLAGS)
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --output-on-failure -j $(JOBS)

package: build
	cd $(BUILD) && cpack

# The fuzz targets (tests/fuzz) with clang and libFuzzer; only they are
# built. Not with SAPPER_WERROR: warnings are gcc's to judge (make test),
# and clang warns inside libseccomp's own macros. Without MPI: no target
# starts MPI (fuzz_wire reads the rank records with the plain record code).
fuzz-build:
	@sh scripts/deps.sh fuzz
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DSAPPER_FUZZ=ON -DSAPPER_TESTS=OFF -DSAPPER_MPI=OFF
	cmake --build $(FUZZ_BUILD) --target fuzz_targets -j $(JOBS)

fuzz: fuzz-build
	sh scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

fuzz-smoke: fuzz-build
	sh scripts/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SMOKE_SECONDS)

bench: build
	./$(BUILD)/bench/bench_plugin_path

clean:
	rm -rf $(BUILD) build-asan $(FUZZ_BUILD)
