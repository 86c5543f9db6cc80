/*
** list.h: `psearch list`, the catalogue of entry points with their cost model.
*/
#ifndef list_h
#define list_h

#include <stdio.h>

int list_main(int argc, char **argv);
void list_help(FILE *f);

#endif
