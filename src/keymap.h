/* Key bindings from a file, over the built-in table (keys.h), in mpv's input.conf manner: one
 * "KEY COMMAND [ARGUMENT]" a line, '#' starting a comment. assets/input.conf lists the built-in
 * bindings in this form (a test holds the two equal) and is the model for a user's file. */
#ifndef VF_KEYMAP_H
#define VF_KEYMAP_H

#include <stdbool.h>
#include <stddef.h>

#include "keys.h"

#define VF_KEYMAP_MAX 128
/* Every row vf_keymap_help_rows can list: a file's keys, then the table's (at most as many). */
#define VF_HELP_ROWS_MAX (2 * VF_KEYMAP_MAX)

struct vf_keymap {
    struct vf_key_binding user[VF_KEYMAP_MAX]; /* the file's, looked up first */
    char labels[VF_KEYMAP_MAX][16];            /* their key names, for the help */
    char helps[VF_KEYMAP_MAX][96];             /* their commands, as the file words them */
    size_t count;
    /* The table's keys by their index there, each listed alone and worded as a file would word
     * it, for the help rows that the file broke up by rebinding one of their keys ("q ignore":
     * "ESC quit"). Filled by vf_keymap_load. */
    struct vf_key_binding table_keys[VF_KEYMAP_MAX];
    char table_labels[VF_KEYMAP_MAX][16];
    char table_helps[VF_KEYMAP_MAX][32];
};

/* One line: 1 with *b filled (no label; help: the command's name), 0 for a blank or comment
 * line, -1 with a message. */
int vf_keymap_parse_line(const char *line, struct vf_key_binding *b, char *err, size_t errlen);
/* Reads a file of bindings into m (emptied first); a later line for the same key wins. 0, or -1
 * with "FILE:LINE: reason". */
int vf_keymap_load(struct vf_keymap *m, const char *path, char *err, size_t errlen);
/* The binding of a key: the file's, else the built-in one; NULL when unbound (the command
 * "ignore" unbinds a built-in key). */
const struct vf_key_binding *vf_keymap_lookup(const struct vf_keymap *m, int key);
/* The rows the help lists, into rows[0..returned count): the file's bindings but its "ignore"
 * lines, then the table's rows (those with a label and the aliases under them) that the file
 * leaves alone; of a row the file rebound a key of, the other keys one by one ("q ignore":
 * "ESC quit"; "Z ignore": "z zoom 2"). */
size_t vf_keymap_help_rows(const struct vf_keymap *m, const struct vf_key_binding **rows,
                           size_t max);
/* The user's file when it exists: $XDG_CONFIG_HOME/vfview/input.conf, else
 * $HOME/.config/vfview/input.conf. false when there is none. */
bool vf_keymap_user_path(char *buf, size_t len);
/* The name a file gives the key: "a", "ä", "SPACE", "LEFT"... */
void vf_key_name(int key, char *buf, size_t len);
/* The code point of the UTF-8 character at *s, which it steps past; 0 at the string's end
 * (*s stays), -1 for bytes that are no UTF-8 character (*s stays). */
int vf_utf8_next(const char **s);

#endif
