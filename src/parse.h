/* Numbers given as text (command-line values, filter spec values), taken only whole: "12x", "",
 * an overflow or a value outside the range are all refused, so the caller can name the rule. */
#ifndef VF_PARSE_H
#define VF_PARSE_H

#include <stddef.h>

/* 0 with *out set when all of s is a decimal integer from lo to hi; else -1, *out untouched */
int vf_parse_long(const char *s, long lo, long hi, long *out);

/* 0 with *out set when all of s is a number from lo to hi (NaN never is); else -1 */
int vf_parse_double(const char *s, double lo, double hi, double *out);

/* The shortest %g form of v that strtod reads back as v ("1.1", not "1.1000000000000001"):
 * numbers written to be read again (filter specs, Shift+Q's file). */
void vf_format_exact(double v, char *buf, size_t len);

/* 0 with *out set when all of s is a time from lo to hi seconds: seconds ("90", "90.5"),
 * MM:SS or HH:MM:SS (seconds may have a fraction; below 60 after minutes, as are minutes after
 * hours; the first field any size: "90:00" is an hour and a half), as mpv and ffmpeg write
 * times; else -1, *out untouched */
int vf_parse_seconds(const char *s, double lo, double hi, double *out);

/* A position as --start and --end take it, as mpv's do: TIME into the input (vf_parse_seconds),
 * -TIME before its end, P% of its length, or #N where its chapter N starts (1: the first). */
enum vf_position_from { VF_FROM_START, VF_FROM_END, VF_FROM_PERCENT, VF_FROM_CHAPTER };
struct vf_position {
    double value; /* seconds, percent, or the chapter's number */
    enum vf_position_from from;
    const char *text; /* as given, for messages; NULL: not given */
};

/* 0 with *out set (text pointing at s) when s is such a position; else -1 */
int vf_parse_position(const char *s, struct vf_position *out);
/* Seconds into an input that lasts duration_s (0: unknown) and whose chapters start at
 * chapters[0..n) seconds into it (in order), at least 0; -1 when the position counts from the
 * end or in percent and the length is unknown, or names a chapter the input lacks. The chapter
 * after the last (#n+1) is the input's end, as mpv's --end '#4' plays chapters up to the 3rd. */
double vf_position_seconds(struct vf_position p, double duration_s, const double *chapters, int n);

#endif
