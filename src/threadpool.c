#include "threadpool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

struct worker_arg {
    struct vf_pool *pool;
    int index;
};

struct vf_pool {
    int threads;
    pthread_t *ids;
    struct worker_arg *args;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    unsigned long generation; /* bumped per job so sleeping workers see a new one */
    bool quit;
    vf_task_fn fn;
    void *ctx;
    int tasks;
    atomic_int next_task;
    int busy_workers;
};

int vf_online_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

void vf_thread_background(void)
{
#ifdef __linux__
    /* a Linux thread has its own nice value; raising it needs no privilege, and if it fails
     * the thread simply keeps the default priority */
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 5);
#endif
}

static void drain(struct vf_pool *pool, vf_task_fn fn, void *ctx, int tasks, int worker)
{
    for (int t; (t = atomic_fetch_add(&pool->next_task, 1)) < tasks;)
        fn(ctx, t, worker);
}

static void *worker_main(void *p)
{
    struct worker_arg *arg = p;
    struct vf_pool *pool = arg->pool;
    unsigned long seen = 0;
    vf_thread_background();
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->quit && pool->generation == seen)
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->quit)
            break;
        seen = pool->generation;
        vf_task_fn fn = pool->fn;
        void *ctx = pool->ctx;
        int tasks = pool->tasks;
        pthread_mutex_unlock(&pool->lock);
        drain(pool, fn, ctx, tasks, arg->index);
        pthread_mutex_lock(&pool->lock);
        if (--pool->busy_workers == 0)
            pthread_cond_signal(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

struct vf_pool *vf_pool_create(int threads)
{
    struct vf_pool *pool = calloc(1, sizeof(*pool));
    if (!pool)
        return NULL;
    pool->threads = threads > 0 ? threads : vf_online_cores();
    pool->ids = calloc((size_t)pool->threads, sizeof(*pool->ids));
    pool->args = calloc((size_t)pool->threads, sizeof(*pool->args));
    if (!pool->ids || !pool->args)
        goto fail_alloc;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    int started = 1;
    for (; started < pool->threads; started++) {
        pool->args[started] = (struct worker_arg){pool, started};
        if (pthread_create(&pool->ids[started], NULL, worker_main, &pool->args[started]))
            break;
    }
    if (started < pool->threads) {
        pool->threads = started;
        vf_pool_destroy(pool);
        return NULL;
    }
    return pool;
fail_alloc:
    free(pool->ids);
    free(pool->args);
    free(pool);
    return NULL;
}

void vf_pool_destroy(struct vf_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->quit = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 1; i < pool->threads; i++)
        pthread_join(pool->ids[i], NULL);
    pthread_mutex_destroy(&pool->lock);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->done);
    free(pool->ids);
    free(pool->args);
    free(pool);
}

int vf_pool_threads(const struct vf_pool *pool)
{
    return pool->threads;
}

void vf_pool_run(struct vf_pool *pool, int tasks, vf_task_fn fn, void *ctx)
{
    if (pool->threads == 1 || tasks <= 1) {
        for (int t = 0; t < tasks; t++)
            fn(ctx, t, 0);
        return;
    }
    pthread_mutex_lock(&pool->lock);
    pool->fn = fn;
    pool->ctx = ctx;
    pool->tasks = tasks;
    atomic_store(&pool->next_task, 0);
    pool->busy_workers = pool->threads - 1;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    drain(pool, fn, ctx, tasks, 0);
    pthread_mutex_lock(&pool->lock);
    while (pool->busy_workers > 0)
        pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
