#include "watch_later.h"

#include "folders.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KEY_MAX 4096

bool vf_watch_later_applies(const char *input)
{
    /* a name with a line break could not be told apart from the file's next line */
    return input && *input && strcmp(input, "-") && !strchr(input, '\n');
}

/* The input as the file names it: a URL as given, a local path made absolute (through links,
 * where it exists), so that "film.mkv" and "./film.mkv" from the same folder are one input. */
static int input_key(const char *input, char *key, size_t len)
{
    char resolved[PATH_MAX];
    int n;
    if (strstr(input, "://"))
        n = snprintf(key, len, "%s", input);
    else if (realpath(input, resolved))
        n = snprintf(key, len, "%s", resolved);
    else if (input[0] == '/')
        n = snprintf(key, len, "%s", input);
    else {
        char cwd[PATH_MAX];
        n = getcwd(cwd, sizeof(cwd)) ? snprintf(key, len, "%s/%s", cwd, input) : -1;
    }
    return n > 0 && (size_t)n < len ? 0 : -1;
}

/* 64-bit FNV-1a: a stable name for the file, not a secret */
static uint64_t hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static int directory(char *buf, size_t len)
{
    return vf_user_path("XDG_STATE_HOME", ".local/state", "watch_later", buf, len);
}

int vf_watch_later_file(const char *input, char *path, size_t len, char *err, size_t errlen)
{
    char key[KEY_MAX], dir[PATH_MAX];
    if (!vf_watch_later_applies(input) || input_key(input, key, sizeof(key))) {
        snprintf(err, errlen, "%s: no position can be kept for it", input ? input : "");
        return -1;
    }
    if (directory(dir, sizeof(dir))) {
        snprintf(err, errlen, "no folder to keep positions in (neither XDG_STATE_HOME nor HOME)");
        return -1;
    }
    int n = snprintf(path, len, "%s/%016llx", dir, (unsigned long long)hash(key));
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "%s: the folder's name is too long", dir);
        return -1;
    }
    return 0;
}

/* mkdir -p of the folder holding `file`, the folders made private (they name what was watched);
 * errno says why not */
static int make_parents(const char *file)
{
    char dir[PATH_MAX], err[PATH_MAX + 64];
    snprintf(dir, sizeof(dir), "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    return vf_make_folders(dir, 0700, err, sizeof(err));
}

static bool setting_name(const char *name)
{
    if (!*name || !strcmp(name, "path") || !strcmp(name, "start"))
        return false;
    for (const char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-'))
            return false;
    return true;
}

int vf_watch_later_set(char *settings, size_t len, const char *name, const char *value)
{
    const size_t used = strlen(settings);
    if (!setting_name(name) || strchr(value, '\n') || strchr(value, '\r'))
        return -1;
    int n = snprintf(settings + used, len - used, "%s=%s\n", name, value);
    if (n < 0 || (size_t)n >= len - used) {
        settings[used] = '\0';
        return -1;
    }
    return 0;
}

bool vf_watch_later_get(const char *settings, const char *name, char *value, size_t len)
{
    const size_t n = strlen(name);
    for (const char *line = settings; *line;) {
        const char *next = line + strcspn(line, "\n");
        if (!strncmp(line, name, n) && line[n] == '=') {
            const size_t vlen = (size_t)(next - (line + n + 1));
            if (vlen >= len)
                return false;
            memcpy(value, line + n + 1, vlen);
            value[vlen] = '\0';
            return true;
        }
        line = *next ? next + 1 : next;
    }
    return false;
}

int vf_watch_later_save(const char *input, double start_s, const char *settings, char *err,
                        size_t errlen)
{
    char key[KEY_MAX], path[PATH_MAX], part[PATH_MAX + 32];
    if (vf_watch_later_file(input, path, sizeof(path), err, errlen) ||
        input_key(input, key, sizeof(key)))
        return -1;
    snprintf(part, sizeof(part), "%s.%ld.part", path, (long)getpid());
    FILE *f = NULL;
    const char *what = "cannot make its folder";
    if (make_parents(path) == 0) {
        what = "cannot write";
        f = fopen(part, "w");
    }
    bool written = f && fprintf(f,
                                "# where vfview's Shift+Q left it; read once, then removed\n"
                                "path=%s\nstart=%.6f\n%s",
                                key, start_s > 0 && isfinite(start_s) ? start_s : 0,
                                settings ? settings : "") > 0;
    if (f && fclose(f))
        written = false;
    if (written && rename(part, path) == 0)
        return 0;
    snprintf(err, errlen, "%s: %s: %s", path, what, strerror(errno));
    if (f)
        unlink(part);
    return -1;
}

/* The value of `name=` in a line, or NULL; the line's break cut off. */
static const char *value_of(char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) || line[n] != '=')
        return NULL;
    line[strcspn(line, "\n")] = '\0';
    return line + n + 1;
}

int vf_watch_later_take(const char *input, double *start_s, char *settings, size_t len, char *err,
                        size_t errlen)
{
    char key[KEY_MAX], path[PATH_MAX];
    if (settings && len)
        settings[0] = '\0';
    if (!vf_watch_later_applies(input) || input_key(input, key, sizeof(key)) ||
        vf_watch_later_file(input, path, sizeof(path), err, errlen))
        return 0; /* nothing could have been kept for it */
    FILE *f = fopen(path, "r");
    if (!f) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    char line[VF_WATCH_LATER_SETTINGS + KEY_MAX];
    bool ours = false, found = false, cut = false;
    double at = 0;
    while (fgets(line, sizeof(line), f)) {
        /* a line longer than any written is no setting, nor is what is left of it */
        const bool was_cut = cut;
        cut = !strchr(line, '\n') && !feof(f);
        if (was_cut || cut)
            continue;
        const char *v;
        char *eq = strchr(line, '=');
        if ((v = value_of(line, "path")))
            ours = !strcmp(v, key);
        else if ((v = value_of(line, "start"))) {
            char *end;
            at = strtod(v, &end);
            found = end != v && !*end && isfinite(at) && at >= 0;
        } else if (settings && eq && line[0] != '#') {
            *eq = '\0';
            eq[1 + strcspn(eq + 1, "\n")] = '\0';
            vf_watch_later_set(settings, len, line, eq + 1); /* a bad one is left out */
        }
    }
    fclose(f);
    if (!ours) { /* another input's whose name hashed alike: left for it */
        if (settings && len)
            settings[0] = '\0';
        return 0;
    }
    if (unlink(path)) {
        snprintf(err, errlen, "%s: cannot remove: %s", path, strerror(errno));
        return -1;
    }
    if (found)
        *start_s = at;
    else if (settings && len)
        settings[0] = '\0';
    return found ? 1 : 0;
}
