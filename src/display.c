#include "display.h"

#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shaders.h"

struct sprite {
    GLuint texture;
    int w, h;
};

struct vf_display {
    SDL_Window *window;
    SDL_GLContext context;
    int video_w, video_h;
    double sar; /* the pictures' pixels, width to height */
    GLuint vao, video_program, overlay_program;
    GLint video_rect, video_view, video_mode, video_squares, video_gain, overlay_rect;
    GLuint planes[2][VF_PLANES];
    bool right_shows_left; /* vf_display_upload_halves found the halves equal */
    struct sprite sprites[VF_SPRITE_COUNT];
    bool fullscreen;
};

static int gl_failed(const char *what, char *err, size_t errlen)
{
    GLenum code = glGetError();
    if (code == GL_NO_ERROR)
        return 0;
    snprintf(err, errlen, "OpenGL: %s failed (error 0x%x)", what, code);
    while (glGetError() != GL_NO_ERROR) {
    }
    return -1;
}

static GLuint compile(GLenum type, const char *source, const char *name, char *err, size_t errlen)
{
    GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[512] = "";
        glGetShaderInfoLog(shader, sizeof(log), NULL, log);
        snprintf(err, errlen, "OpenGL: shader %s does not compile: %s", name, log);
        glDeleteShader(shader);
        return 0;
    }
    return shader;
}

static GLuint link_program(const char *fragment, const char *name, char *err, size_t errlen)
{
    GLuint vs = compile(GL_VERTEX_SHADER, vf_shader_quad_vert, "quad.vert", err, errlen);
    GLuint fs = vs ? compile(GL_FRAGMENT_SHADER, fragment, name, err, errlen) : 0;
    if (!fs) {
        glDeleteShader(vs);
        return 0;
    }
    GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[512] = "";
        glGetProgramInfoLog(program, sizeof(log), NULL, log);
        snprintf(err, errlen, "OpenGL: shaders for %s do not link: %s", name, log);
        glDeleteProgram(program);
        return 0;
    }
    return program;
}

static GLuint new_texture(GLint format, int w, int h)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, format, w, h, 0, format == GL_R8 ? GL_RED : GL_RGBA,
                 GL_UNSIGNED_BYTE, NULL);
    return t;
}

int vf_display_fits(const struct vf_display *d, int video_w, int video_h, char *err, size_t errlen)
{
    (void)d; /* the limit is the current context's */
    GLint max_side = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_side);
    if (video_w <= max_side && video_h <= max_side)
        return 0;
    snprintf(err, errlen,
             "%dx%d frames are larger than this OpenGL's textures (%d pixels a side); "
             "--no-window filters and records them",
             video_w, video_h, (int)max_side);
    return -1;
}

int vf_display_set_video(struct vf_display *d, const char *title, int video_w, int video_h,
                         double sar, char *err, size_t errlen)
{
    SDL_SetWindowTitle(d->window, title);
    d->sar = sar;
    if (video_w == d->video_w && video_h == d->video_h)
        return 0;
    if (vf_display_fits(d, video_w, video_h, err, errlen))
        return -1;
    for (int h = 0; h < 2; h++)
        for (int p = 0; p < VF_PLANES; p++) {
            glDeleteTextures(1, &d->planes[h][p]);
            d->planes[h][p] = new_texture(GL_R8, video_w, video_h);
        }
    d->video_w = video_w;
    d->video_h = video_h;
    return gl_failed("making textures for the new input's pictures", err, errlen);
}

