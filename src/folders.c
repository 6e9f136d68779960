#include "folders.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int vf_make_folders(const char *path, unsigned mode, char *err, size_t len)
{
    char buf[PATH_MAX];
    int n = snprintf(buf, sizeof(buf), "%s", path);
    if (n <= 0 || (size_t)n >= sizeof(buf)) {
        snprintf(err, len, "%s: the name is too long", path);
        errno = ENAMETOOLONG;
        return -1;
    }
    for (char *p = buf + 1;; p++) {
        if (*p && *p != '/')
            continue;
        const char c = *p;
        *p = '\0';
        if (mkdir(buf, (mode_t)mode) && errno != EEXIST) {
            const int why = errno;
            snprintf(err, len, "cannot create %s: %s", buf, strerror(why));
            errno = why;
            return -1;
        }
        if (!c)
            break;
        *p = c;
    }
    struct stat st;
    if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, len, "%s is not a directory", path);
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int vf_user_path(const char *variable, const char *home_part, const char *name, char *buf,
                 size_t len)
{
    const char *base = getenv(variable), *home = getenv("HOME");
    int n = -1;
    if (base && *base)
        n = snprintf(buf, len, "%s/vfview/%s", base, name);
    else if (home && *home)
        n = snprintf(buf, len, "%s/%s/vfview/%s", home, home_part, name);
    return n > 0 && (size_t)n < len ? 0 : -1;
}

bool vf_names_folder(const char *path)
{
    struct stat st;
    const size_t n = path ? strlen(path) : 0;
    return n > 0 && (path[n - 1] == '/' || (stat(path, &st) == 0 && S_ISDIR(st.st_mode)));
}
