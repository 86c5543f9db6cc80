/*
** benchcon.c: bench --concurrent's barrier: the conductor in the parent, a
** worker's side of it, and the interference table (benchcon.h).
*/
#include "benchcon.h"

#include "stats.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LABEL_MAX 1024 /* a dataset's label in a message */
#define LABEL_SHOWN 80 /* the table's first column at most */

/* What goes over the pipes, one shape both ways: READY and MEASURED from a
** worker, ALONE, AT_ONCE and END from the conductor. A message is shorter
** than PIPE_BUF, so it is written whole. */
enum { CON_READY = 1, CON_ALONE, CON_AT_ONCE, CON_MEASURED, CON_END };

struct msg {
  int kind;
  int ok;                  /* READY: the dataset can run; MEASURED: measured without error */
  double mean_us;          /* MEASURED: the runs' mean */
  double elements, bytes;  /* READY: what a run works on (0: unknown) */
  struct benchcon_end end; /* END */
  char label[LABEL_MAX];   /* READY */
};

struct benchcon_peer {
  int in, out; /* from the conductor, to it */
};

/* A dataset as the conductor saw it. */
struct round {
  char *label;
  double elements, bytes;
  double *alone, *at_once; /* each worker's mean, µs; NaN: not measured */
  struct benchcon_end end;
};

/* The conductor's view of one worker. */
struct wk {
  int in, out;             /* the parent's ends: from the worker, to it; -1: closed, the worker left out */
  int child_in, child_out; /* the worker's ends, until it is forked */
  struct benchcon_peer peer;
  int ready, ok, measured; /* this dataset: it said it is ready, it can run it, it measured at once */
  double elements, bytes;
  char label[LABEL_MAX];
  char key[32];
};

/* Where a dataset is: the workers getting ready, measuring alone one after
** another, measuring at once. */
enum phase { GATHER, ALONE, AT_ONCE };

struct benchcon {
  int n;
  struct wk *w;
  struct pollfd *pf;
  int *pk;                 /* pf[i] is worker pk[i]'s */
  enum phase phase;
  int turn, turn_done;     /* ALONE: the worker measuring, and whether it has said it is done */
  struct round cur;        /* the dataset under way (its label in label) */
  char label[LABEL_MAX];
  struct round *r;         /* the datasets done */
  int nr, cap;
  int stopped;
};

