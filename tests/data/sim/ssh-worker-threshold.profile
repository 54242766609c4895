# worker-threshold.profile for a worker that is not this process's descendant: over SSH the
# worker is a child of the sshd the test started, a sibling of the process that owns the
# simulated meter (cipherwatt-cli). Expected net power of every run: 12.5 - 4.0 = 8.5 W.
load threshold
load_source worker
load_root parent
threshold_cores 0.1
idle_power 4.0
busy_power 12.5
noise 0.05
seed 20261122
