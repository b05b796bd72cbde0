# Thin wrapper over CMake (like neovim's): the two commands of the README.
#   make play   install what is missing, build, play classic in the terminal
#   make test   install what is missing, build, run every test
# Also: make build, make asan (tests under AddressSanitizer + UBSan),
#       make bench, make package (the .tar.gz and the .deb), make clean.
#       ARGS="..." passes arguments to `sapper play`.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?= $(if $(SAPPER_WERROR),-DSAPPER_WERROR=ON)

.PHONY: all deps build play test asan bench package clean

all: build

deps:
	@sh scripts/deps.sh

$(BUILD)/CMakeCache.txt: | deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_FLAGS)

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

play: build
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

bench: build
	./$(BUILD)/bench/bench_plugin_path

clean:
	rm -rf $(BUILD) build-asan
