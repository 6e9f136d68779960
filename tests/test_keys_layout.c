/* The key table (every key of the brief is bound once, nothing twice, help lists each command),
 * the bindings' file (its lines, its errors, its keys over the table's, assets/input.conf equal
 * to the table), the presentation clock and its speeds, the window layout math (letterbox,
 * halves, HiDPI, resize, zoom) and the panel's settings and position lines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chapters.h"
#include "check.h"
#include "clock.h"
#include "filter.h"
#include "keymap.h"
#include "keys.h"
#include "layout.h"
#include "settings.h"
#include "subtitle_files.h"
#include "subtitle_text.h"
#include "timing.h"
#include "variants.h"

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

static bool near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_clock(void)
{
    struct vf_clock c;
    vf_clock_init(&c);
    CHECK(!c.anchored && c.speed == 1, "a new clock: anchored %d, speed %g", c.anchored, c.speed);
    /* anchored at the picture of 2.0 s shown at wall 1000 ms: 2.5 s is due at 1500 */
    vf_clock_follow(&c, 0, 2.0, 1000);
    CHECK(near(vf_clock_due_ms(&c, 2.5), 1500), "1x: %g", vf_clock_due_ms(&c, 2.5));
    /* the same serial does not move the anchor; a new one (a seek) does */
    vf_clock_follow(&c, 0, 9.0, 5000);
    CHECK(near(vf_clock_due_ms(&c, 2.5), 1500), "same serial moved the anchor");
    vf_clock_follow(&c, 1, 9.0, 5000);
    CHECK(near(vf_clock_due_ms(&c, 9.04), 5040), "new serial: %g", vf_clock_due_ms(&c, 9.04));
    /* half speed from wall 5200 ms: 9.2 s is due then, and 9.3 s 200 ms later */
    vf_clock_set_speed(&c, 0.5, 5200);
    CHECK(near(vf_clock_due_ms(&c, 9.2), 5200) && near(vf_clock_due_ms(&c, 9.3), 5400),
          "0.5x: 9.2 s at %g, 9.3 s at %g", vf_clock_due_ms(&c, 9.2), vf_clock_due_ms(&c, 9.3));
    /* double speed from 5400 (9.3 s then): 9.5 s due 100 ms later */
    vf_clock_set_speed(&c, 2, 5400);
    CHECK(near(vf_clock_due_ms(&c, 9.5), 5500), "2x: %g", vf_clock_due_ms(&c, 9.5));
    /* unanchored (a pause), the next picture anchors it at once, at the speed chosen */
    vf_clock_unanchor(&c);
    vf_clock_set_speed(&c, 4, 7000);
    vf_clock_follow(&c, 1, 12.0, 8000);
    CHECK(near(vf_clock_due_ms(&c, 12.4), 8100), "4x after a pause: %g", vf_clock_due_ms(&c, 12.4));
    /* the media time due at a wall time, which the sound follows: the inverse of due_ms */
    CHECK(near(vf_clock_media_s(&c, 8100), 12.4) && near(vf_clock_media_s(&c, 7900), 12.0 - 0.4),
          "media time at 4x: %g at 8100 ms, %g at 7900", vf_clock_media_s(&c, 8100),
          vf_clock_media_s(&c, 7900));

    double speed = vf_speed_step(1, 110);
    CHECK(near(speed, 1.1), "1 x 1.1: %.17g", speed);
    speed = vf_speed_step(speed, -110);
    CHECK(speed == 1, "x1.1 then /1.1 lands on 1: %.17g", speed);
    speed = 1;
    for (int i = 0; i < 7; i++)
        speed = vf_speed_step(speed, 110);
    for (int i = 0; i < 7; i++)
        speed = vf_speed_step(speed, -110);
    CHECK(speed == 1, "seven steps up and down: %.17g", speed);
    CHECK(vf_speed_step(0.5, 200) == 1 && vf_speed_step(3, -200) == 1.5, "doubled, halved");
    CHECK(vf_speed_step(7.25, 0) == 1, "reset");
    CHECK(vf_speed_step(12, 200) == VF_SPEED_MAX && vf_speed_step(0.1, -200) == VF_SPEED_MIN &&
              vf_speed_step(VF_SPEED_MIN, -110) == VF_SPEED_MIN,
          "limits");
}

