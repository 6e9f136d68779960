/* The key table (every key of the brief is bound once, nothing twice, help lists each command)
 * and the bindings' file: its lines, its errors, its keys over the table's, UTF-8 keys, and
 * assets/input.conf equal to the table. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "filter.h"
#include "keymap.h"
#include "keys.h"

static void test_keys(void)
{
    static const struct {
        int key;
        enum vf_command command;
        int arg;
    } expected[] = {
        {'1', VF_CMD_FILTER, VF_IDENTITY},
        {'4', VF_CMD_FILTER, VF_GAUSSIAN},
        {'6', VF_CMD_FILTER, VF_UNSHARP},
        {VF_KEY_TAB, VF_CMD_NEXT_FILTER, 0},
        {'+', VF_CMD_SIZE, 1},
        {'=', VF_CMD_SIZE, 1},
        {'-', VF_CMD_SIZE, -1},
        {'b', VF_CMD_BORDER, 0},
        {'v', VF_CMD_VARIANT, 0},
        {' ', VF_CMD_PAUSE, 0},
        {'p', VF_CMD_PAUSE, 0},
        {'.', VF_CMD_STEP, 0},
        {',', VF_CMD_STEP_BACK, 0},
        {VF_KEY_LEFT, VF_CMD_SEEK, -5},
        {VF_KEY_RIGHT, VF_CMD_SEEK, 5},
        {VF_KEY_DOWN, VF_CMD_SEEK, -60},
        {VF_KEY_UP, VF_CMD_SEEK, 60},
        {VF_KEY_PAGEUP, VF_CMD_CHAPTER, 1},
        {VF_KEY_PAGEDOWN, VF_CMD_CHAPTER, -1},
        {'[', VF_CMD_SPEED, -110},
        {']', VF_CMD_SPEED, 110},
        {'{', VF_CMD_SPEED, -200},
        {'}', VF_CMD_SPEED, 200},
        {VF_KEY_BACKSPACE, VF_CMD_SPEED, 0},
        {'>', VF_CMD_INPUT, 1},
        {'<', VF_CMD_INPUT, -1},
        {VF_KEY_ENTER, VF_CMD_INPUT, 1},
        {'f', VF_CMD_FULLSCREEN, 0},
        {'s', VF_CMD_SCREENSHOT, 0},
        {'S', VF_CMD_SAVE_PICTURE, 0},
        {'r', VF_CMD_RECORD, 0},
        {'d', VF_CMD_DIFFERENCE, 0},
        {'o', VF_CMD_ORIGINAL, 0},
        {'z', VF_CMD_ZOOM, 2},
        {'Z', VF_CMD_ZOOM, 0},
        {'h', VF_CMD_HELP, 0},
        {'i', VF_CMD_PANEL, 0},
        {'q', VF_CMD_QUIT, 0},
        {VF_KEY_ESCAPE, VF_CMD_QUIT, 0},
    };
    for (size_t i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
        const struct vf_key_binding *b = vf_key_lookup(expected[i].key);
        CHECK(b && b->command == expected[i].command && b->arg == expected[i].arg,
              "key %d: command %d arg %d", expected[i].key, b ? (int)b->command : -1,
              b ? b->arg : 0);
    }
    CHECK(vf_key_lookup('x') == NULL, "x is not bound");
    int listed[VF_CMD_QUIT + 1] = {0};
    for (size_t i = 0; i < vf_key_binding_count; i++) {
        for (size_t j = i + 1; j < vf_key_binding_count; j++)
            CHECK(vf_key_bindings[i].key != vf_key_bindings[j].key, "key %d bound twice",
                  vf_key_bindings[i].key);
        if (vf_key_bindings[i].label) {
            listed[vf_key_bindings[i].command]++;
            CHECK(vf_key_bindings[i].help && *vf_key_bindings[i].help, "entry %zu has no help", i);
        }
    }
    for (int c = VF_CMD_FILTER; c <= VF_CMD_QUIT; c++)
        CHECK(listed[c] >= 1, "command %d missing from the help", c);
    CHECK(listed[VF_CMD_FILTER] == 1 && listed[VF_CMD_SIZE] == 1, "aliases listed more than once");
}

/* keys are the characters they type, in UTF-8 in a file: one at a time, in every length, and
 * what is no character refused where it starts */
