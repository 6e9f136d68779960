/* Filters as integer data: the preset table, the spec parser, the border rule and the rounding
 * rule. Every engine (CPU reference, CPU fast, every GPU variant) includes this header and uses
 * vf_border_index() and vf_requantize() unchanged, which is what makes them agree to the bit. */
#ifndef VF_FILTER_H
#define VF_FILTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define VF_HOSTDEV __host__ __device__
#else
#define VF_HOSTDEV
#endif

#define VF_MAX_SIZE   31
#define VF_MAX_RADIUS (VF_MAX_SIZE / 2)
#define VF_MAX_TAPS   (VF_MAX_SIZE * VF_MAX_SIZE)
/* Bounds that keep every intermediate inside int32 (see vf_filter_build) and keep the
 * reciprocal division of vf_requant exact. */
#define VF_MAX_DIVISOR      16384
#define VF_MAX_ABS_TAP_SUM  (1 << 22)
#define VF_MAX_POW2_DIVISOR (1 << 22)

enum vf_preset {
    VF_IDENTITY,
    VF_SHARPEN,
    VF_EDGE,
    VF_GAUSSIAN,
    VF_BOX,
    VF_UNSHARP,
    VF_CUSTOM,
    VF_PRESET_COUNT
};

enum vf_border { VF_BORDER_CLAMP, VF_BORDER_ZERO, VF_BORDER_MIRROR, VF_BORDER_COUNT };

/* Output of one pixel, for taps t, divisor d and bias b over the pixels p under the taps
 * (correlation, as OpenCV filter2D and FFmpeg's convolution filter):
 *     out = clamp(floor((sum(t*p) + floor(d/2)) / d) + b, 0, 255)
 * i.e. round half up, then bias, then saturate. */
struct vf_requant {
    int32_t offset; /* floor(d/2) + b*d: folds rounding and bias into one add */
    int32_t limit;  /* 256*d - 1: the largest pre-division value that stays below 256 */
    int32_t shift;  /* log2(d) when d is a power of two, else -1 */
    float inv;      /* 1/d, exact enough for d <= VF_MAX_DIVISOR (see filter.c) */
    /* d not a power of two: floor(n/d) == mulhi(n, magic) >> magic_shift for 0 <= n <= limit
     * (integer-only division, see vf_requant_divide); magic_shift is 0 for d <= 4096 */
    uint32_t magic;
    int32_t magic_shift;
    /* d not a power of two: 1/d rounded up, so floor(n * inv_up) == floor(n/d) for 0 <= n <
     * 2^23 when the product is exact (vf_divide_by_float; filter.c says why) */
    float inv_up;
    /* d not a power of two (else 0): the GPU divides with one fused multiply-add, rounded down,
     * of the float 2^23 + grid_lift + n (the sums start at those bits): fma(2^23 + grid_lift + n,
     * inv_grid, grid_base) == 2^23 + floor(n/d) for 0 <= n <= limit (vf_divide_by_grid; filter.c
     * says why). Below 256, inv_grid is 1/d rounded up to a multiple of 2^-24 and grid_lift 0;
     * from 256, inv_grid is inv_up and grid_lift a search's answer. */
    float inv_grid;
    int32_t grid_lift;
    float grid_base;
    /* the sum can leave offset's 0..limit window, so engines must clamp (false for filters with
     * non-negative taps that sum to at most d: gaussian, box) */
    bool saturates;
};

struct vf_filter {
    enum vf_preset preset;
    /* parameters as the user gave them (or defaults); vf_filter_build turns them into taps */
    int size;
    double sigma;  /* gaussian/unsharp; 0 = derived from size */
    double amount; /* sharpen/unsharp */
    /* the integer filter every engine runs */
    int32_t taps[VF_MAX_TAPS]; /* size*size, row-major */
    int32_t divisor;
    int32_t bias;
    bool identity; /* output == input: engines may copy */
    /* every tap equals this (box filters), else 0: each output is it times its window's sum,
     * which running sums make at any size */
    int32_t flat_tap;
    /* separable: taps[i*size+j] == col[i]*row[j] + (centre at the centre tap) */
    bool separable;
    int32_t row[VF_MAX_SIZE], col[VF_MAX_SIZE];
    int32_t centre;
    int32_t abs_tap_sum; /* sum |taps|: bounds every partial sum of the 2-D form by 255*this */
    int32_t abs_row_sum; /* sum |row|: bounds the horizontal pass */
    int32_t abs_sep_sum; /* sum|col| * sum|row| + |centre|: bounds the vertical pass */
    struct vf_requant requant;
};

struct vf_preset_info {
    const char *name;
    const char *keys; /* keys the spec may set, space-separated */
    const char *description;
    int default_size;
    bool resizable; /* responds to size= and the +/- keys */
};

extern const struct vf_preset_info vf_presets[VF_PRESET_COUNT];
extern const char *const vf_border_names[VF_BORDER_COUNT];

/* Parses "NAME[:key=value...]" into *f. On error returns -1 and writes one line naming the bad
 * part into err. */
int vf_filter_parse(const char *spec, struct vf_filter *f, char *err, size_t errlen);
/* Default parameters of a preset, built. */
void vf_filter_default(struct vf_filter *f, enum vf_preset preset);
/* Builds taps, divisor and requant constants from the parameters (and, for custom, from the
 * taps already in f). Returns -1 with a message when the result would overflow. */
