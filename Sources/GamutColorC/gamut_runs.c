#include "gamut_color.h"

#include <string.h>

/*
 * The scans of the clipping analysis for runs of one output color (plateaus), compiled for the baseline and for AVX2
 * and AVX-512 with byte lanes (chosen when the program loads). Noisy artwork ends a run at nearly every pixel, so
 * each scan first works out, several pixels at a time, which pixels continue a run (a byte each), then goes through
 * the few runs that can be plateaus. The vector loops read every array unconditionally and combine conditions with
 * `&`, not `&&`: a load that depends on a condition becomes a masked load, which costs several times a plain one.
 */
#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define RUN_TARGETS __attribute__((target_clones("avx512bw", "avx2", "default")))
#else
#define RUN_TARGETS
#endif

/** The index of the next nonzero byte of `bytes` from `from` (before `end`), eight bytes at a time; `end` when none. */
static size_t next_nonzero(const uint8_t *bytes, size_t from, size_t end) {
  size_t index = from;
  while (index + 8 <= end) {
    uint64_t word;
    memcpy(&word, bytes + index, sizeof word);
    if (word != 0) return index + (size_t)__builtin_ctzll(word) / 8; /* little-endian: the first byte is lowest */
    index += 8;
  }
  while (index < end && bytes[index] == 0) index++;
  return index;
}

RUN_TARGETS
size_t gamut_row_runs(const void *flags, const uint64_t *keys, size_t width, size_t minimum, uint8_t visible,
                      uint8_t outside, uint8_t *continues, uint32_t *starts, uint32_t *lengths) {
  const uint8_t *restrict f = flags;
  const uint64_t *restrict k = keys;
  uint8_t *restrict c = continues;
  if (width == 0) return 0;
  c[0] = 0;
#pragma clang loop vectorize(assume_safety)
  for (size_t x = 1; x < width; x++) {
    c[x] = (uint8_t)(((f[x] & f[x - 1] & visible) != 0) & (k[x] == k[x - 1]));
  }
  size_t count = 0;
  size_t x = 1;
  while ((x = next_nonzero(c, x, width)) < width) {
    /* Pixel x continues the run that pixel x - 1 starts (a run of one pixel continues nothing). */
    size_t start = x - 1;
    while (x < width && c[x]) x++;
    size_t length = x - start;
    if (length < minimum) continue;
    int any_outside = 0;
    for (size_t index = start; index < x; index++) any_outside |= f[index] & outside;
    if (!any_outside) continue;
    starts[count] = (uint32_t)start;
    lengths[count] = (uint32_t)length;
    count++;
  }
  return count;
}

RUN_TARGETS
size_t gamut_column_runs(const void *flags, const uint64_t *keys, const uint64_t *keys_above,
                         const uint64_t *sources, const uint64_t *sources_above, size_t first_column,
                         size_t end_column, intptr_t minimum, uint8_t visible, uint8_t outside_flag,
                         uint8_t plateau_flag, intptr_t *run_lengths, _Bool *run_outside, intptr_t *run_row_plateau,
                         uint64_t *run_first_sources, uint8_t *scratch, gamut_closed_run *closed) {
  const uint8_t *restrict f = flags;
  const uint64_t *restrict k = keys, *restrict above = keys_above;
  intptr_t *restrict lengths = run_lengths;
  uint8_t *restrict outside = (uint8_t *)run_outside; /* a _Bool is a byte, 0 or 1 */
  uint8_t *restrict ends = scratch;
  /* Which open runs this row ends: a run open above whose pixel here is hidden or of another color. */
#pragma clang loop vectorize(assume_safety)
  for (size_t x = first_column; x < end_column; x++) {
    int continues = ((f[x] & visible) != 0) & (k[x] == above[x]);
    ends[x - first_column] = (uint8_t)((lengths[x] > 0) & (continues ^ 1));
  }
  /* The ended runs that may be plateaus, with what they were. */
  size_t count = 0, span = end_column - first_column, index = 0;
  while ((index = next_nonzero(ends, index, span)) < span) {
    size_t x = first_column + index++;
    if (!outside[x] || lengths[x] < minimum || run_first_sources[x] == sources_above[x]) continue;
    gamut_closed_run run = {(uint32_t)x, lengths[x], run_row_plateau[x], run_first_sources[x], sources_above[x]};
    closed[count++] = run;
  }
  /* Every run continued or started. */
  intptr_t *restrict row_plateau = run_row_plateau;
  uint64_t *restrict first_sources = run_first_sources;
  const uint64_t *restrict s = sources;
#pragma clang loop vectorize(assume_safety)
  for (size_t x = first_column; x < end_column; x++) {
    uint8_t pixel = f[x], had_outside = outside[x];
    intptr_t length = lengths[x], plateau_pixels = row_plateau[x];
    uint64_t first_source = first_sources[x], source = s[x];
    intptr_t shown = (pixel & visible) != 0;
    uint8_t out = (pixel & outside_flag) != 0;
    intptr_t in_plateau = (pixel & plateau_flag) != 0;
    intptr_t continues = (length > 0) & (ends[x - first_column] == 0);
    lengths[x] = continues ? length + 1 : shown;
    outside[x] = continues ? (uint8_t)(had_outside | out) : (uint8_t)(shown & out);
    row_plateau[x] = continues ? plateau_pixels + in_plateau : shown & in_plateau;
    first_sources[x] = continues ? first_source : source;
  }
  return count;
}
