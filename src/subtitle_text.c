#include "subtitle_text.h"

#include <stdbool.h>
#include <string.h>

/* the fields of FFmpeg's ASS form before the text */
enum { FIELDS_BEFORE_TEXT = 8 };

/* The first n bytes of s, less a UTF-8 character cut short at their end. */
static size_t whole_characters(const char *s, size_t n)
{
    size_t lead = n;
    while (lead > 0 && ((unsigned char)s[lead - 1] & 0xc0) == 0x80)
        lead--;
    if (lead == 0)
        return 0;
    const unsigned char b = (unsigned char)s[lead - 1];
    const size_t need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return n - (lead - 1) >= need ? n : lead - 1;
}

size_t vf_subtitle_plain(const char *ass, char *out, size_t len)
{
    if (!len)
        return 0;
    const char *text = ass;
    for (int commas = 0; commas < FIELDS_BEFORE_TEXT && text; commas++) {
        text = strchr(text, ',');
        text = text ? text + 1 : NULL;
    }
    if (!text) /* not the ASS form: the text as it is */
        text = ass;
    size_t n = 0;
    bool styling = false; /* inside an override block */
    const char *s = text;
    for (; *s && n + 1 < len; s++) {
        char c = *s;
        if (c == '{' || (c == '}' && styling)) {
            styling = c == '{';
            continue;
        }
        if (styling)
            continue;
        if (c == '\\' && (s[1] == 'N' || s[1] == 'n' || s[1] == 'h')) {
            c = s[1] == 'h' ? ' ' : '\n';
            s++;
        }
        if (c == '\r' || (c == '\n' && (n == 0 || out[n - 1] == '\n')))
            continue; /* no empty lines */
        out[n++] = c;
    }
    if (*s) /* cut short */
        n = whole_characters(out, n);
    while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == ' '))
        n--;
    out[n] = '\0';
    return n;
}
