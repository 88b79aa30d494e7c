#!/bin/sh
# PNG plots of make demo's outputs (needs gnuplot): the capstan's tension
# along the cable against the exponential law, and the soft finger's final
# shape.  usage: sh examples/plots.sh DEMO_OUTPUT_DIR
set -eu
out=${1:-build/demo}
made=""
if [ -f "$out/capstan.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$out/capstan_tension.png'
set title 'Capstan (paper 000, sec. 4.3.2): tension along the cable, mu = 0.3, n = 20'
set xlabel 's [mm]'
set ylabel 'axial force [N]'
set key left top
plot '$out/capstan.csv' using 4:6 with steps lw 2 title 'computed (per element)', \
     '' using 4:7 with lines dt 2 lw 2 title 'exponential law'
GP
    made="$made $out/capstan_tension.png"
fi
if [ -f "$out/soft_finger_shape.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 800,600 noenhanced
set output '$out/soft_finger_shape.png'
set title 'Soft finger (paper 000, sec. 4.4): final shape'
set xlabel 'x [mm]'
set ylabel 'y [mm]'
set size ratio -1
set xrange [-20:110]
set key bottom left
plot '$out/soft_finger_shape.csv' using 2:3 index 0 with linespoints lw 2 title 'cable', \
     '' using 2:3 index 1 with lines lw 4 title 'phalanges'
GP
    made="$made $out/soft_finger_shape.png"
fi
# a loop of column $4 against F (column 3) by branch (column 2): loading,
# unloading, reloading.  usage: loop_plot csv png title ylabel column
loop_plot() {
    [ -f "$1" ] || return 0
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$2'
set title '$3'
set xlabel 'F [N]'
set ylabel '$4'
set key left top
plot '$1' using (\$2 == 0 ? \$3 : 1/0):$5 with linespoints lw 2 title 'loading', \\
     '' using (\$2 == 1 ? \$3 : 1/0):$5 with linespoints lw 2 title 'unloading', \\
     '' using (\$2 == 2 ? \$3 : 1/0):$5 with linespoints lw 2 title 'reloading'
GP
    made="$made $2"
}
loop_plot "$out/beam_sleeve.csv" "$out/beam_sleeve_hysteresis.png" \
    'Beam in a sleeve with stick/slip friction (paper 004): end displacement against F' 'end displacement [mm]' 4
loop_plot "$out/capstan_stick.csv" "$out/capstan_stick_ratio.png" \
    'Capstan with stick/slip: tension ratio F1/F2 against the pull F' 'F1 / F2' 6
loop_plot "$out/soft_finger_friction.csv" "$out/soft_finger_friction_loop.png" \
    'Soft finger with stick/slip eyelets: joint angle against the cable force' 'angle [deg]' 4
echo "plots:$made"
