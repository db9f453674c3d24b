# Frontier: `make build` builds the binary and the example site; `make test` runs every test,
# unit and browser (`make test-short`: the fast ones, in seconds); `make deps` regenerates the
# committed ECharts bundle (needs Node.js).
# See README.md.

GO        ?= go
# Frontier needs Go 1.27 (go.mod). Where the installed go is older and GOTOOLCHAIN leaves the
# choice to it (unset, local or auto), Go 1.27 is fetched through the module proxy and used for
# every go command below; a GOTOOLCHAIN naming a version is left as it is.
GO_TOOLCHAIN := go1.27.3
ifneq ($(filter-out local auto,$(GOTOOLCHAIN)),)
else ifneq ($(shell cd / && GOTOOLCHAIN=local $(GO) env GOVERSION 2>/dev/null | grep -E '^go1\.([0-9]|1[0-9]|2[0-6])(\.|rc|beta|$$)'),)
export GOTOOLCHAIN := $(GO_TOOLCHAIN)
endif
BASE_URL  ?=
DATA      ?= data
OUT       ?= public
ADDR      ?= 127.0.0.1:8080
BIN       := bin/frontier
ECHARTS   := templates/vendor/echarts.min.js
ENTRY     := templates/vendor/echarts.entry.js
ECHARTS_V := templates/vendor/echarts.version
ECHARTS_L := templates/vendor/echarts.LICENSE.txt
# The page script: ES modules in templates/script/, bundled into one committed classic script
# (so `go install` needs no Node.js); `make deps` regenerates it, byte for byte.
SCRIPT     := templates/assets/frontier.js
# "Your run" (templates/script/yourrun.js): a bundle of its own, which a chart page fetches only
# when a reader adds a result file.
YOURRUN    := templates/assets/yourrun.js
# "Your run"'s decoder: site/input's readers compiled to WebAssembly (cmd/frontier-wasm), stored
# gzipped (a host need not compress it), with the wasm_exec.js of the same Go that runs it and
# Go's licence, which covers both. Always built by GO_TOOLCHAIN, with nothing of the machine or the
# checkout in it (no VCS stamp, no paths), so that it is the same bytes everywhere.
# A point's detail (templates/script/detail.js): a bundle of its own, which a chart page fetches
# only when a reader opens a point.
DETAIL     := templates/assets/detail.js
WASM       := templates/assets/yourrun.wasm.gz
WASM_EXEC  := templates/vendor/wasm_exec.js
WASM_L     := templates/vendor/go.LICENSE.txt
WASM_GO    := GOTOOLCHAIN=$(GO_TOOLCHAIN) GOFLAGS= GOWASM= CGO_ENABLED=0 $(GO)
SCRIPT_SRC := $(filter-out %.test.js,$(wildcard templates/script/*.js)) templates/script/package.json
NPM_DONE  := node_modules/.package-lock.json
GOFILES   := $(shell find cmd site charts templates -name '*.go' -not -name '*_test.go' 2>/dev/null)
ASSETS    := $(wildcard templates/*.html templates/assets/*)
VENDOR    := $(wildcard templates/vendor/*)
BENCHTIME ?= 3x
MODULE    := github.com/frontier-bench/frontier
# The browser suite, which `make test` runs beside the other phases, and the packages its race
# pass leaves out (see test).
BROWSER   := site/browser
# The race pass skips, besides those two, the packages that start no goroutine and share
# nothing between them (no go statement, no sync): their tests read, check or render on one
# goroutine, and those that build a site (site/links) build it as the pipeline's and the root
# package's tests already do under -race.
RACE_SKIP := site/browser site/api/conformance site/links site/markdown site/pareto site/slo site/compare \
             site/accuracy site/api site/problem site/internal/digest

.PHONY: all deps wasm build serve test test-short fuzz-smoke fuzz bench check check-links clean

all: build

## deps: install ECharts and esbuild from package-lock.json, bundle the parts of ECharts the
## pages use (templates/vendor/echarts.entry.js) where the binary embeds them, write its version
## and licences beside it, and bundle the page script (templates/script/). The outputs are
## committed, so that `go install`, `make build` and `make test` need no Node.js; CI runs this
## and fails if it changed a byte.
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
	$(call bundle-script,$(SCRIPT))
	$(call bundle-yourrun,$(YOURRUN))
	$(call bundle-detail,$(DETAIL))
	@$(MAKE) --no-print-directory wasm

## wasm: build "your run"'s decoder (cmd/frontier-wasm) into templates/assets/yourrun.wasm.gz and
## copy Go's wasm_exec.js and licence beside ECharts (part of make deps; needs only Go)
wasm:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo "GOOS=js GOARCH=wasm $(WASM_GO) build -trimpath -buildvcs=false -ldflags='-s -w' ./cmd/frontier-wasm"; \
	GOOS=js GOARCH=wasm $(WASM_GO) build -trimpath -buildvcs=false -ldflags='-s -w' -o $$tmp/yourrun.wasm ./cmd/frontier-wasm; \
	$(WASM_GO) run -trimpath -buildvcs=false ./cmd/frontier-wasm -gzip $$tmp/yourrun.wasm $(WASM); \
	root=$$($(WASM_GO) env GOROOT); cat "$$root/lib/wasm/wasm_exec.js" > $(WASM_EXEC); cat "$$root/LICENSE" > $(WASM_L); \
	echo "$(WASM): $$(wc -c < $$tmp/yourrun.wasm) bytes, $$(wc -c < $(WASM)) gzipped"

# npm ci rewrites node_modules/.package-lock.json; touched so that make sees the install as newer
# than the lock. --ignore-scripts: esbuild's binary comes in its platform package, no install script.
$(NPM_DONE): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	@touch $@

# The page script, one classic script from the modules, with the same flags as ECharts; no source
# map or absolute path, so the same modules give the same bytes. `make deps` runs it too;
# templates/script_test.go runs this rule into a temporary file to check the committed bundle.
bundle-script = node_modules/.bin/esbuild templates/script/main.js --bundle --minify --format=iife --target=es2017 \
	  --banner:js='// Generated by `make deps` from templates/script/ (esbuild): edit those modules, not this file.' \
	  --log-level=warning --outfile=$(1)

$(SCRIPT): $(SCRIPT_SRC) $(NPM_DONE)
	$(call bundle-script,$@)

bundle-yourrun = node_modules/.bin/esbuild templates/script/yourrun.js --bundle --minify --format=iife --target=es2017 \
	  --banner:js='// Generated by `make deps` from templates/script/ (esbuild): edit those modules, not this file.' \
	  --log-level=warning --outfile=$(1)

$(YOURRUN): $(SCRIPT_SRC) $(NPM_DONE)
	$(call bundle-yourrun,$@)

bundle-detail = node_modules/.bin/esbuild templates/script/detail.js --bundle --minify --format=iife --target=es2017 \
	  --banner:js='// Generated by `make deps` from templates/script/ (esbuild): edit those modules, not this file.' \
	  --log-level=warning --outfile=$(1)

$(DETAIL): $(SCRIPT_SRC) $(NPM_DONE)
	$(call bundle-detail,$@)

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

## test: every test, unit and browser, the browser tests of site/browser/ included (needs
## chromium; CI=true makes a missing browser fail). Each phase prints its wall time as it ends
## ("make test: go test took 212 s"), so that any run's log shows where the minutes went.
# The phases: gofmt, then go vet beside the page script's node tests (neither waits on the
# other); every package's tests but the browser suite's; the browser suite on its own, since
# several of its tests measure the page's work in real time (long tasks, a save reaching the
# page) and must not share the two cores with a compiler; then the race pass beside fuzz-smoke.
# The race pass (-short: the browser tests run above) spends most of its time in one package's
# serial tests, so fuzz-smoke runs beside it. It leaves out the packages whose tests are the
# browser's and the schema validators' (RACE_SKIP): under -short they run nothing concurrent,
# and compiling chromedp and libopenapi again with -race was minutes of a cold CI run; and the
# packages with no concurrency of their own (RACE_SKIP's comment).
test:
	@$(call timed,vet and node tests,unformatted=$$("$$($(GO) env GOROOT)/bin/gofmt" -l cmd site charts templates internal); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; false; else \
	  echo '$(GO) vet ./... & $(MAKE) test-js'; $(GO) vet ./... & vet=$$!; \
	  $(MAKE) --no-print-directory test-js; js=$$?; wait $$vet && [ $$js -eq 0 ]; fi)
	@echo '$(GO) test -count=1 ./... (but $(BROWSER))'; \
	  $(call timed,go test,$(GO) test -count=1 -timeout 15m $$($(GO) list ./... | grep -v -x -F -e $(MODULE)/$(BROWSER)))
	@echo '$(GO) test -count=1 ./$(BROWSER)'; $(call timed,the browser suite,$(GO) test -count=1 -timeout 15m ./$(BROWSER))
	@set +e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	echo '$(GO) test -count=1 -race -short ./site/... (but $(RACE_SKIP)) & $(MAKE) fuzz-smoke FUZZTIME=$(TEST_FUZZTIME) FUZZWORKERS=1'; \
	( $(call timed,the race pass,$(GO) test -count=1 -race -short -timeout 15m $$($(GO) list ./site/... | grep -v -x -F $(foreach p,$(RACE_SKIP),-e $(MODULE)/$(p))) >$$tmp/race 2>&1) ) & race=$$!; \
	( $(call timed,fuzz-smoke,$(MAKE) --no-print-directory fuzz-smoke FUZZTIME=$(TEST_FUZZTIME) FUZZWORKERS=1) ); fuzz=$$?; \
	wait $$race; race=$$?; echo '-- the race pass:'; cat $$tmp/race; \
	[ $$race -eq 0 ] && [ $$fuzz -eq 0 ]

# $(call timed,WHAT,COMMAND) runs COMMAND (a shell list) and prints its wall time as
# "make test: WHAT took N s" (", and failed" when it did), keeping its exit status.
timed = s=$$(date +%s); { $(2); }; rc=$$?; echo "make test: $(1) took $$(( $$(date +%s) - s )) s$$([ $$rc -eq 0 ] || echo ', and failed')"; [ $$rc -eq 0 ]

## test-short: the fast tests alone, in seconds: every Go test but those that need a browser, a
## module build or actionlint (they skip under -short; the browser tests are in site/browser/)
test-short:
	$(GO) test -short ./...

## test-js: the page script's unit tests (node --test; part of make test)
.PHONY: test-js
test-js:
	node --test --test-reporter=spec templates/script/*.test.js

FUZZTIME ?= 5s
FUZZWORKERS ?= $(shell nproc 2>/dev/null || echo 2)
# make test fuzzes each target for TEST_FUZZTIME with one worker, on the core the race pass
# leaves: a smoke that runs every target's corpus and mutates it briefly. Two workers for 5 s
# each, beside the race pass, were 340 CPU-seconds of a two-core CI run, the most of any part
# after the browser suite; make fuzz is the long run.
TEST_FUZZTIME ?= 3s
## fuzz-smoke: each fuzz target briefly (FUZZTIME, with FUZZWORKERS workers); make fuzz FUZZTIME=5m for longer runs.
## The packages are every one go list finds with a Fuzz function in its tests, so moved code keeps its fuzzing.
## Each package's fuzzing binary is built once (go test -c -fuzz) and run for each of its targets
## from the package's folder, as go test -fuzz runs it (its testdata/fuzz corpus, and go's fuzz
## cache for what earlier runs found), instead of one go test -fuzz, and one link, per target.
## Go's fuzz coordinator can fail a run with a bare "context deadline exceeded" when its own
## -fuzztime ends under load (go.dev/issue/75804): such a run wrote no failing input and is not a
## finding. Any other failure prints its log and stops.
fuzz-smoke:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; log=$$tmp/log; cache=$$($(GO) env GOCACHE)/fuzz; \
	$(GO) list -f '{{.ImportPath}} {{.Dir}}' ./... | while read -r pkg dir; do \
	  if grep -qs '^func Fuzz' "$$dir"/*_test.go; then echo "$$pkg $$dir"; fi; done >$$tmp/pkgs; \
	while read -r pkg dir; do \
	  bin=$$tmp/$$(echo $$pkg | tr / _).test; \
	  $(GO) test -c -fuzz . -o $$bin $$pkg </dev/null; \
	  for t in $$(cd $$dir && $$bin -test.list '^Fuzz' </dev/null | grep '^Fuzz'); do \
	    echo "fuzz ./$${dir#$(CURDIR)/} $$t ($(FUZZTIME), $(FUZZWORKERS) workers)"; \
	    (cd $$dir && $$bin -test.run '^$$' -test.fuzz "^$$t$$" -test.fuzztime $(FUZZTIME) -test.parallel $(FUZZWORKERS) \
	      -test.fuzzcachedir $$cache/$$pkg -test.paniconexit0) </dev/null >$$log 2>&1 && continue; \
	    if grep -q 'context deadline exceeded' $$log && ! grep -qE 'Failing input written|panic:|_test\.go:[0-9]+:' $$log; then \
	      echo "  (go.dev/issue/75804: the fuzz coordinator raced its own deadline; no failing input)"; continue; \
	    fi; \
	    cat $$log; exit 1; \
	  done; \
	done <$$tmp/pkgs

fuzz:
	$(MAKE) fuzz-smoke FUZZTIME=$(if $(filter 5s,$(FUZZTIME)),2m,$(FUZZTIME))

## bench: build benchmarks over generated corpora (views, and the raw corpora), beside the read+decode+encode floor
## (the 10,000-dataset corpus runs once per COUNT; compare two runs with benchstat, COUNT=6)
COUNT ?= 1
bench:
	@rm -f bench.txt; { \
	  $(GO) test -run '^$$' -bench . -skip '/datasets=10000$$' -benchmem -benchtime $(BENCHTIME) -count $(COUNT) -timeout 60m ./site/... ./charts/ && \
	  $(GO) test -run '^$$' -bench '/datasets=10000$$' -benchmem -benchtime 1x -count $(COUNT) -timeout 60m ./site/ || echo 'bench: FAILED'; \
	} 2>&1 | tee bench.txt; ! grep -q '^bench: FAILED' bench.txt
	@awk '/^Benchmark(Build|Floor)\// { split($$1, a, "[/-]"); n = a[2]; sub("datasets=", "", n); \
	  t[a[1] " " n] += $$3; c[a[1] " " n]++ } \
	  END { for (k in t) if (k ~ /^BenchmarkBuild /) { split(k, p, " "); f = "BenchmarkFloor " p[2]; \
	  if (c[f]) printf "build/floor at %6s datasets: %.2fx\n", p[2], (t[k]/c[k]) / (t[f]/c[f]) } }' bench.txt | sort -k3,3n
	@awk '/^BenchmarkFloor\/datasets=1000-/ { ft += $$3; fc++; for (i = 4; i < NF; i++) if ($$(i+1) == "cpu-ms/op") fu += $$i } \
	  /^BenchmarkBuildCards\// { split($$1, a, "[/-]"); t[a[2]] += $$3; c[a[2]]++; \
	  for (i = 4; i < NF; i++) { if ($$(i+1) == "cpu-ms/op") u[a[2]] += $$i; if ($$(i+1) == "peak-RSS-MiB" && $$i > r[a[2]]) r[a[2]] = $$i; \
	  for (j = 1; j <= 4; j++) if ($$(i+1) == job[j] "-ms/op") jt[a[2] " " j] += $$i * 1e6 } } \
	  BEGIN { split("compare history api cards", job, " ") } \
	  END { if (fc) for (k in t) { printf "1,000 datasets, %s: %.2fx the floor'"'"'s wall time, %.2fx its CPU, peak RSS %s MiB; by job (of the floor'"'"'s wall time):", \
	  k, (t[k]/c[k]) / (ft/fc), (u[k]/c[k]) / (fu/fc), r[k]; \
	  for (j = 1; j <= 4; j++) printf "%s %s %.2fx", (j > 1 ? "," : ""), job[j], (jt[k " " j]/c[k]) / (ft/fc); print "" } }' bench.txt | sort
	@awk '/^Benchmark(Build|Floor)Raw\// { split($$1, a, "[/-]"); n = a[2]; sub("corpus=", "", n); \
	  t[a[1] " " n] += $$3; c[a[1] " " n]++; for (i = 4; i < NF; i++) if ($$(i+1) == "peak-RSS-MiB") r[a[1] " " n] = $$i } \
	  END { for (k in t) if (k ~ /^BenchmarkBuildRaw /) { split(k, p, " "); f = "BenchmarkFloorRaw " p[2]; \
	  if (c[f]) printf "raw build/floor, %s corpus: %.2fx, peak RSS %s MiB\n", p[2], (t[k]/c[k]) / (t[f]/c[f]), r[k] } }' bench.txt | sort
	@awk '/^Benchmark(Build|Floor)Year\// { split($$1, a, "[/-]"); n = a[2]; sub("corpus=", "", n); \
	  t[a[1] " " n] += $$3; c[a[1] " " n]++; for (i = 4; i < NF; i++) { if ($$(i+1) == "peak-RSS-MiB") r[a[1] " " n] = $$i; \
	  if ($$(i+1) == "out-MB/page") o[a[1] " " n] = $$i } } \
	  END { for (k in t) if (k ~ /^BenchmarkBuildYear /) { split(k, p, " "); f = "BenchmarkFloorYear " p[2]; \
	  if (c[f]) printf "year-scale build/floor, %s: %.2fx, peak RSS %s MiB, %s MB a page\n", p[2], (t[k]/c[k]) / (t[f]/c[f]), r[k], o[k] } }' bench.txt | sort
	@awk '/^BenchmarkHistoryBytes\// { printf "history bytes, %s:", $$1; for (i = 4; i < NF; i++) if ($$(i+1) ~ /^KB/) printf " %s %s", $$i, $$(i+1); print "" }' bench.txt
	@# the budgets of docs/development.md, each figure beside its own, from BenchmarkFloor/datasets=1000 and
	@# BenchmarkBuildCards: the chart pages' own work is the build without cards less the times of
	@# its compare, history and API jobs (the job timers of --stats); a card's CPU is the build's
	@# CPU with cards less without, over the cards drawn; peak RSS the highest of any build.
	@awk '/^BenchmarkFloor\/datasets=1000-/ { ft += $$3; fc++ } \
	  /^BenchmarkBuild/ { for (i = 4; i < NF; i++) if ($$(i+1) == "peak-RSS-MiB" && $$i > rss) { rss = $$i; rb = $$1 } } \
	  /^BenchmarkBuildCards\// { split($$1, a, "[/-]"); k = a[2]; t[k] += $$3; c[k]++; \
	  for (i = 4; i < NF; i++) { u = $$(i+1); if (u == "cpu-ms/op") cpu[k] += $$i; if (u == "cards/op") n[k] += $$i; \
	  if (u == "compare-ms/op" || u == "history-ms/op" || u == "api-ms/op") jobs[k] += $$i * 1e6 } } \
	  END { if (!fc || !c["cards=none"]) { print "budgets: bench.txt has no BenchmarkFloor/datasets=1000 or BenchmarkBuildCards/cards=none"; exit } \
	  f = ft / fc; w = t["cards=none"] / c["cards=none"]; \
	  printf "chart pages\047 own work: %.2fx the floor (budget 2x)\n", (w - jobs["cards=none"] / c["cards=none"]) / f; \
	  printf "whole build: %.2fx the floor (budget 4x)\n", w / f; \
	  if (c["cards=drawn"] && n["cards=drawn"]) printf "cards: %.2f ms of CPU a card (budget 1 ms)\n", \
	    (cpu["cards=drawn"] / c["cards=drawn"] - cpu["cards=none"] / c["cards=none"]) / (n["cards=drawn"] / c["cards=drawn"]); \
	  printf "peak RSS: %d MiB, %s (budget 200 MiB)\n", rss, rb }' bench.txt

# The committed bundle stays: `make deps` would write the same bytes. An older checkout's
# echarts.common.min.js goes.
clean:
	rm -rf $(OUT) bin node_modules templates/vendor/echarts.common.min.js
