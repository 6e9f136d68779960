/* Drops a file on an X window as a file manager does (the XDND protocol, version 5), for the
 * window's test: a source window offers text/uri-list, moves over the target, drops, and hands
 * the file's URI over when the target asks for the selection.
 * usage: xdnd_drop WINDOW_ID FILE   (exit 0 when the target took the drop and finished it) */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct atoms {
    Atom aware, enter, position, status, drop, finished, selection, copy, uri_list;
};

static void send_message(Display *d, Window target, Window source, Atom type, long l1, long l2,
                         long l3, long l4)
{
    XEvent e;
    memset(&e, 0, sizeof(e));
    e.xclient.type = ClientMessage;
    e.xclient.display = d;
    e.xclient.window = target;
    e.xclient.message_type = type;
    e.xclient.format = 32;
    e.xclient.data.l[0] = (long)source;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    XSendEvent(d, target, False, NoEventMask, &e);
    XFlush(d);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* The next event for the source within `seconds`: false on a timeout. */
static int next_event(Display *d, XEvent *e, double seconds)
{
    double end = now_s() + seconds;
    while (now_s() < end) {
        if (XPending(d)) {
            XNextEvent(d, e);
            return 1;
        }
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: xdnd_drop WINDOW_ID FILE\n");
        return 2;
    }
    Window target = (Window)strtoul(argv[1], NULL, 0);
    char path[PATH_MAX], uri[PATH_MAX + 16];
    if (!realpath(argv[2], path)) {
        perror(argv[2]);
        return 2;
    }
    snprintf(uri, sizeof(uri), "file://%s\r\n", path);
    Display *d = XOpenDisplay(NULL);
    if (!d) {
        fprintf(stderr, "xdnd_drop: cannot open the display\n");
        return 2;
    }
    struct atoms a = {
        XInternAtom(d, "XdndAware", False),     XInternAtom(d, "XdndEnter", False),
        XInternAtom(d, "XdndPosition", False),  XInternAtom(d, "XdndStatus", False),
        XInternAtom(d, "XdndDrop", False),      XInternAtom(d, "XdndFinished", False),
        XInternAtom(d, "XdndSelection", False), XInternAtom(d, "XdndActionCopy", False),
        XInternAtom(d, "text/uri-list", False),
    };
    int status = 1;
    Window source = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
    XSetSelectionOwner(d, a.selection, source, CurrentTime);
    Atom type;
    int format;
    unsigned long items, left;
    unsigned char *version = NULL;
    if (XGetWindowProperty(d, target, a.aware, 0, 1, False, AnyPropertyType, &type, &format, &items,
                           &left, &version) != Success ||
        !version || items < 1) {
        fprintf(stderr, "xdnd_drop: window 0x%lx takes no drops (no XdndAware)\n", target);
        goto done;
    }
    XWindowAttributes at;
    XGetWindowAttributes(d, target, &at);
    int x, y;
    Window child;
    XTranslateCoordinates(d, target, DefaultRootWindow(d), at.width / 2, at.height / 2, &x, &y,
                          &child);
    send_message(d, target, source, a.enter, 5L << 24, (long)a.uri_list, 0, 0);
    send_message(d, target, source, a.position, 0, ((long)x << 16) | y, CurrentTime, (long)a.copy);
    XEvent e;
    int accepted = -1, finished = 0;
    while (!finished && next_event(d, &e, 5)) {
        if (e.type == ClientMessage && e.xclient.message_type == a.status && accepted < 0) {
            accepted = e.xclient.data.l[1] & 1;
            if (!accepted)
                break;
            send_message(d, target, source, a.drop, 0, CurrentTime, 0, 0);
        } else if (e.type == SelectionRequest) { /* the target asks for the file's URI */
            XSelectionRequestEvent *r = &e.xselectionrequest;
            XEvent reply;
            memset(&reply, 0, sizeof(reply));
            reply.xselection.type = SelectionNotify;
            reply.xselection.display = d;
            reply.xselection.requestor = r->requestor;
            reply.xselection.selection = r->selection;
            reply.xselection.target = r->target;
            reply.xselection.time = r->time;
            reply.xselection.property = None;
            if (r->target == a.uri_list) {
                XChangeProperty(d, r->requestor, r->property, a.uri_list, 8, PropModeReplace,
                                (unsigned char *)uri, (int)strlen(uri));
                reply.xselection.property = r->property;
            }
            XSendEvent(d, r->requestor, False, NoEventMask, &reply);
            XFlush(d);
        } else if (e.type == ClientMessage && e.xclient.message_type == a.finished) {
            finished = 1;
        }
    }
    if (accepted != 1)
        fprintf(stderr, "xdnd_drop: window 0x%lx %s the drop\n", target,
                accepted < 0 ? "did not answer" : "refused");
    else if (!finished)
        fprintf(stderr, "xdnd_drop: window 0x%lx did not finish the drop\n", target);
    else
        status = 0;
done:
    if (version)
        XFree(version);
    XDestroyWindow(d, source);
    XCloseDisplay(d);
    return status;
}
