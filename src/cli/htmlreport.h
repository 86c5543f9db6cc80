/*
** htmlreport.h: `psearch report RESULTS.json... -o report.html`: a
** self-contained HTML page of the results to share (docs/cli.md).
*/
#ifndef htmlreport_h
#define htmlreport_h

#include "opt.h"

extern const struct opt_cmd htmlreport_cmd;

#endif
