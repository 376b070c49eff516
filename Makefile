# SwiftVLC tasks. `make` builds the swiftvlc tool for release and `sudo make install` installs
# it; `make demo` runs the tool on the bundled clip; `make test` runs the tests. Those that
# build install the Debian packages they need first (scripts/install-deps.sh).

SWIFT_FLAGS := -Xswiftc -warnings-as-errors
SYMBOLS := .build/symbol-graphs

# Where `make install` puts things: $(DESTDIR)$(PREFIX)/bin/swiftvlc and so on.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/site-functions
FISHCOMPDIR ?= $(DATADIR)/fish/vendor_completions.d

# The release tool, with the Swift runtime linked in: it needs libVLC, not a Swift toolchain,
# and no $ORIGIN run path (it loads no library from its own directory). Its own build
# directory, so that another release build (`make bench`) never replaces it with one that
# links the toolchain's Swift libraries. Linked with the toolchain's lld: GNU ld warns that
# the static FoundationEssentials refers to mktemp (its Data writing code, which the tool never
# calls), and lld does not.
STATIC_BUILD := .build/static
TOOL := $(STATIC_BUILD)/release/swiftvlc
TOOL_SOURCES := Package.swift $(shell find Sources/swiftvlc Sources/SwiftVLC \
  Sources/SwiftVLCCommandLine Sources/CSwiftVLCShim Sources/CLibVLC -type f)
# The man page and completions, written by the tool from its command table.
GENERATED := .build/generated
GENERATED_FILES := $(GENERATED)/swiftvlc.1 $(GENERATED)/swiftvlc.bash \
  $(GENERATED)/_swiftvlc $(GENERATED)/swiftvlc.fish

.PHONY: all release install uninstall deb deps build demo test test-serial lint format docs fixtures ci \
  sanitize bench check-gtk

all: release

# A generated file whose command fails is removed, never left half-written and up to date.
.DELETE_ON_ERROR:

release: $(TOOL) $(GENERATED_FILES)

# A file target, so that `sudo make install` after `make` needs no Swift on root's PATH.
$(TOOL): $(TOOL_SOURCES)
	@scripts/install-deps.sh
	swift build -c release --static-swift-stdlib --disable-local-rpath $(SWIFT_FLAGS) \
	  -Xswiftc -use-ld=lld --scratch-path $(STATIC_BUILD) --product swiftvlc
	@touch $@

$(GENERATED)/swiftvlc.1: $(TOOL)
	@mkdir -p $(GENERATED)
	$(TOOL) --generate man > $@
$(GENERATED)/swiftvlc.bash: $(TOOL)
	@mkdir -p $(GENERATED)
	$(TOOL) --generate bash-completion > $@
$(GENERATED)/_swiftvlc: $(TOOL)
	@mkdir -p $(GENERATED)
	$(TOOL) --generate zsh-completion > $@
$(GENERATED)/swiftvlc.fish: $(TOOL)
	@mkdir -p $(GENERATED)
	$(TOOL) --generate fish-completion > $@

install: release
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(DATADIR)/swiftvlc \
	  $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 --strip $(TOOL) $(DESTDIR)$(BINDIR)/swiftvlc
	install -m 644 Sources/swiftvlc/Resources/demo.mkv $(DESTDIR)$(DATADIR)/swiftvlc/demo.mkv
	install -m 644 $(GENERATED)/swiftvlc.1 $(DESTDIR)$(MANDIR)/man1/swiftvlc.1
	install -m 644 $(GENERATED)/swiftvlc.bash $(DESTDIR)$(BASHCOMPDIR)/swiftvlc
	install -m 644 $(GENERATED)/_swiftvlc $(DESTDIR)$(ZSHCOMPDIR)/_swiftvlc
	install -m 644 $(GENERATED)/swiftvlc.fish $(DESTDIR)$(FISHCOMPDIR)/swiftvlc.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/swiftvlc $(DESTDIR)$(DATADIR)/swiftvlc/demo.mkv \
	  $(DESTDIR)$(MANDIR)/man1/swiftvlc.1 $(DESTDIR)$(BASHCOMPDIR)/swiftvlc \
	  $(DESTDIR)$(ZSHCOMPDIR)/_swiftvlc $(DESTDIR)$(FISHCOMPDIR)/swiftvlc.fish
	rmdir $(DESTDIR)$(DATADIR)/swiftvlc 2>/dev/null || true

# A Debian package of the tool in .build/deb/ (scripts/make-deb.sh), checked by
# scripts/test-packaging.sh.
deb: release
	scripts/make-deb.sh

deps:
	@scripts/install-deps.sh

build: deps
	swift build --build-tests $(SWIFT_FLAGS)

demo: deps
	swift run $(SWIFT_FLAGS) swiftvlc play

# Plain `swift test`, in parallel: what CI runs (the suites that play media take turns in a few
# slots, Tests/SwiftVLCTests/Support/MachineShare.swift). `make test-serial` runs one test at a
# time. One suite: swift test --filter MediaTests
test: deps
	swift test $(SWIFT_FLAGS)

test-serial: deps
	swift test --no-parallel $(SWIFT_FLAGS)

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Examples Benchmarks Fuzz
	@missing=$$(git ls-files '*.swift' '*.c' '*.h' '*.py' '*.sh' | xargs grep -L 'SPDX-License-Identifier: LGPL-2.1-or-later'); \
	if [ -n "$$missing" ]; then echo "no SPDX licence line (see README, Licence):"; echo "$$missing"; exit 1; fi

format:
	swift format --in-place --recursive Package.swift Sources Tests Examples Benchmarks Fuzz

# The API reference of both libraries, SwiftVLC and SwiftVLCGTK, as one static website in
# .build/docs. Their symbol graphs come from the debug build (`swift build`, which `make build`
# has done in CI), extracted for these two modules only (scripts/symbol-graphs.py); each
# catalog is converted, then both archives are merged.
DOC_MODULES := SwiftVLC SwiftVLCGTK
docs: deps
	swift build $(SWIFT_FLAGS) --target SwiftVLCGTK
	rm -rf $(SYMBOLS) .build/docc .build/docs && mkdir -p .build/docc
	scripts/symbol-graphs.py $(SYMBOLS) $(DOC_MODULES)
	@for module in $(DOC_MODULES); do \
	  docc convert Sources/$$module/$$module.docc --additional-symbol-graph-dir $(SYMBOLS)/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier org.swiftvlc.$$module \
	    --warnings-as-errors --transform-for-static-hosting \
	    --output-path .build/docc/$$module.doccarchive >/dev/null || exit 1; \
	done
	docc merge $(foreach module,$(DOC_MODULES),.build/docc/$(module).doccarchive) \
	  --synthesized-landing-page-name SwiftVLC --output-path .build/docs >/dev/null
	@echo "Documentation: .build/docs (serve it: python3 -m http.server -d .build/docs 8080, then"
	@echo "open http://localhost:8080/documentation/swiftvlc/ and .../documentation/swiftvlcgtk/)"

fixtures:
	scripts/make-fixtures.sh

# Sources/CGTK/CGTK.h, our declarations of the GTK subset we use, against the real GTK headers
# and libraries (docs/modules.md, "CGTK"). A few seconds.
check-gtk: deps
	scripts/check-gtk-declarations.py

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
	swift build -c release $(SWIFT_FLAGS) --product swiftvlc
	swift run -c release $(SWIFT_FLAGS) swiftvlc-bench $(BENCH_ARGS)

ci:
	bash .ci/run
