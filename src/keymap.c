#include "keymap.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "filter.h"
#include "folders.h"
#include "parse.h"

static const struct {
    const char *name;
    int key;
} key_names[] = {
    {"SPACE", ' '},
    {"TAB", VF_KEY_TAB},
    {"ESC", VF_KEY_ESCAPE},
    {"BS", VF_KEY_BACKSPACE},
    {"ENTER", VF_KEY_ENTER},
    {"LEFT", VF_KEY_LEFT},
    {"RIGHT", VF_KEY_RIGHT},
    {"UP", VF_KEY_UP},
    {"DOWN", VF_KEY_DOWN},
    {"PGUP", VF_KEY_PAGEUP},
    {"PGDWN", VF_KEY_PAGEDOWN},
    {"KP_PLUS", VF_KEY_KP_PLUS},
    {"KP_MINUS", VF_KEY_KP_MINUS},
    {"SHARP", '#'},
    {"MBTN_MID", VF_KEY_MBTN_MID},
    {"MBTN_RIGHT", VF_KEY_MBTN_RIGHT},
    {"MBTN_BACK", VF_KEY_MBTN_BACK},
    {"MBTN_FORWARD", VF_KEY_MBTN_FORWARD},
};

/* OPT_INT_ARG: a whole number, 0 when left out */
enum argument { NO_ARG, INT_ARG, OPT_INT_ARG, PRESET_ARG };

static const struct {
    const char *name;
    enum vf_command command;
    enum argument argument;
    long lo, hi; /* of an INT_ARG */
} commands[] = {
    {"filter", VF_CMD_FILTER, PRESET_ARG, 0, 0},
    {"next-filter", VF_CMD_NEXT_FILTER, NO_ARG, 0, 0},
    {"first-filter", VF_CMD_FIRST_FILTER, NO_ARG, 0, 0},
    {"size", VF_CMD_SIZE, INT_ARG, -14, 14},
    {"amount", VF_CMD_AMOUNT, INT_ARG, -64, 64},
    {"sigma", VF_CMD_SIGMA, INT_ARG, -64, 64},
    {"border", VF_CMD_BORDER, NO_ARG, 0, 0},
    {"variant", VF_CMD_VARIANT, NO_ARG, 0, 0},
    {"pause", VF_CMD_PAUSE, NO_ARG, 0, 0},
    {"step", VF_CMD_STEP, NO_ARG, 0, 0},
    {"step-back", VF_CMD_STEP_BACK, NO_ARG, 0, 0},
    {"seek", VF_CMD_SEEK, INT_ARG, -86400, 86400},
    {"chapter", VF_CMD_CHAPTER, INT_ARG, -1, 1},
    {"ab-loop", VF_CMD_AB_LOOP, NO_ARG, 0, 0},
    {"loop-file", VF_CMD_LOOP, NO_ARG, 0, 0},
    {"speed", VF_CMD_SPEED, INT_ARG, -10000, 10000},
    {"input", VF_CMD_INPUT, INT_ARG, -1, 1},
    {"mute", VF_CMD_MUTE, NO_ARG, 0, 0},
    {"volume", VF_CMD_VOLUME, INT_ARG, -100, 100},
    {"audio-track", VF_CMD_AUDIO_TRACK, NO_ARG, 0, 0},
    {"fullscreen", VF_CMD_FULLSCREEN, NO_ARG, 0, 0},
    {"screenshot", VF_CMD_SCREENSHOT, NO_ARG, 0, 0},
    {"save-picture", VF_CMD_SAVE_PICTURE, NO_ARG, 0, 0},
    {"record", VF_CMD_RECORD, NO_ARG, 0, 0},
    {"difference", VF_CMD_DIFFERENCE, NO_ARG, 0, 0},
    {"original", VF_CMD_ORIGINAL, NO_ARG, 0, 0},
    {"split", VF_CMD_SPLIT, NO_ARG, 0, 0},
    {"subtitles", VF_CMD_SUBTITLES, OPT_INT_ARG, -1, 1},
    {"zoom", VF_CMD_ZOOM, INT_ARG, 0, 64},
    {"help", VF_CMD_HELP, NO_ARG, 0, 0},
    {"panel", VF_CMD_PANEL, NO_ARG, 0, 0},
    {"taps", VF_CMD_TAPS, NO_ARG, 0, 0},
    {"quit", VF_CMD_QUIT, NO_ARG, 0, 0},
    {"quit-watch-later", VF_CMD_QUIT_WATCH_LATER, NO_ARG, 0, 0},
    {"ignore", VF_CMD_NONE, NO_ARG, 0, 0},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

int vf_utf8_next(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    if (!*p)
        return 0;
    /* the lead byte's length and payload, then the continuation bytes' six bits each */
    int n = p[0] < 0x80                   ? 1
            : p[0] >= 0xc2 && p[0] < 0xe0 ? 2
            : p[0] >= 0xe0 && p[0] < 0xf0 ? 3
            : p[0] >= 0xf0 && p[0] < 0xf5 ? 4
                                          : 0;
    if (!n)
        return -1;
    int c = n == 1 ? p[0] : p[0] & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return -1;
        c = c << 6 | (p[i] & 0x3f);
    }
    /* overlong forms, UTF-16 surrogates and code points past Unicode's are no characters */
    static const int least[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[n] || (c >= 0xd800 && c < 0xe000) || c > 0x10ffff)
        return -1;
    *s += n;
    return c;
}