static int same_rect(struct vf_rect a, int x, int y, int w, int h)
{
    return a.x == x && a.y == y && a.w == w && a.h == h;
}

/* a cue's text as the window shows it, from FFmpeg's ASS form */
static void test_subtitle_text(void)
{
    static const struct {
        const char *ass;
        size_t len;
        const char *plain;
    } cases[] = {
        {"0,0,Default,,0,0,0,,Hello\\Nworld", 64, "Hello\nworld"},
        {"3,0,Default,,0,0,0,,{\\i1}one{\\i0} two\\hthree", 64, "one two three"},
        {"0,0,Default,,0,0,0,,a, b, c", 64, "a, b, c"}, /* commas in the text stay */
        {"plain text", 64, "plain text"},               /* not the ASS form */
        {"0,0,D,,0,0,0,,\\N\\nx\\N \r\n", 64, "x"},     /* no empty lines at the ends */
        {"0,0,D,,0,0,0,,a\\N\\Nb", 64, "a\nb"},         /* nor between */
        {"0,0,D,,0,0,0,,{\\pos(1,2)}{unclosed", 64, ""},
        {"0,0,D,,0,0,0,,a}b", 64, "a}b"},
        {"0,0,D,,0,0,0,,\xc3\xa9\xc3\xa9\xc3\xa9", 6, "\xc3\xa9\xc3\xa9"}, /* cut: whole */
        {"0,0,D,,0,0,0,,\xe2\x82\xac\xe2\x82\xac", 6, "\xe2\x82\xac"},
        {"0,0,D,,0,0,0,,abc", 1, ""},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char out[64];
        size_t n = vf_subtitle_plain(cases[i].ass, out, cases[i].len);
        CHECK(!strcmp(out, cases[i].plain) && n == strlen(cases[i].plain),
              "cue %zu: '%s' (%zu), expected '%s'", i, out, n, cases[i].plain);
    }
}

/* subtitle files beside a video, as mpv's --sub-auto=exact finds them */
static void test_subtitle_files(void)
{
    static const struct {
        const char *video, *name, *tag; /* tag NULL: no match */
    } cases[] = {
        {"film.mkv", "film.srt", ""},
        {"film.mkv", "film.en.srt", "en"},
        {"film.mkv", "film.forced.ASS", "forced"},
        {"film.mkv", "film.ssa", ""},
        {"film.mkv", "film.vtt", ""},
        {"film.mkv", "film.idx", ""},       /* VobSub, through its index */
        {"film.mkv", "film.en.sup", "en"},  /* Blu-ray's PGS */
        {"film.mkv", "film.sub", NULL},     /* VobSub's pictures: read through the .idx */
        {"film.mkv", "film.mkv", NULL},     /* not subtitles */
        {"film.mkv", "film.en.txt", NULL},  /* nor this */
        {"film.mkv", "film2.srt", NULL},    /* another film's */
        {"film.mkv", "fil.srt", NULL},      /* shorter */
        {"film.mkv", "Film.srt", NULL},     /* names are exact */
        {"film.mkv", "film..srt", NULL},    /* an empty tag */
        {"film.mkv", "film.a.b.srt", NULL}, /* two words */
        {"film.mkv", "film.srt.bak", NULL}, /* the extension is the last */
        {"film", "film.srt", ""},           /* a video without an extension */
        {"a.b.mkv", "a.b.de.srt", "de"},    /* the video's last dot only */
        {"a.b.mkv", "a.srt", NULL},
        {".mkv", ".mkv.srt", ""}, /* a name that is all extension */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char tag[16] = "?";
        const bool match =
            vf_subtitle_file_matches(cases[i].video, cases[i].name, tag, sizeof(tag));
        CHECK(match == (cases[i].tag != NULL) && (!match || !strcmp(tag, cases[i].tag)),
              "subtitle file %zu: %s beside %s: %s '%s'", i, cases[i].name, cases[i].video,
              match ? "matched" : "no match", tag);
    }
    /* a folder: the matches, by name, with the folder; up to the most asked */
    char dir[] = "/tmp/vfview-subs-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    const char *names[] = {"v.mp4", "v.srt", "v.en.srt", "v.de.vtt", "w.srt", "v.en.srt.part"};
    char path[256];
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "w");
        CHECK(f != NULL, "cannot create %s", path);
        if (f)
            fclose(f);
    }
    snprintf(path, sizeof(path), "%s/v.mp4", dir);
    struct vf_subtitle_file found[VF_MAX_SUBTITLE_FILES];
    int n = vf_find_subtitle_files(path, found, VF_MAX_SUBTITLE_FILES);
    char want[3][256];
    snprintf(want[0], sizeof(want[0]), "%s/v.de.vtt", dir);
    snprintf(want[1], sizeof(want[1]), "%s/v.en.srt", dir);
    snprintf(want[2], sizeof(want[2]), "%s/v.srt", dir);
    CHECK(n == 3 && !strcmp(found[0].path, want[0]) && !strcmp(found[1].path, want[1]) &&
              !strcmp(found[2].path, want[2]) && !strcmp(found[0].tag, "de") &&
              !strcmp(found[1].tag, "en") && !strcmp(found[2].tag, ""),
          "subtitle files beside %s: %d, the first %s", path, n, n > 0 ? found[0].path : "-");
    vf_free_subtitle_files(found, n);
    n = vf_find_subtitle_files(path, found, 2);
    CHECK(n == 2, "at most 2 asked: %d", n);
    vf_free_subtitle_files(found, n);
    CHECK(vf_find_subtitle_files("/nonexistent-vfview/v.mp4", found, 4) == 0, "no folder: none");
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        remove(path);
    }
    remove(dir);
}

