#include "clock.h"

#include <math.h>
#include <stdlib.h>

void vf_clock_init(struct vf_clock *c)
{
    *c = (struct vf_clock){.speed = 1};
}

void vf_clock_follow(struct vf_clock *c, unsigned serial, double media_s, double now_ms)
{
    if (c->anchored && c->serial == serial)
        return;
    c->anchored = true;
    c->serial = serial;
    c->anchor_s = media_s;
    c->anchor_ms = now_ms;
}

void vf_clock_unanchor(struct vf_clock *c)
{
    c->anchored = false;
}

double vf_clock_due_ms(const struct vf_clock *c, double media_s)
{
    return c->anchor_ms + (media_s - c->anchor_s) * 1000 / c->speed;
}

double vf_clock_media_s(const struct vf_clock *c, double now_ms)
{
    return c->anchor_s + (now_ms - c->anchor_ms) * c->speed / 1000;
}

void vf_clock_set_speed(struct vf_clock *c, double speed, double now_ms)
{
    if (c->anchored) {
        c->anchor_s = vf_clock_media_s(c, now_ms);
        c->anchor_ms = now_ms;
    }
    c->speed = speed;
}

double vf_speed_step(double speed, int step)
{
    if (step == 0)
        return 1;
    double factor = abs(step) / 100.0;
    speed = step > 0 ? speed * factor : speed / factor;
    if (fabs(speed - 1) < 1e-9) /* rounding must not leave 0.9999999x on the panel */
        speed = 1;
    return fmin(fmax(speed, VF_SPEED_MIN), VF_SPEED_MAX);
}
