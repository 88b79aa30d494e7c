# libalecable: GNU make build (no configure step).
#
#   make [all]        build/libalecable.so.$(VERSION) (+ SONAME and dev symlinks), build/libalecable.a
#                     and build/alecable-run (the model-file runner)
#   make GPL=no       the same without UMFPACK, SPQR and CHOLMOD, in build-nogpl/ (mk/gplfree.mk)
#   make examples     build/examples/<name> for every examples/*.c (examples/common.c is linked into each)
#   make runner       build/tests/runner, the Check suites (CK_RUN_SUITE=NAME runs one)
#   make check        dependencies, test runner, examples and install tests, the steps of
#                     mk/*.mk ($(CHECK_STEPS)),
#                     the threads suite under ThreadSanitizer (make tsan), 30 s of API fuzzing
#                     (make fuzz), then the runner under ASan/UBSan
#   make tsan         the threads suite (8 models in 8 threads) under ThreadSanitizer (build-tsan/)
#   make valgrind     the test runner (no fork) and the examples' smoke test under valgrind memcheck
#   make demo         dependencies, examples, then `sh examples/demo.sh build/examples`
#   make docs         the API reference, doc/*.md (guide, model format, ...) and alecable-run's
#                     --help as HTML in build/docs/html (doxygen)
#   make render-crane the crane example rendered offscreen by ParaView's pvbatch into build/crane.png
#   make install      PREFIX=/usr/local DESTDIR= LIBDIR=PREFIX/lib INCLUDEDIR=PREFIX/include
#                     DOCDIR=PREFIX/share/doc/alecable MANDIR=PREFIX/share/man: the library,
#                     header, pkg-config file, CMake package, alecable-run and the documentation
#                     (README, CHANGELOG, LICENSE, doc/*.md, the HTML of make docs if built,
#                     alecable-run's man page or --help text)
#   make uninstall    same variables as install
#   make fuzz         FUZZ_TIME=60: libFuzzer (clang) on the API from tests/fuzz/corpus (build-fuzz/)
#   make clean        removes build/, build-san/, build-tsan/, build-vg/, build-fuzz/ and the parts' trees
#
# CC, CXX, CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS may be overridden; the include paths,
# -fPIC/-fvisibility=hidden of the library objects and the SuiteSparse libraries are
# always added.

.SUFFIXES:
.DELETE_ON_ERROR:
.DEFAULT_GOAL := all

# ---- version, read from the public header --------------------------------------------
HEADER := include/alecable.h
version_field = $(shell sed -n 's/^[[:space:]]*.[[:space:]]*define[[:space:]]\{1,\}ALECABLE_VERSION_$(1)[[:space:]]\{1,\}\([0-9]\{1,\}\).*/\1/p' $(HEADER) 2>/dev/null | head -n 1)
MAJOR   := $(call version_field,MAJOR)
MINOR   := $(call version_field,MINOR)
PATCH   := $(call version_field,PATCH)
VERSION := $(MAJOR).$(MINOR).$(PATCH)

NO_VERSION_GOALS := clean help
ifneq ($(filter-out $(NO_VERSION_GOALS),$(or $(MAKECMDGOALS),all)),)
  ifeq ($(strip $(MAJOR)),)
    $(error cannot read ALECABLE_VERSION_MAJOR/MINOR/PATCH from $(HEADER))
  endif
  ifeq ($(strip $(MINOR))$(strip $(PATCH)),)
    $(error cannot read ALECABLE_VERSION_MINOR/PATCH from $(HEADER))
  endif
endif

# ---- tools and flags --------------------------------------------------------------------
CC         ?= cc
CXX        ?= g++
AR         ?= ar
PKG_CONFIG ?= pkg-config
INSTALL    ?= install

CFLAGS   ?= -std=c99 -O3 -g -Wall -Wextra -Wpedantic -fPIC -fvisibility=hidden
CPPFLAGS ?=
LDFLAGS  ?=
LDLIBS   ?=

# SAN=1 builds with the sanitizers (make check uses it with BUILDDIR=build-san).
SAN ?=
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined

