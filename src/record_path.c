#include "record_path.h"

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libavformat/avformat.h>

bool vf_record_writes_local_file(const char *path)
{
    const char *protocol = avio_find_protocol_name(path);
    return strcmp(path, "-") && protocol && !strcmp(protocol, "file");
}

static const char *file_name_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int vf_record_numbered_path(const char *path, int n, char *buf, size_t len)
{
    if (!vf_record_writes_local_file(path))
        return -1;
    const char *name = file_name_of(path);
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name) /* ".notes" is a name, not an extension */
        dot = name + strlen(name);
    int n_chars = snprintf(buf, len, "%.*s-%d%s", (int)(dot - path), path, n, dot);
    return n_chars < 0 || (size_t)n_chars >= len ? -1 : 0;
}

/* Whether two paths name one existing file (hard links and other spellings included). */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* Whether an image pattern ("img%03d.png") names the file at `path`: the pattern with one of
 * the numbers in path's file name written in, as the image2 formats write them, is that file. */
static bool pattern_names(const char *pattern, const char *path)
{
    char file[4096];
    for (const char *p = file_name_of(path); *p;) {
        if (!isdigit((unsigned char)*p)) {
            p++;
            continue;
        }
        char *end;
        long number = strtol(p, &end, 10);
        if (number <= INT_MAX &&
            av_get_frame_filename2(file, sizeof(file), pattern, (int)number, 0) == 0 &&
            same_file(file, path))
            return true;
        p = end;
    }
    return false;
}

/* Whether an existing file in the output pattern's directory is one that both patterns name:
 * "seq%03d.png" spelt "./seq%03d.png", or "seq00%d.png", writes over the input's pictures. */
static bool patterns_share_a_file(const char *input, const char *output)
{
    char dir[4096], path[8192];
    snprintf(dir, sizeof(dir), "%.*s", (int)(file_name_of(output) - output), output);
    DIR *d = opendir(*dir ? dir : ".");
    if (!d)
        return false; /* then the recording cannot write there either */
    bool shared = false;
    const struct dirent *e;
    while (!shared && (e = readdir(d))) {
        snprintf(path, sizeof(path), "%s%s", dir, e->d_name);
        shared = pattern_names(output, path) && pattern_names(input, path);
    }
    closedir(d);
    return shared;
}

bool vf_record_overwrites_input(const char *input, const char *output, bool output_pattern)
{
    struct stat st;
    const bool input_pattern = strchr(input, '%') && stat(input, &st) != 0;
    if (!strcmp(input, output) || same_file(input, output))
        return true;
    return (input_pattern && output_pattern && patterns_share_a_file(input, output)) ||
           (input_pattern && pattern_names(input, output)) ||
           (output_pattern && pattern_names(output, input));
}
