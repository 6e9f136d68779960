/* The copy engine (the tensor memory accelerator of sm_90): a whole 2-D box of a plane copied
 * between global and shared memory by one instruction of one thread, the bytes of a load counted
 * by an mbarrier as they land. Where the engine or the driver's encoder is missing, callers keep
 * their own copies: VF_COPY_ENGINE is 0 below sm_90 (and in the host pass), and
 * encode_plane_box() fails where the driver cannot be asked. */
#ifndef VF_COPY_ENGINE_CUH
#define VF_COPY_ENGINE_CUH

#include <cuda.h> /* CUtensorMap and its enums only: the driver is reached through the runtime */

#include <atomic>

#include "kernel_common.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define VF_COPY_ENGINE 1
#else
#define VF_COPY_ENGINE 0
#endif

namespace vf
{
namespace
{

__device__ __forceinline__ unsigned shared_address(const void *at)
{
    return (unsigned)__cvta_generic_to_shared(at);
}

/* An mbarrier in shared memory that completes a phase when one thread has arrived and the bytes
 * it announced have landed. */
struct Landing {
    uint64_t word;

    /* by one thread, before a barrier of the block */
    __device__ __forceinline__ void init()
    {
#if VF_COPY_ENGINE
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(&word))
                     : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
#endif
    }

    /* the phase's one arrival, announcing `bytes` still to land (0: none) */
    __device__ __forceinline__ void arrive(unsigned bytes)
    {
#if VF_COPY_ENGINE
        asm volatile(
            "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(&word)),
            "r"(bytes)
            : "memory");
#else
        (void)bytes;
#endif
    }

    /* until phase `parity` (0 or 1, alternating) has completed */
    __device__ __forceinline__ void wait(unsigned parity)
    {
#if VF_COPY_ENGINE
        unsigned done;
        do {
            asm volatile("{\n\t.reg .pred p;\n\t"
                         "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                         "selp.u32 %0, 1, 0, p;\n\t}"
                         : "=r"(done)
                         : "r"(shared_address(&word)), "r"(parity)
                         : "memory");
        } while (!done);
#else
        (void)parity;
#endif
    }
};

/* The box of `map` at column x, row y to shared memory at `to` (128-byte aligned), counted by
 * `landing`; what lies outside the plane lands as zeros. The thread first orders its block's
 * earlier use of that memory (seen through a block barrier) before the engine's writes. */
__device__ __forceinline__ void engine_load(void *to, const CUtensorMap &map, int x, int y,
                                            Landing &landing)
{
#if VF_COPY_ENGINE
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                 "[%0], [%1, {%2, %3}], [%4];" ::"r"(shared_address(to)),
                 "l"(reinterpret_cast<uint64_t>(&map)), "r"(x), "r"(y),
                 "r"(shared_address(&landing.word))
                 : "memory");
#else
    (void)to, (void)map, (void)x, (void)y, (void)landing;
#endif
}

/* Every thread that wrote `from` makes its writes visible to the engine; then a block barrier;
 * then one thread calls engine_store. */
__device__ __forceinline__ void engine_fence()
{
#if VF_COPY_ENGINE
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

/* The box at `from` to `map` at column x, row y, clipped to the plane. */
__device__ __forceinline__ void engine_store(const CUtensorMap &map, int x, int y, const void *from)
{
#if VF_COPY_ENGINE
    asm volatile(
        "cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
            reinterpret_cast<uint64_t>(&map)),
        "r"(x), "r"(y), "r"(shared_address(from))
        : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
#else
    (void)map, (void)x, (void)y, (void)from;
#endif
}

/* by the thread that stored: until the engine has read what it stored, so that it may change */
__device__ __forceinline__ void engine_stored()
{
#if VF_COPY_ENGINE
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
#endif
}

typedef CUresult (*EncodeTiled)(CUtensorMap *, CUtensorMapDataType, cuuint32_t, void *,
                                const cuuint64_t *, const cuuint64_t *, const cuuint32_t *,
                                const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

/* The driver's cuTensorMapEncodeTiled, looked up once; null where the driver lacks it. */
inline EncodeTiled encode_tiled()
{
    static std::atomic<int> looked{0}; /* 0 not yet, 1 found, -1 not there */
    static std::atomic<EncodeTiled> found{nullptr};
    if (looked.load() == 0) {
        void *fn = nullptr;
        cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
#if CUDART_VERSION >= 12050
        const cudaError_t e = cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000,
                                                               cudaEnableDefault, &status);
#else
        const cudaError_t e =
            cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", &fn, cudaEnableDefault, &status);
#endif
        const bool ok = e == cudaSuccess && status == cudaDriverEntryPointSuccess && fn;
        /* a failed lookup is not the next launch's error: that launch copies without the engine */
        if (e != cudaSuccess)
            (void)cudaGetLastError();
        found.store(ok ? reinterpret_cast<EncodeTiled>(fn) : nullptr);
        looked.store(ok ? 1 : -1);
    }
    return found.load();
}

/* `plane` (w x h bytes, rows `pitch` apart) as the engine's map with boxes of box_w x box_h, in
 * shared memory as dense rows, or with the 128-byte swizzle (box_w 128) where `swizzled`. false
 * where the engine is not to be used or the driver cannot be asked. */
inline bool encode_plane_box(CUtensorMap *map, const uint8_t *plane, int w, int h, int pitch,
                             int box_w, int box_h, bool swizzled)
{
    const EncodeTiled encode =
        VF_GPU_ARCH >= 90 && copy_engine_allowed() ? encode_tiled() : nullptr;
    if (!encode)
        return false;
    const cuuint64_t dims[2] = {(cuuint64_t)w, (cuuint64_t)h};
    const cuuint64_t strides[1] = {(cuuint64_t)pitch};
    const cuuint32_t box[2] = {(cuuint32_t)box_w, (cuuint32_t)box_h}, ones[2] = {1, 1};
    return encode(map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, const_cast<uint8_t *>(plane), dims,
                  strides, box, ones, CU_TENSOR_MAP_INTERLEAVE_NONE,
                  swizzled ? CU_TENSOR_MAP_SWIZZLE_128B : CU_TENSOR_MAP_SWIZZLE_NONE,
                  swizzled ? CU_TENSOR_MAP_L2_PROMOTION_NONE : CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                  CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) == CUDA_SUCCESS;
}

} // namespace
} // namespace vf

#endif
