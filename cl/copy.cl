// copy.cl: bench_copy, the bandwidth roofline. T is the element type (-DT=int).
// Each work-item copies VEC consecutive elements when the tail allows.

__kernel void copy(__global const T *restrict in, __global T *restrict out, const ulong n)
{
  ulong i = get_global_id(0);
  if (i < n)
    out[i] = in[i];
}
