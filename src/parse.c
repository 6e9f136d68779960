#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* strtol and strtod skip leading blanks; a trailing one is refused, so a leading one is too */
static int starts_blank(const char *s)
{
    return isspace((unsigned char)s[0]);
}

int vf_parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    const long v = strtol(s, &end, 10);
    if (end == s || *end || starts_blank(s) || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int vf_parse_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    const double v = strtod(s, &end);
    if (end == s || *end || starts_blank(s) || errno || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

void vf_format_exact(double v, char *buf, size_t len)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* A whole field of a time before a colon: digits only, no sign, no blank. */
static int parse_field(const char *s, size_t n, long hi, long *out)
{
    long v = 0;
    if (n == 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]) || v > (hi - (s[i] - '0')) / 10)
            return -1;
        v = 10 * v + (s[i] - '0');
    }
    *out = v;
    return 0;
}

int vf_parse_seconds(const char *s, double lo, double hi, double *out)
{
    const char *last = strrchr(s, ':');
    if (!last)
        return vf_parse_double(s, lo, hi, out);
    /* the seconds after the last colon: digits, then a fraction at most ("05", "05.250") */
    const char *sec = last + 1;
    size_t digits = strspn(sec, "0123456789");
    if (digits == 0 ||
        (sec[digits] && (sec[digits] != '.' || sec[digits + 1] == '\0' ||
                         strspn(sec + digits + 1, "0123456789") != strlen(sec + digits + 1))))
        return -1;
    const double seconds = strtod(sec, NULL);
    const char *first_colon = strchr(s, ':');
    long hours = 0, minutes = 0;
    const long most = 1000000000L; /* far beyond any input, and no overflow below */
    if (first_colon == last) {
        if (parse_field(s, (size_t)(last - s), most, &minutes))
            return -1;
    } else {
        const char *mid = first_colon + 1;
        if (strchr(mid, ':') != last || parse_field(s, (size_t)(first_colon - s), most, &hours) ||
            parse_field(mid, (size_t)(last - mid), 59, &minutes))
            return -1;
    }
    if (!(seconds < 60))
        return -1;
    const double v = ((double)hours * 60 + (double)minutes) * 60 + seconds;
    if (!(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

int vf_parse_position(const char *s, struct vf_position *out)
{
    struct vf_position p = {.from = VF_FROM_START, .text = s};
    const size_t n = strlen(s);
    if (n > 1 && s[n - 1] == '%') {
        char number[64];
        if (n - 1 >= sizeof(number))
            return -1;
        memcpy(number, s, n - 1);
        number[n - 1] = '\0';
        p.from = VF_FROM_PERCENT;
        if (strchr(number, ':') || vf_parse_double(number, 0, 100, &p.value))
            return -1;
    } else if (s[0] == '#') {
        long chapter;
        p.from = VF_FROM_CHAPTER;
        if (vf_parse_long(s + 1, 1, 1000000, &chapter))
            return -1;
        p.value = (double)chapter;
    } else if (s[0] == '-') {
        p.from = VF_FROM_END;
        if (vf_parse_seconds(s + 1, 0, 1e9, &p.value) || s[1] == '-' || s[1] == '+')
            return -1;
    } else if (vf_parse_seconds(s, 0, 1e9, &p.value)) {
        return -1;
    }
    *out = p;
    return 0;
}

double vf_position_seconds(struct vf_position p, double duration_s, const double *chapters, int n)
{
    if (p.from == VF_FROM_CHAPTER) {
        const int chapter = (int)p.value;
        if (chapter <= n)
            return chapters[chapter - 1] > 0 ? chapters[chapter - 1] : 0;
        return chapter == n + 1 && n > 0 && duration_s > 0 ? duration_s : -1;
    }
    if (p.from != VF_FROM_START && !(duration_s > 0))
        return -1;
    const double at = p.from == VF_FROM_END       ? duration_s - p.value
                      : p.from == VF_FROM_PERCENT ? duration_s * p.value / 100
                                                  : p.value;
    return at > 0 ? at : 0;
}
