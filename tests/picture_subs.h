/* Test helper: a Matroska file of DVD subtitle cues (picture_subs.c says which). */
#ifndef VF_TEST_PICTURE_SUBS_H
#define VF_TEST_PICTURE_SUBS_H

/* Cues for width x height pictures into `path`: 0, or 1 with a line on stderr. */
int write_picture_subs(const char *path, int width, int height);

#endif