static void test_layout(void)
{
    struct vf_rect box = {0, 0, 400, 400};
    struct vf_rect r = vf_letterbox(box, 1920, 1080, 1);
    CHECK(same_rect(r, 0, 87, 400, 225), "16:9 in a square: %d,%d %dx%d", r.x, r.y, r.w, r.h);
    r = vf_letterbox((struct vf_rect){10, 0, 1000, 100}, 4, 3, 1);
    CHECK(same_rect(r, 443, 0, 133, 100), "4:3 in a wide box: %d,%d %dx%d", r.x, r.y, r.w, r.h);
    r = vf_letterbox(box, 720, 576, 64.0 / 45); /* anamorphic PAL 16:9 */
    CHECK(r.w == 400 && r.h == 225, "sar 64:45: %dx%d", r.w, r.h);
    r = vf_letterbox((struct vf_rect){0, 0, 0, 10}, 5, 5, 1);
    CHECK(r.w == 0 && r.h == 0, "empty box gives an empty rect");
    r = vf_letterbox((struct vf_rect){0, 0, 1, 1}, 10000, 1, 1);
    CHECK(r.w == 1 && r.h == 1, "never smaller than a pixel");

    /* two halves of a 1280x720 window under a 22-point label row: 640x360 each, centred in the
     * 698 rows left, so y = 22 + (698 - 360) / 2; at 2x (HiDPI) the same, doubled */
    struct vf_layout a = vf_layout_compute(1280, 720, 1280, 720, 1920, 1080, 1, 2);
    struct vf_layout b = vf_layout_compute(1280, 720, 2560, 1440, 1920, 1080, 1, 2);
    CHECK(a.scale == 1 && b.scale == 2, "scale %g %g", a.scale, b.scale);
    CHECK(same_rect(a.half[0], 0, 191, 640, 360) && same_rect(a.half[1], 640, 191, 640, 360),
          "1x halves: %d,%d %dx%d | %d,%d %dx%d", a.half[0].x, a.half[0].y, a.half[0].w,
          a.half[0].h, a.half[1].x, a.half[1].y, a.half[1].w, a.half[1].h);
    CHECK(b.half[1].x == 2 * a.half[1].x && b.half[1].w == 2 * a.half[1].w &&
              b.label[0].h == 2 * a.label[0].h && b.margin == 2 * a.margin,
          "2x is the 1x layout doubled");
    for (int i = 0; i < 2; i++)
        CHECK(a.half[i].y >= a.label[i].y + a.label[i].h, "label %d overlaps the picture", i);
    /* an odd width: the right half takes the spare pixel, nothing leaves the window */
    struct vf_layout o = vf_layout_compute(1001, 300, 1001, 300, 4, 3, 1, 2);
    CHECK(o.half[1].x + o.half[1].w <= 1001 && o.half[0].x + o.half[0].w <= o.half[1].x,
          "odd width overlaps");
    /* resize to something tiny or tall: still inside, still the right aspect */
    struct vf_layout t = vf_layout_compute(200, 900, 200, 900, 1920, 1080, 1, 2);
    CHECK(t.half[0].w == 100 && t.half[0].h == 56, "tall window: %dx%d", t.half[0].w, t.half[0].h);
    struct vf_layout one = vf_layout_compute(800, 600, 800, 600, 1920, 1080, 1, 1);
    CHECK(one.half[0].w == 800 && one.half[0].h == 450, "single half: %dx%d", one.half[0].w,
          one.half[0].h);

    /* text: full size from 1200 points wide, at 2x too; 960 points: 0.8 down to a step of
     * 1/16, 0.75; 640 points and below: 0.75, the least */
    struct vf_layout wide = vf_layout_compute(1600, 900, 3200, 1800, 1920, 1080, 1, 2);
    struct vf_layout mid = vf_layout_compute(960, 540, 960, 540, 1920, 1080, 1, 2);
    struct vf_layout small = vf_layout_compute(640, 300, 1280, 600, 1920, 1080, 1, 2);
    struct vf_layout fits = vf_layout_compute(1100, 600, 1100, 600, 1920, 1080, 1, 2);
    CHECK(vf_layout_text_scale(&a) == 1 && vf_layout_text_scale(&wide) == 2 &&
              vf_layout_text_scale(&mid) == 0.75f && vf_layout_text_scale(&small) == 1.5f &&
              vf_layout_text_scale(&fits) == 0.875f,
          "text scales %g %g %g %g %g", vf_layout_text_scale(&a), vf_layout_text_scale(&wide),
          vf_layout_text_scale(&mid), vf_layout_text_scale(&small), vf_layout_text_scale(&fits));
    /* the panel: a margin into the left picture, as wide as the left half's label row (the
     * slot less a margin each side); with one half, the window's width */
    struct vf_rect p = vf_layout_panel(&a);
    CHECK(same_rect(p, 8, 199, 624, 513), "1280x720 panel: %d,%d %dx%d", p.x, p.y, p.w, p.h);
    p = vf_layout_panel(&t); /* the tall window: the picture 100 wide, the panel 84 */
    CHECK(p.x == 8 && p.w == 84 && p.x + p.w <= t.half[1].x, "tall window's panel: %d, %d wide",
          p.x, p.w);
    p = vf_layout_panel(&one);
    CHECK(p.x == 8 && p.w == 784, "single half's panel: %d, %d wide", p.x, p.w);
    /* the seek bar: 5 points tall, between the margins, half a margin off the bottom; a click
     * within a margin above it or below it counts, at its fraction of the bar's width */
    struct vf_rect bar = vf_layout_seek_bar(&a);
    CHECK(same_rect(bar, 8, 711, 1264, 5), "1280x720 bar: %d,%d %dx%d", bar.x, bar.y, bar.w, bar.h);
    bar = vf_layout_seek_bar(&b);
    CHECK(same_rect(bar, 16, 1422, 2528, 10), "2x bar: %d,%d %dx%d", bar.x, bar.y, bar.w, bar.h);
    CHECK(vf_layout_on_bar(&a, 8, 703) && vf_layout_on_bar(&a, 1271, 719) &&
              !vf_layout_on_bar(&a, 8, 702) && !vf_layout_on_bar(&a, 7, 715) &&
              !vf_layout_on_bar(&a, 1272, 715) && !vf_layout_on_bar(&a, 640, 720),
          "where clicks on the bar count");
    CHECK(vf_layout_bar_fraction(&a, 8) == 0 && vf_layout_bar_fraction(&a, 640) == 0.5 &&
              vf_layout_bar_fraction(&a, 1272) == 1 && vf_layout_bar_fraction(&a, 0) == 0 &&
              vf_layout_bar_fraction(&a, 2000) == 1,
          "bar fractions %g %g %g", vf_layout_bar_fraction(&a, 8), vf_layout_bar_fraction(&a, 640),
          vf_layout_bar_fraction(&a, 1272));
    /* the split view: one 16:9 picture in the 1280x698 below the labels, so 698 tall and
     * 1241 wide, 19 in; both halves there, the labels over the window's halves, the line
     * half-way at 19 + 620.5 rounded up; the panel a margin into the picture */
    struct vf_layout s = vf_layout_split(1280, 720, 1280, 720, 1920, 1080, 1);
    CHECK(s.split && !a.split && same_rect(s.half[0], 19, 22, 1241, 698) &&
              same_rect(s.half[1], 19, 22, 1241, 698),
          "split picture: %d,%d %dx%d", s.half[0].x, s.half[0].y, s.half[0].w, s.half[0].h);
    CHECK(same_rect(s.label[0], 8, 0, 624, 22) && same_rect(s.label[1], 648, 0, 624, 22),
          "split labels: %d,%d %dx%d | %d,%d %dx%d", s.label[0].x, s.label[0].y, s.label[0].w,
          s.label[0].h, s.label[1].x, s.label[1].y, s.label[1].w, s.label[1].h);
    CHECK(vf_layout_split_x(&s, 0.5) == 640 && vf_layout_split_x(&s, 0) == 19 &&
              vf_layout_split_x(&s, 1) == 1260 && vf_layout_split_x(&s, -3) == 19 &&
              vf_layout_split_x(&s, 7) == 1260 && vf_layout_split_x(&s, 0.25) == 329,
          "split line at %d %d %d", vf_layout_split_x(&s, 0), vf_layout_split_x(&s, 0.5),
          vf_layout_split_x(&s, 1));
    p = vf_layout_panel(&s);
    CHECK(same_rect(p, 27, 30, 605, 682), "split panel: %d,%d %dx%d", p.x, p.y, p.w, p.h);
    s = vf_layout_split(1001, 600, 1001, 600, 4, 3, 1); /* an odd width: the right label */
    CHECK(s.label[1].x + s.label[1].w == 1001 - s.margin && s.label[0].w == 484 && /* has it */
              s.label[1].w == 485 && same_rect(s.half[0], 115, 22, 771, 578),
          "odd split: labels %d %d wide, picture %dx%d", s.label[0].w, s.label[1].w, s.half[0].w,
          s.half[0].h);
    struct vf_layout tiny = vf_layout_compute(10, 10, 10, 10, 1920, 1080, 1, 2);
    p = vf_layout_panel(&tiny);
    CHECK(p.w == 1 && p.h == 1, "a 10x10 window's panel: %dx%d", p.w, p.h);
}

