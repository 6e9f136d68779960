#include "filter.h"

#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fractional parameters (sharpen/unsharp amount) are taken in steps of 1/16 so that the taps
 * stay integers; the gcd reduction below brings amount=1 back to the textbook matrices. */
enum { AMOUNT_SCALE = 16 };
/* the parameters' ranges, for specs and for the window's keys alike */
static const double SIGMA_MIN = 0.05, SIGMA_MAX = 100, AMOUNT_MAX = 16;

const struct vf_preset_info vf_presets[VF_PRESET_COUNT] = {
    [VF_IDENTITY] = {"identity", "", "copy, no change", 3, false},
    [VF_SHARPEN] = {"sharpen", "amount", "0 -a 0 / -a 1+4a -a / 0 -a 0", 3, false},
    [VF_EDGE] = {"edge", "", "ridge: -1 -1 -1 / -1 8 -1 / -1 -1 -1", 3, false},
    [VF_GAUSSIAN] = {"gaussian", "size sigma", "integer gaussian, taps sum to a power of two", 3,
                     true},
    [VF_BOX] = {"box", "size", "mean of size x size pixels", 3, true},
    [VF_UNSHARP] = {"unsharp", "size sigma amount", "(1+a)*identity - a*gaussian", 5, true},
    [VF_CUSTOM] = {"custom", "matrix div bias",
                   "matrix=\"t t t ...\", div (default: tap sum), bias", 3, false},
};

const char *const vf_border_names[VF_BORDER_COUNT] = {"clamp", "zero", "mirror"};

