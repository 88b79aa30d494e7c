# ---- C++ examples (issue 23) --------------------------------------------------------------
# examples/*.cpp are C++17 programs (host_embed.cpp: a host simulator that embeds the library):
# compiled with $(CXX) $(CXXFLAGS), warning-free under g++ and clang++ (make CXX=clang++), and
# linked like the C examples (the static archive; examples/common.c compiled as C, its header
# included in extern "C").  make examples builds them; scripts/examples-test.sh runs them.
CXXFLAGS ?= -std=c++17 -O3 -g -Wall -Wextra -Wpedantic

EX_CXX_SRC := $(wildcard examples/*.cpp)
EX_CXX_BIN := $(EX_CXX_SRC:%.cpp=$(BUILDDIR)/%)

# rebuilt when the C++ compiler or its flags change (as $(FLAGS_STAMP) does for C)
CXX_STAMP := $(BUILDDIR)/.cxxflags
CXX_NOW    = $(CXX) | $(CXXFLAGS) | $(XFLAGS)
ifneq ($(filter-out $(NO_VERSION_GOALS),$(or $(MAKECMDGOALS),all)),)
  $(shell mkdir -p $(BUILDDIR) && if [ "`cat $(CXX_STAMP) 2>/dev/null`" != '$(subst ','"'"',$(CXX_NOW))' ]; then \
            printf '%s\n' '$(subst ','"'"',$(CXX_NOW))' > $(CXX_STAMP); fi)
endif
$(CXX_STAMP): ;

examples: $(EX_CXX_BIN)

$(BUILDDIR)/examples/%.o: examples/%.cpp $(FLAGS_STAMP) $(CXX_STAMP)
	@mkdir -p $(@D)
	$(CXX) $(ALL_CPPFLAGS) -Iexamples $(CXXFLAGS) $(XFLAGS) -MMD -MP -c -o $@ $<

$(EX_CXX_BIN): $(BUILDDIR)/examples/%: $(BUILDDIR)/examples/%.o $(EX_COMMON_OBJ) $(ARLIB)
	$(CXX) $(CXXFLAGS) $(XFLAGS) $(ALL_LDFLAGS) -o $@ $< $(EX_COMMON_OBJ) $(ARLIB) $(SS_LIBS) $(LDLIBS)

-include $(EX_CXX_BIN:=.d)
