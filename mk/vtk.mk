# ---- VTK output read back (issue 21) ----------------------------------------------------
#   make vtk-read-check  the .vtp/.pvd (and --vtk-legacy .vtk/.vtk.series) files that the
#                        examples and alecable-run write, read with VTK's own readers
#                        (python3-vtk9) and, where pvbatch runs, with ParaView's
#                        (scripts/vtk-read-test.sh); a step of make check.  Any Python of
#                        $(VTK_PYTHONS) with the vtkmodules does (python3-paraview has them
#                        too, and Debian's python3-paraview and python3-vtk9 conflict: either
#                        is left alone); without one, scripts/deps/vtk names python3-vtk9 for
#                        the goal vtk-read: installed when root, else the step says what to
#                        install and skips.  ParaView (large) is used where it is installed
#                        and never installed by make check.
#   make render-crane    the crane example's series rendered offscreen by pvbatch
#                        (scripts/render-crane.py) into $(CRANE_PNG) at t = $(CRANE_TIME) s;
#                        installs paraview, python3-paraview and xvfb (goal render of
#                        scripts/deps/vtk; apt replaces python3-vtk9 by the latter, whose
#                        vtkmodules the read check then uses); not part of make check.
CHECK_STEPS += vtk-read-check
CRANE_PNG ?= build/crane.png
CRANE_TIME ?= 3
VTK_PYTHONS ?= python3 /usr/bin/python3

.PHONY: vtk-read-check render-crane

vtk-read-check:
	@echo "== VTK output read back (VTK's XML and legacy readers; ParaView's pvbatch where installed)"
	@find_py() { for p in $(VTK_PYTHONS); do \
	    if $$p -c 'import vtkmodules.vtkIOXML, vtkmodules.vtkIOLegacy' 2>/dev/null; then echo $$p; return; fi; done; }; \
	py=$$(find_py); \
	if [ -z "$$py" ] && sh scripts/ensure-deps.sh vtk-read >/dev/null; then py=$$(find_py); fi; \
	if [ -z "$$py" ]; then echo "note: no Python among $(VTK_PYTHONS) has VTK's modules: the VTK files were not read back (sudo apt-get install python3-vtk9)"; exit 0; fi; \
	$(MAKE) --no-print-directory SAN= BUILDDIR=build examples build/alecable-run && sh scripts/vtk-read-test.sh build $$py

render-crane:
	@sh scripts/ensure-deps.sh render
	@$(MAKE) --no-print-directory SAN= BUILDDIR=build build/examples/crane
	@rm -rf build/render-crane && mkdir -p build/render-crane
	./build/examples/crane --vtk build/render-crane > build/render-crane/crane.out
	@# Debian's pvbatch renders through X: without a display, a virtual one (xvfb-run)
	if [ -n "$${DISPLAY:-}" ]; then pvbatch scripts/render-crane.py build/render-crane/crane.pvd $(CRANE_PNG) $(CRANE_TIME); \
	else xvfb-run -a -s '-screen 0 1600x1200x24' pvbatch scripts/render-crane.py build/render-crane/crane.pvd $(CRANE_PNG) $(CRANE_TIME); fi
