# A warming DUT on the scripted meter of worker-threshold.profile: 4.0 W idle and 12.5 W while
# the local worker runs a cipher, and both levels rise by 15 W/h (0.1 W in 24 s) from the
# simulator's start. Every run still adds exactly 8.5 W: an idle level followed through the
# session recovers it; the baseline alone would not.
load threshold
load_source worker
threshold_cores 0.1
idle_power 4.0
busy_power 12.5
idle_drift 15
noise 0.02
seed 20261124
