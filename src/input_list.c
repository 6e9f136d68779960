#include "input_list.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

enum { MOST_NESTED = 8 }; /* playlists listing playlists: enough, and no loop forever */

static const char *const MEDIA_EXTENSIONS[] = {
    "mkv",  "mp4",  "m4v",  "mov", "avi", "webm", "wmv", "flv", "ts",  "m2ts", "mts",  "mpg",
    "mpeg", "vob",  "ogv",  "3gp", "y4m", "nut",  "mxf", "gif", "png", "jpg",  "jpeg", "bmp",
    "tif",  "tiff", "webp", "tga", "ppm", "pgm",  "pnm", "dpx", "exr", "jxl",  "avif", "qoi"};

bool vf_input_media_name(const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name)
        return false;
    for (size_t i = 0; i < sizeof(MEDIA_EXTENSIONS) / sizeof(MEDIA_EXTENSIONS[0]); i++)
        if (!strcasecmp(dot + 1, MEDIA_EXTENSIONS[i]))
            return true;
    return false;
}

static int fail(char *err, size_t len, const char *input, const char *why)
{
    snprintf(err, len, "%s: %s", input, why);
    return -1;
}

static int push(struct vf_input_list *l, const char *item)
{
    if (l->count == l->capacity) {
        const int capacity = l->capacity ? 2 * l->capacity : 16;
        char **more = realloc(l->items, (size_t)capacity * sizeof(*more));
        if (!more)
            return -1;
        l->items = more;
        l->capacity = capacity;
    }
    char *copy = strdup(item);
    if (!copy)
        return -1;
    l->items[l->count++] = copy;
    return 0;
}

/* Names in the order people number files: runs of digits by their value (2 before 10). */
static int natural_order(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    while (*x && *y) {
        if (isdigit((unsigned char)*x) && isdigit((unsigned char)*y)) {
            while (*x == '0' && isdigit((unsigned char)x[1]))
                x++;
            while (*y == '0' && isdigit((unsigned char)y[1]))
                y++;
            size_t dx = 0, dy = 0;
            while (isdigit((unsigned char)x[dx]))
                dx++;
            while (isdigit((unsigned char)y[dy]))
                dy++;
            if (dx != dy)
                return dx < dy ? -1 : 1;
            const int c = strncmp(x, y, dx);
            if (c)
                return c;
            x += dx;
            y += dy;
        } else if (*x != *y) {
            return (unsigned char)*x < (unsigned char)*y ? -1 : 1;
        } else {
            x++;
            y++;
        }
    }
    return *x ? 1 : *y ? -1 : strcmp(*(const char *const *)a, *(const char *const *)b);
}

static bool is_url(const char *s)
{
    const char *colon = strstr(s, "://");
    if (!colon || colon == s)
        return false;
    for (const char *c = s; c < colon; c++)
        if (!isalnum((unsigned char)*c) && *c != '+' && *c != '-' && *c != '.')
            return false;
    return true;
}

/* dir/name, or name where it is absolute or a URL. NULL out of memory. */
static char *joined(const char *dir, const char *name)
{
    if (name[0] == '/' || is_url(name) || !dir[0])
        return strdup(name);
    const size_t n = strlen(dir) + strlen(name) + 2;
    char *path = malloc(n);
    if (path)
        snprintf(path, n, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
    return path;
}

static int add(struct vf_input_list *l, const char *input, bool as_playlist, int depth, char *err,
               size_t len);

static int add_folder(struct vf_input_list *l, const char *folder, char *err, size_t len)
{
    DIR *d = opendir(folder);
    if (!d)
        return fail(err, len, folder, strerror(errno));
    struct vf_input_list found = {0};
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (e->d_name[0] == '.' || !vf_input_media_name(e->d_name))
            continue;
        char *path = joined(folder, e->d_name);
        struct stat st;
        if (!path)
            rc = fail(err, len, folder, "out of memory");
        else if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && push(&found, path))
            rc = fail(err, len, folder, "out of memory");
        free(path);
    }
    closedir(d);
    if (rc == 0 && found.count == 0)
        rc = fail(err, len, folder, "no videos or images in this folder");
    if (rc == 0)
        qsort(found.items, (size_t)found.count, sizeof(*found.items), natural_order);
    for (int i = 0; rc == 0 && i < found.count; i++)
        if (push(l, found.items[i]))
            rc = fail(err, len, folder, "out of memory");
    vf_input_list_free(&found);
    return rc;
}

/* An .m3u or .m3u8 file that is a list of inputs; HLS (#EXT-X- tags) is FFmpeg's to play. */
static bool plain_m3u(const char *path)
{
    const char *dot = strrchr(path, '.');
    if (!dot || (strcasecmp(dot, ".m3u") && strcasecmp(dot, ".m3u8")) || is_url(path))
        return false;
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    char line[4096];
    bool hls = false;
    while (!hls && fgets(line, sizeof(line), f))
        hls = !strncmp(line, "#EXT-X-", 7);
    fclose(f);
    return !hls;
}

static char *trimmed(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static int add_playlist(struct vf_input_list *l, const char *playlist, int depth, char *err,
                        size_t len)
{
    FILE *f = fopen(playlist, "r");
    if (!f) {
        snprintf(err, len, "%s: cannot read: %s", playlist, strerror(errno));
        return -1;
    }
    char dir[4096], line[4096];
    snprintf(dir, sizeof(dir), "%s", playlist);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        dir[0] = '\0';
    const int before = l->count;
    int rc = 0;
    while (rc == 0 && fgets(line, sizeof(line), f)) {
        char *entry = trimmed(line);
        if (!entry[0] || entry[0] == '#')
            continue;
        char *path = joined(dir, entry);
        rc = path ? add(l, path, false, depth + 1, err, len)
                  : fail(err, len, playlist, "out of memory");
        free(path);
    }
    if (rc == 0 && ferror(f))
        rc = fail(err, len, playlist, "cannot read it");
    fclose(f);
    if (rc == 0 && l->count == before)
        rc = fail(err, len, playlist, "the playlist lists nothing to play");
    return rc;
}

static int add(struct vf_input_list *l, const char *input, bool as_playlist, int depth, char *err,
               size_t len)
{
    if (depth > MOST_NESTED)
        return fail(err, len, input, "playlists nested too deep (one lists itself?)");
    struct stat st;
    const bool local = !is_url(input) && stat(input, &st) == 0;
    if (local && S_ISDIR(st.st_mode))
        return add_folder(l, input, err, len);
    if (as_playlist || (local && plain_m3u(input)))
        return add_playlist(l, input, depth, err, len);
    return push(l, input) ? fail(err, len, input, "out of memory") : 0;
}

int vf_input_list_add(struct vf_input_list *l, const char *input, bool as_playlist, char *err,
                      size_t len)
{
    const int had = l->count;
    const int rc = add(l, input, as_playlist, 0, err, len);
    if (rc)
        vf_input_list_truncate(l, had); /* a playlist's entries before a bad one */
    return rc;
}

void vf_input_list_truncate(struct vf_input_list *l, int count)
{
    while (l->count > count)
        free(l->items[--l->count]);
}

void vf_input_list_free(struct vf_input_list *l)
{
    vf_input_list_truncate(l, 0);
    free(l->items);
    *l = (struct vf_input_list){0};
}
