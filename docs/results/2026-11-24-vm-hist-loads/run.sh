#!/bin/bash
# os_hist with loads of 4 keys (OS_HVEC=4) against one key a load on PoCL, the
# 2-core development VM, [4194304]i32, ABAB (binary of commit b77dc8c, bundled
# by scripts/gpu-bundle.sh; variants.txt: the table it ends with, made again
# from the JSON by the same lines of Python).
N=4194304 bash scripts/gpu-variants.sh .carry/psearch docs/results/2026-11-24-vm-hist-loads \
  a=@s v4=OS_HVEC=4@s v4i2=OS_HVEC=4,OS_HITEMS=2@s a=@s v4=OS_HVEC=4@s aa=@a av4=OS_HVEC=4@a