static bool same_view(struct vf_view v, double x0, double y0, double x1, double y1)
{
    return near(v.x0, x0) && near(v.y0, y0) && near(v.x1, x1) && near(v.y1, y1);
}

static void test_view(void)
{
    struct vf_view whole = vf_view_whole(), v;
    CHECK(same_view(whole, 0, 0, 1, 1) && vf_view_zoom_level(whole) == 1, "the whole picture");
    v = vf_view_zoom(whole, 2, 0.5, 0.5);
    CHECK(same_view(v, 0.25, 0.25, 0.75, 0.75), "2x at the centre: %g %g %g %g", v.x0, v.y0, v.x1,
          v.y1);
    v = vf_view_zoom(whole, 2, 0, 0);
    CHECK(same_view(v, 0, 0, 0.5, 0.5), "2x at the top-left corner");
    /* the picture point under the pointer stays under it: 0.25 of the half, then 0.125 + 0.25
     * * 0.5 */
    v = vf_view_zoom(whole, 2, 0.25, 0.5);
    CHECK(same_view(v, 0.125, 0.25, 0.625, 0.75), "2x at (0.25, 0.5): %g %g %g %g", v.x0, v.y0,
          v.x1, v.y1);
    v = vf_view_zoom(v, 4, 0.75, 0.5);
    CHECK(near(v.x0 + 0.75 * (v.x1 - v.x0), 0.5) && near(vf_view_zoom_level(v), 8),
          "8x: the point at 0.75 of the half is picture x %g, expected 0.5",
          v.x0 + 0.75 * (v.x1 - v.x0));
    /* zooming out near an edge keeps the view inside the picture */
    v = vf_view_zoom((struct vf_view){0.85, 0.85, 0.95, 0.95}, 0.5, 0, 0);
    CHECK(same_view(v, 0.8, 0.8, 1, 1), "out at an edge: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    v = vf_view_zoom(vf_view_zoom(whole, 3, 0.3, 0.6), 1 / 3.0 * 0.999, 0.7, 0.1);
    CHECK(same_view(v, 0, 0, 1, 1), "back out past 1: exactly the whole picture");
    CHECK(near(vf_view_zoom_level(vf_view_zoom(whole, 1000, 0.5, 0.5)), VF_ZOOM_MAX), "at most %gx",
          VF_ZOOM_MAX);
    /* a drag right by a tenth of the half moves a 2x view a twentieth of the picture left */
    v = vf_view_pan(vf_view_zoom(whole, 2, 0.5, 0.5), 0.1, -0.2);
    CHECK(same_view(v, 0.2, 0.35, 0.7, 0.85), "pan: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    v = vf_view_pan(v, 5, -5);
    CHECK(same_view(v, 0, 0.5, 0.5, 1), "pan to the corner: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    CHECK(same_view(vf_view_pan(whole, 0.3, 0.3), 0, 0, 1, 1), "the whole picture does not move");
    /* the pixel under the pointer, as the shader's squares take it: floor(fraction * size) */
    int x, y;
    vf_view_pixel(whole, 0.5, 0.9999, 321, 241, &x, &y);
    CHECK(x == 160 && y == 240, "whole picture: pixel %d,%d", x, y);
    vf_view_pixel(whole, 1, -0.1, 321, 241, &x, &y);
    CHECK(x == 320 && y == 0, "at and past the edges: pixel %d,%d", x, y);
    vf_view_pixel((struct vf_view){0.5, 0.25, 0.75, 0.5}, 0, 0.5, 320, 240, &x, &y);
    CHECK(x == 160 && y == 90, "zoomed 4x: pixel %d,%d", x, y);
}

static void test_fold(void)
{
    const char *lines[] = {"a", "bb", "ccc", "d", "eeeee"};
    char out[8][VF_FOLD_WIDTH];
    int n = vf_fold_columns(lines, 5, 10, out, 8);
    CHECK(n == 5 && !strcmp(out[0], "a") && !strcmp(out[4], "eeeee"), "all fit: %d rows", n);
    /* 3 rows: two columns, the first padded to its longest line and a gap of 3 */
    n = vf_fold_columns(lines, 5, 3, out, 8);
    CHECK(n == 3 && !strcmp(out[0], "a     d") && !strcmp(out[1], "bb    eeeee") &&
              !strcmp(out[2], "ccc"),
          "3 rows: %d '%s' '%s' '%s'", n, out[0], out[1], out[2]);
    n = vf_fold_columns(lines, 5, 2, out, 8);
    CHECK(n == 2 && !strcmp(out[0], "a    ccc   eeeee") && !strcmp(out[1], "bb   d"),
          "2 rows: %d '%s' '%s'", n, out[0], out[1]);
    n = vf_fold_columns(lines, 5, 0, out, 8);
    CHECK(n == 1 && !strcmp(out[0], "a   bb   ccc   d   eeeee"), "no room: one row '%s'", out[0]);
    CHECK(vf_fold_columns(lines, 0, 3, out, 8) == 0, "nothing to fold");
}

static void test_settings_line(void)
{
    struct vf_settings shown = {.border = VF_BORDER_CLAMP, .variant = VF_GPU_FAST}, chosen;
    char err[256], line[600];
    CHECK(vf_filter_parse("sharpen", &shown.filter, err, sizeof(err)) == 0, "%s", err);
    chosen = shown;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00  border clamp  variant fast"), "same: %s", line);
    CHECK(vf_filter_parse("box:size=5", &chosen.filter, err, sizeof(err)) == 0, "%s", err);
    chosen.border = VF_BORDER_MIRROR;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00 → box 5x5  border clamp → mirror  variant fast"),
          "filter and border chosen since: %s", line);
    chosen = shown;
    chosen.variant = VF_GPU_NAIVE;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00  border clamp  variant fast → naive"),
          "variant chosen since: %s", line);
}

static void test_position(void)
{
    static const struct {
        double at, duration;
        const char *text;
    } cases[] = {
        {0, 8, "0:00.0 / 0:08"},       {6.44, 8.02, "0:06.4 / 0:08"},     {59.96, 0, "1:00.0"},
        {65.25, 120, "1:05.3 / 2:00"}, {-0.04, 3599.6, "0:00.0 / 60:00"}, {3725, -1, "62:05.0"},
    };
    char line[64];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vf_describe_position(cases[i].at, cases[i].duration, false, line, sizeof(line));
        CHECK(!strcmp(line, cases[i].text), "%.2f s of %.2f: '%s', expected '%s'", cases[i].at,
              cases[i].duration, line, cases[i].text);
    }
    static const struct {
        double at;
        const char *text;
    } fine[] = {{0, "0:00.000 / 0:08"},
                {6.0333333, "0:06.033 / 0:08"},
                {59.9996, "1:00.000 / 0:08"},
                {125.0125, "2:05.013 / 0:08"}};
    for (size_t i = 0; i < sizeof(fine) / sizeof(fine[0]); i++) {
        vf_describe_position(fine[i].at, 8, true, line, sizeof(line));
        CHECK(!strcmp(line, fine[i].text), "%.4f s in ms: '%s', expected '%s'", fine[i].at, line,
              fine[i].text);
    }
    vf_describe_position(65.25, 120, false, line, 6); /* cut short, still terminated */
    CHECK(!strcmp(line, "1:05."), "short buffer: '%s'", line);
}