/* c as UTF-8 into buf (5 bytes with the terminator) */
static void utf8_put(int c, char *buf)
{
    unsigned char *b = (unsigned char *)buf;
    if (c < 0x80) {
        *b++ = (unsigned char)c;
    } else {
        int n = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
        *b++ = (unsigned char)((0xf00 >> n) | (c >> (6 * (n - 1))));
        for (int i = n - 2; i >= 0; i--)
            *b++ = (unsigned char)(0x80 | ((c >> (6 * i)) & 0x3f));
    }
    *b = '\0';
}

/* a character a key can type and a file can name alone: printable, not a blank */
static bool nameable(int c)
{
    return c > ' ' && c != 127 && !(c >= 0x80 && c < 0xa0) && c <= 0x10ffff;
}

void vf_key_name(int key, char *buf, size_t len)
{
    for (size_t i = 0; i < COUNT(key_names); i++)
        if (key_names[i].key == key) {
            snprintf(buf, len, "%s", key_names[i].name);
            return;
        }
    char utf8[5];
    if (nameable(key)) {
        utf8_put(key, utf8);
        snprintf(buf, len, "%s", utf8);
    } else {
        snprintf(buf, len, "0x%X", (unsigned)key);
    }
}

static int parse_key(const char *word, int *key)
{
    const char *s = word;
    int c = vf_utf8_next(&s);
    if (nameable(c) && !*s) {
        *key = c;
        return 0;
    }
    for (size_t i = 0; i < COUNT(key_names); i++)
        if (!strcasecmp(word, key_names[i].name)) {
            *key = key_names[i].key;
            return 0;
        }
    return -1;
}

/* The next word of *s (at most len - 1 bytes), or "" at the end of the line or a comment. */
static const char *next_word(const char **s, char *buf, size_t len)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = 0;
    if (*p != '#') /* where a word would start, '#' opens a comment */
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r') {
            if (n + 1 < len)
                buf[n++] = *p;
            p++;
        }
    buf[n] = '\0';
    *s = p;
    return buf;
}

int vf_keymap_parse_line(const char *line, struct vf_key_binding *b, char *err, size_t errlen)
{
    char key_word[32], command_word[32], argument_word[32], extra[32];
    const char *s = line;
    if (!*next_word(&s, key_word, sizeof(key_word)))
        return 0;
    next_word(&s, command_word, sizeof(command_word));
    next_word(&s, argument_word, sizeof(argument_word));
    int key;
    if (parse_key(key_word, &key)) {
        snprintf(err, errlen,
                 "unknown key '%s' (one character, or SPACE, TAB, ESC, BS, ENTER, "
                 "LEFT, RIGHT, UP, DOWN, PGUP, PGDWN, KP_PLUS, KP_MINUS, SHARP, MBTN_MID, "
                 "MBTN_RIGHT, MBTN_BACK, MBTN_FORWARD)",
                 key_word);
        return -1;
    }
    size_t c = 0;
    while (c < COUNT(commands) && strcmp(command_word, commands[c].name))
        c++;
    if (c == COUNT(commands) && !*command_word) {
        snprintf(err, errlen, "no command for key %s", key_word);
        return -1;
    }
    if (c == COUNT(commands)) {
        snprintf(err, errlen, "unknown command '%s' for key %s", command_word, key_word);
        return -1;
    }
    *b = (struct vf_key_binding){key, commands[c].command, 0, NULL, commands[c].name};
    long value = 0;
    switch (commands[c].argument) {
    case NO_ARG:
        if (*argument_word)
            goto extra_word;
        break;
    case PRESET_ARG:
        b->arg = vf_preset_find(argument_word);
        if (b->arg < 0 || b->arg == VF_CUSTOM) {
            snprintf(err, errlen,
                     "filter '%s': not a preset (identity, sharpen, edge, gaussian, "
                     "box, unsharp)",
                     argument_word);
            return -1;
        }
        break;
    case INT_ARG:
    case OPT_INT_ARG:
        if (commands[c].argument == OPT_INT_ARG && !*argument_word)
            break;
        if (vf_parse_long(argument_word, commands[c].lo, commands[c].hi, &value)) {
            snprintf(err, errlen, "%s needs a whole number from %ld to %ld, not '%s'",
                     commands[c].name, commands[c].lo, commands[c].hi, argument_word);
            return -1;
        }
        b->arg = (int)value;
        break;
    }
    if (*next_word(&s, extra, sizeof(extra)))
        goto extra_word;
    return 1;
extra_word:
    snprintf(err, errlen, "%s: one argument too many", commands[c].name);
    return -1;
}