static void test_utf8(void)
{
    static const struct {
        const char *text;
        int first, length; /* the first code point (-1: none), its bytes */
    } cases[] = {
        {"", 0, 0},
        {"+x", '+', 1},
        {"\xc3\xa4", 0xe4, 2},            /* ä */
        {"\xe2\x82\xac", 0x20ac, 3},      /* € */
        {"\xf0\x9f\x98\x80", 0x1f600, 4}, /* an emoji */
        {"\xc3", -1, 0},                  /* cut short */
        {"\xc3x", -1, 0},                 /* no continuation */
        {"\xa4", -1, 0},                  /* a continuation alone */
        {"\xc0\xbe", -1, 0},              /* '>' overlong */
        {"\xe0\x80\xbe", -1, 0},          /* '>' overlong in three */
        {"\xed\xa0\x80", -1, 0},          /* a UTF-16 surrogate */
        {"\xf4\x90\x80\x80", -1, 0},      /* past U+10FFFF */
        {"\xff", -1, 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *s = cases[i].text;
        int c = vf_utf8_next(&s);
        CHECK(c == cases[i].first && s == cases[i].text + cases[i].length,
              "case %zu: %d after %d bytes, expected %d after %d", i, c, (int)(s - cases[i].text),
              cases[i].first, cases[i].length);
    }
    const char *two = "\xc3\xa4>";
    CHECK(vf_utf8_next(&two) == 0xe4 && vf_utf8_next(&two) == '>' && vf_utf8_next(&two) == 0,
          "two characters in a row");
    /* a name for every key a file can bind, read back as the same key */
    static const int keys[] = {'a',
                               'Z',
                               '>',
                               '{',
                               0xe4,
                               0xdf,
                               0x20ac,
                               0x1f600,
                               ' ',
                               '#',
                               VF_KEY_ESCAPE,
                               VF_KEY_LEFT,
                               VF_KEY_KP_PLUS,
                               VF_KEY_MBTN_MID,
                               VF_KEY_MBTN_RIGHT,
                               VF_KEY_MBTN_BACK,
                               VF_KEY_MBTN_FORWARD};
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        char name[16], line[64], err[256];
        vf_key_name(keys[i], name, sizeof(name));
        snprintf(line, sizeof(line), "%s quit", name);
        struct vf_key_binding b = {0};
        CHECK(vf_keymap_parse_line(line, &b, err, sizeof(err)) == 1 && b.key == keys[i],
              "key 0x%X named '%s' reads back as 0x%X", (unsigned)keys[i], name, (unsigned)b.key);
    }
    char name[16];
    vf_key_name(0xe4, name, sizeof(name));
    CHECK(!strcmp(name, "\xc3\xa4"), "ä is named '%s'", name);
    vf_key_name(0x85, name, sizeof(name)); /* a C1 control: typed by no key */
    CHECK(!strcmp(name, "0x85"), "U+0085 is named '%s'", name);
}

/* assets/input.conf is the built-in table, line for line */
static void test_default_file(const char *path)
{
    struct vf_keymap m;
    char err[512];
    CHECK(vf_keymap_load(&m, path, err, sizeof(err)) == 0, "%s", err);
    CHECK(m.count == vf_key_binding_count, "%s: %zu keys, the table %zu", path, m.count,
          vf_key_binding_count);
    for (size_t i = 0; i < vf_key_binding_count; i++) {
        const struct vf_key_binding *t = &vf_key_bindings[i];
        size_t j = 0;
        while (j < m.count && m.user[j].key != t->key)
            j++;
        CHECK(j < m.count && m.user[j].command == t->command && m.user[j].arg == t->arg,
              "%s: key %d is not as the table binds it (command %d, argument %d)", path, t->key,
              t->command, t->arg);
    }
}

/* writes `text` to a scratch file and loads it */
static int load_text(struct vf_keymap *m, const char *text, char *err, size_t errlen)
{
    char path[] = "/tmp/vfview-keys-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f)
        return -2;
    fputs(text, f);
    fclose(f);
    int status = vf_keymap_load(m, path, err, errlen);
    remove(path);
    /* the message names the file: take the name out, so that cases can compare the rest */
    char *rest = strstr(err, path);
    if (status && rest)
        memmove(err, rest + strlen(path), strlen(rest + strlen(path)) + 1);
    return status;
}