static int setup_gl(struct vf_display *d, char *err, size_t errlen)
{
    if (epoxy_gl_version() < 33) {
        snprintf(err, errlen, "OpenGL 3.3 is needed; this driver offers %d.%d",
                 epoxy_gl_version() / 10, epoxy_gl_version() % 10);
        return -1;
    }
    d->video_program = link_program(vf_shader_video_frag, "video.frag", err, errlen);
    d->overlay_program = link_program(vf_shader_overlay_frag, "overlay.frag", err, errlen);
    if (!d->video_program || !d->overlay_program)
        return -1;
    glGenVertexArrays(1, &d->vao); /* core profile: draws need a bound VAO, even an empty one */
    glBindVertexArray(d->vao);
    glUseProgram(d->video_program);
    static const char *const samplers[6] = {"plane_g", "plane_b", "plane_r",
                                            "other_g", "other_b", "other_r"};
    for (int i = 0; i < 6; i++)
        glUniform1i(glGetUniformLocation(d->video_program, samplers[i]), i);
    d->video_rect = glGetUniformLocation(d->video_program, "rect");
    d->video_view = glGetUniformLocation(d->video_program, "view");
    d->video_squares = glGetUniformLocation(d->video_program, "pixel_squares");
    d->video_mode = glGetUniformLocation(d->video_program, "mode");
    d->video_gain = glGetUniformLocation(d->video_program, "gain");
    glUseProgram(d->overlay_program);
    glUniform1i(glGetUniformLocation(d->overlay_program, "image"), 0);
    d->overlay_rect = glGetUniformLocation(d->overlay_program, "rect");
    glUniform4f(glGetUniformLocation(d->overlay_program, "view"), 0, 0, 1, 1);
    if (vf_display_fits(d, d->video_w, d->video_h, err, errlen))
        return -1;
    for (int h = 0; h < 2; h++)
        for (int p = 0; p < VF_PLANES; p++)
            d->planes[h][p] = new_texture(GL_R8, d->video_w, d->video_h);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    return gl_failed("setting up textures and shaders", err, errlen);
}

struct vf_display *vf_display_open(const char *title, int video_w, int video_h, double sar,
                                   const struct vf_window_request *size, bool fullscreen, char *err,
                                   size_t errlen)
{
    struct vf_display *d = calloc(1, sizeof(*d));
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->video_w = video_w;
    d->video_h = video_h;
    d->sar = sar;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    /* two halves side by side, as wide as their pixels' shape says (wider rather than lower,
     * as players do), shrunk to fit 90% of the screen unless `size` says otherwise */
    const int w = 2 * (int)(sar > 1 ? video_w * sar + 0.5 : video_w);
    const int h = (int)(sar < 1 ? video_h / sar + 0.5 : video_h) + 24;
    SDL_Rect usable;
    struct vf_rect screen = {0, 0, 0, 0}; /* not known: the shares of it are not applied */
    if (SDL_GetDisplayUsableBounds(0, &usable) == 0)
        screen = (struct vf_rect){usable.x, usable.y, usable.w, usable.h};
    const struct vf_window_request natural = {0};
    const struct vf_rect at = vf_window_place(w, h, screen, size ? size : &natural);
    /* fullscreen from the start, the size above is the one 'f' goes back to */
    d->fullscreen = fullscreen;
    d->window = SDL_CreateWindow(
        title, at.x == VF_WINDOW_CENTERED ? (int)SDL_WINDOWPOS_CENTERED : at.x,
        at.y == VF_WINDOW_CENTERED ? (int)SDL_WINDOWPOS_CENTERED : at.y, at.w, at.h,
        SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
            (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0));
    if (!d->window) {
        snprintf(err, errlen, "SDL_CreateWindow: %s", SDL_GetError());
        goto fail;
    }
    d->context = SDL_GL_CreateContext(d->window);
    if (!d->context) {
        snprintf(err, errlen, "SDL_GL_CreateContext (OpenGL 3.3 core): %s", SDL_GetError());
        goto fail;
    }
    if (SDL_GL_SetSwapInterval(1) != 0) /* vsync when the driver has it; paced by timers else */
        SDL_GL_SetSwapInterval(0);
    if (setup_gl(d, err, errlen))
        goto fail;
    return d;
fail:
    vf_display_close(d);
    return NULL;
}

void vf_display_close(struct vf_display *d)
{
    if (!d)
        return;
    if (d->context) {
        for (int h = 0; h < 2; h++)
            glDeleteTextures(VF_PLANES, d->planes[h]);
        for (int s = 0; s < VF_SPRITE_COUNT; s++)
            if (d->sprites[s].texture)
                glDeleteTextures(1, &d->sprites[s].texture);
        glDeleteProgram(d->video_program);
        glDeleteProgram(d->overlay_program);
        glDeleteVertexArrays(1, &d->vao);
        SDL_GL_DeleteContext(d->context);
    }
    if (d->window)
        SDL_DestroyWindow(d->window);
    free(d);
}

