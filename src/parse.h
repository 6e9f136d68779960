/* Numbers given as text (command-line values, filter spec values), taken only whole: "12x", "",
 * an overflow or a value outside the range are all refused, so the caller can name the rule. */
#ifndef VF_PARSE_H
#define VF_PARSE_H

/* 0 with *out set when all of s is a decimal integer from lo to hi; else -1, *out untouched */
int vf_parse_long(const char *s, long lo, long hi, long *out);

/* 0 with *out set when all of s is a number from lo to hi (NaN never is); else -1 */
int vf_parse_double(const char *s, double lo, double hi, double *out);

/* 0 with *out set when all of s is a time from lo to hi seconds: seconds ("90", "90.5"),
 * MM:SS or HH:MM:SS (seconds may have a fraction; below 60 after minutes, as are minutes after
 * hours; the first field any size: "90:00" is an hour and a half), as mpv and ffmpeg write
 * times; else -1, *out untouched */
int vf_parse_seconds(const char *s, double lo, double hi, double *out);

#endif
