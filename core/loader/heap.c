/*
 * heap.c - heap.h on glibc (mallopt); elsewhere a no-op.
 */
#include "heap.h"

#include <stdlib.h>   /* defines __GLIBC__ on glibc */

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void sapper_keep_heap(void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_TOP_PAD, 16 << 20);
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
#endif
}
