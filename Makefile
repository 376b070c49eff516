# SwiftVLC tasks. `make demo` runs the tool on the bundled clip; `make test` runs the tests.
# Both install the Debian packages they need first (scripts/install-deps.sh).

SWIFT_FLAGS := -Xswiftc -warnings-as-errors
SYMBOLS := .build/symbol-graphs

.PHONY: deps build demo test test-serial lint format docs fixtures ci sanitize bench

deps:
	@scripts/install-deps.sh

build: deps
	swift build --build-tests $(SWIFT_FLAGS)

demo: deps
	swift run $(SWIFT_FLAGS) swiftvlc play

# Parallel, as plain `swift test`: the suites that play media take turns in a few slots
# (Tests/SwiftVLCTests/Support/MachineShare.swift). `make test-serial` runs one test at a time.
# One suite: swift test --filter MediaTests
test: deps
	swift test $(SWIFT_FLAGS)

test-serial: deps
	swift test --no-parallel $(SWIFT_FLAGS)

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks

format:
	swift format --in-place --recursive Package.swift Sources Tests Examples Benchmarks

docs: build
	rm -rf $(SYMBOLS) && mkdir -p $(SYMBOLS)
	swift package dump-symbol-graph --minimum-access-level public >/dev/null
	find .build/*/symbolgraph -name 'SwiftVLC.symbols.json' -o -name 'SwiftVLC@*.symbols.json' \
	  | xargs -I{} cp {} $(SYMBOLS)/
	docc convert Sources/SwiftVLC/SwiftVLC.docc --additional-symbol-graph-dir $(SYMBOLS) \
	  --fallback-display-name SwiftVLC --fallback-bundle-identifier org.swiftvlc.SwiftVLC \
	  --warnings-as-errors --output-path .build/SwiftVLC.doccarchive

fixtures:
	scripts/make-fixtures.sh

# The whole suite under ThreadSanitizer, then under AddressSanitizer, with the long stress
# counts (SWIFTVLC_STRESS=long). Suppressions for reports that are not ours: scripts/sanitizers/.
sanitize: deps
	scripts/sanitize.sh thread
	scripts/sanitize.sh address

# Benchmarks against the C floor and the peers (python-vlc, ffmpeg); see Benchmarks/README.md.
# BENCH_ARGS=--quick for a short run.
bench: deps
	@scripts/install-bench-deps.sh
	swift build -c release $(SWIFT_FLAGS) --product cvlc-reference
	swift run -c release $(SWIFT_FLAGS) swiftvlc-bench $(BENCH_ARGS)

ci:
	bash .ci/run