/* the 'k' overlay's text: matrices up to 9x9 as they are, wider separable ones as column and
 * row taps, the divisor and the bias last */
static void test_taps_text(void)
{
    static const struct {
        const char *spec;
        int count;
        const char *lines[6];
    } cases[] = {
        {"sharpen", 4, {"  0 -1  0", " -1  5 -1", "  0 -1  0", "÷ 1"}},
        {"gaussian:size=5",
         6,
         {"  1  4  6  4  1", "  4 16 24 16  4", "  6 24 36 24  6", "  4 16 24 16  4",
          "  1  4  6  4  1", "÷ 256"}},
        {"box:size=11",
         3,
         {"column 1 1 1 1 1 1 1 1 1 1 1", "x row  1 1 1 1 1 1 1 1 1 1 1", "÷ 121"}},
        {"custom:matrix=0 0 0 0 1 0 0 0 0:bias=-7",
         4,
         {" 0 0 0", " 0 1 0", " 0 0 0", "÷ 1  bias -7"}},
        {"custom:matrix=1", 2, {" 1", "÷ 1"}},
    };
    struct vf_filter f;
    char lines[VF_MAX_SIZE + 4][VF_TAPS_LINE], err[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        CHECK(vf_filter_parse(cases[i].spec, &f, err, sizeof(err)) == 0, "%s", err);
        int n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
        CHECK(n == cases[i].count, "%s: %d lines, expected %d", cases[i].spec, n, cases[i].count);
        for (int k = 0; k < n && k < cases[i].count; k++)
            CHECK(!strcmp(lines[k], cases[i].lines[k]), "%s line %d: '%s', expected '%s'",
                  cases[i].spec, k, lines[k], cases[i].lines[k]);
    }
    /* unsharp 11x11: separable with a centre tap, which gets its own line */
    vf_filter_parse("unsharp:size=11", &f, NULL, 0);
    int n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
    CHECK(n == 4 && !strncmp(lines[0], "column", 6) && !strncmp(lines[1], "x row ", 6) &&
              !strncmp(lines[2], "+ ", 2) && strstr(lines[2], "at the centre") &&
              !strncmp(lines[3], "÷ ", strlen("÷ ")),
          "unsharp 11x11: %d lines: '%s' '%s' '%s'", n, lines[0], lines[1], lines[2]);
    /* an 11x11 matrix that is not separable (its default divisor, the tap sum: 119 + 2 + 5): one
     * line says so */
    char spec[1024] = "custom:matrix=";
    for (int k = 0; k < 121; k++)
        strcat(spec, k == 0 ? "2 " : k == 60 ? "5 " : "1 ");
    CHECK(vf_filter_parse(spec, &f, err, sizeof(err)) == 0, "%s", err);
    n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
    CHECK(n == 2 && !strcmp(lines[0], "11x11 taps, not separable: too many to show") &&
              !strcmp(lines[1], "÷ 126"),
          "11x11 custom: %d lines, '%s' '%s'", n, lines[0], n > 1 ? lines[1] : "");
    /* no more lines than asked for */
    vf_filter_parse("gaussian:size=9", &f, NULL, 0);
    CHECK(vf_filter_taps_text(&f, lines, 3) == 3, "max 3 lines");
}

