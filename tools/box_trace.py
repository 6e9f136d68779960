#!/usr/bin/env python3
"""Where the box kernel's time goes, block by block (twenty-fifth session, BENCHMARKS.md).

  box_trace.py patch FILE     rewrite a copy of cuda/fast_box.cu so that one launch in the run
                              (the 41st) prints, for every walker of 64 threads (a block of the
                              kernel; a build with blocks of several walkers prints a line for
                              each), its SM, its place in the grid, its rows and three
                              %globaltimer readings: at the kernel's start, once its first
                              window is summed, and at its end. VF_BOX_WAVE=N (tenths)
                              sets the share of the wave the grid rule fills (8: the kernel's).
  box_trace.py report TRACE   from what the patched build printed: per block, when it started,
                              how long its first window and its walk took, when it ended; split
                              by strip (frame edges or not), by blocks an SM, and by row of the
                              grid.

Never built into vfview: tools/box_trace.sh patches a copy of the tree. The timer readings cost
a little (box 31 26.7 -> 28.1 us), so the times are for comparing blocks with one another. The
places it patches are found by patterns that keep whatever arguments the walk takes.
"""
import collections
import re
import statistics
import sys

PATCHES = [
    # the timer, the launch counter, printf
    ("#include \"fast_tile.cuh\"\n",
     "#include \"fast_tile.cuh\"\n#include <cstdio>\n#include <cstdlib>\n"),
    ("namespace vf\n{\nnamespace\n{\n",
     "namespace vf\n{\n__device__ unsigned int trace_launch_blocks;\n"
     "namespace\n{\n"
     "__device__ __forceinline__ unsigned long long trace_now(uint32_t after = 0)\n{\n"
     "    unsigned long long t;\n"
     "    asm volatile(\"mov.u64 %0, %%globaltimer;\" : \"=l\"(t) : \"r\"(after));\n"
     "    return t;\n}\n"),
    # once the first window is summed (the reading waits on the sums)
    (re.compile(r"(void walk_strip\(.*?)\)\n\{", re.S), "{1}, unsigned long long &summed)\n{"),
    ("    int slot = 0; /* the ring row of the next row to leave */",
     "    summed = trace_now(col[0] ^ col[1] ^ col[2] ^ col[3]);\n"
     "    int slot = 0; /* the ring row of the next row to leave */"),
    # the start: the kernel's first statement
    (re.compile(r"(box_kernel\(Planes p, BoxParams s\)\n\{\n)"),
     "{1}    const unsigned long long started = trace_now();\n"),
    (re.compile(r"    if \(lowest >= 0 && highest < p.h\)\n"
                r"        (walk_strip<R, D, true>\(.*?)\);\n"
                r"    else\n"
                r"        (walk_strip<R, D, false>\(.*?)\);", re.S),
     "    unsigned long long summed = 0;\n"
     "    if (lowest >= 0 && highest < p.h)\n"
     "        {1}, summed);\n"
     "    else\n"
     "        {2}, summed);\n"
     "    const unsigned long long ended = trace_now();\n"
     "    if (threadIdx.x % 64 == 0) { /* each walker of 64 threads */\n"
     "        const unsigned blocks = gridDim.x * gridDim.y * gridDim.z * (blockDim.x / 64);\n"
     "        if (atomicAdd(&trace_launch_blocks, 1u) / blocks == 40) {\n"
     "            unsigned sm;\n"
     "            asm(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
     "            printf(\"T %u %u %u %u %d %llu %llu %llu\\n\", sm, blockIdx.x, blockIdx.y,\n"
     "                   blockIdx.z, rows, started, summed, ended);\n"
     "        }\n"
     "    }"),
    (re.compile(r"    const int per_strip = max\(1, (.*?)resident \* 4 / 5 / strips\);"),
     "    static const int wave = getenv(\"VF_BOX_WAVE\") ? atoi(getenv(\"VF_BOX_WAVE\")) : 8;\n"
     "    const int per_strip = max(1, {1}resident * wave / 10 / strips);"),
]


def with_groups(new, match):
    """new with {1}, {2}, ... replaced by the match's groups (no escapes read in it, unlike
    re's own templates: the patches hold C string escapes)"""
    for i, group in enumerate(match.groups(), 1):
        new = new.replace("{%d}" % i, group)
    return new


def patch(path):
    text = open(path).read()
    for old, new in PATCHES:
        if isinstance(old, str):
            if text.count(old) != 1:
                sys.exit(f"box_trace.py: {path} no longer has, once, the text:\n{old}")
            text = text.replace(old, new)
        else:
            text, count = old.subn(lambda m, new=new: with_groups(new, m), text)
            if count != 1:
                sys.exit(f"box_trace.py: {path} no longer has, once, the pattern:\n{old.pattern}")
    open(path, "w").write(text)


def percentiles(values):
    v = sorted(values)
    return " ".join(f"{v[min(len(v) - 1, int(q * len(v)))] / 1000:6.2f}"
                    for q in (0, 0.1, 0.5, 0.9, 1))


def report(path):
    Block = collections.namedtuple("Block", "sm x y z rows started summed ended")
    blocks = [Block(*map(int, line.split()[1:])) for line in open(path) if line.startswith("T ")]
    if not blocks:
        sys.exit(f"box_trace.py: no trace lines in {path}")
    t0 = min(b.started for b in blocks)
    last_x, last_y = max(b.x for b in blocks), max(b.y for b in blocks)
    print(f"{len(blocks)} blocks, grid {last_x + 1} x {last_y + 1} x 3, kernel "
          f"{(max(b.ended for b in blocks) - t0) / 1000:.2f} us from first start to last end")
    print("us, percentiles 0 / 10 / 50 / 90 / 100")
    print(" started     ", percentiles([b.started - t0 for b in blocks]))
    print(" first window", percentiles([b.summed - b.started for b in blocks]))
    print(" walk        ", percentiles([b.ended - b.summed for b in blocks]))
    print(" ended       ", percentiles([b.ended - t0 for b in blocks]))
    for name, edge in (("edge strips ", True), ("inner strips", False)):
        part = [b for b in blocks if (b.x in (0, last_x)) == edge]
        print(f" {name} walk", percentiles([b.ended - b.summed for b in part]),
              " ended", percentiles([b.ended - t0 for b in part]))
    per_sm = collections.defaultdict(list)
    for b in blocks:
        per_sm[b.sm].append(b)
    by_count = collections.defaultdict(list)
    for on_sm in per_sm.values():
        by_count[len(on_sm)].append(max(b.ended for b in on_sm) - t0)
    for count, ends in sorted(by_count.items()):
        print(f" SMs with {count} blocks: {len(ends)}, their last block ended at median "
              f"{statistics.median(ends) / 1000:.2f} us, latest {max(ends) / 1000:.2f}")
    for name, pick in (("grid row 0", lambda b: b.y == 0), ("grid row 1", lambda b: b.y == 1),
                       ("rows between", lambda b: 1 < b.y < last_y),
                       ("last grid row", lambda b: b.y == last_y)):
        part = [b for b in blocks if pick(b)]
        if part:
            print(f" {name:13s} ({part[0].rows:3d} rows): first window "
                  f"{statistics.median([b.summed - b.started for b in part]) / 1000:.2f}, walk "
                  f"{statistics.median([b.ended - b.summed for b in part]) / 1000:.2f}, ended "
                  f"{statistics.median([b.ended - t0 for b in part]) / 1000:.2f} us (medians)")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("patch", "report"):
        sys.exit(__doc__)
    (patch if sys.argv[1] == "patch" else report)(sys.argv[2])