static void upload(struct vf_display *d, int half, const struct vf_frame *f)
{
    glPixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)f->stride);
    for (int p = 0; p < VF_PLANES; p++) {
        glBindTexture(GL_TEXTURE_2D, d->planes[half][p]);
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, f->width, f->height, GL_RED, GL_UNSIGNED_BYTE,
                        f->plane[p]);
    }
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
}

/* Equal halves (the engines agree on every picture but where something is wrong) go up once and
 * the right half draws the left's textures: the UI thread's uploads are most of its time, and
 * at 4K each half is 25 MB. */
void vf_display_upload_halves(struct vf_display *d, const struct vf_frame *left,
                              const struct vf_frame *right, bool equal)
{
    d->right_shows_left = equal && left && right;
    if (left)
        upload(d, 0, left);
    if (right && !d->right_shows_left)
        upload(d, 1, right);
}

int vf_display_set_sprite(struct vf_display *d, enum vf_sprite_id id, SDL_Surface *rgba, char *err,
                          size_t errlen)
{
    struct sprite *s = &d->sprites[id];
    if (!rgba || rgba->w == 0 || rgba->h == 0) {
        s->w = s->h = 0;
        return 0;
    }
    if (!s->texture || s->w != rgba->w || s->h != rgba->h) {
        if (s->texture)
            glDeleteTextures(1, &s->texture);
        s->texture = new_texture(GL_RGBA8, rgba->w, rgba->h);
        s->w = rgba->w;
        s->h = rgba->h;
    }
    glBindTexture(GL_TEXTURE_2D, s->texture);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, rgba->pitch / 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, rgba->w, rgba->h, GL_RGBA, GL_UNSIGNED_BYTE,
                    rgba->pixels);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    return gl_failed("uploading text", err, errlen);
}

void vf_display_sprite_size(const struct vf_display *d, enum vf_sprite_id id, int *w, int *h)
{
    *w = d->sprites[id].w;
    *h = d->sprites[id].h;
}

struct vf_layout vf_display_layout(const struct vf_display *d, bool split)
{
    int ww, wh, pw, ph;
    SDL_GetWindowSize(d->window, &ww, &wh);
    SDL_GL_GetDrawableSize(d->window, &pw, &ph);
    return split ? vf_layout_split(ww, wh, pw, ph, d->video_w, d->video_h, d->sar)
                 : vf_layout_compute(ww, wh, pw, ph, d->video_w, d->video_h, d->sar, 2);
}

float vf_display_scale(const struct vf_display *d)
{
    return vf_display_layout(d, false).scale; /* the same either way */
}

/* A pixel rectangle (top-left origin) as the NDC corners quad.vert expects. */
static void set_rect(GLint location, struct vf_rect r, int width, int height)
{
    float x0 = 2.0f * r.x / width - 1, x1 = 2.0f * (r.x + r.w) / width - 1;
    float y1 = 1 - 2.0f * r.y / height, y0 = 1 - 2.0f * (r.y + r.h) / height;
    glUniform4f(location, x0, y0, x1, y1);
}

/* Only the columns from x0 to x1 of rect r are drawn, or cleared, until the scissor is off. */
static void scissor(struct vf_rect r, int x0, int x1, int height)
{
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, height - r.y - r.h, x1 > x0 ? x1 - x0 : 0, r.h); /* GL's rows run bottom-up */
}