/* chapters as mpv steps through them: three starting at 0, 3 and 10 s */
static void test_chapters(void)
{
    const double starts[3] = {0, 3, 10};
    static const struct {
        double at;
        int step, want;
    } cases[] = {
        {0, 1, 1},     /* from the first's start: the second */
        {2.99, 1, 2},  /* a start within the slack (0.02) after: reached */
        {2.97, 1, 1},  /* beyond the slack: not yet */
        {9.5, 1, 2},   /* the next */
        {10, 1, -1},   /* after the last: none */
        {12, -1, 1},   /* 2 s into the last: the one before */
        {15.5, -1, 2}, /* 5.5 s into it: its own start */
        {15, -1, 1},   /* 5 s into it: still the one before */
        {3, -1, 0},    /* at a start: the one before */
        {1, -1, -1},   /* in the first, near its start: none before */
        {8.5, -1, 1},  /* 5.5 s into the second: its start */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const int got = vf_chapter_step(starts, 3, cases[i].at, cases[i].step, 0.02);
        CHECK(got == cases[i].want, "chapter step %+d from %.2f s: %d, want %d", cases[i].step,
              cases[i].at, got, cases[i].want);
    }
    /* chapters that start after the input does: before the first, none back, the first next */
    const double late[2] = {4, 8};
    CHECK(vf_chapter_at(late, 2, 1, 0) == -1, "before the first: in none");
    CHECK(vf_chapter_step(late, 2, 1, -1, 0) == -1, "before the first: none back");
    CHECK(vf_chapter_step(late, 2, 1, 1, 0) == 0, "before the first: the first next");
    CHECK(vf_chapter_at(late, 2, 8, 0) == 1 && vf_chapter_at(late, 2, 7.9, 0) == 0,
          "a start belongs to the chapter it starts");
    CHECK(vf_chapter_step(late, 0, 5, 1, 0) == -1 && vf_chapter_at(late, 0, 5, 0) == -1,
          "no chapters");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_keys_layout assets/input.conf\n");
        return 2;
    }
    test_keys();
    test_default_file(argv[1]);
    test_keymap();
    test_utf8();
    test_clock();
    test_layout();
    test_subtitle_text();
    test_subtitle_files();
    test_view();
    test_fold();
    test_settings_line();
    test_taps_text();
    test_position();
    test_chapters();
    return check_done("keys_layout");
}
