# Amora: `make run` starts the app at http://localhost:8080; `make test` runs every check.

SHELL := /bin/bash
export CARGO_TARGET_DIR ?= $(CURDIR)/target
AMORA := $(CARGO_TARGET_DIR)/debug/amora
NPM_CI := npm ci --no-audit --no-fund --prefer-offline
WEB_SOURCES := $(shell find web/src web/public web/index.html web/vite.config.ts -type f 2>/dev/null)

.PHONY: run build server web test lint test-server test-web e2e fuzz fuzz-smoke contract contract-smoke bench openapi clean

## run: build the server and the web app, then serve them with the embedded defaults (and
## Apertium's HTTP server beside them when `apertium-apy` is installed: tools/apy.sh)
run: build
	@mkdir -p data
	@apy=$$(tools/apy.sh start data); trap 'tools/apy.sh stop data' EXIT; \
	if [ -n "$$apy" ]; then echo "Apertium APY at $$apy"; fi; \
	AMORA_TRANSLATE__APERTIUM_URL=$${AMORA_TRANSLATE__APERTIUM_URL:-$$apy} \
	AMORA_DEMO=$${AMORA_DEMO:-true} $(AMORA) serve

build: server web

## server: the server, and the providers' stand-ins the browser stories run beside it
server:
	cargo build -p amora-server -p amora-standins

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && $(NPM_CI)

web: web/dist/index.html

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

## test: formatting, lints, the server's tests on SQLite and PostgreSQL, a short run of each
## fuzz target and of the API contract, the web app's checks and its browser tests against the
## real server
test: lint test-server fuzz-smoke contract-smoke test-web e2e

lint: server web/node_modules/.package-lock.json
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	@$(AMORA) openapi > $(CARGO_TARGET_DIR)/openapi.json
	@diff -q docs/openapi.json $(CARGO_TARGET_DIR)/openapi.json >/dev/null || \
		{ echo "docs/openapi.json is out of date: run 'make openapi'"; exit 1; }
	cd web && npm run check:api

test-server:
	cargo nextest run --workspace --no-fail-fast

test-web: web/node_modules/.package-lock.json
	cd web && npm run lint && npm run typecheck && npm run format:check && npm test
	cd web && npm run build && npm run bundle-size

e2e: server web
	cd web && AMORA_BIN=$(AMORA) npm run e2e

## fuzz-smoke: each fuzz target for 20 seconds (fuzz/, built with cargo fuzz, unoptimised)
fuzz-smoke:
	FUZZ_BUILD=dev bash fuzz/run.sh 20

## fuzz: the API contract for five minutes on each database with a new seed, then each fuzz
## target for five minutes
fuzz: contract
	bash fuzz/run.sh $${FUZZ_SECONDS:-300}

## contract-smoke: schemathesis over the OpenAPI document, every check, with a fixed seed and a
## fixed number of cases per operation (so every run tries the same requests, however fast the
## machine), about a minute and a half on SQLite and as long on PostgreSQL (contract/run.sh)
contract-smoke: server
	CONTRACT_SEED=$${CONTRACT_SEED:-1} CONTRACT_EXAMPLES=60 CONTRACT_DATABASE=sqlite bash contract/run.sh
	CONTRACT_SEED=$${CONTRACT_SEED:-1} CONTRACT_EXAMPLES=60 CONTRACT_DATABASE=postgres bash contract/run.sh

## contract: the same for five minutes on each database, with a new seed each run
contract: server
	CONTRACT_DATABASE=sqlite bash contract/run.sh $${CONTRACT_SECONDS:-300}
	CONTRACT_DATABASE=postgres bash contract/run.sh $${CONTRACT_SECONDS:-300}

## openapi: write docs/openapi.json and the web app's API types from the server
openapi: server
	$(AMORA) openapi > docs/openapi.json
	cd web && npm run gen:api

## bench: load benchmarks (results in bench/README.md)
bench:
	cargo build --release -p amora-server
	bash bench/run.sh

clean:
	rm -rf target web/dist
