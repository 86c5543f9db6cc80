/*
** devices.h: `psearch devices`, list OpenCL platforms and devices.
*/
#ifndef devices_h
#define devices_h

#include "opt.h"

extern const struct opt_cmd devices_cmd;

#endif
