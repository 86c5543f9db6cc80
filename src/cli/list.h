/*
** list.h: `psearch list`, the catalogue of entry points with their cost model.
*/
#ifndef list_h
#define list_h

#include "opt.h"

extern const struct opt_cmd list_cmd;

#endif
