# ---- the GPL-free build (issue 13) ---------------------------------------------------------
#   make GPL=no [lib|runner|examples|install]
#                     the library without SuiteSparse's GPL parts, in build-nogpl/ (the
#                     GPL block next to SS_LIBS in the Makefile): no UMFPACK, SPQR nor
#                     CHOLMOD (Debian's libcholmod carries its GPL modules); KLU, BTF, AMD,
#                     COLAMD, SuiteSparse_config and LAPACK instead (lib/sparse/lapack_qr.c)
#   make check-nogpl  builds that library, its test runner and the examples, checks that no
#                     GPL library is linked or referenced, runs the Check suites, the
#                     examples' smoke test and the install test against it (make check
#                     runs it)
# Packages: scripts/deps/gplfree.

NOGPL_DIR := build-nogpl
# SuiteSparse's libraries under the GPL (Debian 1:5.12's copyright file), and CHOLMOD
NOGPL_BANNED := libumfpack libspqr libcholmod librbio libsuitesparse_mongoose libgpuqrengine \
                libsuitesparse_gpuruntime
NOGPL_BANNED_RE := $(subst $(eval) ,|,$(strip $(NOGPL_BANNED)))
# their entry points, as a static consumer of libalecable.a would need them
NOGPL_BANNED_SYMS := umfpack_|SuiteSparseQR|spqr_|cholmod_

# A GPL-free install's alecable.pc names the GPL-free libraries (read at install time, when
# the Makefile's PC_SED is defined).
ifeq ($(GPL),no)
install: PC_SED += -e 's|^Libs.private:.*|Libs.private: $(SS_LIBS)|'
endif

# make check has built build/ already: of its objects, those -DALECABLE_NO_GPL cannot change
# (their sources and headers never read it) are copied, not compiled again
# (scripts/seed-objects.sh; run from the GPL-free make, whose flags stamp is then written).
.PHONY: check-nogpl check-nogpl-linkage nogpl-seed
nogpl-seed:
	@sh scripts/seed-objects.sh build $(BUILDDIR) ALECABLE_NO_GPL

check-nogpl:
	@sh scripts/ensure-deps.sh nogpl
	@$(MAKE) --no-print-directory GPL=no SAN= BUILDDIR=$(NOGPL_DIR) nogpl-seed
	@$(MAKE) $(BUILD_J) --no-print-directory GPL=no SAN= BUILDDIR=$(NOGPL_DIR) lib runner examples
	@$(MAKE) --no-print-directory GPL=no BUILDDIR=$(NOGPL_DIR) check-nogpl-linkage
	@echo "== GPL-free test runner ($(NOGPL_DIR)/tests/runner)"
	@sh scripts/run-suites.sh ./$(NOGPL_DIR)/tests/runner $(BUILD_JOBS)
	@echo "== GPL-free example programs"
	@sh scripts/examples-test.sh $(NOGPL_DIR)/examples
	@echo "== GPL-free install test"
	@GPL=no MAKE='$(MAKE)' CC='$(CC)' CXX='$(CXX)' sh scripts/install-test.sh

# ldd lists every library loaded, those of the libraries too; nm -u what the archive's
# objects still call.  Either finding a GPL part fails the step.
check-nogpl-linkage:
	@echo "== GPL-free linkage ($(BUILDDIR))"
	@bad=0; \
	for f in $(SO_REAL) $(RUNNER) $(EX_BIN) $(EX_CXX_BIN); do \
	    found=$$(ldd $$f | grep -E '($(NOGPL_BANNED_RE))\.so' | awk '{print $$1}' | tr '\n' ' '); \
	    if [ -n "$$found" ]; then echo "check-nogpl: $$f loads $$found"; bad=1; fi; \
	done; \
	found=$$(nm -u $(ARLIB) $(SO_REAL) 2>/dev/null | grep -E ' U ($(NOGPL_BANNED_SYMS))' | sort -u | tr '\n' ' '); \
	if [ -n "$$found" ]; then echo "check-nogpl: libalecable calls $$found"; bad=1; fi; \
	if ! readelf -d $(SO_REAL) | grep -q 'NEEDED.*\[libklu\.so'; then \
	    echo "check-nogpl: $(SO_REAL) does not link KLU: not the build this checks"; bad=1; fi; \
	if [ $$bad -ne 0 ]; then exit 1; fi; \
	echo "check-nogpl: $(SO_REAL), the runner and $(words $(EX_BIN) $(EX_CXX_BIN)) examples load none of" \
	     "$(NOGPL_BANNED); libalecable calls none of them; needs:" \
	     $$(readelf -d $(SO_REAL) | sed -n 's/.*NEEDED.*\[\(.*\)\]/\1/p')

CHECK_STEPS += check-nogpl
CLEAN_DIRS += $(NOGPL_DIR)
