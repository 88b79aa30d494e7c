# ---- CMake package (issue 13) -------------------------------------------------------------
# make install also writes $(CMAKEDIR)/alecableConfig.cmake and alecableConfigVersion.cmake
# (scripts/cmake-config.sh from cmake/*.cmake.in), so that CMake projects use
#   find_package(alecable 0.3 REQUIRED) and alecable::alecable (or alecable::alecable_static).
# The files locate the library relative to themselves: CMAKEDIR is best left inside LIBDIR,
# where CMake's search (<prefix>/lib*/cmake/<name>) looks.
#   make cmake-check   installs into a temporary prefix and builds tests/cmake against it
#                      (scripts/cmake-test.sh); make check runs it.
CMAKEDIR ?= $(LIBDIR)/cmake/alecable
CMAKE    ?= cmake

# The version file refuses a build for another pointer size: the one this library is built
# for is the compiler's, with the build's flags (-m32 would change it).
CMAKE_PTR_SIZE = $(shell $(CC) $(ALL_CFLAGS) -dM -E -x c /dev/null 2>/dev/null | sed -n 's/^.define __SIZEOF_POINTER__ //p')

.PHONY: install-cmake uninstall-cmake cmake-check
INSTALL_STEPS   += install-cmake
UNINSTALL_STEPS += uninstall-cmake
CHECK_STEPS     += cmake-check

install-cmake:
	sh scripts/cmake-config.sh '$(DESTDIR)$(CMAKEDIR)' '$(CMAKEDIR)' '$(LIBDIR)' '$(INCLUDEDIR)' \
	    '$(VERSION)' '$(CMAKE_PTR_SIZE)' $(SS_LIBS)

# only the package's own directory is removed, and only when empty
uninstall-cmake:
	rm -f '$(DESTDIR)$(CMAKEDIR)/alecableConfig.cmake' '$(DESTDIR)$(CMAKEDIR)/alecableConfigVersion.cmake'
	@if [ -d '$(DESTDIR)$(CMAKEDIR)' ]; then rmdir '$(DESTDIR)$(CMAKEDIR)' 2>/dev/null || true; fi

cmake-check:
	@echo "== CMake package (find_package(alecable) from an installed copy)"
	@if command -v $(CMAKE) >/dev/null 2>&1; then \
	    MAKE='$(MAKE)' CC='$(CC)' CMAKE='$(CMAKE)' sh scripts/cmake-test.sh; \
	else echo "note: no $(CMAKE) here: the CMake consumer was not built (sudo apt-get install cmake; make cmake-check)"; fi
