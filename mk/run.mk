# alecable-run (issue 13 item 5): model files run without writing C.
#
#   make alecable-run   build/alecable-run, linked against the static library and libyaml
#   make models-check   the model files of examples/models/ against their examples (and the
#                       history CSV of every run), the malformed files of tests/models/bad/
#                       (message and line), the closed forms of tests/models/closed/ and the
#                       command line; a step of make check (about 20 s)
#
# libyaml (Debian: libyaml-dev) parses the model files: scripts/deps/run names it for the
# build goal, as the runner is built with the library.  The runner links the static archive,
# like the examples: build/alecable-run runs without LD_LIBRARY_PATH, and the installed
# program runs the library it was built with whatever shared library is installed beside it.

RUN_SRC := $(wildcard tools/alecable-run/*.c)
RUN_OBJ := $(RUN_SRC:%.c=$(BUILDDIR)/%.o)
RUN_BIN := $(BUILDDIR)/alecable-run
YAML_CFLAGS = $(shell $(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null)
YAML_LIBS   = $(shell $(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml)
DEPS += $(RUN_OBJ:.o=.d)

.PHONY: alecable-run models-check install-run uninstall-run

all: $(RUN_BIN)
alecable-run: $(RUN_BIN)

$(BUILDDIR)/tools/alecable-run/%.o: tools/alecable-run/%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CPPFLAGS) $(YAML_CFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

$(RUN_BIN): $(RUN_OBJ) $(ARLIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(RUN_OBJ) $(ARLIB) $(YAML_LIBS) $(SS_LIBS) $(LDLIBS)

models-check:
	@sh scripts/ensure-deps.sh
	@$(MAKE) --no-print-directory SAN= BUILDDIR=build build/alecable-run examples
	@echo "== model files (examples/models/) against their examples, history CSVs, malformed files (tests/models/bad/), closed forms (tests/models/closed/)"
	@sh scripts/models-test.sh build

install-run: $(RUN_BIN)
	$(INSTALL) -d $(DESTDIR)$(PREFIX)/bin
	$(INSTALL) -m 755 $(RUN_BIN) $(DESTDIR)$(PREFIX)/bin/alecable-run

uninstall-run:
	rm -f $(DESTDIR)$(PREFIX)/bin/alecable-run

CHECK_STEPS += models-check
INSTALL_STEPS += install-run
UNINSTALL_STEPS += uninstall-run
