# ---- ABI check (issue 13; doc/abi.md) ---------------------------------------------------
#   make abi-check     abidiff of the library against every baseline in abi/, the enumerators'
#                      values, and lib/alecable.map against the header's ALECABLE_API functions;
#                      fails on an incompatible change and prints abidiff's report
#   make abi-baseline  writes abi/libalecable-MAJOR.MINOR.abi (+ .constants) from this tree:
#                      only in the commit that cuts release MAJOR.MINOR (or with an intended
#                      break, after the SONAME bump); never to make a failing abi-check pass
# Both use $(SO_REAL) as built here (the default CFLAGS have -g, which abidw needs) and
# abigail-tools (scripts/deps/abi).  make check runs abi-check where abidw and abidiff are
# installed (ensure-deps installs them on Debian) and says so where they are not.
.PHONY: abi-check abi-baseline check-abi
CHECK_STEPS += check-abi

abi-check: $(SO_REAL)
	@sh scripts/ensure-deps.sh abi
	@echo "== ABI check (abi/ against $(SO_REAL))"
	@CC='$(CC)' sh scripts/abi.sh check $(SO_REAL)

abi-baseline: $(SO_REAL)
	@sh scripts/ensure-deps.sh abi
	@CC='$(CC)' sh scripts/abi.sh baseline $(SO_REAL)
	@CC='$(CC)' sh scripts/abi.sh check $(SO_REAL)

check-abi:
	@if command -v abidw >/dev/null 2>&1 && command -v abidiff >/dev/null 2>&1; then \
	    $(MAKE) --no-print-directory abi-check; \
	else echo "note: abigail-tools is not installed: the ABI check did not run (sudo apt-get install abigail-tools; make abi-check)"; fi
