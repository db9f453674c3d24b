# Frontier: `make build` builds the binary and the example site; `make test` runs every test,
# unit and browser; `make deps` regenerates the committed ECharts bundle (needs Node.js).
# See README.md.

GO        ?= go
BASE_URL  ?=
DATA      ?= data
OUT       ?= public
ADDR      ?= 127.0.0.1:8080
BIN       := bin/frontier
ECHARTS   := templates/vendor/echarts.min.js
ENTRY     := templates/vendor/echarts.entry.js
ECHARTS_V := templates/vendor/echarts.version
ECHARTS_L := templates/vendor/echarts.LICENSE.txt
NPM_DONE  := node_modules/.package-lock.json
GOFILES   := $(shell find cmd site charts templates -name '*.go' -not -name '*_test.go' 2>/dev/null)
ASSETS    := $(wildcard templates/*.html templates/assets/*)
VENDOR    := $(wildcard templates/vendor/*)
BENCHTIME ?= 3x

.PHONY: all deps build serve test test-unit test-browser bench fuzz check check-links clean

all: build

## deps: install ECharts and esbuild from package-lock.json, bundle the parts of ECharts the
## pages use (templates/vendor/echarts.entry.js) where the binary embeds them, and write its
## version and licences beside it. The outputs are committed, so that `go install`, `make build`
## and `make test` need no Node.js; CI runs this and fails if it changed a byte.
# A classic script (the entry defines the global echarts); es2017 is what the page script already
# needs (fetch, Promise). The same inputs give the same bytes. The licences and notices are those
# of what the bundle holds (ECharts, zrender, tslib), which a binary embedding it must carry
# (the Apache License's section 4).
deps: $(NPM_DONE)
	node_modules/.bin/esbuild $(ENTRY) --bundle --minify --format=iife --target=es2017 \
	  --log-level=warning --outfile=$(ECHARTS)
	node -p 'require("./node_modules/echarts/package.json").version' > $(ECHARTS_V)
	@for p in echarts zrender tslib; do \
	  echo "==== $$p $$(node -p "require('./node_modules/$$p/package.json').version") ===="; \
	  cat node_modules/$$p/LICENSE* node_modules/$$p/NOTICE* 2>/dev/null; echo; \
	done > $(ECHARTS_L)

# npm ci rewrites node_modules/.package-lock.json; touched so that make sees the install as newer
# than the lock. --ignore-scripts: esbuild's binary comes in its platform package, no install script.
$(NPM_DONE): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	@touch $@

$(BIN): $(GOFILES) $(ASSETS) $(VENDOR) go.mod go.sum
	$(GO) build -trimpath -o $(BIN) ./cmd/frontier

## build: build the example site into public/ (BASE_URL=https://owner.github.io/repo/ for a sub-path)
build: $(BIN)
	./$(BIN) build --data $(DATA) --out $(OUT) $(if $(BASE_URL),--base-url $(BASE_URL))
	@echo "Open $(OUT)/index.html through a server: 'make serve' (live preview) or 'python3 -m http.server -d $(OUT)'."

## serve: live preview on http://127.0.0.1:8080/, rebuilding on every save
serve: $(BIN)
	./$(BIN) serve --data $(DATA) --addr $(ADDR) $(if $(BASE_URL),--base-url $(BASE_URL))

## check: validate the data without writing anything
check: $(BIN)
	./$(BIN) check --data $(DATA)

## check-links: check every link and asset of the built site in $(OUT), as a static host serves it
check-links: $(BIN)
	./$(BIN) check --links $(OUT) $(if $(BASE_URL),--base-url $(BASE_URL))

## test: every test, unit and browser (needs chromium; CI=true makes a missing browser fail)
test:
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 15m ./...
	$(GO) test -count=1 -race -short -timeout 15m ./site/...  # -short: the browser tests already ran above
	$(MAKE) --no-print-directory fuzz-smoke

FUZZTIME ?= 5s
## fuzz-smoke: each fuzz target briefly (part of make test); make fuzz FUZZTIME=5m for longer runs
fuzz-smoke:
	@set -e; for pkg in ./site ./site/pareto ./charts; do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$t ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg >/dev/null || { $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg; exit 1; }; \
	  done; \
	done

fuzz:
	$(MAKE) fuzz-smoke FUZZTIME=$(if $(filter 5s,$(FUZZTIME)),2m,$(FUZZTIME))

## bench: build benchmarks over generated corpora, beside the read+decode+encode floor
## (the 10,000-dataset corpus runs once per COUNT; compare two runs with benchstat, COUNT=6)
COUNT ?= 1
bench:
	@rm -f bench.txt; { \
	  $(GO) test -run '^$$' -bench . -skip '/datasets=10000$$' -benchmem -benchtime $(BENCHTIME) -count $(COUNT) -timeout 60m ./site/ ./charts/ ./site/pareto/ && \
	  $(GO) test -run '^$$' -bench '/datasets=10000$$' -benchmem -benchtime 1x -count $(COUNT) -timeout 60m ./site/ || echo 'bench: FAILED'; \
	} 2>&1 | tee bench.txt; ! grep -q '^bench: FAILED' bench.txt
	@awk '/^Benchmark(Build|Floor)\// { split($$1, a, "[/-]"); n = a[2]; sub("datasets=", "", n); \
	  t[a[1] " " n] += $$3; c[a[1] " " n]++ } \
	  END { for (k in t) if (k ~ /^BenchmarkBuild /) { split(k, p, " "); f = "BenchmarkFloor " p[2]; \
	  if (c[f]) printf "build/floor at %6s datasets: %.2fx\n", p[2], (t[k]/c[k]) / (t[f]/c[f]) } }' bench.txt | sort -k3,3n

# The committed bundle stays: `make deps` would write the same bytes. An older checkout's
# echarts.common.min.js goes.
clean:
	rm -rf $(OUT) bin node_modules templates/vendor/echarts.common.min.js