static void test_keymap(void)
{
    struct vf_key_binding b;
    char err[512];
    static const struct {
        const char *line;
        int got, key;
        enum vf_command command;
        int arg;
    } lines[] = {
        {"", 0, 0, VF_CMD_NONE, 0},
        {"   # a comment", 0, 0, VF_CMD_NONE, 0},
        {"x quit", 1, 'x', VF_CMD_QUIT, 0},
        {"\tSPACE  pause  # resumes too\n", 1, ' ', VF_CMD_PAUSE, 0},
        {"left seek -10", 1, VF_KEY_LEFT, VF_CMD_SEEK, -10},
        {"SHARP filter box", 1, '#', VF_CMD_FILTER, VF_BOX},
        {"# quit", 0, 0, VF_CMD_NONE, 0},
        {"k speed 50", 1, 'k', VF_CMD_SPEED, 50},
        {"Z zoom 0", 1, 'Z', VF_CMD_ZOOM, 0},
        {"q ignore", 1, 'q', VF_CMD_NONE, 0},
        {"\xc3\xa4 step", 1, 0xe4, VF_CMD_STEP, 0}, /* ä, a key of its own on some layouts */
        {"> input 1", 1, '>', VF_CMD_INPUT, 1},
        {"M mute", 1, 'M', VF_CMD_MUTE, 0},
        {"9 volume -5", 1, '9', VF_CMD_VOLUME, -5},
        {"j subtitles", 1, 'j', VF_CMD_SUBTITLES, 0}, /* its number may be left out: the next */
        {"J subtitles -1", 1, 'J', VF_CMD_SUBTITLES, -1},
        {"n subtitles 1", 1, 'n', VF_CMD_SUBTITLES, 1},
        {"PGDWN chapter 1", 1, VF_KEY_PAGEDOWN, VF_CMD_CHAPTER, 1},
        {"pgup chapter -1", 1, VF_KEY_PAGEUP, VF_CMD_CHAPTER, -1},
    };
    for (size_t i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
        b = (struct vf_key_binding){0};
        int got = vf_keymap_parse_line(lines[i].line, &b, err, sizeof(err));
        CHECK(got == lines[i].got &&
                  (got != 1 || (b.key == lines[i].key && b.command == lines[i].command &&
                                b.arg == lines[i].arg)),
              "'%s': %d, key %d command %d arg %d", lines[i].line, got, b.key, b.command, b.arg);
    }
    static const struct {
        const char *line, *error;
    } bad[] = {
        {"xy quit", "unknown key 'xy' (one character, or SPACE, TAB, ESC, BS, ENTER, LEFT, RIGHT, "
                    "UP, DOWN, PGUP, PGDWN, KP_PLUS, KP_MINUS, SHARP, MBTN_MID, MBTN_RIGHT, "
                    "MBTN_BACK, MBTN_FORWARD)"},
        {"x", "no command for key x"},
        {"x jump", "unknown command 'jump' for key x"},
        {"x quit now", "quit: one argument too many"},
        {"x seek", "seek needs a whole number from -86400 to 86400, not ''"},
        {"x seek 1.5", "seek needs a whole number from -86400 to 86400, not '1.5'"},
        {"x zoom -2", "zoom needs a whole number from 0 to 64, not '-2'"},
        {"x volume 101", "volume needs a whole number from -100 to 100, not '101'"},
        {"x mute 1", "mute: one argument too many"},
        {"x subtitles 2", "subtitles needs a whole number from -1 to 1, not '2'"},
        {"x chapter", "chapter needs a whole number from -1 to 1, not ''"},
        {"x chapter 2", "chapter needs a whole number from -1 to 1, not '2'"},
        {"x subtitles next", "subtitles needs a whole number from -1 to 1, not 'next'"},
        {"x subtitles -1 0", "subtitles: one argument too many"},
        {"x filter blur", "filter 'blur': not a preset (identity, sharpen, edge, gaussian, box, "
                          "unsharp)"},
        {"x filter custom", "filter 'custom': not a preset (identity, sharpen, edge, gaussian, "
                            "box, unsharp)"},
        {"x size 1 2", "size: one argument too many"},
        {"\xc3 quit", "unknown key '\xc3' (one character, or SPACE, TAB, ESC, BS, ENTER, LEFT, "
                      "RIGHT, UP, DOWN, PGUP, PGDWN, KP_PLUS, KP_MINUS, SHARP, MBTN_MID, "
                      "MBTN_RIGHT, MBTN_BACK, MBTN_FORWARD)"},
        {"\xc3\xa4\xc3\xb6 quit",
         "unknown key '\xc3\xa4\xc3\xb6' (one character, or SPACE, TAB, ESC, "
         "BS, ENTER, LEFT, RIGHT, UP, DOWN, PGUP, PGDWN, KP_PLUS, KP_MINUS, SHARP, MBTN_MID, "
         "MBTN_RIGHT, MBTN_BACK, MBTN_FORWARD)"},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        err[0] = '\0';
        int got = vf_keymap_parse_line(bad[i].line, &b, err, sizeof(err));
        CHECK(got == -1 && !strcmp(err, bad[i].error), "'%s': %d '%s'", bad[i].line, got, err);
    }

    /* a file over the table: its keys first, a later line for a key wins, ignore unbinds */
    struct vf_keymap m;
    CHECK(load_text(&m,
                    "x quit\nq ignore\n\n# two for one key: the last wins\nLEFT seek -1\n"
                    "LEFT seek -30\n",
                    err, sizeof(err)) == 0,
          "%s", err);
    const struct vf_key_binding *x = vf_keymap_lookup(&m, 'x'),
                                *left = vf_keymap_lookup(&m, VF_KEY_LEFT);
    CHECK(m.count == 3 && x && x->command == VF_CMD_QUIT && !strcmp(x->label, "x") &&
              !strcmp(x->help, "quit"),
          "x: %zu keys, '%s' '%s'", m.count, x ? x->label : "", x ? x->help : "");
    CHECK(vf_keymap_lookup(&m, 'q') == NULL, "q still bound");
    CHECK(left && left->arg == -30 && !strcmp(left->label, "LEFT") &&
              !strcmp(left->help, "seek -30"),
          "LEFT: arg %d, '%s' '%s'", left ? left->arg : 0, left ? left->label : "",
          left ? left->help : "");
    /* the help: x and LEFT from the file (not q's "ignore"), then the table's rows; of the two
     * that the file broke up, "q / esc" and "left / right", the keys it left alone one by one,
     * worded as a file's lines are, where the rows were */
    const struct vf_key_binding *rows[64];
    size_t help = vf_keymap_help_rows(&m, rows, 64), table_rows = 0;
    for (size_t k = 0; k < vf_key_binding_count; k++)
        table_rows += vf_key_bindings[k].label != NULL;
    bool has_q = false, has_left = false, has_one = false, esc_last = false, right = false;
    for (size_t i = 2; i < help; i++) {
        has_q |= rows[i]->key == 'q';
        has_left |= rows[i]->key == VF_KEY_LEFT;
        has_one |= rows[i]->key == '1' && !strcmp(rows[i]->label, "1-6");
        right |= rows[i]->key == VF_KEY_RIGHT && !strcmp(rows[i]->label, "RIGHT") &&
                 !strcmp(rows[i]->help, "seek 5") && rows[i - 1]->key == ',';
    }
    esc_last = help > 0 && rows[help - 1]->key == VF_KEY_ESCAPE &&
               !strcmp(rows[help - 1]->label, "ESC") && !strcmp(rows[help - 1]->help, "quit");
    CHECK(help == 2 + table_rows && rows[0]->key == 'x' && rows[1]->key == VF_KEY_LEFT && !has_q &&
              !has_left && has_one && esc_last && right,
          "help rows: %zu of a table of %zu, first %d %d, q %d, left %d, 1 %d, esc %d, right %d",
          help, table_rows, rows[0]->key, rows[1]->key, has_q, has_left, has_one, esc_last, right);
    /* a key under the row's label: the label's key alone, with its argument, and a preset's
     * name */
    struct vf_keymap broken;
    CHECK(load_text(&broken, "Z ignore\n3 quit\n", err, sizeof(err)) == 0, "%s", err);
    size_t count = vf_keymap_help_rows(&broken, rows, 64);
    bool z = false, zoom_row = false, five = false, filters_row = false;
    for (size_t i = 1; i < count; i++) {
        z |=
            rows[i]->key == 'z' && !strcmp(rows[i]->label, "z") && !strcmp(rows[i]->help, "zoom 2");
        zoom_row |= rows[i]->label && !strcmp(rows[i]->label, "z / Z");
        five |= rows[i]->key == '5' && !strcmp(rows[i]->label, "5") &&
                !strcmp(rows[i]->help, "filter box") && rows[i - 1]->key == '4';
        filters_row |= rows[i]->label && !strcmp(rows[i]->label, "1-6");
    }
    CHECK(count == 1 + table_rows - 2 + 1 + 5 && z && !zoom_row && five && !filters_row,
          "Z and 3 rebound: %zu help rows (table %zu), z %d, z / Z %d, 5 %d, 1-6 %d", count,
          table_rows, z, zoom_row, five, filters_row);
    /* a file of as many keys as it may have: the help lists them all, and the table's rows */
    char *many = malloc(VF_KEYMAP_MAX * 16), *end = many;
    for (int k = 0; many && k < VF_KEYMAP_MAX; k++) {
        char name[8];
        vf_key_name(0x100 + k, name, sizeof(name)); /* Ā, ā, Ă... typed by no built-in key */
        end += sprintf(end, "%s quit\n", name);
    }
    const struct vf_key_binding *all[VF_HELP_ROWS_MAX];
    CHECK(many && load_text(&broken, many, err, sizeof(err)) == 0 &&
              vf_key_binding_count <= VF_KEYMAP_MAX &&
              vf_keymap_help_rows(&broken, all, VF_HELP_ROWS_MAX) == VF_KEYMAP_MAX + table_rows,
          "a file of %d keys: %s; the help lists %zu rows of %d", VF_KEYMAP_MAX, err,
          vf_keymap_help_rows(&broken, all, VF_HELP_ROWS_MAX), VF_KEYMAP_MAX + (int)table_rows);
    free(many);
    CHECK(vf_keymap_help_rows(&m, rows, 1) == 1 &&
              vf_keymap_help_rows(NULL, rows, 64) == table_rows,
          "help rows: at most max; with no file, the table's");
    const struct vf_key_binding *esc = vf_keymap_lookup(&m, VF_KEY_ESCAPE);
    CHECK(esc && esc->command == VF_CMD_QUIT, "esc, not in the file, keeps its binding");
    CHECK(load_text(&m, "x quit\ny jump\n", err, sizeof(err)) == -1 &&
              !strcmp(err, ":2: unknown command 'jump' for key y") && m.count == 0,
          "a bad line: '%s', %zu keys kept", err, m.count);
    /* a line too long for the reader fails as one, rather than as its pieces */
    char longer[700];
    memset(longer, ' ', sizeof(longer));
    memcpy(longer, "x quit", 6);
    memcpy(longer + sizeof(longer) - 2, "\n", 2);
    CHECK(load_text(&m, longer, err, sizeof(err)) == -1 &&
              !strcmp(err, ":1: longer than 510 characters") && m.count == 0,
          "a long line: '%s'", err);
    longer[510] = '\n', longer[511] = '\0';
    CHECK(load_text(&m, longer, err, sizeof(err)) == 0 && m.count == 1, "510 characters: '%s'",
          err);
    CHECK(load_text(&m, "x quit", err, sizeof(err)) == 0 && m.count == 1,
          "a last line without its newline: '%s'", err);
    CHECK(vf_keymap_load(&m, "/nonexistent/input.conf", err, sizeof(err)) == -1 &&
              !strcmp(err, "/nonexistent/input.conf: cannot open: No such file or directory"),
          "a missing file: '%s'", err);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_keys assets/input.conf\n");
        return 2;
    }
    test_keys();
    test_default_file(argv[1]);
    test_keymap();
    test_utf8();
    return check_done("keys");
}
