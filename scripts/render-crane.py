"""render-crane.py: a picture of the crane example from its .pvd, rendered offscreen by ParaView.

usage: pvbatch scripts/render-crane.py CRANE.pvd OUT.png [TIME [TITLE]]
       (make render-crane runs examples/crane --vtk and this; TIME in s, default 3; TITLE
       names the run in the picture's label, e.g. "crane --swing in-plane" for make demo's)
The rope (cable elements, kind 0) as a tube coloured by its axial force, the boom and the
payload as their boxes (kind 5), the sheave as its disc and rim (kinds 6 and 4), the bodies'
axes (kinds 1-3) as thin lines, at the frame nearest TIME.  doc/paraview.md does the same by
hand in the ParaView GUI."""
import sys

from paraview.simple import (ColorBy, CreateView, ExtractSurface, GetColorTransferFunction, GetScalarBar, PVDReader, Render,
                             SaveScreenshot, Show, Text, Threshold, Tube)


def part(src, lo, hi):
    """the cells whose kind lies in [lo, hi]"""
    t = Threshold(Input=src)
    t.Scalars = ['CELLS', 'kind']
    try:  # ParaView 5.10 and later
        t.LowerThreshold, t.UpperThreshold = lo, hi
    except AttributeError:
        t.ThresholdRange = [lo, hi]
    return t


def main(pvd, png, when, title='crane example'):
    reader = PVDReader(FileName=pvd)
    times = list(reader.TimestepValues)
    t = min(times, key=lambda x: abs(x - when))
    view = CreateView('RenderView')
    view.ViewSize = [1200, 1000]
    view.Background = [1.0, 1.0, 1.0]
    try:
        view.UseColorPaletteForBackground = 0
    except AttributeError:
        pass
    view.OrientationAxesVisibility = 1
    view.ViewTime = t

    rope = Tube(Input=ExtractSurface(Input=part(reader, 0, 0)))  # Threshold gives an unstructured grid
    rope.Radius = 0.04
    rope.NumberofSides = 16
    d = Show(rope, view)
    ColorBy(d, ('CELLS', 'axial_force'))
    lut = GetColorTransferFunction('axial_force')
    lut.ApplyPreset('Jet', True)
    rope.UpdatePipeline(t)
    lo, hi = rope.CellData['axial_force'].GetRange()
    lut.RescaleTransferFunction(lo, hi)
    bar = GetScalarBar(lut, view)
    bar.Title = 'rope axial force [N]'
    bar.ComponentTitle = ''
    bar.TitleColor = bar.LabelColor = [0.1, 0.1, 0.1]
    bar.RangeLabelFormat = '%-#.1f'
    d.SetScalarBarVisibility(view, True)

    boxes = Show(part(reader, 5, 5), view)
    ColorBy(boxes, None)
    boxes.DiffuseColor = boxes.AmbientColor = [0.85, 0.65, 0.15]
    sheave = Show(part(reader, 6, 6), view)
    ColorBy(sheave, None)
    sheave.DiffuseColor = sheave.AmbientColor = [0.35, 0.4, 0.5]
    rim = Show(part(reader, 4, 4), view)
    ColorBy(rim, None)
    rim.DiffuseColor = rim.AmbientColor = [0.1, 0.1, 0.2]
    rim.LineWidth = 3
    axes = Show(part(reader, 1, 3), view)
    ColorBy(axes, ('CELLS', 'kind'))
    axes.LineWidth = 2
    alut = GetColorTransferFunction('kind')
    alut.ApplyPreset('Rainbow Uniform', True)
    alut.RescaleTransferFunction(1, 3)
    axes.SetScalarBarVisibility(view, False)

    label = Text(Text='libalecable %s, t = %.2f s' % (title, t))
    ld = Show(label, view)
    ld.Color = [0.1, 0.1, 0.1]
    ld.FontSize = 14
    ld.WindowLocation = 'Upper Left Corner'

    view.CameraPosition = [7.0, 3.0, 14.0]
    view.CameraFocalPoint = [-1.2, -3.2, 0.0]
    view.CameraViewUp = [0.0, 1.0, 0.0]
    view.CameraViewAngle = 30
    view.ResetCamera(False)
    Render(view)
    SaveScreenshot(png, view, ImageResolution=[1200, 1000])
    print("render-crane: wrote %s (t = %g s of %d frames, rope axial force %.1f .. %.1f N)" % (
        png, t, len(times), lo, hi))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 3.0,
         sys.argv[4] if len(sys.argv) > 4 else 'crane example')
