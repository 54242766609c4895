# A DUT settling after start-up on the scripted meter of worker-threshold.profile: 4.0 W idle and
# 12.5 W while the local worker runs a cipher, both 0.5 W higher at the simulator's start and the
# excess decaying with a 3 s time constant (0.5 W x exp(-t / 3 s): 7 mW left after 13 s, 0.2 mW
# after 23 s). A wait for stable idle power ends once the trend over the last baseline-length
# window is within 1 % of 4 W.
load threshold
load_source worker
threshold_cores 0.1
idle_power 4.0
busy_power 12.5
idle_settle 0.5 3
noise 0.005
seed 20261125
