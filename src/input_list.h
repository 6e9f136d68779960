/* The window's inputs as mpv takes them: a folder stands for the videos and images in it, a
 * playlist (--playlist, or an .m3u/.m3u8 file that is not HLS) for its entries, anything else
 * for itself. */
#ifndef VF_INPUT_LIST_H
#define VF_INPUT_LIST_H

#include <stdbool.h>
#include <stddef.h>

struct vf_input_list {
    char **items; /* each its own allocation */
    int count, capacity;
};

/* `input` added to the list: a folder's videos and images (by their names' extensions, in name
 * order with numbers by value: 2 before 10; hidden files and subfolders left out), a playlist's
 * entries (one a line; blank lines and lines from '#' left out; a relative path from the
 * playlist's folder; a folder or playlist there expanded in turn), or itself. as_playlist: read
 * it as a playlist whatever its name. 0, or -1 with a message naming the input (a folder with
 * nothing to play, a playlist that cannot be read or lists nothing, out of memory), the list
 * then as it was. */
int vf_input_list_add(struct vf_input_list *l, const char *input, bool as_playlist, char *err,
                      size_t len);
/* The items from `count` on freed and dropped. */
void vf_input_list_truncate(struct vf_input_list *l, int count);
void vf_input_list_free(struct vf_input_list *l);

/* Whether a file's name is a video's or an image's (by extension, any case): what a folder
 * stands for. */
bool vf_input_media_name(const char *name);

#endif
