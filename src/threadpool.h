/* A fixed set of worker threads that run numbered tasks of one job at a time; the caller
 * takes part as worker 0 and returns when every task is done. */
#ifndef VF_THREADPOOL_H
#define VF_THREADPOOL_H

struct vf_pool;

typedef void (*vf_task_fn)(void *ctx, int task, int worker);

/* threads <= 0: one per online core. Returns NULL when threads cannot be started. */
struct vf_pool *vf_pool_create(int threads);
void vf_pool_destroy(struct vf_pool *pool);
int vf_pool_threads(const struct vf_pool *pool);
void vf_pool_run(struct vf_pool *pool, int tasks, vf_task_fn fn, void *ctx);
int vf_online_cores(void);
/* Lowers the calling thread's priority a little (nice +5 on Linux; a no-op where a thread has
 * no priority of its own or the call fails), so that when the cores are busy the window's UI
 * thread runs first. Every worker thread (decoder, engines, encoder) calls it on starting. */
void vf_thread_background(void);

#endif
