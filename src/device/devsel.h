/*
** devsel.h: which devices a selection (rt.h: struct rt_select) admits. rt_open
** takes the first admitted GPU, else the first admitted device.
*/
#ifndef devsel_h
#define devsel_h

#include "ps.h"
#include "rt_types.h"

/* 1 when di matches every field of sel that is set: platform and device by
** index or case-insensitive name substring, type "cpu" or "gpu". */
int devsel_matches(const struct rt_select *sel, const struct rt_device_info *di);

/* The device rt_open opens for sel: the first admitted GPU where sel sets
** nothing, else the first admitted device; its description, platform and
** id. 0, or -1 with e set where none is admitted or no platform answers. */
int devsel_pick(const struct rt_select *sel, struct rt_device_info *di, cl_platform_id *p, cl_device_id *d,
                struct ps_err *e);

#endif