/* The table's bindings worded as a file's lines word them, for rows broken up by the file. */
static void word_table_keys(struct vf_keymap *m)
{
    for (size_t k = 0; k < vf_key_binding_count && k < VF_KEYMAP_MAX; k++) {
        const struct vf_key_binding *t = &vf_key_bindings[k];
        size_t c = 0;
        while (c + 1 < COUNT(commands) && commands[c].command != t->command)
            c++;
        char argument[24] = "";
        if (commands[c].argument == PRESET_ARG && t->arg >= 0 && t->arg < VF_PRESET_COUNT)
            snprintf(argument, sizeof(argument), " %s", vf_presets[t->arg].name);
        else if (commands[c].argument == INT_ARG || (commands[c].argument == OPT_INT_ARG && t->arg))
            snprintf(argument, sizeof(argument), " %d", t->arg);
        vf_key_name(t->key, m->table_labels[k], sizeof(m->table_labels[k]));
        snprintf(m->table_helps[k], sizeof(m->table_helps[k]), "%s%s", commands[c].name, argument);
        m->table_keys[k] = *t;
        m->table_keys[k].label = m->table_labels[k];
        m->table_keys[k].help = m->table_helps[k];
    }
}

int vf_keymap_load(struct vf_keymap *m, const char *path, char *err, size_t errlen)
{
    m->count = 0;
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    char line[512], why[256];
    int number = 0, status = 0;
    while (status == 0 && fgets(line, sizeof(line), f)) {
        number++;
        if (!strchr(line, '\n') && !feof(f)) { /* its rest would read as a line of its own */
            snprintf(err, errlen, "%s:%d: longer than %d characters", path, number,
                     (int)sizeof(line) - 2);
            status = -1;
            break;
        }
        struct vf_key_binding b;
        int got = vf_keymap_parse_line(line, &b, why, sizeof(why));
        if (got < 0) {
            snprintf(err, errlen, "%s:%d: %s", path, number, why);
            status = -1;
            break;
        }
        if (got == 0)
            continue;
        size_t i = 0;
        while (i < m->count && m->user[i].key != b.key)
            i++;
        if (i == VF_KEYMAP_MAX) {
            snprintf(err, errlen, "%s:%d: more than %d keys", path, number, VF_KEYMAP_MAX);
            status = -1;
            break;
        }
        if (i == m->count)
            m->count++;
        vf_key_name(b.key, m->labels[i], sizeof(m->labels[i]));
        /* the help names the command as the line does: "seek 10" */
        const char *words = line + strspn(line, " \t");
        words += strcspn(words, " \t");
        words += strspn(words, " \t");
        int n = (int)strcspn(words, "#\r\n");
        while (n > 0 && (words[n - 1] == ' ' || words[n - 1] == '\t'))
            n--;
        snprintf(m->helps[i], sizeof(m->helps[i]), "%.*s", n, words);
        m->user[i] = b;
        m->user[i].label = m->labels[i];
        m->user[i].help = m->helps[i];
    }
    if (status == 0 && ferror(f)) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        status = -1;
    }
    fclose(f);
    if (status)
        m->count = 0;
    else
        word_table_keys(m);
    return status;
}

const struct vf_key_binding *vf_keymap_lookup(const struct vf_keymap *m, int key)
{
    for (size_t i = 0; m && i < m->count; i++)
        if (m->user[i].key == key)
            return m->user[i].command == VF_CMD_NONE ? NULL : &m->user[i];
    return vf_key_lookup(key);
}

static bool rebound(const struct vf_keymap *m, int key)
{
    for (size_t i = 0; m && i < m->count; i++)
        if (m->user[i].key == key)
            return true;
    return false;
}

/* The end of the help row that starts at table index k: the next labelled index. */
static size_t row_end(size_t k)
{
    do
        k++;
    while (k < vf_key_binding_count && !vf_key_bindings[k].label);
    return k;
}

size_t vf_keymap_help_rows(const struct vf_keymap *m, const struct vf_key_binding **rows,
                           size_t max)
{
    size_t n = 0;
    for (size_t i = 0; m && i < m->count && n < max; i++)
        if (m->user[i].command != VF_CMD_NONE)
            rows[n++] = &m->user[i];
    for (size_t row = 0; row < vf_key_binding_count; row = row_end(row)) {
        bool broken = false;
        for (size_t k = row; k < row_end(row); k++)
            broken |= rebound(m, vf_key_bindings[k].key);
        if (!broken && n < max && vf_key_bindings[row].label)
            rows[n++] = &vf_key_bindings[row];
        for (size_t k = row; broken && k < row_end(row) && k < VF_KEYMAP_MAX && n < max; k++)
            if (!rebound(m, vf_key_bindings[k].key))
                rows[n++] = &m->table_keys[k];
    }
    return n;
}

bool vf_keymap_user_path(char *buf, size_t len)
{
    struct stat st;
    return vf_user_path("XDG_CONFIG_HOME", ".config", "input.conf", buf, len) == 0 &&
           stat(buf, &st) == 0;
}