static void set_error(char *err, size_t len, const char *fmt, ...)
{
    if (!err || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int64_t gcd64(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static double default_sigma(int size)
{
    /* OpenCV's getGaussianKernel rule, so size alone gives familiar blurs */
    return 0.3 * ((size - 1) * 0.5 - 1) + 0.8;
}

/* 1-D integer gaussian whose taps sum to exactly `sum` (a power of two); symmetric. */
static void gaussian_taps(int size, double sigma, int32_t sum, int32_t *taps)
{
    int r = size / 2;
    double g[VF_MAX_SIZE], total = 0;
    for (int i = 0; i < size; i++) {
        g[i] = exp(-(double)((i - r) * (i - r)) / (2 * sigma * sigma));
        total += g[i];
    }
    int32_t acc = 0;
    for (int i = 0; i < size; i++) {
        taps[i] = (int32_t)lround(g[i] * sum / total);
        acc += taps[i];
    }
    taps[r] += sum - acc;
}

static int32_t gaussian_sum_for(int size, int max_log2)
{
    int log2 = size - 1 < max_log2 ? size - 1 : max_log2;
    return (int32_t)1 << log2;
}

static void build_gaussian(struct vf_filter *f)
{
    double sigma = f->sigma > 0 ? f->sigma : default_sigma(f->size);
    int32_t sum = gaussian_sum_for(f->size, 10);
    gaussian_taps(f->size, sigma, sum, f->row);
    for (int i = 0; i < f->size; i++)
        for (int j = 0; j < f->size; j++)
            f->taps[i * f->size + j] = f->row[i] * f->row[j];
    f->divisor = sum * sum;
    f->bias = 0;
}

static void build_box(struct vf_filter *f)
{
    for (int i = 0; i < f->size * f->size; i++)
        f->taps[i] = 1;
    f->divisor = f->size * f->size;
    f->bias = 0;
}

/* Divides taps and divisor by their common factor: amount=1 then gives the seed matrices. */
static void reduce(struct vf_filter *f, int64_t *taps, int64_t divisor)
{
    int n = f->size * f->size;
    int64_t g = divisor;
    for (int i = 0; i < n; i++)
        g = gcd64(g, taps[i]);
    for (int i = 0; i < n; i++)
        f->taps[i] = (int32_t)(taps[i] / g);
    f->divisor = (int32_t)(divisor / g);
}

static void build_sharpen(struct vf_filter *f)
{
    int64_t a = llround(f->amount * AMOUNT_SCALE);
    int64_t t[9] = {0, -a, 0, -a, AMOUNT_SCALE + 4 * a, -a, 0, -a, 0};
    reduce(f, t, AMOUNT_SCALE);
    f->bias = 0;
}

static void build_unsharp(struct vf_filter *f)
{
    double sigma = f->sigma > 0 ? f->sigma : default_sigma(f->size);
    int32_t s = gaussian_sum_for(f->size, 6), g[VF_MAX_SIZE];
    gaussian_taps(f->size, sigma, s, g);
    int64_t a = llround(f->amount * AMOUNT_SCALE), d = (int64_t)s * s;
    int64_t t[VF_MAX_TAPS] = {0};
    for (int i = 0; i < f->size; i++)
        for (int j = 0; j < f->size; j++)
            t[i * f->size + j] = -a * g[i] * g[j];
    t[(f->size / 2) * f->size + f->size / 2] += (AMOUNT_SCALE + a) * d;
    reduce(f, t, AMOUNT_SCALE * d);
    f->bias = 0;
}

static void build_fixed(struct vf_filter *f, const int32_t *t)
{
    memcpy(f->taps, t, 9 * sizeof(*t));
    f->divisor = 1;
    f->bias = 0;
}

/* Tries taps == col (x) row + centre*identity, with the rank-one part anchored on tap (i0, j0).
 * With `skip_centre` the centre tap is left out of the check and absorbs the difference. */
static bool try_separable(struct vf_filter *f, int i0, int j0, bool skip_centre)
{
    int n = f->size, r = n / 2;
    int64_t g = 0;
    for (int j = 0; j < n; j++)
        g = gcd64(g, f->taps[i0 * n + j]);
    if (f->taps[i0 * n + j0] < 0)
        g = -g;
    for (int j = 0; j < n; j++)
        f->row[j] = (int32_t)(f->taps[i0 * n + j] / g);
    for (int i = 0; i < n; i++) {
        if (f->taps[i * n + j0] % f->row[j0])
            return false;
        f->col[i] = f->taps[i * n + j0] / f->row[j0];
    }
    int64_t row_sum = 0, col_sum = 0;
    for (int k = 0; k < n; k++) {
        row_sum += llabs(f->row[k]);
        col_sum += llabs(f->col[k]);
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (!(skip_centre && i == r && j == r) &&
                (int64_t)f->col[i] * f->row[j] != f->taps[i * n + j])
                return false;
    int64_t centre = f->taps[r * n + r] - (int64_t)f->col[r] * f->row[r];
    int64_t sep_sum = row_sum * col_sum + llabs(centre);
    if (sep_sum > VF_MAX_ABS_TAP_SUM)
        return false; /* exact but its partial sums could overflow: run it as 2-D */
    f->centre = (int32_t)centre;
    f->abs_row_sum = (int32_t)row_sum;
    f->abs_sep_sum = (int32_t)sep_sum;
    return true;
}

/* Finds integer taps == col (x) row (+ centre*identity), for any matrix, custom ones too:
 * gaussian and box are plain separable; unsharp and edge are separable plus a centre tap. */
static void detect_separable(struct vf_filter *f)
{
    int n = f->size, r = n / 2, off_axis = -1, any = -1;
    for (int k = 0; k < n * n; k++) {
        if (!f->taps[k])
            continue;
        if (any < 0)
            any = k;
        if (off_axis < 0 && k / n != r && k % n != r)
            off_axis = k;
    }
    f->separable = false;
    f->centre = 0;
    if (off_axis >= 0 && try_separable(f, off_axis / n, off_axis % n, true))
        f->separable = true;
    else if (any >= 0 && try_separable(f, any / n, any % n, false))
        f->separable = f->centre == 0;
}

/* m = ceil(2^s / d) and m*d = 2^s + e with 0 < e < d. Then n*m / 2^s = n/d + n*e / (d*2^s),
 * and the error term stays below 1/d (the gap from n/d to the next integer) while n*e < 2^s:
 * n < 256d and e < d give n*e < 256d^2. For d <= 4096, s = 32: 256d^2 <= 2^32, and the
 * division is a single multiply-high (magic_shift 0: what the GPU's kernels specialise on).
 * Beyond, with l = ceil(log2 d), s = 31 + l: 256d^2 <= 2^s because d < 2^l and l <= 23; m fits
 * 32 bits in both cases. So floor(n*m / 2^s) == floor(n/d) on 0..limit. */
static void set_magic(struct vf_requant *q, int32_t d)
{
    q->magic = 0;
    q->magic_shift = 0;
    if (q->shift >= 0)
        return;
    int s = 32;
    if (d > 4096) {
        int l = 0;
        while (((int64_t)1 << l) < d)
            l++;
        s = 31 + l;
    }
    uint64_t two_s = (uint64_t)1 << s;
    q->magic = (uint32_t)((two_s + (uint64_t)d - 1) / (uint64_t)d);
    q->magic_shift = s - 32;
}

/* inv_up = 1/d + e with 0 <= e < ulp(1/d) <= 2^-23 / d. For n = qd + r, 0 <= r < d: n * inv_up
 * >= q, and n * inv_up = q + r/d + n e < q + (d - 1)/d + n 2^-23 / d < q + 1 while n < 2^23, so
 * its floor is q. Every n the engines divide is below 256 * VF_MAX_DIVISOR = 2^22. */
static void set_inv_up(struct vf_requant *q, int32_t d)
{
    float inv = 1.0f / (float)d;
    if ((double)inv * (double)d < 1.0) /* both exact in a double */
        inv = nextafterf(inv, 1.0f);
    q->inv_up = inv;
}

/* Below 256: inv_grid = k / 2^24 with k = ceil(2^24 / d), so 1/d <= inv_grid < 1/d + 2^-24. As
 * above, the floor of n * inv_grid is q while n * 2^-24 < 1/d, and n <= limit < 256d makes that
 * hold for 256 d^2 <= 2^24: d < 256 (d = 256 is a shift). k < 2^23 for d > 2, so inv_grid is a
 * float, and grid_base = 2^23 - k/2 (a multiple of 1/2 in [2^22, 2^23)) is one too: the GPU's
 * multiply-add (2^23 + n) * inv_grid + grid_base = 2^23 + n inv_grid has no rounding but its
 * last, downward, which leaves 2^23 + floor(n inv_grid).
 *
 * From 256 a multiple of 2^-24 is too coarse, so inv_grid = inv_up = k / 2^m (k odd), and the
 * sums start at 2^23 + L (grid_lift) instead of 2^23. With B = 2^23 + L, grid_base = 2^23 - h,
 * where h is B * inv_grid rounded down to a multiple of 1/2 (so grid_base is a float: h < 2^22),
 * the multiply-add is exactly 2^23 + n inv_grid + s, with s = B inv_grid - h = r / 2^m, r = B k
 * mod 2^(m-1). For n = qd + t, t < d, and inv_grid = 1/d + e / (2^m d) (e = kd - 2^m, 0 <= e < d):
 * n inv_grid + s = q + t/d + n e / (2^m d) + r / 2^m >= q, and < q + 1 when
 * limit e / (2^m d) + r / 2^m < 1/d, i.e. r d + limit e < 2^m. So L is searched for from 0
 * (B + limit < 2^24 keeps 2^23 + L + n a float whose bits count n); none found leaves inv_grid
 * 0, and the kernels divide in two instructions instead (DIV_FLOAT). Every d up to
 * VF_MAX_DIVISOR has one within 2^22 steps, about 3 ms at worst (test_filter checks every d, and
 * every n of the box filters' divisors and others). */
static void set_inv_grid(struct vf_requant *q, int32_t d)
{
    q->inv_grid = 0;
    q->grid_lift = 0;
    q->grid_base = 0;
    if (q->shift >= 0)
        return;
    if (d < 256) {
        const int32_t k = ((1 << 24) + d - 1) / d;
        q->inv_grid = (float)k * 0x1p-24f;
        q->grid_base = 0x1p23f - (float)k * 0.5f;
        return;
    }
    int exponent = 0;
    const float mantissa = frexpf(q->inv_up, &exponent); /* inv_up = mantissa 2^exponent */
    uint64_t k = (uint64_t)ldexpf(mantissa, 24);
    int m = 24 - exponent;
    while ((k & 1) == 0) {
        k >>= 1;
        m--;
    }
    const uint64_t e = k * (uint64_t)d - ((uint64_t)1 << m);
    const uint64_t half = (uint64_t)1 << (m - 1), limit = (uint64_t)q->limit;
    uint64_t r = (((uint64_t)1 << 23) * k) & (half - 1); /* r for L = 0, then + k per step */
    for (uint64_t lift = 0; ((uint64_t)1 << 23) + lift + limit < ((uint64_t)1 << 24); lift++) {
        if (r * (uint64_t)d + limit * e < ((uint64_t)1 << m)) {
            const uint64_t twice_h = ((((uint64_t)1 << 23) + lift) * k - r) >> (m - 1);
            q->inv_grid = q->inv_up;
            q->grid_lift = (int32_t)lift;
            q->grid_base = (float)((double)((uint64_t)1 << 24) - (double)twice_h) * 0.5f;
            return;
        }
        r = (r + k) & (half - 1);
    }
}

static void set_saturates(struct vf_filter *f)
{
    int64_t pos = 0, neg = 0;
    for (int k = 0; k < f->size * f->size; k++) {
        if (f->taps[k] > 0)
            pos += f->taps[k];
        else
            neg += f->taps[k];
    }
    int64_t lo = f->requant.offset + 255 * neg, hi = f->requant.offset + 255 * pos;
    f->requant.saturates = lo < 0 || hi > f->requant.limit;
}

static int32_t flat_tap(const struct vf_filter *f)
{
    for (int k = 1; k < f->size * f->size; k++)
        if (f->taps[k] != f->taps[0])
            return 0;
    return f->taps[0];
}

static bool is_identity(const struct vf_filter *f)
{
    int n = f->size, c = (n / 2) * n + n / 2;
    for (int k = 0; k < n * n; k++)
        if (f->taps[k] != (k == c ? f->divisor : 0))
            return false;
    return f->bias == 0;
}

int vf_filter_build(struct vf_filter *f, char *err, size_t errlen)
{
    static const int32_t edge[9] = {-1, -1, -1, -1, 8, -1, -1, -1, -1};
    static const int32_t identity[9] = {0, 0, 0, 0, 1, 0, 0, 0, 0};
    const char *name = vf_presets[f->preset].name;
    switch (f->preset) {
    case VF_IDENTITY:
        build_fixed(f, identity);
        break;
    case VF_SHARPEN:
        build_sharpen(f);
        break;
    case VF_EDGE:
        build_fixed(f, edge);
        break;
    case VF_GAUSSIAN:
        build_gaussian(f);
        break;
    case VF_BOX:
        build_box(f);
        break;
    case VF_UNSHARP:
        build_unsharp(f);
        break;
    case VF_CUSTOM:
    case VF_PRESET_COUNT:
        break;
    }
    int64_t abs_sum = 0;
    for (int k = 0; k < f->size * f->size; k++)
        abs_sum += llabs(f->taps[k]);
    int32_t d = f->divisor;
    bool pow2 = d > 0 && (d & (d - 1)) == 0;
    if (d <= 0 || (!pow2 && d > VF_MAX_DIVISOR) || d > VF_MAX_POW2_DIVISOR) {
        set_error(err, errlen, "%s: div %d out of range (1..%d, or a power of two up to %d)", name,
                  d, VF_MAX_DIVISOR, VF_MAX_POW2_DIVISOR);
        return -1;
    }
    if (f->bias < -255 || f->bias > 255) {
        set_error(err, errlen, "%s: bias %d out of range (-255..255)", name, f->bias);
        return -1;
    }
    if (abs_sum > VF_MAX_ABS_TAP_SUM) {
        set_error(err, errlen, "%s: taps too large (sum of |taps| %lld exceeds %d)", name,
                  (long long)abs_sum, VF_MAX_ABS_TAP_SUM);
        return -1;
    }
    f->abs_tap_sum = (int32_t)abs_sum;
    int shift = -1;
    if (pow2)
        for (shift = 0; (1 << shift) != d; shift++)
            ;
    f->requant.offset = d / 2 + f->bias * d;
    f->requant.limit = 256 * d - 1;
    f->requant.shift = shift;
    f->requant.inv = 1.0f / (float)d;
    set_magic(&f->requant, d);
    set_inv_up(&f->requant, d);
    set_inv_grid(&f->requant, d);
    set_saturates(f);
    f->identity = is_identity(f);
    f->flat_tap = flat_tap(f);
    detect_separable(f);
    return 0;
}

void vf_filter_default(struct vf_filter *f, enum vf_preset preset)
{
    memset(f, 0, sizeof(*f));
    f->preset = preset;
    f->size = vf_presets[preset].default_size;
    f->amount = 1.0;
    if (preset == VF_CUSTOM) {
        f->taps[4] = 1;
        f->divisor = 1;
    }
    vf_filter_build(f, NULL, 0);
}

int vf_preset_find(const char *name)
{
    for (int p = 0; p < VF_PRESET_COUNT; p++)
        if (!strcmp(name, vf_presets[p].name))
            return p;
    return -1;
}

int vf_border_parse(const char *name, enum vf_border *out)
{
    for (int b = 0; b < VF_BORDER_COUNT; b++)
        if (!strcmp(name, vf_border_names[b])) {
            *out = (enum vf_border)b;
            return 0;
        }
    return -1;
}

bool vf_preset_takes(enum vf_preset p, const char *key)
{
    size_t n = strlen(key);
    for (const char *k = vf_presets[p].keys; *k;) {
        size_t m = strcspn(k, " ");
        if (m == n && !strncmp(k, key, n))
            return true;
        k += m;
        k += *k == ' ';
    }
    return false;
}

void vf_presets_taking(const char *key, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int p = 0; p < VF_PRESET_COUNT && used < len; p++)
        if (p != VF_CUSTOM && vf_preset_takes((enum vf_preset)p, key)) {
            int n = snprintf(buf + used, len - used, "%s%s", used ? ", " : "", vf_presets[p].name);
            used += n > 0 ? (size_t)n : 0;
        }
}

/* "0 -1 0,-1 5 -1 ..." → taps; the count must be an odd square. */
static int parse_matrix(const char *s, struct vf_filter *f, char *err, size_t errlen)
{
    int count = 0;
    const char *p = s;
    while (*p) {
        while (*p == ' ' || *p == ',' || *p == '\t')
            p++;
        if (!*p)
            break;
        char *end;
        errno = 0;
        long v = strtol(p, &end, 10);
        if (end == p || errno || v < -(1L << 22) || v > (1L << 22) ||
            (*end && *end != ' ' && *end != ',' && *end != '\t')) {
            set_error(err, errlen, "custom: matrix value '%.*s' is not an integer",
                      (int)strcspn(p, " ,\t"), p);
            return -1;
        }
        if (count == VF_MAX_TAPS) {
            set_error(err, errlen, "custom: matrix has more than %d values (31x31 at most)",
                      VF_MAX_TAPS);
            return -1;
        }
        f->taps[count++] = (int32_t)v;
        p = end;
    }
    int side = 1;
    while (side * side < count)
        side++;
    if (count == 0 || side * side != count || side % 2 == 0) {
        set_error(err, errlen,
                  "custom: matrix has %d values; it needs an odd square count (1, 9, 25, 49, ...)",
                  count);
        return -1;
    }
    f->size = side;
    return 0;
}

static int apply_key(struct vf_filter *f, const char *key, const char *value, bool *div_set,
                     char *err, size_t errlen)
{
    const char *name = vf_presets[f->preset].name;
    long iv;
    if (!vf_preset_takes(f->preset, key)) {
        const char *keys = vf_presets[f->preset].keys;
        set_error(err, errlen, "%s: unknown key '%s' (%s%s)", name, key,
                  *keys ? "keys: " : "it takes no keys", keys);
        return -1;
    }
    if (!strcmp(key, "size")) {
        if (vf_parse_long(value, 3, VF_MAX_SIZE, &iv) || iv % 2 == 0) {
            set_error(err, errlen, "%s: size '%s' must be an odd integer from 3 to 31", name,
                      value);
            return -1;
        }
        f->size = (int)iv;
    } else if (!strcmp(key, "sigma")) {
        if (vf_parse_double(value, SIGMA_MIN, SIGMA_MAX, &f->sigma)) {
            set_error(err, errlen, "%s: sigma '%s' must be a number from %g to %g", name, value,
                      SIGMA_MIN, SIGMA_MAX);
            return -1;
        }
    } else if (!strcmp(key, "amount")) {
        if (vf_parse_double(value, 0, AMOUNT_MAX, &f->amount)) {
            set_error(err, errlen, "%s: amount '%s' must be a number from 0 to %g", name, value,
                      AMOUNT_MAX);
            return -1;
        }
    } else if (!strcmp(key, "matrix")) {
        return parse_matrix(value, f, err, errlen);
    } else if (!strcmp(key, "div")) {
        if (vf_parse_long(value, -(1L << 30), 1L << 30, &iv)) {
            set_error(err, errlen, "%s: div '%s' is not an integer", name, value);
            return -1;
        }
        if (iv <= 0) {
            set_error(err, errlen, "%s: div must be a positive integer (got %ld)", name, iv);
            return -1;
        }
        f->divisor = (int32_t)(iv > VF_MAX_POW2_DIVISOR ? VF_MAX_POW2_DIVISOR + 1 : iv);
        *div_set = true;
    } else if (!strcmp(key, "bias")) {
        if (vf_parse_long(value, -255, 255, &iv)) {
            set_error(err, errlen, "%s: bias '%s' must be an integer from -255 to 255", name,
                      value);
            return -1;
        }
        f->bias = (int32_t)iv;
    }
    return 0;
}

int vf_filter_parse(const char *spec, struct vf_filter *f, char *err, size_t errlen)
{
    char buf[VF_FILTER_SPEC_MAX];
    if (!spec || strlen(spec) >= sizeof(buf)) {
        set_error(err, errlen, "filter spec is empty or too long");
        return -1;
    }
    strcpy(buf, spec);
    char *save = NULL, *name = strtok_r(buf, ":", &save);
    int preset = name ? vf_preset_find(name) : -1;
    if (preset < 0) {
        set_error(err, errlen,
                  "unknown filter '%s' (identity, sharpen, edge, gaussian, box, unsharp, custom)",
                  name ? name : "");
        return -1;
    }
    struct vf_filter parsed;
    vf_filter_default(&parsed, (enum vf_preset)preset);
    bool div_set = false, matrix_set = false;
    for (char *kv; (kv = strtok_r(NULL, ":", &save));) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            set_error(err, errlen, "%s: '%s' is not key=value", name, kv);
            return -1;
        }
        *eq = '\0';
        if (apply_key(&parsed, kv, eq + 1, &div_set, err, errlen))
            return -1;
        matrix_set |= !strcmp(kv, "matrix");
    }
    if (preset == VF_CUSTOM) {
        if (!matrix_set) {
            set_error(err, errlen, "custom: matrix=... is required");
            return -1;
        }
        if (!div_set) {
            int64_t sum = 0;
            for (int k = 0; k < parsed.size * parsed.size; k++)
                sum += parsed.taps[k];
            parsed.divisor = sum > 0 && sum <= VF_MAX_POW2_DIVISOR ? (int32_t)sum : 1;
        }
    }
    if (vf_filter_build(&parsed, err, errlen))
        return -1;
    *f = parsed;
    return 0;
}

int vf_filter_resize(struct vf_filter *f, int step)
{
    int size = f->size + 2 * step;
    if (!vf_presets[f->preset].resizable || size < 3 || size > VF_MAX_SIZE)
        return -1;
    struct vf_filter g = *f;
    g.size = size;
    if (vf_filter_build(&g, NULL, 0))
        return -1;
    *f = g;
    return 0;
}

int vf_filter_adjust(struct vf_filter *f, const char *param, int step)
{
    if (step == 0 || !vf_preset_takes(f->preset, param))
        return -1;
    struct vf_filter g = *f;
    if (!strcmp(param, "amount")) {
        /* to the next quarter in the step's direction: 0.3 goes to 0.5 or 0.25 */
        double quarters = f->amount * 4;
        quarters = step > 0 ? floor(quarters + 1e-9) + step : ceil(quarters - 1e-9) + step;
        g.amount = quarters / 4;
        if (g.amount < 0 || g.amount > AMOUNT_MAX)
            return -1;
    } else if (!strcmp(param, "sigma")) {
        /* four steps double it; from the size's own sigma when none was given */
        double sigma = f->sigma > 0 ? f->sigma : default_sigma(f->size);
        g.sigma = sigma * pow(2, step / 4.0);
        if (g.sigma < SIGMA_MIN || g.sigma > SIGMA_MAX)
            return -1;
    } else {
        return -1;
    }
    if (vf_filter_build(&g, NULL, 0))
        return -1;
    *f = g;
    return 0;
}

void vf_filter_describe(const struct vf_filter *f, char *buf, size_t len)
{
    const char *name = vf_presets[f->preset].name;
    switch (f->preset) {
    case VF_GAUSSIAN:
        snprintf(buf, len, "%s %dx%d sigma=%.2f", name, f->size, f->size,
                 f->sigma > 0 ? f->sigma : default_sigma(f->size));
        break;
    case VF_SHARPEN:
        snprintf(buf, len, "%s %dx%d amount=%.2f", name, f->size, f->size, f->amount);
        break;
    case VF_UNSHARP:
        snprintf(buf, len, "%s %dx%d sigma=%.2f amount=%.2f", name, f->size, f->size,
                 f->sigma > 0 ? f->sigma : default_sigma(f->size), f->amount);
        break;
    default:
        snprintf(buf, len, "%s %dx%d", name, f->size, f->size);
        break;
    }
}

/* Appends to buf at *used; false once it no longer fits. */
static bool append(char *buf, size_t len, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool append(char *buf, size_t len, size_t *used, const char *fmt, ...)
{
    if (*used >= len)
        return false;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, len - *used, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= len - *used) {
        *used = len;
        return false;
    }
    *used += (size_t)n;
    return true;
}

int vf_filter_spec(const struct vf_filter *f, char *buf, size_t len)
{
    if (len > VF_FILTER_SPEC_MAX)
        len = VF_FILTER_SPEC_MAX; /* what the parser takes back */
    size_t used = 0;
    char number[32];
    bool fits = append(buf, len, &used, "%s", vf_presets[f->preset].name);
    if (vf_preset_takes(f->preset, "size"))
        fits = fits && append(buf, len, &used, ":size=%d", f->size);
    if (vf_preset_takes(f->preset, "sigma") && f->sigma > 0) { /* 0: the size's own */
        vf_format_exact(f->sigma, number, sizeof(number));
        fits = fits && append(buf, len, &used, ":sigma=%s", number);
    }
    if (vf_preset_takes(f->preset, "amount")) {
        vf_format_exact(f->amount, number, sizeof(number));
        fits = fits && append(buf, len, &used, ":amount=%s", number);
    }
    if (f->preset == VF_CUSTOM) {
        /* commas, so that the spec needs no quotes in a shell */
        for (int k = 0; k < f->size * f->size; k++)
            fits = fits && append(buf, len, &used, "%s%d", k ? "," : ":matrix=", f->taps[k]);
        fits = fits && append(buf, len, &used, ":div=%d", f->divisor);
        if (f->bias)
            fits = fits && append(buf, len, &used, ":bias=%d", f->bias);
    }
    if (!fits && len)
        buf[0] = '\0';
    return fits ? 0 : -1;
}
