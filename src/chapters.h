/* Chapters as mpv steps through them (PgUp / PgDn): plain arithmetic on their start times, which
 * the window reads from the input (AVFormatContext's chapters) and the tests check by hand. */
#ifndef VF_CHAPTERS_H
#define VF_CHAPTERS_H

/* How far into a chapter a step back goes to its own start rather than to the one before it
 * (mpv's chapter-seek-threshold). */
#define VF_CHAPTER_BACK_S 5.0

/* The chapter `at` (seconds) is in: the last of starts[0..n) (in order) that begins at or before
 * it, a start within `slack` after it counted as reached (the picture showing at a start that
 * falls between two pictures begins before it); -1 before the first. */
int vf_chapter_at(const double *starts, int n, double at, double slack);
/* The chapter a step goes to from `at`: step 1 the next one; step -1 the start of the one `at`
 * is in, where `at` is more than VF_CHAPTER_BACK_S past it, else the one before. -1: none
 * (after the last, before the first). */
int vf_chapter_step(const double *starts, int n, double at, int step, double slack);

#endif