# SAN=thread builds with ThreadSanitizer (make tsan, BUILDDIR=build-tsan).
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer

BUILDDIR ?= build
ifeq ($(SAN),1)
  ifeq ($(BUILDDIR),build)
    BUILDDIR := build-san
  endif
  XFLAGS := $(SAN_FLAGS)
else ifeq ($(SAN),thread)
  ifeq ($(BUILDDIR),build)
    BUILDDIR := build-tsan
  endif
  XFLAGS := $(TSAN_FLAGS)
else
  XFLAGS :=
endif

ALL_CPPFLAGS := -Iinclude -I/usr/include/suitesparse $(CPPFLAGS)
ALL_CFLAGS    = $(CFLAGS) $(XFLAGS)
LIB_CFLAGS    = -DALECABLE_BUILD $(filter-out $(CFLAGS),-fPIC -fvisibility=hidden)
# Every link command starts with $(ALL_CFLAGS), so the sanitizer flags reach the linker too.
ALL_LDFLAGS   = $(LDFLAGS)

# -lpthread: the batch's threads (lib/batch/)
SS_LIBS := -lumfpack -lcholmod -lspqr -lklu -lbtf -lsuitesparseconfig -lamd -lcolamd -lm -lstdc++ -lpthread
# GPL=no: the GPL-free build (mk/gplfree.mk), in build-nogpl/ unless BUILDDIR is set
GPL ?= yes
LIB_SRC_OUT := lib/sparse/lapack_qr.c
ifeq ($(GPL),no)
  ifeq ($(BUILDDIR),build)
    BUILDDIR := build-nogpl
  endif
  ALL_CPPFLAGS += -DALECABLE_NO_GPL
  SS_LIBS := -lklu -lbtf -lamd -lcolamd -lsuitesparseconfig -llapack -lm -lpthread
  LIB_SRC_OUT := lib/sparse/umfpack.c lib/sparse/cholmod.c lib/sparse/spqr.c lib/sparse/rank.c
else ifneq ($(GPL),yes)
  $(error GPL=$(GPL): say GPL=yes (the default, with UMFPACK and SPQR) or GPL=no)
endif
# Evaluated only when the test runner is built (after scripts/ensure-deps.sh ran).
CHECK_CFLAGS = $(shell $(PKG_CONFIG) --cflags check)
CHECK_LIBS   = $(shell $(PKG_CONFIG) --libs check)

# ---- installation directories -----------------------------------------------------------
PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR      ?=

