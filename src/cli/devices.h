/*
** devices.h: `psearch devices`, list OpenCL platforms and devices.
*/
#ifndef devices_h
#define devices_h

#include <stdio.h>

int devices_main(int argc, char **argv);
void devices_help(FILE *f);

#endif
