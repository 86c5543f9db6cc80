// CUB SortKeys past 2^31 keys: cub::DeviceRadixSort::SortKeys of N i32 keys
// (a 64-bit count, CCCL's NumItemsT) from an input buffer into an output
// one, timed with CUDA events (1 warm-up, R timed runs; mean/min/max in us),
// then the output checked: in order (thrust::is_sorted) and the same sum and
// xor of keys as the input (the same multiset, to a 64-bit checksum).
// Build: nvcc -O3 -arch=sm_90 -o cub_sort_big cub_sort_big.cu   (CCCL 2.3 or later)
// Usage: cub_sort_big N [R]   (scripts/gpu-big.sh)
#include <cub/cub.cuh>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

// key i: a hash of i over the whole i32 range (every byte of the key varies)
__global__ void fill(int *x, int64_t n)
{
  int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x;
  if (i < n) {
    uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    x[i] = (int)(h >> 32);
  }
}

struct Widen { __host__ __device__ unsigned long long operator()(int k) const { return (unsigned)k; } };
struct Xor { __host__ __device__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a ^ b; } };

static void sums(const int *x, int64_t n, unsigned long long *sum, unsigned long long *xr)
{
  *sum = thrust::transform_reduce(thrust::device, x, x + n, Widen(), 0ull, thrust::plus<unsigned long long>());
  *xr = thrust::transform_reduce(thrust::device, x, x + n, Widen(), 0ull, Xor());
}

int main(int argc, char **argv)
{
  int64_t n = argc > 1 ? atoll(argv[1]) : 33554431;
  int runs = argc > 2 ? atoi(argv[2]) : 3;
  int *in, *out;
  void *tmp = nullptr;
  size_t tb = 0;
  cudaEvent_t a, b;
  double s = 0, lo = 1e30, hi = 0;
  unsigned long long s0, x0, s1, x1;
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  printf("CUB %d.%d.%d on %s; N=%lld\n", CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION, p.name,
         (long long)n);
  CK(cudaMalloc(&in, (size_t)n * 4));
  CK(cudaMalloc(&out, (size_t)n * 4));
  fill<<<(unsigned)((n + 255) / 256), 256>>>(in, n);
  CK(cudaGetLastError());
  CK(cub::DeviceRadixSort::SortKeys(nullptr, tb, in, out, n));
  CK(cudaMalloc(&tmp, tb));
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int r = -1; r < runs; r++) { // r = -1: the warm-up
    float ms;
    CK(cudaEventRecord(a));
    CK(cub::DeviceRadixSort::SortKeys(tmp, tb, in, out, n));
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r >= 0) {
      s += ms * 1000.0;
      lo = ms * 1000.0 < lo ? ms * 1000.0 : lo;
      hi = ms * 1000.0 > hi ? ms * 1000.0 : hi;
    }
  }
  sums(in, n, &s0, &x0);
  sums(out, n, &s1, &x1);
  int sorted = thrust::is_sorted(thrust::device, out, out + n);
  printf("cub SortKeys [%lld]i32 (in -> out)  mean %12.1f  min %12.1f  max %12.1f us  (%d runs, temp %.2f GiB)\n",
         (long long)n, s / runs, lo, hi, runs, tb / 1073741824.0);
  printf("check: %s, %s\n", sorted ? "in order" : "NOT IN ORDER",
         s0 == s1 && x0 == x1 ? "same sum and xor as the input" : "SUM OR XOR DIFFERS");
  return sorted && s0 == s1 && x0 == x1 ? 0 : 1;
}
