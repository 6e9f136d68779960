/* Minimal assertions for the test programs: count failures, print where, keep going. */
#ifndef VF_CHECK_H
#define VF_CHECK_H

#include <stdio.h>

extern int check_failures;
extern int check_count;

#define CHECK(cond, ...)                                                                           \
    do {                                                                                           \
        check_count++;                                                                             \
        if (!(cond)) {                                                                             \
            check_failures++;                                                                      \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

/* Prints the tally and returns the exit status for main(). */
int check_done(const char *name);

#endif
