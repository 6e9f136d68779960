#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

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
