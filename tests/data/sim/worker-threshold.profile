# Two known levels for end-to-end checks of the analysis: the simulated DUT draws exactly
# idle_power while the local worker (cipherwatt-bench) idles and busy_power while it runs a
# cipher, with Gaussian noise of known size from a fixed seed. Other load on the host does not
# count. Expected net power of every run: 12.5 - 4.0 = 8.5 W.
load threshold
load_source worker
threshold_cores 0.1
idle_power 4.0
busy_power 12.5
noise 0.05
seed 20261122
