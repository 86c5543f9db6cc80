#!/bin/bash
# machine.sh PSEARCH: what an experiment's machine.txt records (scripts/experiment.sh):
# the date (UTC), the CPUs, the GPU's state where nvidia-smi is (name, driver, clocks,
# temperature, power), psearch's version and the OpenCL devices it sees.
P=$1
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo)"
command -v nvidia-smi >/dev/null &&
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv
"$P" --version
"$P" devices
