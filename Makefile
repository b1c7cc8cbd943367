# AXInput: `make demo` runs the main job on a bundled scene, `make test` runs the tests.
# Both install the Debian packages listed in .ci/apt-packages when they are missing.

SWIFT ?= swift
APT_PACKAGES := $(shell grep -v '^\s*\#' .ci/apt-packages | tr '\n' ' ')
DEMO_SCENE ?= Scenes/product-page.json
# A real-app dump (Appium XCUITest page source) the demo imports like a scene.
DEMO_DUMP ?= Scenes/dumps/settings-wda.xml
BIN = .build/debug

.PHONY: all deps build demo test benchmark clean fuzz

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
	@# The report tests validate JSON reports against docs/report-schema.json with jsonschema.
	@python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema
	@# The voice benchmark times its peer, dragonfly2's text engine, on the same utterances.
	@# Without it (no network) the benchmark runs alone, so a failed install does not fail deps.
	@python3 -c 'import dragonfly' 2>/dev/null || python3 -m pip install -q dragonfly2 \
		|| echo "note: dragonfly2 is not installed; the voice benchmark runs without its peer"

build: deps
	$(SWIFT) build

# The demo walks the product page of seed 001 with every front: the tree, its tasks, a Voice
# Control session ("show numbers", "tap 7", "tap Add to Cart" in Chinese), the overlay, and the
# cheapest switch path to Add to Cart. Then it speaks to the coffee dispenser: espeak-ng says
# three commands and a question, and `axvoice listen` hears them through PocketSphinx. It ends
# with the reachability report of the product page (its findings do not fail the demo).
DEMO_SPEECH_SCENE ?= Scenes/coffee-dispenser.json
DEMO_AUDIO = .build/demo-session.wav
DEMO_WORDS = increment coffee dispenser <break time="1500ms"/> tap brew <break time="1500ms"/> \
  what time is it <break time="1500ms"/> show numbers <break time="1000ms"/>

demo: build
	$(BIN)/axreach tree $(DEMO_SCENE)
	$(BIN)/axreach tasks $(DEMO_SCENE)
	$(BIN)/axvoice run $(DEMO_SCENE) --say "显示编号" --say "轻点 7" --say "轻点 加入购物车"
	$(BIN)/axvoice overlay $(DEMO_SCENE) --numbers
	$(BIN)/axswitch path $(DEMO_SCENE) add-to-cart
	espeak-ng -m -v en-us -s 160 -w $(DEMO_AUDIO) '<speak>$(DEMO_WORDS)</speak>'
	$(BIN)/axvoice listen $(DEMO_SPEECH_SCENE) --audio $(DEMO_AUDIO)
	$(BIN)/axreach report $(DEMO_SCENE) --fail-on never
	$(BIN)/axreach tree $(DEMO_DUMP)

# A test that hangs must fail the run, not stall CI: the whole test run is bounded (it takes
# about two minutes here); TEST_TIMEOUT is in seconds.
TEST_TIMEOUT ?= 1800

# After the tests, the reachability, switch, import, tree, voice, hit-testing, listen and held-out speech benchmarks run once at a tiny size on the debug
# build (a smoke run, nothing timed), so a benchmark that breaks fails the run.
test: deps
	$(SWIFT) build
	timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test
	SIZE=tiny BIN=$(BIN) bash Benchmarks/reach/run
	SIZE=tiny AXSWITCH=$(BIN)/axswitch bash Benchmarks/switch/run
	SIZE=tiny BIN=$(BIN) bash Benchmarks/import/run
	SIZE=tiny BIN=$(BIN) bash Benchmarks/tree/run
	SIZE=tiny BIN=$(BIN) bash Benchmarks/voice/run
	SIZE=tiny BIN=$(BIN) bash Benchmarks/hittest/run
	SIZE=tiny BIN=$(BIN) bash Benchmarks/listen/run
	SIZE=tiny BENCH=$(BIN)/speech-benchmark bash Benchmarks/speech/run-heldout

benchmark: deps
	$(SWIFT) build -c release
	bash Benchmarks/run

# libFuzzer targets for the loaders, key scripts, utterances and importers (Tests/Fuzz, a
# package of its own so the ordinary build never links with -sanitize=fuzzer): each runs for
# FUZZ_SECONDS; a crash, timeout or out-of-memory fails the run and leaves its input in
# .build-fuzz/crashes/. FUZZ_TARGETS picks some; docs/robustness.md has the details.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= scene-loader grammar-loader key-script utterance importer

fuzz:
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_BUILD=.build-fuzz bash Tests/Fuzz/run $(FUZZ_TARGETS)

clean:
	rm -rf .build
