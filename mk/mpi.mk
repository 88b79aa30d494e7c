# ---- MPI examples (issue 13) --------------------------------------------------------------
# examples/*_mpi.c (the parameter sweep sweep_mpi.c) need an MPI compiler wrapper: they are
# built with $(MPICC) when it is on the PATH, as part of make examples, and not at all where
# it is not.  The wrapper is told to compile with $(CC) (OMPI_CC for Open MPI, MPICH_CC for
# MPICH), so that a SAN= or CC=clang build links its MPI programs with the same toolchain.
#   make mpi-check   builds the sweep and runs it on 2 ranks against its serial run
#                    (scripts/mpi-test.sh); make check runs it, with a note where mpicc is
#                    missing (scripts/deps/mpi installs Open MPI for check).
MPICC  ?= mpicc
MPIRUN ?= mpirun

EX_MPI_SRC := $(wildcard examples/*_mpi.c)
EX_MPI_BIN := $(EX_MPI_SRC:%.c=$(BUILDDIR)/%)
HAVE_MPICC := $(shell command -v $(MPICC) 2>/dev/null)

.PHONY: examples-mpi mpi-check
CHECK_STEPS += mpi-check

ifneq ($(HAVE_MPICC),)
examples: $(EX_MPI_BIN)
endif
examples-mpi: $(EX_MPI_BIN)

MPI_WRAP = OMPI_CC='$(CC)' MPICH_CC='$(CC)' $(MPICC)

# more specific than the Makefile's $(BUILDDIR)/examples/%.o, so GNU make prefers it
$(BUILDDIR)/examples/%_mpi.o: examples/%_mpi.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(MPI_WRAP) $(ALL_CPPFLAGS) -Iexamples $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(EX_MPI_BIN): $(BUILDDIR)/examples/%: $(BUILDDIR)/examples/%.o $(EX_COMMON_OBJ) $(ARLIB)
	$(MPI_WRAP) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(EX_COMMON_OBJ) $(ARLIB) $(SS_LIBS) $(LDLIBS)

-include $(EX_MPI_BIN:=.d)

mpi-check:
	@echo "== MPI parameter sweep (examples/sweep_mpi.c): 2 ranks against the serial run"
	@if [ -n '$(HAVE_MPICC)' ] && command -v $(MPIRUN) >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory $(EX_MPI_BIN) && MPIRUN='$(MPIRUN)' sh scripts/mpi-test.sh $(BUILDDIR)/examples; \
	else echo "note: no $(MPICC) or $(MPIRUN) here: the MPI sweep was not built nor run (sudo apt-get install libopenmpi-dev openmpi-bin; make mpi-check)"; fi