int vf_filter_build(struct vf_filter *f, char *err, size_t errlen);
/* Next/previous odd size for resizable presets; returns 0 when it changed. */
int vf_filter_resize(struct vf_filter *f, int step);
/* The preset's parameter "amount" or "sigma" one step up (step +1) or down (-1), or several:
 * amount to the next multiple of 1/4 (0 to 16), sigma times 2^(step/4) (0.05 to 100; from the
 * size's own sigma when none was given). 0 when it changed; -1, f unchanged, when the preset
 * has no such parameter or the step would leave its range. */
int vf_filter_adjust(struct vf_filter *f, const char *param, int step);
/* A short human description: "gaussian 5x5 sigma=1.10". */
void vf_filter_describe(const struct vf_filter *f, char *buf, size_t len);
/* The longest spec vf_filter_parse takes, its terminating zero included. */
#define VF_FILTER_SPEC_MAX 8192
/* A spec that vf_filter_parse turns back into the same integer filter, for a command line or a
 * file: "gaussian:size=7:sigma=2.5", "custom:matrix=0,-1,0,-1,5,-1,0,-1,0:div=1". Numbers are the
 * shortest that read back exactly. 0, or -1 (buf then "") when it does not fit len; every built
 * filter's fits VF_FILTER_SPEC_MAX (its taps' bound keeps a 31x31 matrix under 6,000 bytes). */
int vf_filter_spec(const struct vf_filter *f, char *buf, size_t len);
int vf_border_parse(const char *name, enum vf_border *out);
int vf_preset_find(const char *name);
/* Whether the preset's spec takes the key ("size", "sigma", "amount"...). */
bool vf_preset_takes(enum vf_preset preset, const char *key);
/* The presets (custom aside) that take the key, "sharpen, unsharp", into buf. */
void vf_presets_taking(const char *key, char *buf, size_t len);

/* The one border rule: the source index that position i (possibly outside 0..n-1) reads, or
 * -1 for a zero pixel. mirror is reflect-101 (OpenCV's default: ... 2 1 | 0 1 2 ... n-1 | n-2 ...).
 * The loop terminates for any radius because each step moves i into or towards 0..n-1. */
static inline VF_HOSTDEV int vf_border_index(int i, int n, int border)
{
    if (i >= 0 && i < n)
        return i;
    if (border == VF_BORDER_ZERO)
        return -1;
    if (border == VF_BORDER_CLAMP || n == 1)
        return i < 0 ? 0 : n - 1;
    while (i < 0 || i >= n) {
        if (i < 0)
            i = -i;
        if (i >= n)
            i = 2 * (n - 1) - i;
    }
    return i;
}

/* floor(n/d) for n in 0..q.limit. The float path is exact: for n < 256*d and d <= 16384,
 * (n + 0.5)/d lies at least 0.5/d from an integer while the float error stays below 2^-15, so
 * truncation gives floor(n/d). Tests check it exhaustively for many d. */
static inline VF_HOSTDEV int vf_requant_scale(int32_t n, struct vf_requant q)
{
    if (q.shift >= 0)
        return n >> q.shift;
    return (int)(((float)n + 0.5f) * q.inv);
}

/* The one rounding rule (see struct vf_requant): a pixel's sum of taps to its output byte. */
static inline VF_HOSTDEV int vf_requantize(int32_t sum, struct vf_requant q)
{
    int32_t n = sum + q.offset;
    n = n < 0 ? 0 : n;
    n = n > q.limit ? q.limit : n;
    return vf_requant_scale(n, q);
}

/* The same for a filter whose q.saturates is false: its sums plus offset never leave 0..limit,
 * so the clamps can go (a CPU engine's loop is shorter without them). */
static inline VF_HOSTDEV int vf_requantize_unsaturated(int32_t sum, struct vf_requant q)
{
    return vf_requant_scale(sum + q.offset, q);
}

/* The same floor(n/d) as vf_requantize's division, for 0 <= n <= q.limit, in integers only:
 * the GPU's fast kernel uses it (a shift, or a multiply-high and a shift, instead of two
 * conversions); the two halves are separate so that a kernel can pick one at compile time. */
static inline VF_HOSTDEV uint32_t vf_divide_by_shift(uint32_t n, struct vf_requant q)
{
    return n >> q.shift;
}

static inline VF_HOSTDEV uint32_t vf_divide_by_magic(uint32_t n, struct vf_requant q)
{
    return (uint32_t)(((uint64_t)n * q.magic) >> 32) >> q.magic_shift;
}

/* The GPU does this product in one fused multiply-add rounded down; a double holds it exactly. */
static inline VF_HOSTDEV uint32_t vf_divide_by_float(uint32_t n, struct vf_requant q)
{
    return (uint32_t)((double)n * (double)q.inv_up);
}

/* The same for inv_grid: the GPU's fma(2^23 + grid_lift + n, inv_grid, grid_base), rounded down,
 * is 2^23 + floor(n * inv_grid + slack), where slack = (2^23 + grid_lift) * inv_grid + grid_base
 * - 2^23 is what the addend leaves over (0 below 256). Every product and sum here is exact in a
 * double: the products have at most 49 significant bits and the sums are multiples of
 * ulp(inv_grid) below 2^9. */
static inline VF_HOSTDEV uint32_t vf_divide_by_grid(uint32_t n, struct vf_requant q)
{
    const double slack =
        (8388608.0 + (double)q.grid_lift) * (double)q.inv_grid - (8388608.0 - (double)q.grid_base);
    return (uint32_t)((double)n * (double)q.inv_grid + slack);
}

static inline VF_HOSTDEV uint32_t vf_requant_divide(uint32_t n, struct vf_requant q)
{
    return q.shift >= 0 ? vf_divide_by_shift(n, q) : vf_divide_by_magic(n, q);
}

#endif
