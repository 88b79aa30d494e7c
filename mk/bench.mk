# ---- make bench (issue 25 item 2): today's library beside a release --------------------------
#   make bench         CPU time and instructions per SI-HHT step of the flexible pendulum of
#                      paper 001 at 10 and 1000 elements, 0.2.0's beside today's, and the MAE of
#                      the tip height against the implicit reference (scripts/bench.sh): not a
#                      step of make check (about 40 s; the first run also builds 0.2.0, ~40 s)
# examples/bench_step.c is linked against today's shared library (build/) and against 0.2.0's,
# taken from git (BENCH_BASE, default its commit 15e6a86) and built by its own Makefile in
# build-bench/ (shared: a static link moves the library's layout with the program's, see
# scripts/bench.sh); their runs are interleaved (BENCH_ROUNDS rounds, default 5), so that the
# shared machine's load falls on both alike.  Instructions per step come from perf's hardware counters
# where they work, else from valgrind's callgrind (scripts/deps/bench installs valgrind).
# Without git history (a tarball) only today's figures are printed.
.PHONY: bench
CLEAN_DIRS += build-bench

bench:
	@sh scripts/ensure-deps.sh bench || echo "note: without valgrind (above) instructions are counted only where perf's counters work"
	@$(MAKE) --no-print-directory SAN= BUILDDIR=build lib build/examples/bench_step.o build/examples/common.o
	@MAKE='$(MAKE)' CC='$(CC)' CFLAGS='$(CFLAGS)' sh scripts/bench.sh build
