#!/usr/bin/env python3
"""vtk-read-check.py: reads libalecable's VTK output with VTK's own readers (python3-vtk9) and
checks it against what the writer was asked for and what its header documents.

usage: vtk-read-check.py [--frames N] [--dt DT] [--timevalue] FILE...
  FILE  a .pvd (its XML parsed here, every listed file read with vtkXMLPolyDataReader), a
        .vtk.series (ParaView's JSON; every listed legacy file read with vtkPolyDataReader),
        a .vtp or a legacy .vtk
  --frames N   the collection lists N files (the number the program said it wrote)
  --dt DT      frame k is at time k DT (1e-9 DT)
  --timevalue  each .vtp's field TimeValue (the model's time) is the collection's time (1e-12)
Every file: the reader reports no error; the documented point and cell arrays, no others, one
tuple per point or cell, all finite; the counts hold together independently of the writer:
points = the cable nodes the kind-0 line cells use + 12 per body (4 legacy) + 48 per pulley
rim, with the bodies counted by their axis cells (kind 1, 2, 3) and boxes (six kind-5
quads), the pulleys by their rims (kind 4) and discs (kind 6, 48 points), and cable nodes =
cable elements + cables (the index array).  Times: finite and increasing.
Prints one line per file or collection checked and exits 1 on any failure."""
import json
import math
import os
import sys
import xml.etree.ElementTree as ET

from vtkmodules.util.misc import calldata_type
from vtkmodules.util.vtkConstants import VTK_STRING
from vtkmodules.vtkCommonCore import vtkCommand
from vtkmodules.vtkIOLegacy import vtkPolyDataReader
from vtkmodules.vtkIOXML import vtkXMLPolyDataReader

POINT_ARRAYS = {"material_coordinate": 1, "section_axis_2": 3, "section_axis_3": 3}
CELL_ARRAYS = {"strain": 1, "axial_force": 1, "twist": 1, "torque": 1, "bending_moment": 1, "kind": 1}
XML_CELL_ARRAYS = dict(CELL_ARRAYS, index=1)
RIM = 48


def observer(messages):
    """a callback that keeps the messages of a reader's error and warning events"""
    @calldata_type(VTK_STRING)
    def seen(obj, event, data):
        messages.append("%s: %s" % (event, str(data).strip()))
    return seen


def read(path, legacy):
    reader = vtkPolyDataReader() if legacy else vtkXMLPolyDataReader()
    if legacy:  # by default it reads only the first scalar and vector array
        reader.ReadAllScalarsOn()
        reader.ReadAllVectorsOn()
    errs = []
    reader.AddObserver(vtkCommand.ErrorEvent, observer(errs))
    reader.AddObserver(vtkCommand.WarningEvent, observer(errs))
    reader.SetFileName(path)
    reader.Update()
    if not legacy and reader.GetErrorCode() != 0:
        errs.append("error code %d" % reader.GetErrorCode())
    return reader.GetOutput(), errs


def arrays(data):
    return {data.GetArrayName(i): data.GetArray(i) for i in range(data.GetNumberOfArrays())}


def finite(arr):
    n = arr.GetNumberOfTuples() * arr.GetNumberOfComponents()
    return all(math.isfinite(arr.GetValue(i)) for i in range(n))


