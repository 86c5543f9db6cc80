/*
** btree.h: the static B+ tree over a sorted array that the search family
** builds and searches (docs/entries.md): its shape, its construction on the
** host, and the grouped search on the device (btree.cl), in which the keys
** are first grouped by subtree (Harmonia's query aggregation).
*/
#ifndef btree_h
#define btree_h

#include "data.h"
#include "rt.h"

#include <stdint.h>

/* The B+ tree's levels: level 0 is the sorted array (n keys) in leaves of fl
** keys; level 1 has ceil(n / fl) keys, the last of each leaf; level l + 1
** has ceil(len_l / f) keys, the last of each f-key node of level l, until a
** level has at most f. Levels >= 1 are stored one after another (level 1
** first), each padded to a multiple of f keys with copies of its last key, so
** that every node is f whole, aligned keys; off[l] is level l's offset there,
** pad[l] its padded length (level 0: n padded to whole leaves). */
#define BTREE_MAXLEVELS 40
struct btree_shape {
  int fl, f;              /* keys per leaf, per internal node: 8 or 16 */
  int nl;                 /* levels, including level 0 */
  int64_t len[BTREE_MAXLEVELS], pad[BTREE_MAXLEVELS], off[BTREE_MAXLEVELS];
  int64_t internal;       /* keys in levels >= 1, padding included */
};

/* The shape of the tree over n keys with leaves of fl and nodes of f keys. */
void btree_shape_init(int64_t n, int fl, int f, struct btree_shape *b);

/* Keys per node of level l. */
int64_t btree_node(const struct btree_shape *b, int l);

/* Build the internal levels of the tree over xs (sorted) into tree
** (b->internal keys of xs's type). */
void btree_build(const struct data_value *xs, const struct btree_shape *b, unsigned char *tree);

/* The grouped search on the device (owned by its caller; free with
** btree_group_free). */
struct btree_group;

/* The tree as the device holds it: the leaves xs (padded to whole leaves),
** the internal levels, the level table btree.cl reads, and its shape. */
struct btree_dev {
  cl_mem xs, tree, levels;
  const struct btree_shape *shape;
};

/* Prepare the grouped search of m keys (of elem bytes each, in `keys`) in
** tree t, answers (i64) to out, with btree.cl built by opts (which define
** WG, BATCH, FL and F) and groups of wg work-items of `batch` keys each;
** the keys are bucketed by the deepest level of at most `buckets` nodes.
** NULL with e set on failure (m must be below 2^32: positions are 32-bit). */
struct btree_group *btree_group_prepare(struct rt *rt, const char *opts, const struct btree_dev *t,
                                        cl_mem keys, int64_t m, size_t elem, cl_mem out, size_t wg,
                                        int batch, int64_t buckets, struct ps_err *e);

/* Enqueue one grouped search: buckets, their offsets, the grouping, the search. */
int btree_group_run(struct rt *rt, struct btree_group *g, struct ps_err *e);

/* Release g's buffers and itself; accepts NULL. */
void btree_group_free(struct rt *rt, struct btree_group *g);

#endif
