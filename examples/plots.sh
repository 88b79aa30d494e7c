#!/bin/sh
# PNG plots of make demo's outputs (needs gnuplot): the capstan's tension
# along the cable against the exponential law, the soft finger's final
# shape, the friction loops, the belt drive, the Atwood machine, the crane's
# swing and wrap angles over a sheave and the spread mooring's tensions in
# waves.  usage: sh examples/plots.sh DEMO_OUTPUT_DIR
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
     '' using 4:7 with lines dt 2 lw 2 title 'exponential law (paper 000 eq. 83, closed form)'
GP
    made="$made $out/capstan_tension.png"
fi
if [ -f "$out/soft_finger_shape.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 800,600 noenhanced
set output '$out/soft_finger_shape.png'
set title 'Soft finger (paper 000, sec. 4.4): final shape, our assumed geometry (the paper prints none)'
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
    'Sleeve with stick/slip (paper 004 sec. 3; our Kirchhoff element): end displacement vs. F' 'end displacement [mm]' 4
loop_plot "$out/capstan_stick.csv" "$out/capstan_stick_ratio.png" \
    'Capstan with stick/slip: tension ratio F1/F2 against the pull F' 'F1 / F2' 6
loop_plot "$out/soft_finger_friction.csv" "$out/soft_finger_friction_loop.png" \
    'Soft finger with stick/slip eyelets: joint angle against the cable force' 'angle [deg]' 4
if [ -f "$out/belt_drive.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$out/belt_drive_torque.png'
set title 'Belt drive with stick/slip: torques against the driving pulley angle'
set xlabel 'phi1 [rad]'
set ylabel 'torque [N m]'
set y2label 'contacts stuck on the driving pulley'
set y2tics
set key left top
plot '$out/belt_drive.csv' using 2:4 with linespoints lw 2 title 'driving pulley', \
     '' using 2:5 with linespoints lw 2 title 'transmitted to the driven pulley', \
     '' using 2:9 axes x1y2 with steps lw 1 title 'stuck contacts on D'
GP
    made="$made $out/belt_drive_torque.png"
fi
if [ -f "$out/belt_drive_dynamic.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$out/belt_drive_dynamic.png'
set title 'Belt drive in dynamics, motor torque ramped: tension ratio and stuck contacts on the driver'
set xlabel 't [s]'
set ylabel 'T1 / T2'
set y2label 'contacts stuck on the driving pulley'
set y2tics
set key left top
plot '$out/belt_drive_dynamic.csv' using 1:7 with lines lw 2 title 'T1 / T2', \
     '' using 1:8 axes x1y2 with steps lw 1 title 'stuck contacts on D'
GP
    made="$made $out/belt_drive_dynamic.png"
fi
if [ -f "$out/atwood_friction_stick.csv" ] && [ -f "$out/atwood_friction_slip.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$out/atwood_friction.png'
set title 'Atwood machine on a wheel with inertia: fall of the heavier weight and travel of the rim'
set xlabel 't [s]'
set ylabel 'distance [m]'
set key left top
plot '$out/atwood_friction_stick.csv' using 1:(-(\$2 + 1.0)) with lines lw 2 title 'weight, stick (mu 0.3)', \
     '' using 1:(0.1 * \$3) with lines lw 2 dt 2 title 'rim, stick', \
     '$out/atwood_friction_slip.csv' using 1:(-(\$2 + 1.0)) with lines lw 2 title 'weight, slip (mu 0.05)', \
     '' using 1:(0.1 * \$3) with lines lw 2 dt 2 title 'rim, slip'
GP
    made="$made $out/atwood_friction.png"
fi
# the crane over a sheave (issue 24): the swing angle, the departure point's angle on the
# sheave (the boom's frame; the light rope leaves at the tangent point, so for the in-plane
# swing it is the swing angle) and the wrap angle, against time.
# usage: sheave_plot csv png title
sheave_plot() {
    [ -f "$1" ] || return 0
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 900,600 noenhanced
set output '$2'
set title '$3'
set xlabel 't [s]'
set ylabel 'angle [deg]'
set y2label 'wrap angle [deg]'
set y2tics
set ytics nomirror
set key below
plot '$1' using 1:7 with lines lw 2 title 'swing angle phi of the rope', \
     '' using 1:11 with lines lw 2 dt 2 title 'departure point on the sheave (the boom frame)', \
     '' using 1:10 axes x1y2 with lines lw 2 title 'wrap angle (right axis)'
GP
    made="$made $2"
}
sheave_plot "$out/crane_in_plane.csv" "$out/crane_in_plane_angles.png" \
    'Crane, payload swinging in the sheave plane (issue 24): the rope leaves at the moving tangent point'
sheave_plot "$out/crane_luff.csv" "$out/crane_luff_angles.png" \
    'Crane, boom luffed up 20 deg in 4 s (issue 24): the departure point travels around the sheave'
# the spread mooring in waves (issue 26): the fairlead tensions against the quasi-static
# catenary's of line 0, at a long period (quasi-static) and at a wave period
if [ -f "$out/mooring_waves.csv" ] && [ -f "$out/mooring_waves_T10.csv" ]; then
    gnuplot <<GP
set datafile separator ','
set terminal pngcairo size 1200,600 noenhanced
set output '$out/mooring_waves_tension.png'
set multiplot layout 1,2 title 'Spread mooring of a floater in Airy waves (issue 26): fairlead tensions, line 0 downwave'
set xlabel 't [s]'
set ylabel 'fairlead tension [kN]'
set key below
set title 'T = 120 s, H = 0.1 m: the quasi-static catenary holds'
plot '$out/mooring_waves.csv' using 1:2 with lines lw 2 title 'line 0', \
     '' using 1:3 with lines lw 2 title 'lines 1 and 2', \
     '' using 1:5 with lines lw 2 dt 2 title 'line 0, quasi-static catenary'
set title 'T = 10 s, H = 1 m: drag and inertia of the lines'
plot '$out/mooring_waves_T10.csv' using 1:2 with lines lw 2 title 'line 0', \
     '' using 1:3 with lines lw 2 title 'lines 1 and 2', \
     '' using 1:5 with lines lw 2 dt 2 title 'line 0, quasi-static catenary'
unset multiplot
GP
    made="$made $out/mooring_waves_tension.png"
fi
echo "plots:$made"