def check_poly(path, legacy):
    """the problems of one file (empty: none), and its TimeValue (None: none)"""
    pd, problems = read(path, legacy)
    if problems:
        return problems, None
    npts, ncells = pd.GetNumberOfPoints(), pd.GetNumberOfCells()
    if npts == 0:
        return ["no points"], None
    want_cells = CELL_ARRAYS if legacy else XML_CELL_ARRAYS
    for data, want, n, what in ((pd.GetPointData(), POINT_ARRAYS, npts, "point"),
                                (pd.GetCellData(), want_cells, ncells, "cell")):
        got = arrays(data)
        if set(got) != set(want):
            problems.append("%s arrays %s, expected %s" % (what, sorted(got), sorted(want)))
            continue
        for name, comps in want.items():
            a = got[name]
            if a.GetNumberOfComponents() != comps or a.GetNumberOfTuples() != n:
                problems.append("%s array %s: %d x %d, expected %d x %d" % (
                    what, name, a.GetNumberOfTuples(), a.GetNumberOfComponents(), n, comps))
            elif not finite(a):
                problems.append("%s array %s: a value that is not finite" % (what, name))
    if problems:
        return problems, None
    cd = arrays(pd.GetCellData())
    kind = [int(cd["kind"].GetValue(i)) for i in range(ncells)]
    count = {k: kind.count(k) for k in range(8)}
    if any(k < 0 or k > (4 if legacy else 6) for k in kind):
        problems.append("kind values %s" % sorted(set(kind)))
    bodies = count[1]
    if count[2] != bodies or count[3] != bodies:
        problems.append("body axes x, y, z: %d, %d, %d cells" % (count[1], count[2], count[3]))
    if not legacy and (count[5] != 6 * bodies or count[6] != count[4]):
        problems.append("%d bodies but %d box faces; %d pulley rims but %d discs" % (
            bodies, count[5], count[4], count[6]))
    nodes, cables = set(), set()
    for i in range(ncells):
        ids = pd.GetCell(i).GetPointIds()
        n = ids.GetNumberOfIds()
        k = kind[i]
        if k == 0:
            nodes.update(ids.GetId(j) for j in range(n))
            if not legacy:
                cables.add(int(cd["index"].GetValue(i)))
        expect = {0: 2, 1: 2, 2: 2, 3: 2, 4: RIM + 1, 5: 4, 6: RIM}[k] if k <= 6 else -1
        if n != expect:
            problems.append("cell %d of kind %d has %d points, expected %d" % (i, k, n, expect))
            break
    if not legacy and len(nodes) != count[0] + len(cables):
        problems.append("%d cable nodes for %d elements of %d cables" % (len(nodes), count[0], len(cables)))
    per_body = 4 if legacy else 12
    if npts != len(nodes) + per_body * bodies + RIM * count[4]:
        problems.append("%d points, expected %d cable nodes + %d x %d bodies + %d x %d rims" % (
            npts, len(nodes), per_body, bodies, RIM, count[4]))
    tv = pd.GetFieldData().GetArray("TimeValue") if not legacy else None
    if not legacy and tv is None:
        problems.append("no field data TimeValue")
    return problems, (tv.GetValue(0) if tv is not None else None)


def collection(path):
    """(file, time) pairs of a .pvd or a .vtk.series"""
    if path.endswith(".pvd"):
        root = ET.parse(path).getroot()  # raises on XML that is not well formed
        if root.tag != "VTKFile" or root.get("type") != "Collection":
            raise ValueError("not a VTKFile of type Collection")
        return [(d.get("file"), float(d.get("timestep"))) for d in root.iter("DataSet")]
    with open(path) as f:
        doc = json.load(f)
    if doc.get("file-series-version") != "1.0":
        raise ValueError("file-series-version is not 1.0")
    return [(e["name"], float(e["time"])) for e in doc["files"]]


def main(argv):
    frames = dt = None
    timevalue = False
    files = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--frames":
            frames = int(argv[i + 1]); i += 1
        elif a == "--dt":
            dt = float(argv[i + 1]); i += 1
        elif a == "--timevalue":
            timevalue = True
        else:
            files.append(a)
        i += 1
    failed = 0
    for path in files:
        problems = []
        if path.endswith(".pvd") or path.endswith(".series"):
            try:
                entries = collection(path)
            except (ET.ParseError, ValueError, KeyError, OSError) as e:
                entries, problems = [], ["cannot read the collection: %s" % e]
            legacy = path.endswith(".series")
            times = [t for _, t in entries]
            if not problems and not entries:
                problems.append("no files listed")
            if frames is not None and len(entries) != frames:
                problems.append("%d files listed, the program wrote %d" % (len(entries), frames))
            if not all(math.isfinite(t) for t in times) or any(b <= a for a, b in zip(times, times[1:])):
                problems.append("times not finite and increasing")
            for k, (name, t) in enumerate(entries):
                if dt is not None and abs(t - k * dt) > 1e-9 * dt * max(1, k):
                    problems.append("frame %d at t = %.17g, expected %.17g" % (k, t, k * dt))
                    break
                if legacy != name.endswith(".vtk"):
                    problems.append("%s listed in a %s" % (name, os.path.basename(path)))
                    break
                p, tv = check_poly(os.path.join(os.path.dirname(path), name), legacy)
                if timevalue and not p and tv is not None and abs(tv - t) > 1e-12 * max(1.0, abs(t)):
                    p = ["TimeValue %.17g, the collection says %.17g" % (tv, t)]
                if p:
                    problems += ["%s: %s" % (name, q) for q in p]
                    break
            what = "%d files, t = %g .. %g" % (len(entries), times[0], times[-1]) if times else "no files"
        else:
            problems, _ = check_poly(path, path.endswith(".vtk"))
            what = "one file"
        if problems:
            failed += 1
            print("vtk-read-check: FAIL %s: %s" % (path, "; ".join(problems[:5])))
        else:
            print("vtk-read-check: ok   %s (%s)" % (path, what))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
