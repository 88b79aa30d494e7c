# ---- docs: the API reference and the user guide (doxygen) ---------------------------------
#   make docs        HTML reference + guide in build/docs/html (index.html); fails on any warning
#   make docs-check  (run by make check) doxygen over the header (HTML in build/docs-check), failing on
#                    any warning, so an undocumented public declaration, parameter or return
#                    value fails the check; then every ```c program of doc/guide.md is
#                    compiled, linked against the static library and run
# doxygen is needed only here: the library and its users never depend on it.
DOCS_DIR       := build/docs
DOCS_CHECK_DIR := build/docs-check
DOXYFILE       := doc/Doxyfile
CLEAN_DIRS     += $(DOCS_DIR) $(DOCS_CHECK_DIR)
CHECK_STEPS    += docs-check

.PHONY: docs docs-check

# Options after the Doxyfile override it: the output folders belong to the build, not to
# the Doxyfile, and the version is the header's, as everywhere else.
docs:
	@sh scripts/ensure-deps.sh docs
	@mkdir -p $(DOCS_DIR)
	@DOXYFILE=$(DOXYFILE) OUT=$(DOCS_DIR) VERSION=$(VERSION) sh scripts/docs-doxygen.sh
	@echo "make docs: $(DOCS_DIR)/html/index.html (no doxygen warnings)"

docs-check: $(ARLIB)
	@sh scripts/ensure-deps.sh docs
	@echo "== documentation: doxygen over include/alecable.h (every public declaration documented)"
	@mkdir -p $(DOCS_CHECK_DIR)
	@DOXYFILE=$(DOXYFILE) OUT=$(DOCS_CHECK_DIR) VERSION=$(VERSION) sh scripts/docs-doxygen.sh
	@echo "== documentation: the programs of doc/guide.md"
	@CC='$(CC)' CPPFLAGS='$(ALL_CPPFLAGS)' LIBS='$(abspath $(ARLIB)) $(SS_LIBS)' \
	    sh scripts/docs-snippets.sh doc/guide.md $(DOCS_CHECK_DIR)/guide
