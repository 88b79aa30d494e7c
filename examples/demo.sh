#!/bin/sh
# make demo: runs the benchmark examples and prints expected vs. computed, each expected value with
# its source: a figure a paper prints (paper, section or table), a closed form, or our own reference.
# usage: sh examples/demo.sh BUILD_EXAMPLES_DIR
set -eu
bin=${1:-build/examples}
out=${DEMO_OUT:-build/demo}
mkdir -p "$out"

# value of key=... in the last "result:" line of a program's output
field() { sed -n 's/^result: //p' | tail -n 1 | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# the same, formatted: ffield FORMAT KEY FILE.  The result lines print the figures the model
# files compare with 17 significant digits; the table shows them with the digits it showed before.
ffield() {
    v=$(field "$2" < "$3")
    # shellcheck disable=SC2059 # the format is the argument
    [ -z "$v" ] || printf "$1" "$v"
}

run() { # name args... ; prints the output, stores it in $out/name.txt
    name=$1; shift
    "$bin/$name" "$@" > "$out/$name$tag.txt"
    cat "$out/$name$tag.txt"
}

echo "== bar_flow (paper 000, sec. 4.1)"
tag=""; run bar_flow --csv "$out/bar_flow.csv"

echo; echo "== clamped_axial (paper 000, sec. 4.2), middle node starting at 5 mm"
tag=_5; run clamped_axial --scan 1000 --reference 800 --csv "$out/clamped_axial.csv"
echo; echo "== clamped_axial, middle node starting at 2 mm"
tag=_2; run clamped_axial --s0 2
echo; echo "== clamped_axial without regularization, plain Newton (must fail: singular tangent at the undeformed start)"
tag=_noreg; "$bin/clamped_axial" --no-reg --plain > "$out/clamped_axial_noreg.txt" || true
tail -n 2 "$out/clamped_axial_noreg.txt"
echo; echo "== clamped_axial without regularization, default globalization (the shift gets past the singular start)"
tag=_noreg_auto; run clamped_axial --no-reg
echo; echo "== catenary_start (issue 12): 1.2 m between pins 1 m apart, laid straight, every interior s free"
tag=""; run catenary_start --free-s --csv "$out/catenary_start.csv"
tag=_50; run catenary_start --free-s --elements 50 --steps 20 --alpha 1e4
tag=_plain; run catenary_start --globalization none
echo; echo "== clamped_axial: 2, 4, 8, 16 ALE elements vs. an 800-element Lagrangian reference"
for n in 2 4 8 16; do
    tag=_n$n; "$bin/clamped_axial" --elements "$n" --reference 800 > "$out/clamped_axial_n$n.txt"
    printf '  %2d elements: max |u - u_ref| = %s mm\n' "$n" "$(field max_error_mm < "$out/clamped_axial_n$n.txt")"
done

echo; echo "== pulley_frictionless (paper 000, sec. 4.3.1)"
tag=""; run pulley_frictionless --csv "$out/pulley_frictionless.csv"
echo; echo "== capstan (paper 000, sec. 4.3.2)"
tag=""; run capstan --csv "$out/capstan.csv"
echo; echo "== capstan: ratio vs. elements on the pulley (order of convergence to exp(mu pi))"
tag=_study; "$bin/capstan" --study > "$out/capstan_study.txt"
grep -v '^result' "$out/capstan_study.txt" | tail -n 8
echo; echo "== soft_finger (paper 000, sec. 4.4)"
tag=""; run soft_finger --csv "$out/soft_finger.csv" --shape "$out/soft_finger_shape.csv"
echo; echo "== winch: paying cable out over a pulley to a hanging body"
tag=""; run winch

echo; echo "== pendulum (paper 001, sec. 4.1): SI-HHT, h = 1e-3, 10 s, against the adaptive implicit reference"
tag=""; run pendulum --h 1e-3 --reference --csv "$out/pendulum.csv"
echo; echo "== pendulum, the paper's semi-implicit scheme (--si-scheme paper)"
tag=_paper; run pendulum --h 1e-3 --reference --si-scheme paper
echo; echo "== sliding_tether (paper 001, sec. 4.3), mu = 0 and 0.4"
tag=_mu0; run sliding_tether --reference
tag=_mu04; run sliding_tether --mu 0.4 --reference
echo; echo "== submerged_tether (paper 001, sec. 4.2), case 1"
tag=_1; run submerged_tether --reference
echo; echo "== beam_benchmarks: the Kirchhoff beam (paper 003's element) on classical checks that paper 003 does not contain:"
echo "   elastica (against our shooting solution), roll-up, torsion, helix (closed forms), 20 elements"
tag=""; run beam_benchmarks --vtk "$out/beam_benchmarks_helix.vtk"
echo; echo "== beam_benchmarks: roll-up with 80 elements"
tag=_rollup80; run beam_benchmarks --case rollup --elements 80
echo; echo "== puma_cable (paper 003, sec. 7.1): 4 s of a cable on a six-axis arm, Bossak alpha = 0.1"
tag=""; run puma_cable --csv "$out/puma_cable.csv"
echo; echo "== puma_cable --free-swing: the mounted cable released under gravity, trapezoidal rule"
tag=_swing; run puma_cable --free-swing
echo; echo "== spinning_body: a free body flipping about its intermediate axis, 100 flips"
tag=""; run spinning_body --csv "$out/spinning_body.csv"
echo; echo "== crane: a winch pays rope out over a boom's pulley to a swinging payload (dynamics, rigid bodies)"
tag=""; run crane --csv "$out/crane.csv"
echo; echo "== crane --swing in-plane (issue 24): the payload swings in the sheave's plane, the rope's departure point travels around the sheave"
rm -rf "$out/crane_in_plane_vtk" && mkdir -p "$out/crane_in_plane_vtk"
tag=_in_plane; run crane --swing in-plane --csv "$out/crane_in_plane.csv" --vtk "$out/crane_in_plane_vtk"
echo; echo "== crane --luff (issue 24): the boom luffed up 20 deg by its drive, the rope over the sheave"
rm -rf "$out/crane_luff_vtk" && mkdir -p "$out/crane_luff_vtk"
tag=_luff; run crane --luff --csv "$out/crane_luff.csv" --vtk "$out/crane_luff_vtk"
echo; echo "== soft_finger --dynamic: the finger with inertia and a damped joint, the cable force as a step"
tag=_dynamic; run soft_finger --dynamic --dyn-csv "$out/soft_finger_dynamic.csv"
echo; echo "== beam_sleeve (paper 004, sec. 3, on our Kirchhoff element): a Kirchhoff beam pulled through a sleeve with stick/slip friction, loaded, unloaded, reloaded"
tag=""; run beam_sleeve --csv "$out/beam_sleeve.csv"
echo; echo "== capstan_stick: the capstan with stick/slip, loaded past the slip limit, unloaded, reloaded"
tag=""; run capstan_stick --csv "$out/capstan_stick.csv"
echo; echo "== soft_finger --friction 0.3: stick/slip in the eyelets, the force cycled"
tag=_friction; run soft_finger --friction 0.3 --csv "$out/soft_finger_friction.csv"
echo; echo "== belt_drive: a belt over two turning pulleys with stick/slip, the driver turned until the belt slips"
tag=""; run belt_drive --csv "$out/belt_drive.csv"
echo; echo "== belt_drive --torque-rate 10: the same belt in dynamics, a motor torque ramped on the driver until the belt slips"
tag=_dynamic; run belt_drive --torque-rate 10 --csv "$out/belt_drive_dynamic.csv"
echo; echo "== atwood_friction: an Atwood machine whose rope sticks to its wheel (mu 0.3) or slips on it (mu 0.05)"
tag=_stick; run atwood_friction --T 0.3 --csv "$out/atwood_friction_stick.csv"
tag=_slip; run atwood_friction --T 0.3 --mu 0.05 --csv "$out/atwood_friction_slip.csv"
echo; echo "== mooring_waves (issue 26): a three-line spread mooring of a driven floater in Airy waves, T = 120 s and 10 s"
tag=""; run mooring_waves --csv "$out/mooring_waves.csv"
tag=_T10; run mooring_waves --period 10 --height 1 --steps 40 --t-end 6 --fit 2 --csv "$out/mooring_waves_T10.csv"
echo; echo "== bench_realtime (paper 001, Table 2): SI-HHT at h = 1e-3, quick"
tag=""; run bench_realtime --quick --max-elements 1000

f5=$out/clamped_axial_5.txt; f2=$out/clamped_axial_2.txt
fp=$out/pulley_frictionless.txt; fc=$out/capstan.txt; ff=$out/soft_finger.txt; fw=$out/winch.txt
echo
echo "== expected vs. computed"
echo "   source: \"paper NNN sec./Table\" = a figure that paper prints there; \"closed form\" = derived here"
echo "   (the example's header gives it); \"ours\" = our own reference or check, no paper figure"
# row QUANTITY EXPECTED SOURCE COMPUTED
row() { printf '%-53s %-24s %-38s %s\n' "$1" "$2" "$3" "$4"; }
row "quantity" "expected" "source" "computed"
row "4.1 material flow at the middle node [mm]" "-1" "paper 000 sec. 4.1 (1 mm shift)" "$(ffield '%.12f' flow_mm "$out/bar_flow.txt")"
row "4.2 middle node s [mm] (start 5 mm)" "5.41" "paper 000 sec. 4.2, Fig. 7" "$(ffield '%.6f' s_mid_mm "$f5")"
row "4.2 middle node x [mm] (start 5 mm)" "5.81" "paper 000 sec. 4.2, Fig. 7" "$(ffield '%.6f' x_mid_mm "$f5")"
row "4.2 middle node s [mm] (start 2 mm)" "5.41" "paper 000 sec. 4.2 (same from 2)" "$(ffield '%.6f' s_mid_mm "$f2")"
row "4.2 middle node x [mm] (start 2 mm)" "5.81" "paper 000 sec. 4.2 (same from 2)" "$(ffield '%.6f' x_mid_mm "$f2")"
row "4.2 avg Newton iterations, stage 1" "2.13" "paper 000 sec. 4.2" "$(ffield '%.4f' avg_iter_stage1 "$f5")"
row "4.2 avg Newton iterations, stage 2" "1.5" "paper 000 sec. 4.2" "$(ffield '%.4f' avg_iter_stage2 "$f5")"
row "4.2 energy-optimal s of the Lagrangian scan [mm]" "5.41" "paper 000 sec. 4.2, Fig. 9" "$(sed -n 's/.*at s_mid = \([0-9.]*\) mm.*/\1/p' "$f5")"
row "4.3.1 s_K after 20 steps [mm]" "175.4" "paper 000 sec. 4.3.1" "$(ffield '%.6f' s_K_mm "$fp")"
row "4.3.1 s_K, closed form with the wrap on the arc [mm]" "175.4" "paper 000 sec. 4.3.1" "$(field s_K_arc_mm < "$fp") (closed form, one stretch)"
row "4.3.1 |s_K - 175.4| [mm] (20 chords on the wrap)" "<= $(ffield '%.4f' s_K_paper_tol_mm "$fp")" "0.05 rounding + 1 x chord error $(ffield '%.4f' s_K_disc_mm "$fp")" "$(awk -v s="$(field s_K_mm < "$fp")" 'BEGIN { d = s - 175.4; printf "%.4f", d < 0 ? -d : d }')"
row "4.3.1 s_M [mm] (any s in [s_K, L] solves)" "256.9" "paper 000 sec. 4.3.1" "$(ffield '%.9f' s_M_mm "$fp")"
row "4.3.1 strain spread over the elements (relative)" "0" "closed form (one tension)" "$(field strain_spread < "$fp")"
row "4.3.1 avg Newton iterations, stages 1 / 2" "4 / 1" "paper 000 sec. 4.3.1" "$(ffield '%.4f' avg_iter_stage1 "$fp") / $(ffield '%.4f' avg_iter_stage2 "$fp")"
row "4.3.2 tension ratio, n = 20 (exp(mu(pi - pi/n)))" "2.44820" "paper 000 eqs. 83-84, evaluated" "$(ffield '%.8f' ratio "$fc")"
row "4.3.2 the same vs. the discrete model's law (rel.)" "0" "closed form (the example's header)" "$(field rel_dev_discrete < "$fc") (law $(field ratio_discrete < "$fc"))"
row "4.3.2 avg Newton iterations, stage 1" "8.525" "paper 000 sec. 4.3.2" "$(ffield '%.4f' avg_iter_stage1 "$fc")"
row "4.4 joint angle [deg]" "$(awk -v a="$(field angle_ref_rad < "$ff")" 'BEGIN { printf "%.6f", a * 45 / atan2(1, 1) }')" "closed form (paper: Fig. 16 only)" "$(ffield '%.6f' angle_deg "$ff")"
row "4.4 spring moment vs. cable moment (relative)" "0" "closed form (equilibrium)" "$(field moment_rel_err < "$ff")"
row "4.4 avg Newton iterations, stages 1 / 2" "4 / 1" "paper 000 sec. 4.4" "$(ffield '%.4f' avg_iter_stage1 "$ff") / $(ffield '%.4f' avg_iter_stage2 "$ff")"
row "4.4 s of the exit eyelet D [cm] (our geometry)" "12.05" "paper 000 sec. 4.4 (no geometry)" "$(ffield '%.4f' s_D_cm "$ff") (closed form $(ffield '%.4f' s_D_closed_cm "$ff"))"
row "4.4 phalanx length that gives D at 12.05 cm [cm]" "-" "closed form (ours: Lp = 5 assumed)" "$(ffield '%.4f' Lp_for_paper_s_D_cm "$ff")"
row "winch: tension / (m g) - 1" "0" "closed form (statics)" "$(field tension_rel_err < "$fw")"
row "winch: descent / (paid out x stretch) - 1" "0" "closed form (statics)" "$(field descent_rel_err < "$fw")"
row "001 4.1 pendulum SI-HHT MAE, h = 1e-3 [mm]" "4.98" "paper 001 Table 4 (E = 1e8)" "$(field mae_mm < "$out/pendulum.txt") (vs. our adaptive reference)"
row "001 4.1 the same, the paper's scheme [mm]" "4.98" "paper 001 Table 4 (E = 1e8)" "$(field mae_mm < "$out/pendulum_paper.txt") (--si-scheme paper)"
row "001 4.3 sliding tether MAE, mu = 0 / 0.4 [mm]" "2.52 / 3.03" "paper 001 Table 7 (0.4 / 0.8 s)" "$(field mae_mm < "$out/sliding_tether_mu0.txt") / $(field mae_mm < "$out/sliding_tether_mu04.txt") (0.4 / 0.6 s)"
row "001 4.2 submerged tether case 1 MAE [mm]" "0.28" "paper 001 Table 6, h = 1e-3" "$(field mae_mm < "$out/submerged_tether_1.txt")"
row "001 10 s at h = 1e-3, wall [s]" "15.6" "paper 001 Table 2: SI Newmark" "SI-HHT best / median $(field si_hht_1e-3_wall_s < "$out/bench_realtime.txt") / $(field si_hht_1e-3_wall_median_s < "$out/bench_realtime.txt")"
row "beam: elastica P L^2/EI = 10, tip error (20 el.)" "< 1e-4" "ours: shooting reference, test bound" "$(field elastica_tip_err < "$out/beam_benchmarks.txt")"
row "beam: roll-up, tip gap / L (80 el.)" "0" "closed form (circle)" "$(ffield '%.3e' rollup_gap "$out/beam_benchmarks_rollup80.txt")"
row "beam: pure torsion, twist and torque error" "0" "closed form (GJ phi / L)" "$(ffield '%.3e' torsion_err "$out/beam_benchmarks.txt")"
row "beam: natural helix, node distance / L (20 el.)" "0" "closed form (helix)" "$(field helix_err < "$out/beam_benchmarks.txt")"
row "003 7.1 puma: residual norm per iteration of a step" "1.2e6,1.0e3,0.16,4.6e-8" "paper 003 Table 4: full residual, no unit" "$(field table4_norm < "$out/puma_cable.txt") (ours: full residual, 2-norm, step 1000)"
row "003 7.1 puma: Newton iterations of one typical step" "3" "paper 003 Table 4" "$(field typical_newton < "$out/puma_cable.txt") (ours, step 1000); over the run: $(field avg_newton < "$out/puma_cable.txt") mean, $(field max_newton < "$out/puma_cable.txt") most"
row "003 7.1 free swing: energy deviation / (m g L)" "-" "ours (no paper figure)" "$(field energy_dev_rel < "$out/puma_cable_swing.txt")"
row "spinning body: flip period (relative)" "0" "closed form (elliptic)" "$(field period_err < "$out/spinning_body.txt")"
row "spinning body: energy / momentum change (relative)" "0" "conservation" "$(field energy_err < "$out/spinning_body.txt") / $(field momentum_err < "$out/spinning_body.txt")"
row "crane: swing period (relative)" "0" "closed form (rope and payload)" "$(ffield '%.3e' period_err "$out/crane.txt")"
row "crane: hanging length vs l0 + F paid (rel. to paid)" "0" "closed form" "$(ffield '%.3e' length_err "$out/crane.txt")"
row "crane: mean rope tension / (m g) - 1 over the swing" "~phi0^2/4" "closed form (pendulum)" "$(ffield '%.3e' tension_mean_err "$out/crane.txt")"
fi=$out/crane_in_plane.txt; fl=$out/crane_luff.txt
row "crane in-plane: departure vs tangent point [m]" "0" "closed form: the geometric tangent point of the straight span" "$(ffield '%.3e' tangent_err_m "$fi") (statics $(ffield '%.3e' tangent_err_static_m "$fi"))"
row "crane in-plane: energy drift / (m g l (1 - cos phi0))" "0" "conservation (frictionless; HHT damps)" "$(ffield '%.3e' energy_err_rel "$fi")"
row "crane in-plane: wrap angle range [deg]" "88 .. 92" "closed form (light rope: 90 - phi, phi0 = 2)" "$(ffield '%.6f' wrap_min_deg "$fi") .. $(ffield '%.6f' wrap_max_deg "$fi")"
row "crane luff: departure vs tangent point [m]" "0" "closed form: the geometric tangent point of the straight span" "$(ffield '%.3e' tangent_err_m "$fl") (statics $(ffield '%.3e' tangent_err_static_m "$fl"))"
row "crane luff: (E - E0 - W_drive) / W_drive" "0" "energy balance (the drive's work)" "$(ffield '%.3e' energy_err_rel "$fl") (W_drive $(ffield '%.3f' drive_work "$fl") J)"
row "crane luff, statics: wrap vs the light rope's [rad]" "0" "closed form (the tangents from W and P)" "$(ffield '%.3e' wrap_static_err_rad "$fl") (wrap $(ffield '%.3f' wrap_min_deg "$fl") .. $(ffield '%.3f' wrap_max_deg "$fl") deg along the motion)"
row "soft finger, dynamic: settled angle" "0" "ours: the quasistatic run" "$(field dyn_angle_err < "$out/soft_finger_dynamic.txt")"
row "004 sleeve: slipping nodes at 4500 N" "5 (nodes 4..8)" "paper 004 sec. 3, Fig. 2" "$(field slipping < "$out/beam_sleeve.txt")"
row "004 sleeve: |lambda_T| - mu p l at slipping nodes [N]" "0" "closed form (Coulomb)" "$(field staircase_err < "$out/beam_sleeve.txt")"
row "004 sleeve: end displacement at F/2, F [mm]" "-" "paper 004 Fig. 3: a curve, no values" "$(ffield '%.9f' u_mid_mm "$out/beam_sleeve.txt") / $(ffield '%.9f' u_top_mm "$out/beam_sleeve.txt")"
row "004 sleeve: unloading branch at F/2 [mm]" "-" "ours (the paper only loads)" "$(ffield '%.9f' u_unload_mid_mm "$out/beam_sleeve.txt")"
row "capstan stick/slip at full slip vs slip-only law" "0" "closed form (slip-only law)" "$(field slip_law_rel_diff < "$out/capstan_stick.txt")"
row "capstan stick/slip: stuck, ratio after 1st unload" "> 0, < limit" "ours (Coulomb: sticks first)" "$(field stuck_first_down < "$out/capstan_stick.txt"), $(ffield '%.10f' ratio_first_down "$out/capstan_stick.txt")"
row "finger, eyelet friction 0.3: angle at F [deg]" "-" "ours (paper 000 has no friction)" "$(ffield '%.6f' angle_top_deg "$out/soft_finger_friction.txt"), frictionless $(field angle_frictionless_deg < "$out/soft_finger_friction.txt")"
row "finger, eyelet friction: largest loop gap [deg]" "> 0" "ours (hysteresis)" "$(field hysteresis_deg < "$out/soft_finger_friction.txt")"
row "belt drive at onset of slip: T1/T2 vs limit (rel.)" "0" "closed form (discrete limit)" "$(field ratio_rel_err < "$out/belt_drive.txt")"
row "belt drive: torque vs R2 T2 (e1 - 1) [N m]" "equal" "closed form (equilibrium)" "$(ffield '%.12e' M_transmitted "$out/belt_drive.txt"), $(field M_EE < "$out/belt_drive.txt")"
row "belt drive, stick: creep balance (rel. to R1 phi1)" "0" "closed form (creep)" "$(field creep_balance_err < "$out/belt_drive.txt")"
row "Atwood, stick: acceleration [m/s^2]" "equal" "closed form (rigid machine)" "$(ffield '%.12e' a "$out/atwood_friction_stick.txt"), $(field a_rigid < "$out/atwood_friction_stick.txt")"
row "Atwood, slip: T1/T2, slip limit" "equal" "closed form (slip limit)" "$(ffield '%.12e' ratio "$out/atwood_friction_slip.txt"), $(field ratio_limit < "$out/atwood_friction_slip.txt")"
row "Atwood, slip: energy lost, friction work [J]" "equal" "energy balance" "$(ffield '%.12e' energy_loss "$out/atwood_friction_slip.txt"), $(ffield '%.12e' friction_work "$out/atwood_friction_slip.txt")"
row "issue 12: all-ALE catenary status, W <= Lagrangian" "0, 1" "ours (issue 12)" "$(field status < "$out/catenary_start.txt"), $(field energy_below_lagrangian < "$out/catenary_start.txt")"
row "issue 12: sag vs elastic catenary (50 el.) [rel]" "O(h^2)" "closed form (elastic catenary)" "$(field sag_rel_err < "$out/catenary_start_50.txt")"
row "mooring waves: fairlead tension RAO / quasi-static" "1 (T = 120 s)" "closed form (catenary dT/dX, dT/dZ)" "$(field rao_ratio < "$out/mooring_waves.txt") (RAO $(field rao_dyn < "$out/mooring_waves.txt") kN/m)"
row "mooring waves: the same at T = 10 s, H = 1 m" "-" "ours (drag and inertia of the line)" "$(field rao_ratio < "$out/mooring_waves_T10.txt") (line 1: $(field rao_ratio_1 < "$out/mooring_waves_T10.txt"))"
echo "(iteration counts depend on the convergence tolerance, which paper 000 does not give; ours:"
echo " ||r||_inf <= 1e-10 of the step's largest residual; with --tol 1e-6 clamped_axial takes 2.00 and 1.10,"
echo " pulley_frictionless 2.00 and 1.00)"

# PNG plots: make demo installs gnuplot-nox (scripts/deps/demo); a run of this script by
# hand, or make demo where the dependencies cannot be installed (not Debian), may lack it
if command -v gnuplot >/dev/null 2>&1; then
    sh examples/plots.sh "$out"
else
    echo "gnuplot is not installed: no PNG plots (make demo installs it on Debian/Ubuntu; elsewhere install gnuplot, then run make demo again)"
fi
# the crane's ParaView series (in-plane swing, luffing boom) as pictures (pvbatch:
# scripts/render-crane.py); make render-crane installs ParaView on Debian/Ubuntu, make demo
# does not (it is large).  usage: render PVD PNG TIME TITLE
render() {
    if [ -n "${DISPLAY:-}" ]; then
        pvbatch scripts/render-crane.py "$@"
    else # Debian's pvbatch renders through X: a virtual display
        xvfb-run -a -s '-screen 0 1600x1200x24' pvbatch scripts/render-crane.py "$@"
    fi
}
# pvbatch without its Python module: Debian's python3-vtk9 and python3-paraview conflict, and
# installing the former removes the latter while pvbatch stays
pv_python() {
    probe="$out/pvbatch_probe.py"
    echo "import paraview.simple" > "$probe"
    if [ -n "${DISPLAY:-}" ]; then pvbatch "$probe" >/dev/null 2>&1; else xvfb-run -a -s '-screen 0 640x480x24' pvbatch "$probe" >/dev/null 2>&1; fi
}
if ! command -v pvbatch >/dev/null 2>&1; then
    echo "ParaView's pvbatch is not installed: the crane's series ($out/crane_in_plane_vtk/crane.pvd, $out/crane_luff_vtk/crane.pvd) not rendered (make render-crane installs it on Debian/Ubuntu; or open the .pvd in ParaView)"
elif [ -z "${DISPLAY:-}" ] && ! command -v xvfb-run >/dev/null 2>&1; then
    echo "no display and no xvfb-run: the crane's series not rendered (install xvfb, or open the .pvd in ParaView)"
elif ! pv_python; then
    echo "pvbatch cannot import ParaView's Python module (paraview.simple): the crane's series not rendered (sudo apt-get install python3-paraview; it replaces python3-vtk9; or open the .pvd in ParaView)"
else
    render "$out/crane_in_plane_vtk/crane.pvd" "$out/crane_in_plane_paraview.png" 2.4 "crane --swing in-plane"
    render "$out/crane_luff_vtk/crane.pvd" "$out/crane_luff_paraview.png" 6 "crane --luff"
fi
echo "outputs in $out/"
