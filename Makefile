# SeeMore: `make preview` renders the built-in demo, `make test` builds and runs every test.
# Both first install the Debian packages that are missing (a warm machine pays nothing).

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)

# The fonts are exactly those the goldens were drawn with: fonts-ipafont-mincho is only a
# recommendation of fonts-ipafont-gothic, yet it is the fallback for Japanese in serif text;
# fonts-noto-cjk draws Simplified and Traditional Chinese. Chromium is the independent reference
# that Tests/Browser compares line placement with.
APT_PACKAGES := pkg-config libpango1.0-dev libcairo2-dev libpng-dev zlib1g-dev libdeflate-dev libicu-dev libxml2-dev \
	fonts-dejavu-core fonts-dejavu-extra fonts-ipafont-gothic fonts-ipafont-mincho fonts-nanum \
	fonts-noto-core fonts-noto-color-emoji fonts-noto-cjk \
	chromium chromium-driver python3-selenium libsoup-3.0-dev nettle-dev wrk bc curl jq

PREFIX ?= /usr/local
# Release builds link the Swift runtime and Foundation statically, as installed: a process starts
# about 4.5 ms sooner (make bench's one-render row), the binary is larger (75 MB).
RELEASE_BUILD := swift build -c release --static-swift-stdlib

.PHONY: deps build preview serve test test-image image bench bench-serve fuzz asan install clean

deps:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
		dpkg -s "$$package" >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
		$$sudo apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@command -v swift >/dev/null || { echo "swift is not on PATH (expected /opt/swift/usr/bin)"; exit 1; }

build: deps
	swift build

# Builds .build/release/seemore and seemore-serve (which `seemore serve` runs), then renders the demo
# and scans the sample corpus into previews/scan/index.html.
preview: deps
	$(RELEASE_BUILD) --product seemore
	$(RELEASE_BUILD) --product seemore-serve
	.build/release/seemore preview --out previews
	.build/release/seemore scan --texts examples/corpus/posts.jsonl --template inline-more,feed,x \
		--widths 240,320,414 --out previews/scan

# The server on http://127.0.0.1:8080/, with the review of golden-images/suite.json.
serve: deps
	$(RELEASE_BUILD) --product seemore
	$(RELEASE_BUILD) --product seemore-serve
	.build/release/seemore serve $(ARGS)

# Every test: the Swift tests (in two processes), the golden check, the browser tests, the consumer
# package and 20 s of coverage-guided fuzzing, each timed; all run even when one fails.
test: deps
	bash Tests/Scripts/make-test.sh

# The OCI image seemore:VERSION (Containerfile): Debian 12 with the pinned libraries and fonts
# (image/packages.txt) and this machine's release binaries, built with podman (installed if missing).
image: deps
	bash image/build.sh

# The image built from nothing and proven to draw what this machine draws: pinned packages, the same
# fonts, non-root, no Swift, goldens recorded in it byte-identical to golden-images/ and
# examples/brand/, and `seemore check` passing in it (image/test.sh).
test-image: deps
	bash image/test.sh

# A long run of the deterministic fuzzers (make test runs a short one): markup through the cut and the
# painter, templates, suites and golden PNGs, with the randomized cut comparisons. SEED=N for another.
# Then the coverage-guided fuzz target of the C golden decoder (libFuzzer + AddressSanitizer) for
# FUZZ_SECONDS (make test runs it for 20).
FUZZ_SECONDS ?= 600
fuzz: deps
	swift build --build-tests
	SEEMORE_FUZZ_COUNT=6000 SEEMORE_FUZZ_SEED=$${SEED:-1} swift test --skip-build --filter 'FuzzTests|RandomizedCutTests'
	bash Tests/Fuzz/run.sh $(FUZZ_SECONDS)

# The whole test suite built with AddressSanitizer (and LeakSanitizer, with the suppressions in
# Tests/Sanitizers/lsan.supp: only fontconfig's, XCTest's and Foundation's own process-long memory).
asan: deps
	swift build --build-tests --scratch-path .build/asan --sanitize=address
	SEEMORE_SANITIZER=address ASAN_OPTIONS=detect_leaks=1 \
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	swift test --skip-build --scratch-path .build/asan --sanitize=address

# The speed table (SeeMore beside the C floor, seemore-cfloor; SEEMORE_BENCH_TEXTS=100 texts × 80
# cases), the scan's rows (its speed beside Pango's ellipsis over the sample corpus, then its peak
# memory at SEEMORE_BENCH_SCAN_TEXTS=10000,100000,1000000 texts: about 12 minutes), then the micro
# benchmarks. ARGS=table: the table only; ARGS=scan: the scan's rows only; ARGS=NAME: benchmarks named so.
bench: deps
	$(RELEASE_BUILD) --product seemore
	$(RELEASE_BUILD) --product seemore-serve
	$(RELEASE_BUILD) --product seemore-cfloor
	$(RELEASE_BUILD) --product seemore-bench
	.build/release/seemore-bench $(ARGS)

# seemore serve under load (wrk, 8 connections): uncached and cached cards, next to one process per card.
bench-serve: deps
	$(RELEASE_BUILD) --product seemore
	$(RELEASE_BUILD) --product seemore-serve
	bash Benchmarks/bench-serve.sh .build/release/seemore

# Installs seemore and seemore-serve (Swift's runtime linked in) and the templates, so `seemore` works from any folder.
install: deps
	$(RELEASE_BUILD) --product seemore
	$(RELEASE_BUILD) --product seemore-serve
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/seemore/Templates"
	install -m 755 .build/release/seemore "$(DESTDIR)$(PREFIX)/bin/seemore"
	install -m 755 .build/release/seemore-serve "$(DESTDIR)$(PREFIX)/bin/seemore-serve"
	install -m 644 Templates/*.json "$(DESTDIR)$(PREFIX)/share/seemore/Templates/"

clean:
	rm -rf .build previews
