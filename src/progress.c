#include "progress.h"

#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "timing.h"

enum { BAR_WIDTH = 30 };
static const double TERMINAL_PERIOD_MS = 200, LOG_PERIOD_MS = 5000;

void vf_progress_start(struct vf_progress *p, FILE *out, long total, bool quiet)
{
    p->out = out;
    p->terminal = isatty(fileno(out));
    p->quiet = quiet;
    p->line[0] = '\0';
    p->total = total > 0 ? total : 0;
    p->started_ms = p->last_draw_ms = vf_now_ms();
    p->drawn = false;
}

void vf_format_duration(double seconds, char *buf, size_t len)
{
    long s = seconds < 0 ? 0 : (long)(seconds + 0.5);
    if (s >= 3600)
        snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
}

void vf_progress_update(struct vf_progress *p, long done)
{
    double now = vf_now_ms();
    if (p->quiet || now - p->last_draw_ms < (p->terminal ? TERMINAL_PERIOD_MS : LOG_PERIOD_MS))
        return;
    p->last_draw_ms = now;
    double elapsed = (now - p->started_ms) / 1000;
    double fps = elapsed > 0 ? done / elapsed : 0;
    char eta[32] = "?";
    if (p->total && fps > 0 && done <= p->total)
        vf_format_duration((double)(p->total - done) / fps, eta, sizeof(eta));
    if (!p->terminal) {
        if (p->total)
            fprintf(p->out, "vfview: %ld/%ld frames, %.1f fps, ETA %s\n", done, p->total, fps, eta);
        else
            fprintf(p->out, "vfview: %ld frames, %.1f fps\n", done, fps);
        return;
    }
    if (p->total) {
        long filled = done >= p->total ? BAR_WIDTH : done * BAR_WIDTH / p->total;
        char bar[BAR_WIDTH + 1];
        for (int i = 0; i < BAR_WIDTH; i++)
            bar[i] = i < filled ? '#' : '.';
        bar[BAR_WIDTH] = '\0';
        fprintf(p->out, "\r\033[K[%s] %3ld%%  %ld/%ld frames  %.1f fps  ETA %s", bar,
                done >= p->total ? 100 : done * 100 / p->total, done, p->total, fps, eta);
    } else {
        char spent[32];
        vf_format_duration(elapsed, spent, sizeof(spent));
        fprintf(p->out, "\r\033[K%ld frames  %.1f fps  %s", done, fps, spent);
    }
    fflush(p->out);
    p->drawn = true;
}

void vf_progress_finish(struct vf_progress *p)
{
    if (p->drawn)
        fprintf(p->out, "\r\033[K");
    p->drawn = false;
    p->line[0] = '\0';
}

/* The bytes of text's first `columns` characters (UTF-8: one a lead byte). */
static size_t bytes_of_columns(const char *text, int columns)
{
    size_t n = 0;
    for (int c = 0; text[n]; n++)
        if (((unsigned char)text[n] & 0xc0) != 0x80 && c++ == columns)
            break;
    return n;
}

void vf_progress_line(struct vf_progress *p, const char *text)
{
    if (!p->terminal || p->quiet || !strcmp(text, p->line))
        return;
    snprintf(p->line, sizeof(p->line), "%s", text);
    struct winsize size;
    /* a line longer than the terminal would wrap, and \r go back to its last part only */
    const int columns =
        ioctl(fileno(p->out), TIOCGWINSZ, &size) == 0 && size.ws_col > 1 ? size.ws_col - 1 : 79;
    fprintf(p->out, "\r\033[K%.*s", (int)bytes_of_columns(text, columns), text);
    fflush(p->out);
    p->drawn = true;
}
