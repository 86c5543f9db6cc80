/*
** cachecmd.h: `psearch cache`: show where the cache is and what it holds,
** clean it, or trim it to its size cap.
*/
#ifndef cachecmd_h
#define cachecmd_h

#include <stdio.h>

int cachecmd_main(int argc, char **argv);
void cachecmd_help(FILE *f);

#endif