/* The split view's line, a point wide, light over any picture. */
static void draw_split_line(const struct vf_layout *l, int line, int height)
{
    const int wide = l->scale > 1 ? (int)(l->scale + 0.5f) : 1;
    scissor(l->half[0], line - wide / 2, line - wide / 2 + wide, height);
    glClearColor(0.85f, 0.85f, 0.85f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

int vf_display_draw(struct vf_display *d, const struct vf_layout *l,
                    const struct vf_draw_request *r, char *err, size_t errlen)
{
    int width, height;
    SDL_GL_GetDrawableSize(d->window, &width, &height);
    glViewport(0, 0, width, height);
    glClearColor(0.08f, 0.08f, 0.09f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(d->video_program);
    const int line = l->split ? vf_layout_split_x(l, r->split_at) : 0;
    for (int half = 0; half < 2; half++) {
        if (!r->half_visible[half])
            continue;
        if (l->split) /* the left half's picture left of the line, the right half's right of it */
            scissor(l->half[half], half ? line : l->half[half].x,
                    half ? l->half[half].x + l->half[half].w : line, height);
        bool diff = half == 1 && r->difference && r->half_visible[0];
        const int shows = half == 1 && d->right_shows_left ? 0 : half;
        for (int p = 0; p < VF_PLANES; p++) {
            glActiveTexture(GL_TEXTURE0 + p);
            glBindTexture(GL_TEXTURE_2D, d->planes[shows][p]);
            glActiveTexture(GL_TEXTURE3 + p);
            glBindTexture(GL_TEXTURE_2D, d->planes[0][p]);
        }
        glUniform1i(d->video_mode, diff ? 1 : 0);
        glUniform1f(d->video_gain, r->gain);
        /* a picture pixel over two screen pixels or more each way: squares (rectangles, for
         * pixels that are not square), not a blur */
        double shown_w = (r->view.x1 - r->view.x0) * d->video_w;
        double shown_h = (r->view.y1 - r->view.y0) * d->video_h;
        glUniform1i(d->video_squares,
                    l->half[half].w >= 2 * shown_w && l->half[half].h >= 2 * shown_h ? 1 : 0);
        glUniform4f(d->video_view, (float)r->view.x0, (float)r->view.y0, (float)r->view.x1,
                    (float)r->view.y1);
        set_rect(d->video_rect, l->half[half], width, height);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glDisable(GL_SCISSOR_TEST);
    }
    if (l->split)
        draw_split_line(l, line, height);
    glActiveTexture(GL_TEXTURE0);
    glUseProgram(d->overlay_program);
    for (int s = 0; s < VF_SPRITE_COUNT; s++) {
        const struct sprite *sp = &d->sprites[s];
        if (!r->sprite_visible[s] || !sp->w)
            continue;
        glBindTexture(GL_TEXTURE_2D, sp->texture);
        struct vf_rect at = {r->sprite_x[s], r->sprite_y[s], sp->w, sp->h};
        set_rect(d->overlay_rect, at, width, height);
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    }
    return gl_failed("drawing", err, errlen);
}

void vf_display_present(struct vf_display *d)
{
    SDL_GL_SwapWindow(d->window);
}

int vf_display_capture(struct vf_display *d, uint8_t **rgb, int *w, int *h, char *err,
                       size_t errlen)
{
    SDL_GL_GetDrawableSize(d->window, w, h);
    size_t row = (size_t)*w * 3;
    uint8_t *pixels = malloc(row * (size_t)*h), *flipped = malloc(row * (size_t)*h);
    if (!pixels || !flipped) {
        free(pixels);
        free(flipped);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    glReadBuffer(GL_BACK);
    glReadPixels(0, 0, *w, *h, GL_RGB, GL_UNSIGNED_BYTE, pixels);
    for (int y = 0; y < *h; y++) /* GL's rows run bottom-up */
        memcpy(flipped + row * (size_t)y, pixels + row * (size_t)(*h - 1 - y), row);
    free(pixels);
    *rgb = flipped;
    if (gl_failed("reading the picture back", err, errlen)) {
        free(flipped);
        *rgb = NULL;
        return -1;
    }
    return 0;
}

int vf_display_toggle_fullscreen(struct vf_display *d, char *err, size_t errlen)
{
    const bool want = !d->fullscreen;
    if (SDL_SetWindowFullscreen(d->window, want ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) {
        snprintf(err, errlen, "SDL_SetWindowFullscreen: %s", SDL_GetError());
        return -1;
    }
    d->fullscreen = want;
    return 0;
}
