# ---- docs: the API reference and the user guide (doxygen) ---------------------------------
#   make docs        HTML reference + doc/*.md (the guide is the main page; the model format, the
#                    ABI) + a page of alecable-run --help, in build/docs/html (index.html); fails
#                    on any warning
#   make docs-check  (run by make check) doxygen over the header (HTML in build/docs-check), failing on
#                    any warning, so an undocumented public declaration, parameter or return
#                    value fails the check; then every ```c program of doc/guide.md is
#                    compiled, linked against the static library and run
#   make install     (install-docs) README.md, CHANGELOG.md, LICENSE and doc/*.md into DOCDIR
#                    (PREFIX/share/doc/alecable, doc/ kept so that the README's links hold), the
#                    HTML of make docs into DOCDIR/html when it was built, and alecable-run's man
#                    page doc/alecable-run.1 into MANDIR/man1 where the tree has one, else its
#                    --help into DOCDIR/alecable-run.txt; make uninstall removes them
# doxygen is needed only here: the library and its users never depend on it (nor does
# make install: it installs the HTML only if make docs made it).
DOCS_DIR       := build/docs
DOCS_CHECK_DIR := build/docs-check
DOXYFILE       := doc/Doxyfile
CLEAN_DIRS     += $(DOCS_DIR) $(DOCS_CHECK_DIR)
CHECK_STEPS    += docs-check

.PHONY: docs docs-check install-docs uninstall-docs
DOCDIR ?= $(PREFIX)/share/doc/alecable
MANDIR ?= $(PREFIX)/share/man
DOC_FILES := README.md CHANGELOG.md LICENSE
DOC_MD    := $(wildcard doc/*.md)
RUN_MAN   := doc/alecable-run.1
INSTALL_STEPS   += install-docs
UNINSTALL_STEPS += uninstall-docs

# Options after the Doxyfile override it: the output folders belong to the build, not to
# the Doxyfile, and the version is the header's, as everywhere else.
docs: $(BUILDDIR)/alecable-run
	@sh scripts/ensure-deps.sh docs
	@mkdir -p $(DOCS_DIR)
	@DOXYFILE=$(DOXYFILE) OUT=$(DOCS_DIR) VERSION=$(VERSION) RUNNER=$(BUILDDIR)/alecable-run sh scripts/docs-doxygen.sh
	@echo "make docs: $(DOCS_DIR)/html/index.html (no doxygen warnings)"

docs-check: $(ARLIB) $(BUILDDIR)/alecable-run
	@sh scripts/ensure-deps.sh docs
	@echo "== documentation: doxygen over include/alecable.h and doc/*.md (every public declaration documented)"
	@mkdir -p $(DOCS_CHECK_DIR)
	@DOXYFILE=$(DOXYFILE) OUT=$(DOCS_CHECK_DIR) VERSION=$(VERSION) RUNNER=$(BUILDDIR)/alecable-run sh scripts/docs-doxygen.sh
	@echo "== documentation: the programs of doc/guide.md"
	@CC='$(CC)' CPPFLAGS='$(ALL_CPPFLAGS)' LIBS='$(abspath $(ARLIB)) $(SS_LIBS)' \
	    sh scripts/docs-snippets.sh doc/guide.md $(DOCS_CHECK_DIR)/guide

# The runner's --help is the documentation of its command line where no man page exists;
# $(BUILDDIR)/alecable-run is built by mk/run.mk (make install builds it anyway).
install-docs: $(BUILDDIR)/alecable-run
	$(INSTALL) -d $(DESTDIR)$(DOCDIR)/doc
	$(INSTALL) -m 644 $(DOC_FILES) $(DESTDIR)$(DOCDIR)
	$(INSTALL) -m 644 $(DOC_MD) $(DESTDIR)$(DOCDIR)/doc
	@if [ -f $(DOCS_DIR)/html/index.html ]; then \
	    echo "cp -R $(DOCS_DIR)/html $(DESTDIR)$(DOCDIR)/html"; \
	    rm -rf $(DESTDIR)$(DOCDIR)/html && cp -R $(DOCS_DIR)/html $(DESTDIR)$(DOCDIR)/html || exit 1; \
	else echo "note: no HTML reference in $(DOCS_DIR)/html (make docs builds it): not installed"; fi
	@if [ -f $(RUN_MAN) ]; then \
	    echo "$(INSTALL) -m 644 $(RUN_MAN) $(DESTDIR)$(MANDIR)/man1/alecable-run.1"; \
	    $(INSTALL) -d $(DESTDIR)$(MANDIR)/man1 && $(INSTALL) -m 644 $(RUN_MAN) $(DESTDIR)$(MANDIR)/man1/alecable-run.1; \
	else \
	    echo "$(BUILDDIR)/alecable-run --help > $(DESTDIR)$(DOCDIR)/alecable-run.txt"; \
	    $(BUILDDIR)/alecable-run --help > $(DESTDIR)$(DOCDIR)/alecable-run.txt && chmod 644 $(DESTDIR)$(DOCDIR)/alecable-run.txt; \
	fi

# Only what install-docs writes; the folders go when nothing else is left in them.
uninstall-docs:
	rm -f $(addprefix $(DESTDIR)$(DOCDIR)/,$(DOC_FILES) $(DOC_MD) alecable-run.txt) \
	      $(DESTDIR)$(MANDIR)/man1/alecable-run.1
	rm -rf $(DESTDIR)$(DOCDIR)/html
	@rmdir $(DESTDIR)$(DOCDIR)/doc $(DESTDIR)$(DOCDIR) 2>/dev/null || true
