/*
** cost_ref.c: the sequential references of the cost-model family (cost.c's
** c backend, against which the opencl and multicore backends are checked).
** Elements are i32 or u32 with wrap-around (+); comparisons follow the sign
** of the input's type.
*/
#include "cost_ref.h"

#include <string.h>

#define BINS 256

static int is_signed(const struct entry_job *j) { return j->in[0].type == DATA_I32; }

/* The input as u32 and i32, its length, the output. */
#define REF_VARS(j)                                                                   \
  uint64_t n = data_value_count(&(j)->in[0]);                                         \
  const uint32_t *x = (j)->in[0].elems;                                               \
  const int32_t *sx = (j)->in[0].elems;                                               \
  uint32_t *out = (j)->out[0].elems, acc = 0;                                         \
  (void)sx;                                                                           \
  (void)out;                                                                          \
  (void)acc

void cost_ref_sum(struct entry_job *j)
{
  REF_VARS(j);
  for (uint64_t i = 0; i < n; i++)
    acc += x[i];
  out[0] = acc;
}

void cost_ref_argmax(struct entry_job *j)
{
  REF_VARS(j);
  int64_t best = -1;
  int sgn = is_signed(j);
  for (uint64_t i = 0; i < n; i++)
    if (best < 0 || (sgn ? sx[i] > sx[best] : x[i] > x[best]))
      best = (int64_t)i;
  *(int64_t *)j->out[0].elems = best;
}

void cost_ref_scan(struct entry_job *j)
{
  REF_VARS(j);
  for (uint64_t i = 0; i < n; i++)
    out[i] = acc += x[i];
}

void cost_ref_scan_exclusive(struct entry_job *j)
{
  REF_VARS(j);
  for (uint64_t i = 0; i < n; i++) {
    out[i] = acc;
    acc += x[i];
  }
}

void cost_ref_scan_max(struct entry_job *j)
{
  REF_VARS(j);
  int sgn = is_signed(j);
  for (uint64_t i = 0; i < n; i++) {
    if (i == 0 || (sgn ? sx[i] > (int32_t)acc : x[i] > acc))
      acc = x[i];
    out[i] = acc;
  }
}

void cost_ref_filter(struct entry_job *j)
{
  REF_VARS(j);
  uint64_t m = 0;
  for (uint64_t i = 0; i < n; i++)
    if (!is_signed(j) || sx[i] >= 0)
      out[m++] = x[i];
  j->out[0].shape[0] = (int64_t)m;
}

void cost_ref_histogram(struct entry_job *j)
{
  REF_VARS(j);
  memset(out, 0, BINS * sizeof *out);
  for (uint64_t i = 0; i < n; i++)
    out[x[i] & 255]++;
}

void cost_ref_reduce_by_index(struct entry_job *j)
{
  REF_VARS(j);
  const uint32_t *v = j->in[1].elems;
  uint64_t m = data_value_count(&j->in[1]);
  memset(out, 0, BINS * sizeof *out);
  for (uint64_t i = 0; i < n && i < m; i++)
    if ((!is_signed(j) || sx[i] >= 0) && x[i] < BINS)
      out[x[i]] += v[i];
}

void cost_ref_segmented_scan(struct entry_job *j)
{
  REF_VARS(j);
  const unsigned char *f = j->in[1].elems;
  for (uint64_t i = 0; i < n; i++)
    out[i] = acc = f[i] ? x[i] : acc + x[i];
}

void cost_ref_segmented_reduce(struct entry_job *j)
{
  REF_VARS(j);
  const unsigned char *f = j->in[1].elems;
  uint64_t m = 0;
  for (uint64_t i = 0; i < n; i++) {
    acc = f[i] ? x[i] : acc + x[i];
    if (i == n - 1 || f[i + 1])
      out[m++] = acc;
  }
  j->out[0].shape[0] = (int64_t)m;
}
