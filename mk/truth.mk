# ---- the truth campaign (issue 20 item 9) ------------------------------------------------
# tests/truth/: random valid models built through the public API, and an independent verdict
# on every ALECABLE_OK (residual by differences of the energy, constraints, curvature, a
# refined solve; energy balance and an h/4 rerun in dynamics).  Each model runs in a forked
# child under alarm(TRUTH_TIMEOUT); linked against the static library like the examples.
#   make truth        TRUTH_N models (default 10000) from seed TRUTH_SEED (default 1), TRUTH_JOBS
#                     at a time (default: the cores; ~100 min for 10 000 on one core); the
#                     full log is build/truth/truth.log; fails on any OK-and-wrong or crash
#   make truth-check  TRUTH_CHECK_N small models (default 300, ~10 s): a step
#                     of make check; fails on an OK-and-wrong answer or a crash that
#                     tests/truth/known.txt does not list (scripts/truth-known.sh)
# One model again, with its line: build/truth/truth --only SEED
TRUTH_N        ?= 10000
TRUTH_SEED     ?= 1
TRUTH_TIMEOUT  ?= 60
TRUTH_CHECK_N  ?= 300
TRUTH_CHECK_SEED ?= 1
TRUTH_JOBS     ?= $(shell nproc 2>/dev/null || echo 1)

TRUTH_SRC := $(wildcard tests/truth/*.c)
TRUTH_OBJ := $(TRUTH_SRC:%.c=$(BUILDDIR)/%.o)
TRUTH_BIN := $(BUILDDIR)/truth/truth
DEPS += $(TRUTH_OBJ:.o=.d)

.PHONY: truth truth-check truth-bin
CHECK_STEPS += truth-check

truth-bin: $(TRUTH_BIN)

# more specific than the Makefile's $(BUILDDIR)/tests/%.o (no Check flags needed)
$(BUILDDIR)/tests/truth/%.o: tests/truth/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) -D_POSIX_C_SOURCE=200809L -MMD -MP -c -o $@ $<

$(TRUTH_BIN): $(TRUTH_OBJ) $(ARLIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(TRUTH_OBJ) $(ARLIB) $(SS_LIBS) $(LDLIBS)

truth:
	@sh scripts/ensure-deps.sh
	@$(MAKE) --no-print-directory $(TRUTH_BIN)
	@echo "== truth campaign: $(TRUTH_N) random models from seed $(TRUTH_SEED), $(TRUTH_JOBS) at a time (log: $(BUILDDIR)/truth/truth.log)"
	@./$(TRUTH_BIN) -n $(TRUTH_N) -s $(TRUTH_SEED) -j $(TRUTH_JOBS) --timeout $(TRUTH_TIMEOUT) > $(BUILDDIR)/truth/truth.log; st=$$?; \
	sed -n '/^refusals by cause/,$$p' $(BUILDDIR)/truth/truth.log; \
	grep ' verdict=\(WRONG\|CRASH\)' $(BUILDDIR)/truth/truth.log | head -n 40; exit $$st

truth-check:
	@$(MAKE) --no-print-directory SAN= BUILDDIR=build build/truth/truth
	@echo "== truth campaign, small set: $(TRUTH_CHECK_N) models (make truth runs $(TRUTH_N)); log build/truth/check.log"
	@./build/truth/truth -n $(TRUTH_CHECK_N) -s $(TRUTH_CHECK_SEED) -j $(TRUTH_JOBS) --small --timeout $(TRUTH_TIMEOUT) \
	    > build/truth/check.log; \
	grep -e '^dynamics refused' -e '^truth:' -e '^result:' build/truth/check.log; \
	sh scripts/truth-known.sh small tests/truth/known.txt build/truth/check.log
