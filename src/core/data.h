/*
** data.h: Futhark's data format (docs/data-format.md). Values of the 12
** element types at any rank, read from and written to the binary format and
** the text format; a file may hold several values, binary and text mixed.
*/
#ifndef data_h
#define data_h

#include "ps.h"

#include <stdint.h>
#include <stdio.h>

enum data_type {
  DATA_I8, DATA_I16, DATA_I32, DATA_I64,
  DATA_U8, DATA_U16, DATA_U32, DATA_U64,
  DATA_F16, DATA_F32, DATA_F64, DATA_BOOL,
  DATA_NTYPES
};

#define DATA_MAX_RANK 127 /* the rank byte is read as signed by Futhark */

/* One value: a scalar (rank 0) or a row-major array. */
struct data_value {
  enum data_type type;
  int rank;
  int64_t shape[DATA_MAX_RANK];
  void *elems; /* owned; count * elem size bytes; NULL when there are none */
};

/* Type facts. */
const char *data_type_name(enum data_type t);          /* "i32" */
size_t data_type_size(enum data_type t);               /* bytes per element */
int data_type_is_signed(enum data_type t);             /* i8..i64 */
int data_type_is_unsigned(enum data_type t);           /* u8..u64 */
int data_type_is_float(enum data_type t);              /* f16, f32, f64 */
/* Parse a type name of exactly len chars ("i32"); 0 on success. */
int data_type_parse(const char *s, size_t len, enum data_type *t);

/* Number of elements (product of the shape); 1 for a scalar. */
uint64_t data_value_count(const struct data_value *v);
/* Payload bytes; fails (-1) if the size does not fit in size_t. */
int data_value_bytes(const struct data_value *v, size_t *bytes);
/* Allocate zeroed elements for type, rank and shape (shape may be NULL for
** rank 0). Checks the size for overflow first. */
int data_value_init(struct data_value *v, enum data_type t, int rank, const int64_t *shape,
                    struct ps_err *e);
/* Allocate memory for elements (large blocks aligned for huge pages);
** release with free(). NULL on failure. */
void *data_alloc(size_t bytes);
/* Release the elements; accepts NULL; leaves an empty scalar-less value. */
void data_value_free(struct data_value *v);
/* "[4][2]i32" into buf (at most n bytes, NUL-terminated). */
void data_value_type_text(const struct data_value *v, char *buf, size_t n);

/* ---- Reading ---- */

/* A reader over a stream or a memory buffer. `name` is used in messages
** ("FILE: byte 12: ..." or "FILE:3:7: ..."). */
struct data_reader;
struct data_reader *data_reader_file(FILE *f, const char *name);
struct data_reader *data_reader_mem(const void *buf, size_t len, const char *name);
void data_reader_close(struct data_reader *r); /* accepts NULL; does not fclose */

/* Read the next value. Returns 1 with *v filled (caller frees), 0 at end of
** input (only whitespace and comments left), -1 on error (message in e). */
int data_read(struct data_reader *r, struct data_value *v, struct ps_err *e);

/* Whether data_read's last failure was running out of memory (then exit 1,
** "out of memory"; any other failure is bad data). */
int data_reader_oom(const struct data_reader *r);

/* ---- Writing ---- */

/* Write one value in binary or text format. Return 0, or -1 on a write error
** (message in e). Text values end with a newline; binary values do not. */
int data_write_binary(FILE *f, const struct data_value *v, struct ps_err *e);
int data_write_text(FILE *f, const struct data_value *v, struct ps_err *e);
/* Write only the binary header of v's type and shape (v->elems unused), for
** elements written after it. 0 or -1 (message in e). */
int data_write_header(FILE *f, const struct data_value *v, struct ps_err *e);

/* Format one element of v (index i) as text with its type suffix. */
void data_format_elem(const struct data_value *v, uint64_t i, char *buf, size_t n);

/* IEEE binary16 conversions (round to nearest even). */
float data_half_to_float(uint16_t h);
uint16_t data_float_to_half(float f);

#endif
