"""vtk-pvbatch-check.py: ParaView opens libalecable's collections as a user's File > Open does.

usage: pvbatch scripts/vtk-pvbatch-check.py FILE.pvd|FILE.vtk.series...
For each collection: ParaView's reader for it (OpenDataFile: the PVD reader, or the file-series
reader of a .vtk.series) has exactly the collection's times as its time steps (1e-12 relative;
the times parsed here from the file), and at the last time step gives the number of points
the last listed file declares (its Piece's NumberOfPoints, or a legacy file's POINTS line).
Prints one line per collection and exits 1 on any failure."""
import json
import os
import sys
import xml.etree.ElementTree as ET

from paraview.simple import OpenDataFile


def entries(path):
    if path.endswith(".pvd"):
        root = ET.parse(path).getroot()
        return [(d.get("file"), float(d.get("timestep"))) for d in root.iter("DataSet")]
    with open(path) as f:
        return [(e["name"], float(e["time"])) for e in json.load(f)["files"]]


def declared_points(path):
    if path.endswith(".vtp"):
        return int(ET.parse(path).getroot().find("PolyData/Piece").get("NumberOfPoints"))
    with open(path) as f:
        for line in f:
            if line.startswith("POINTS "):
                return int(line.split()[1])
    return -1


def main(files):
    failed = 0
    for path in files:
        problems = []
        listed = entries(path)
        times = [t for _, t in listed]
        reader = OpenDataFile(path)
        if reader is None:
            problems.append("ParaView cannot open it")
        else:
            steps = list(reader.TimestepValues) if len(times) > 1 else times
            if len(steps) != len(times) or any(abs(a - b) > 1e-12 * max(1.0, abs(b)) for a, b in zip(steps, times)):
                problems.append("time steps %s, the collection lists %s" % (steps[:4], times[:4]))
            reader.UpdatePipeline(times[-1])
            n = reader.GetDataInformation().GetNumberOfPoints()
            want = declared_points(os.path.join(os.path.dirname(path), listed[-1][0]))
            if n != want:
                problems.append("%d points at t = %g, the last file declares %d" % (n, times[-1], want))
        if problems:
            failed += 1
            print("vtk-pvbatch-check: FAIL %s: %s" % (path, "; ".join(problems)))
        else:
            print("vtk-pvbatch-check: ok   %s (%s: %d time steps, t = %g .. %g)" % (
                path, reader.GetXMLName(), len(times), times[0], times[-1]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
