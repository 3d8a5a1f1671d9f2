/*
 * rng.c - the engine's only source of randomness.
 *
 * xoshiro256** (Blackman and Vigna), seeded by running splitmix64 over the
 * 64-bit seed, so that any seed, 0 included, gives a well-mixed state. Only
 * integer arithmetic: the same seed gives the same numbers on every
 * machine. ls_rng_below() uses Lemire's multiply-and-reject, unbiased.
 */
#include "core/internal.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void ls_rng_seed(ls_rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t ls_rng_next(ls_rng *r)
{
    return ls__rng_next(r);
}

uint32_t ls_rng_below(ls_rng *r, uint32_t n)
{
    return ls__rng_below(r, n);
}