# ---- files ------------------------------------------------------------------------------
LIB_SRC := $(filter-out $(LIB_SRC_OUT),$(wildcard lib/*/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILDDIR)/%.o)
MAPFILE := lib/alecable.map

SONAME  := libalecable.so.$(MAJOR)
SO_REAL := $(BUILDDIR)/libalecable.so.$(VERSION)
SO_MAJ  := $(BUILDDIR)/$(SONAME)
SO_DEV  := $(BUILDDIR)/libalecable.so
ARLIB   := $(BUILDDIR)/libalecable.a

# examples/common.c and the support modules (reference solutions, the robot
# arm) are linked into every example; the test runner links the support too
EX_COMMON_SRC := $(wildcard examples/common.c) $(wildcard examples/support/*.c)
EX_SUPPORT_OBJ := $(patsubst %.c,$(BUILDDIR)/%.o,$(wildcard examples/support/*.c))
EX_COMMON_OBJ := $(EX_COMMON_SRC:%.c=$(BUILDDIR)/%.o)
# examples/*_mpi.c need mpicc: mk/ parts build them
EX_SRC := $(filter-out $(EX_COMMON_SRC) $(wildcard examples/*_mpi.c),$(wildcard examples/*.c))
EX_OBJ := $(EX_SRC:%.c=$(BUILDDIR)/%.o)
EX_BIN := $(EX_SRC:%.c=$(BUILDDIR)/%)

TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILDDIR)/%.o)
RUNNER   := $(BUILDDIR)/tests/runner

DEPS := $(LIB_OBJ:.o=.d) $(EX_COMMON_OBJ:.o=.d) $(EX_OBJ:.o=.d) $(TEST_OBJ:.o=.d)

# Everything in $(BUILDDIR) is rebuilt when the compiler or the flags change.
FLAGS_STAMP := $(BUILDDIR)/.flags
FLAGS_NOW = $(CC) | $(ALL_CPPFLAGS) | $(ALL_CFLAGS) | $(ALL_LDFLAGS) | $(LDLIBS)
ifneq ($(filter-out $(NO_VERSION_GOALS),$(or $(MAKECMDGOALS),all)),)
  $(shell mkdir -p $(BUILDDIR) && if [ "`cat $(FLAGS_STAMP) 2>/dev/null`" != '$(subst ','"'"',$(FLAGS_NOW))' ]; then \
            printf '%s\n' '$(subst ','"'"',$(FLAGS_NOW))' > $(FLAGS_STAMP); fi)
endif
$(FLAGS_STAMP): ;

# ---- parts of the build in mk/*.mk -------------------------------------------------------
# Each mk/<part>.mk adds its own targets and may append to
#   CHECK_STEPS      targets make check runs, in order, after the install test
#   INSTALL_STEPS    prerequisites of make install (e.g. install-cmake)
#   UNINSTALL_STEPS  prerequisites of make uninstall
#   CLEAN_DIRS       build trees make clean removes
# and names its Debian packages in scripts/deps/<part>.
CHECK_STEPS :=
INSTALL_STEPS :=
UNINSTALL_STEPS :=
CLEAN_DIRS :=
include $(sort $(wildcard mk/*.mk))

# ---- top-level targets ------------------------------------------------------------------
.PHONY: all lib examples runner check tsan valgrind fuzz demo install uninstall clean help

all: lib
lib: $(SO_REAL) $(SO_MAJ) $(SO_DEV) $(ARLIB)
examples: $(EX_BIN)
runner: $(RUNNER)

# The comment above, with the values make has (version, check steps), then each part's targets.
help:
	@sed -n '3,/^$$/s/^# \{0,1\}//p' Makefile | \
	    sed -e 's/\$$(VERSION)/$(VERSION)/g' -e 's/\$$(CHECK_STEPS)/$(strip $(CHECK_STEPS))/g'
	@printf "\nTargets of the build's parts (mk/*.mk):\n"
	@awk '/^#   +make / { on = 1 } on && !/^#( +make |      )/ { on = 0 } on { sub(/^# /, ""); print }' \
	    $(sort $(wildcard mk/*.mk))

# ---- compilation ------------------------------------------------------------------------
$(BUILDDIR)/lib/%.o: lib/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILDDIR)/examples/%.o: examples/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Iexamples $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILDDIR)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) -Ilib -Itests -Iexamples $(CHECK_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# ---- libraries --------------------------------------------------------------------------
$(SO_REAL): $(LIB_OBJ) $(MAPFILE) $(FLAGS_STAMP)
	$(CC) -shared $(ALL_CFLAGS) $(ALL_LDFLAGS) -Wl,-soname,$(SONAME) \
	    -Wl,--version-script=$(MAPFILE) -Wl,--no-undefined \
	    -o $@ $(LIB_OBJ) $(SS_LIBS) $(LDLIBS)

$(SO_MAJ): $(SO_REAL)
	ln -sf $(notdir $(SO_REAL)) $@

$(SO_DEV): $(SO_MAJ)
	ln -sf $(SONAME) $@

$(ARLIB): $(LIB_OBJ) $(FLAGS_STAMP)
	@rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

# ---- programs (linked against the static archive) ---------------------------------------
$(EX_BIN): $(BUILDDIR)/examples/%: $(BUILDDIR)/examples/%.o $(EX_COMMON_OBJ) $(ARLIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(EX_COMMON_OBJ) $(ARLIB) $(SS_LIBS) $(LDLIBS)

# the runner's threads suite (tests/test_threads.c) needs -pthread
$(RUNNER): $(TEST_OBJ) $(EX_SUPPORT_OBJ) $(ARLIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -pthread -o $@ $(TEST_OBJ) $(EX_SUPPORT_OBJ) $(ARLIB) $(SS_LIBS) $(CHECK_CFLAGS) $(CHECK_LIBS) $(LDLIBS)

# ---- check ------------------------------------------------------------------------------
# Order: build both trees, run the normal runner, the install test, and the sanitizer
# runner last, so that the last line printed is the summary of the sanitizer run.  Each
# runner runs its suites in BUILD_JOBS processes that share them out (scripts/run-suites.sh).
# LeakSanitizer is probed first: where it cannot run (e.g. under ptrace) leaks are not
# checked and a line says so.  The sanitizer run multiplies each test's own Check timeout
# by CK_TIMEOUT_MULTIPLIER (3 unless set), as ASan+UBSan make the code 2-3 times slower.
SAN_RUNNER := build-san/tests/runner
LSAN_PROBE := build-san/lsan-probe
TSAN_PROBE := build-san/tsan-probe
FUZZ_PROBE := build-san/fuzz-probe

# Its trees are built on every core (BUILD_JOBS, nproc by default) unless the caller gave -j:
# the sanitizer build alone compiles the kernels' two copies for over a minute on one core.
BUILD_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD_J = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(BUILD_JOBS))

# Each step's wall time goes to build/check-times (scripts/check-time.sh), printed before
# the sanitizer runner's: the whole must stay under 10 minutes on two cores.
CHECK_TIME := sh scripts/check-time.sh
check:
	@sh scripts/ensure-deps.sh check
	@mkdir -p build && rm -f build/check-times
	@$(CHECK_TIME) "build (lib, runner, examples)" $(MAKE) $(BUILD_J) --no-print-directory SAN= BUILDDIR=build lib runner examples
	@$(CHECK_TIME) "build under ASan/UBSan (runner)" $(MAKE) $(BUILD_J) --no-print-directory SAN=1 BUILDDIR=build-san runner
	@echo "== test runner (build/tests/runner)"
	@$(CHECK_TIME) "test runner" sh scripts/run-suites.sh ./build/tests/runner $(BUILD_JOBS)
	@echo "== example programs"
	@$(CHECK_TIME) "example programs" sh scripts/examples-test.sh build/examples
	@echo "== install test"
	@MAKE='$(MAKE)' CC='$(CC)' CXX='$(CXX)' $(CHECK_TIME) "install test" sh scripts/install-test.sh
	@for step in $(CHECK_STEPS); do $(CHECK_TIME) $$step $(MAKE) --no-print-directory $$step || exit 1; done
	@printf 'int main(void){return 0;}\n' | $(CC) -x c - $(TSAN_FLAGS) -o $(TSAN_PROBE) 2>/dev/null && ./$(TSAN_PROBE) 2>/dev/null; \
	if [ $$? -eq 0 ]; then $(CHECK_TIME) tsan $(MAKE) --no-print-directory tsan; \
	else echo "note: ThreadSanitizer does not run in this environment: the threads suite ran without it above"; fi
	@rm -f $(FUZZ_PROBE); printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}\n' | \
	    $(FUZZ_CC) -x c - -fsanitize=fuzzer -o $(FUZZ_PROBE) >/dev/null 2>&1; \
	if [ -x $(FUZZ_PROBE) ]; then $(CHECK_TIME) fuzz $(MAKE) --no-print-directory fuzz FUZZ_TIME=$(CHECK_FUZZ_TIME); \
	else echo "note: no clang with libFuzzer here: the API fuzzer did not run (sudo apt-get install clang; make fuzz)"; fi
	@$(CHECK_TIME) --report
	@echo "== test runner under ASan/UBSan (build-san/tests/runner)"
	@printf 'int main(void){return 0;}\n' | $(CC) -x c - $(SAN_FLAGS) -o $(LSAN_PROBE) 2>/dev/null; \
	if ASAN_OPTIONS=detect_leaks=1 ./$(LSAN_PROBE) >/dev/null 2>&1; then leaks=1; \
	else leaks=0; echo "note: LeakSanitizer does not work in this environment (ptrace?): running with detect_leaks=0"; fi; \
	export ASAN_OPTIONS=detect_leaks=$$leaks UBSAN_OPTIONS=print_stacktrace=1 \
	    CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-3}; \
	sh scripts/run-suites.sh ./$(SAN_RUNNER) $(BUILD_JOBS)

# ---- tsan -------------------------------------------------------------------------------
# The threads suite (eight models in eight threads against their serial runs) under
# ThreadSanitizer, without Check's fork.  SuiteSparse comes from the distribution and is not
# instrumented: TSan sees its memory only through the interceptors (malloc, free), so a race
# inside it would go unseen, never reported falsely; each model owns its factorizations and
# SuiteSparse keeps no writable global state during a solve, so no suppression is needed.
# Its runner holds the threads suite and what that suite links (THREADS_TEST_SRC), nothing else.
THREADS_TEST_SRC := tests/tsan/threads_main.c tests/test_threads.c tests/test_cosim_threads.c tests/test_batch.c \
                    tests/counting_alloc.c
THREADS_RUNNER := $(BUILDDIR)/tests/threads-runner
DEPS += $(BUILDDIR)/tests/tsan/threads_main.d
$(THREADS_RUNNER): $(THREADS_TEST_SRC:%.c=$(BUILDDIR)/%.o) $(EX_SUPPORT_OBJ) $(ARLIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -pthread -o $@ $(THREADS_TEST_SRC:%.c=$(BUILDDIR)/%.o) $(EX_SUPPORT_OBJ) $(ARLIB) \
	    $(SS_LIBS) $(CHECK_CFLAGS) $(CHECK_LIBS) $(LDLIBS)
tsan:
	@sh scripts/ensure-deps.sh
	@$(MAKE) $(BUILD_J) --no-print-directory SAN=thread BUILDDIR=build-tsan build-tsan/tests/threads-runner
	@echo "== the threads suite under ThreadSanitizer (build-tsan/tests/threads-runner)"
	@CK_FORK=no TSAN_OPTIONS="halt_on_error=1 exitcode=66" ./build-tsan/tests/threads-runner

# ---- fuzz -------------------------------------------------------------------------------
# libFuzzer (clang) on tests/fuzz/fuzz_api.c: input bytes become a program of API calls on
# one model, then finalize, solve and steps.  The library is compiled into the target with
# the fuzzer's coverage and ASan/UBSan.  It runs FUZZ_TIME seconds from the committed seeds
# (tests/fuzz/corpus) and what earlier runs found (build-fuzz/corpus); a crash, a leak, a
# sanitizer report or a unit slower than 10 s stops it and leaves the input in build-fuzz/.
FUZZ_CC   ?= clang
FUZZ_TIME ?= 60
CHECK_FUZZ_TIME ?= 30
FUZZ_BIN  := build-fuzz/fuzz_api
# compiled file by file on every core (one clang command compiled them one after the other)
FUZZ_CFLAGS := -std=c99 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_OBJ    := $(LIB_SRC:%.c=build-fuzz/%.o) build-fuzz/tests/fuzz/fuzz_api.o
build-fuzz/%.o: %.c
	@mkdir -p $(@D)
	@echo "$(FUZZ_CC) ... -c -o $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(ALL_CPPFLAGS) -DALECABLE_BUILD -MMD -MP -c -o $@ $<
$(FUZZ_BIN): $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $(FUZZ_OBJ) $(SS_LIBS)
-include $(FUZZ_OBJ:.o=.d)
fuzz:
	@sh scripts/ensure-deps.sh
	@command -v $(FUZZ_CC) >/dev/null || { echo "make fuzz needs clang (sudo apt-get install clang)"; exit 1; }
	@mkdir -p build-fuzz/corpus
	@$(MAKE) $(BUILD_J) --no-print-directory $(FUZZ_BIN)
	@echo "== fuzzing the API for $(FUZZ_TIME) s (build-fuzz/fuzz_api)"
	@rm -f build-fuzz/crash-* build-fuzz/leak-* build-fuzz/timeout-* build-fuzz/oom-*; \
	./$(FUZZ_BIN) -max_total_time=$(FUZZ_TIME) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix=build-fuzz/ build-fuzz/corpus tests/fuzz/corpus > build-fuzz/fuzz.log 2>&1; st=$$?; \
	grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss|ERROR|SUMMARY|Test unit written' \
	    build-fuzz/fuzz.log; \
	found=$$(find build-fuzz -maxdepth 1 \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \)); \
	if [ $$st -ne 0 ] || [ -n "$$found" ]; then \
	    echo "make fuzz: finding (status $$st): $$found; the log is build-fuzz/fuzz.log"; exit 1; \
	else echo "make fuzz: no finding"; fi

# ---- valgrind ---------------------------------------------------------------------------
# The test runner (Check without fork, so memcheck follows every test) and the examples'
# smoke test under valgrind memcheck: any error, or a definite leak, fails.  Built in
# build-vg/ (plain flags, no sanitizer) so that it does not disturb build/.
VG := valgrind -q --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite
valgrind:
	@sh scripts/ensure-deps.sh
	@command -v valgrind >/dev/null || { echo "valgrind is not installed: sudo apt-get install valgrind"; exit 1; }
	@$(MAKE) --no-print-directory SAN= BUILDDIR=build-vg runner examples
	@rm -rf build-vg/valgrind && mkdir -p build-vg/valgrind
	@echo "== test runner under valgrind memcheck (no fork)"
	@CK_FORK=no $(VG) --log-file=build-vg/valgrind/runner.%p.log ./build-vg/tests/runner
	@echo "== example programs under valgrind memcheck"
	@EXAMPLES_RUN="$(VG) --log-file=build-vg/valgrind/example.%p.log" sh scripts/examples-test.sh build-vg/examples
	@if find build-vg/valgrind -name '*.log' -size +0 | grep -q .; then \
	    echo "valgrind found errors:"; find build-vg/valgrind -name '*.log' -size +0 -exec cat {} +; exit 1; \
	else echo "valgrind: no errors and no definite leaks in the runner and $$(ls build-vg/valgrind | wc -l) example runs"; fi

# ---- demo -------------------------------------------------------------------------------
demo:
	@sh scripts/ensure-deps.sh demo
	@$(MAKE) --no-print-directory examples
	@if [ -f examples/demo.sh ]; then \
	    sh examples/demo.sh $(BUILDDIR)/examples; \
	else \
	    echo "make demo: examples/demo.sh does not exist yet: nothing to run (examples are in $(BUILDDIR)/examples)" >&2; \
	    exit 1; \
	fi

# ---- install ----------------------------------------------------------------------------
PC_SED = -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
         -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@VERSION@|$(VERSION)|g'

install: lib $(INSTALL_STEPS)
	$(INSTALL) -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR)
	$(INSTALL) -m 644 $(HEADER) $(DESTDIR)$(INCLUDEDIR)/alecable.h
	$(INSTALL) -m 755 $(SO_REAL) $(DESTDIR)$(LIBDIR)/libalecable.so.$(VERSION)
	ln -sf libalecable.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libalecable.so
	$(INSTALL) -m 644 $(ARLIB) $(DESTDIR)$(LIBDIR)/libalecable.a
	sed $(PC_SED) pkgconfig/alecable.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/alecable.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/alecable.pc

uninstall: $(UNINSTALL_STEPS)
	rm -f $(DESTDIR)$(INCLUDEDIR)/alecable.h \
	      $(DESTDIR)$(LIBDIR)/libalecable.so.$(VERSION) \
	      $(DESTDIR)$(LIBDIR)/$(SONAME) \
	      $(DESTDIR)$(LIBDIR)/libalecable.so \
	      $(DESTDIR)$(LIBDIR)/libalecable.a \
	      $(DESTDIR)$(PKGCONFIGDIR)/alecable.pc

# ---- clean ------------------------------------------------------------------------------
clean:
	rm -rf build build-san build-tsan build-vg build-fuzz $(CLEAN_DIRS)

-include $(DEPS)