static void close_fd(int *fd)
{
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

static void round_free(struct round *r)
{
  free(r->label);
  free(r->alone);
  free(r->at_once);
}

struct benchcon *benchcon_new(int n)
{
  struct benchcon *c = calloc(1, sizeof *c);
  size_t m = (size_t)n + 1;
  if (c != NULL) {
    c->w = calloc(m, sizeof *c->w);
    c->pf = calloc(m, sizeof *c->pf);
    c->pk = calloc(m, sizeof *c->pk);
    c->cur.alone = calloc(m, sizeof *c->cur.alone);
    c->cur.at_once = calloc(m, sizeof *c->cur.at_once);
  }
  if (c != NULL && (c->w == NULL || c->pf == NULL || c->pk == NULL || c->cur.alone == NULL || c->cur.at_once == NULL)) {
    benchcon_free(c); /* c->n is 0: no descriptor to close */
    c = NULL;
  }
  for (int k = 0; c != NULL && k < n; k++)
    c->w[k].in = c->w[k].out = c->w[k].child_in = c->w[k].child_out = -1;
  if (c != NULL)
    c->n = n;
  return c;
}

void benchcon_free(struct benchcon *c)
{
  for (int k = 0; c != NULL && k < c->n; k++) {
    close_fd(&c->w[k].in);
    close_fd(&c->w[k].out);
    close_fd(&c->w[k].child_in);
    close_fd(&c->w[k].child_out);
  }
  for (int i = 0; c != NULL && i < c->nr; i++)
    round_free(&c->r[i]);
  if (c != NULL) {
    round_free(&c->cur);
    free(c->r);
    free(c->w);
    free(c->pf);
    free(c->pk);
  }
  free(c);
}

int benchcon_pipes(struct benchcon *c, int k, const char *key, struct ps_err *e)
{
  struct wk *w = &c->w[k];
  int up[2] = {-1, -1}, down[2] = {-1, -1}, rc = 0; /* the worker to the conductor, the conductor to the worker */
  snprintf(w->key, sizeof w->key, "%s", key);
  if (pipe(up) != 0 || pipe(down) != 0) {
    rc = ps_fail(e, "--concurrent: pipe: %s", strerror(errno));
    close_fd(&up[0]);
    close_fd(&up[1]);
  } else {
    w->in = up[0];
    w->child_out = up[1];
    w->child_in = down[0];
    w->out = down[1];
  }
  return rc;
}

struct benchcon_peer *benchcon_child(struct benchcon *c, int k)
{
  for (int i = 0; i < c->n; i++) {
    close_fd(&c->w[i].in);
    close_fd(&c->w[i].out);
    if (i != k) {
      close_fd(&c->w[i].child_in);
      close_fd(&c->w[i].child_out);
    }
  }
  c->w[k].peer = (struct benchcon_peer){c->w[k].child_in, c->w[k].child_out};
  return &c->w[k].peer;
}

void benchcon_forked(struct benchcon *c, int k, int started)
{
  close_fd(&c->w[k].child_in);
  close_fd(&c->w[k].child_out);
  if (!started) {
    close_fd(&c->w[k].in);
    close_fd(&c->w[k].out);
  }
}

/* ============================== The conductor ============================ */

static int live(const struct benchcon *c, int k)
{
  return c->w[k].in >= 0;
}

/* Worker k left out from now on: its pipes closed, so that it stops. */
static void drop(struct benchcon *c, int k)
{
  close_fd(&c->w[k].in);
  close_fd(&c->w[k].out);
  c->w[k].ready = c->w[k].ok = 0;
}

/* Command kind (with end, for END) to worker k; one that cannot be told is left out. */
static void tell(struct benchcon *c, int k, int kind, const struct benchcon_end *end)
{
  struct msg m;
  memset(&m, 0, sizeof m);
  m.kind = kind;
  if (end != NULL)
    m.end = *end;
  if (live(c, k) && ps_write_full(c->w[k].out, &m, sizeof m) != 0)
    drop(c, k);
}

/* Every live worker is ready: the dataset is the first one's; a worker at
** another one is left out (said). 0, or -1 when no worker is left. */
static int start_round(struct benchcon *c)
{
  int lead = 0;
  while (lead < c->n && !live(c, lead))
    lead++;
  for (int k = lead + 1; k < c->n; k++)
    if (live(c, k) && strcmp(c->w[k].label, c->w[lead].label) != 0) {
      ps_error("--concurrent: the worker of %s is at %s, the one of %s at %s: %s left out", c->w[k].key,
               c->w[k].label, c->w[lead].key, c->w[lead].label, c->w[k].key);
      drop(c, k);
    }
  for (int k = 0; k < c->n; k++)
    c->cur.alone[k] = c->cur.at_once[k] = NAN;
  if (lead < c->n) {
    memcpy(c->label, c->w[lead].label, sizeof c->label);
    c->cur.elements = c->w[lead].elements;
    c->cur.bytes = c->w[lead].bytes;
    c->phase = ALONE;
    c->turn = -1;
  }
  return lead < c->n ? 0 : -1;
}

/* The dataset under way kept for the table (left out, said, when out of memory). */
static void keep_round(struct benchcon *c)
{
  size_t n = (size_t)c->n * sizeof(double);
  struct round r = c->cur;
  if (c->nr == c->cap) {
    int cap = c->cap > 0 ? 2 * c->cap : 16;
    struct round *v = realloc(c->r, (size_t)cap * sizeof *v);
    if (v != NULL) {
      c->r = v;
      c->cap = cap;
    }
  }
  r.label = strdup(c->label);
  r.alone = malloc(n + 1);
  r.at_once = malloc(n + 1);
  if (c->nr == c->cap || r.label == NULL || r.alone == NULL || r.at_once == NULL) {
    ps_error("out of memory: %s is left out of the interference table", c->label);
    round_free(&r);
    return;
  }
  memcpy(r.alone, c->cur.alone, n);
  memcpy(r.at_once, c->cur.at_once, n);
  c->r[c->nr++] = r;
}

/* Every worker that measured at once has said so: the devices' throughput
** told to every ready worker, the dataset kept, the next one gathered. */
static void end_round(struct benchcon *c)
{
  struct benchcon_end end;
  memset(&end, 0, sizeof end);
  for (int k = 0; k < c->n; k++)
    if (c->cur.at_once[k] > 0 && c->cur.alone[k] > 0) {
      end.devices++;
      end.rps += 1e6 / c->cur.at_once[k];
      end.alone_rps += 1e6 / c->cur.alone[k];
    }
  c->cur.end = end;
  keep_round(c);
  for (int k = 0; k < c->n; k++) {
    if (c->w[k].ready)
      tell(c, k, CON_END, &end);
    c->w[k].ready = c->w[k].ok = c->w[k].measured = 0;
  }
  c->phase = GATHER;
}

/* The dataset a step further, as far as the workers' words allow. */
static void advance(struct benchcon *c)
{
  int k = 0;
  if (c->phase == GATHER) {
    while (k < c->n && (!live(c, k) || c->w[k].ready))
      k++;
    if (k < c->n || start_round(c) != 0)
      return; /* a worker is not ready yet, or none is left */
  }
  while (c->phase == ALONE) {
    if (c->turn >= 0 && live(c, c->turn) && !c->turn_done)
      return; /* measuring alone */
    for (k = c->turn + 1; k < c->n && !(live(c, k) && c->w[k].ok);)
      k++;
    c->turn = k;
    c->turn_done = 0;
    if (k < c->n) {
      tell(c, k, CON_ALONE, NULL);
      continue;
    }
    c->phase = AT_ONCE;
    for (int i = 0; i < c->n; i++)
      if (c->w[i].ok)
        tell(c, i, CON_AT_ONCE, NULL);
  }
  for (k = 0; k < c->n && !(live(c, k) && c->w[k].ok && !c->w[k].measured);)
    k++;
  if (k == c->n)
    end_round(c);
}

/* Worker k's message, read and noted; a worker that ended, or that says
** what it was not asked, is left out. */
static void receive(struct benchcon *c, int k)
{
  struct wk *w = &c->w[k];
  struct msg m;
  if (ps_read_full(w->in, &m, sizeof m) != 0) {
    drop(c, k); /* it ended */
  } else if (m.kind == CON_READY && !w->ready && c->phase == GATHER) {
    w->ready = 1;
    w->ok = m.ok;
    w->elements = m.elements;
    w->bytes = m.bytes;
    memcpy(w->label, m.label, sizeof w->label);
    w->label[sizeof w->label - 1] = '\0';
  } else if (m.kind == CON_MEASURED && c->phase == ALONE && c->turn == k && !c->turn_done) {
    c->turn_done = 1;
    c->cur.alone[k] = m.ok ? m.mean_us : NAN;
    w->ok = m.ok; /* failed alone: not measured at once */
  } else if (m.kind == CON_MEASURED && c->phase == AT_ONCE && w->ok && !w->measured) {
    w->measured = 1;
    c->cur.at_once[k] = m.ok ? m.mean_us : NAN;
  } else {
    ps_error("--concurrent: the worker of %s said what it was not asked (message %d): left out", w->key, m.kind);
    drop(c, k);
  }
}

void benchcon_step(struct benchcon *c, int ms, int stopped)
{
  int np = 0;
  if (stopped && !c->stopped) {
    for (int k = 0; k < c->n; k++)
      drop(c, k);
    c->stopped = 1;
  }
  for (int k = 0; k < c->n; k++)
    if (live(c, k)) {
      c->pf[np] = (struct pollfd){c->w[k].in, POLLIN, 0};
      c->pk[np++] = k;
    }
  if (np == 0) {
    nanosleep(&(struct timespec){ms / 1000, (long)(ms % 1000) * 1000000}, NULL);
  } else if (poll(c->pf, (nfds_t)np, ms) > 0) {
    for (int i = 0; i < np; i++)
      if (c->pf[i].revents != 0)
        receive(c, c->pk[i]);
    advance(c);
  }
}

/* ================================ The table ============================= */

/* One dataset's row: each device's ratio, the devices' throughput at once. */
static void print_row(FILE *f, const struct round *r, int n, int width)
{
  fprintf(f, "%-*.*s", width, width, r->label);
  for (int k = 0; k < n; k++)
    if (r->at_once[k] > 0 && r->alone[k] > 0)
      fprintf(f, " %8.3fx", r->at_once[k] / r->alone[k]);
    else
      fprintf(f, " %9s", "-");
  if (r->end.devices > 0 && r->elements > 0)
    fprintf(f, "  %.3g elements/s", r->elements * r->end.rps);
  if (r->end.devices > 0 && r->bytes > 0)
    fprintf(f, ", %.1f GB/s", r->bytes * r->end.rps / 1e9);
  if (r->end.devices > 0)
    fprintf(f, " (%.0f%%)", 100 * r->end.rps / r->end.alone_rps);
  if (r->end.devices < n) /* a worker ended, or failed this dataset */
    fprintf(f, "%s%d of %d devices at once", r->end.devices > 0 ? "; " : "  ", r->end.devices, n);
  fprintf(f, "\n");
}

/* The table's header, rows and geometric means, names padded to width. */
static void print_table(const struct benchcon *c, FILE *f, int width)
{
  fprintf(f, "\nInterference (--concurrent): each dataset's mean on each device while the %d devices ran it at\n"
             "once, over its mean alone; their throughput at once, summed (its share of their sum alone).\n", c->n);
  fprintf(f, "%-*s", width, "");
  for (int k = 0; k < c->n; k++)
    fprintf(f, " %9s", c->w[k].key);
  fprintf(f, "  together\n");
  for (int i = 0; i < c->nr; i++)
    print_row(f, &c->r[i], c->n, width);
  fprintf(f, "%-*s", width, "geometric mean");
  for (int k = 0; k < c->n; k++) {
    double logs = 0;
    int m = 0;
    for (int i = 0; i < c->nr; i++)
      if (c->r[i].at_once[k] > 0 && c->r[i].alone[k] > 0) {
        logs += log(c->r[i].at_once[k] / c->r[i].alone[k]);
        m++;
      }
    if (m > 0)
      fprintf(f, " %8.3fx", exp(logs / m));
    else
      fprintf(f, " %9s", "-");
  }
  fprintf(f, "\n");
}

void benchcon_print(const struct benchcon *c, FILE *f)
{
  int width = 14, any = 0;
  for (int i = 0; i < c->nr; i++) {
    int len = (int)strlen(c->r[i].label);
    width = len > width ? (len > LABEL_SHOWN ? LABEL_SHOWN : len) : width;
    any |= c->r[i].end.devices > 0;
  }
  if (any)
    print_table(c, f, width);
}

/* ================================ A worker ============================== */

/* m to the conductor: 0, or -1 when it is gone (*stop set). */
static int say(struct benchcon_peer *p, const struct msg *m, volatile sig_atomic_t *stop)
{
  int rc = ps_write_full(p->out, m, sizeof *m);
  if (rc != 0)
    *stop = 1;
  return rc;
}

/* The conductor's next word into *m: its kind, or -1 once stopped or when
** the conductor is gone (*stop set). Polls, so that a stop is seen within 50 ms. */
static int next(struct benchcon_peer *p, volatile sig_atomic_t *stop, struct msg *m)
{
  int r = 0, kind = -1;
  while (!*stop && r == 0) {
    struct pollfd pf = {p->in, POLLIN, 0};
    if ((r = poll(&pf, 1, 50)) < 0 && errno == EINTR)
      r = 0;
  }
  if (*stop)
    kind = -1;
  else if (r > 0 && ps_read_full(p->in, m, sizeof *m) == 0)
    kind = m->kind;
  else
    *stop = 1; /* the conductor is gone */
  return kind;
}

/* The prepared job j run, untimed, until the conductor's next word or a stop
** (or an error, after which the job is left alone); the runs made. */
static int64_t keep_busy(struct benchcon_peer *p, struct entry_job *j, volatile sig_atomic_t *stop)
{
  struct pollfd pf = {p->in, POLLIN, 0};
  struct ps_err e;
  int64_t runs = 0;
  while (!*stop && poll(&pf, 1, 0) == 0 && entry_run(j, &e) == 0 && entry_sync(j, &e) == 0)
    runs++;
  return runs;
}

/* The mean of r's runs, as the report computes it. */
static double mean_of(const struct measure_result *r)
{
  struct stats s;
  stats_compute(r->us, r->n, &s);
  return s.mean;
}

int benchcon_measure(struct benchcon_peer *p, const char *label, struct entry_job *j, double elements,
                     double bytes, const struct measure_params *mp, volatile sig_atomic_t *stop, struct progress *pg,
                     struct measure_result *alone, struct measure_result *m, struct benchcon_end *end,
                     struct ps_err *e)
{
  struct progress pa = *pg; /* the runs alone have a display of their own */
  struct msg msg;
  int cmd, done = 0, failed = j == NULL, rc = -1; /* done: bit 0 alone, bit 1 at once */
  memset(end, 0, sizeof *end);
  msg = (struct msg){.kind = CON_READY, .ok = j != NULL, .elements = elements, .bytes = bytes};
  snprintf(msg.label, sizeof msg.label, "%s", label);
  cmd = say(p, &msg, stop) == 0 ? next(p, stop, &msg) : -1;
  while (cmd == CON_ALONE || cmd == CON_AT_ONCE) {
    int once = cmd == CON_AT_ONCE;
    struct msg reply = {.kind = CON_MEASURED};
    uint64_t *ns = once ? end->at_once_ns : end->alone_ns;
    if (!failed && !(done & (1 << once))) {
      ns[0] = ps_now_ns();
      failed = measure_run(mp, j, stop, progress_update, once ? pg : &pa, once ? m : alone) != 0;
      ns[1] = ps_now_ns();
      done |= 1 << once;
      reply.ok = !failed;
      reply.mean_us = failed ? 0 : mean_of(once ? m : alone);
    }
    if (say(p, &reply, stop) != 0)
      break;
    if (once && reply.ok)
      end->untimed = keep_busy(p, j, stop);
    cmd = next(p, stop, &msg);
  }
  if (cmd == CON_END) {
    end->devices = msg.end.devices;
    end->rps = msg.end.rps;
    end->alone_rps = msg.end.alone_rps;
  }
  if (cmd == CON_END && done == 3 && !failed)
    rc = 0;
  else if (j == NULL)
    ps_fail(e, "not prepared");
  else if (*stop)
    ps_fail(e, "Interrupted.");
  else if (alone->error != NULL)
    ps_fail(e, "alone: %s", alone->error);
  else
    ps_fail(e, "%s", m->error != NULL ? m->error : "--concurrent: not measured");
  return rc;
}
