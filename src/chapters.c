#include "chapters.h"

int vf_chapter_at(const double *starts, int n, double at, double slack)
{
    int in = -1;
    for (int i = 0; i < n && starts[i] <= at + slack; i++)
        in = i;
    return in;
}

int vf_chapter_step(const double *starts, int n, double at, int step, double slack)
{
    const int in = vf_chapter_at(starts, n, at, slack);
    if (step > 0)
        return in + 1 < n ? in + 1 : -1;
    if (in < 0)
        return -1;
    return at - starts[in] > VF_CHAPTER_BACK_S ? in : in - 1;
}
