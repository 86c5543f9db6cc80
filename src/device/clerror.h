/*
** clerror.h: the name of an OpenCL error code, for messages.
*/
#ifndef clerror_h
#define clerror_h

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

/* "CL_OUT_OF_RESOURCES" for an error code; a hint for a missing ICD. */
const char *clerror_name(cl_int err);

#endif
