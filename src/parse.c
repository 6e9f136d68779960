#include "parse.h"

#include <errno.h>
#include <stdlib.h>

int vf_parse_long(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    const long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int vf_parse_double(const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    const double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}
