#ifndef GAMUT_COLOR_H
#define GAMUT_COLOR_H

#include <stddef.h>
#include <stdint.h>

/**
 * The colors of one kind of pixel buffer, as gamut's ColorTable holds them: the linear value of every code, channel
 * after channel (`codes` entries each), and the matrix from linear values to XYZ (D50), row by row. A key packs a
 * pixel's codes 16 bits apart, red highest (a gray key is the gray code alone).
 */
typedef struct {
  const double *linear;
  uint32_t codes;
  int gray;
  double to_xyz[9];
} gamut_color_table;

/**
 * For `count` pairs of colors, an upper bound of the CIEDE2000 difference between `first_keys[i]` (a color of
 * `first`) and `second_keys[i]` (of `second`), into `bounds`, computed in SIMD lanes: CIELAB with a cube root of its
 * own (within 1e-9 of the C library's CIELAB), and the trigonometry-free close bound of
 * ColorDifference.ciede2000CloseUpperBound. With a `floor` of 0 or more, a pair whose quick bound
 * (gamut_quick_bound, cheaper and looser) is at most `floor` gets that bound instead, without the close bound's
 * work: a caller that only needs to know which pairs may exceed a value passes that value, less its margin, as the
 * floor. The caller adds a margin (LargestShiftFinder.margin) before relying on a bound.
 */
void gamut_difference_bounds(const gamut_color_table *first, const gamut_color_table *second,
                             const uint64_t *first_keys, const uint64_t *second_keys, size_t count, double floor,
                             double *bounds);

/**
 * The quick upper bound of CIEDE2000 between two CIELAB colors ({L, a, b}) that gamut_difference_bounds tries first:
 * the lightness weight SL taken as 1, the hue weight SH with T at its lowest over the half of the hue circle both
 * colors lie in (b > 1e-6) or over all hues, and the rotation term bounded by its largest size there (its proof is
 * beside it in gamut_difference_bounds.c).
 */
double gamut_quick_bound(const double first[3], const double second[3]);

/** The CIELAB color (ICC D50 white) of `key` in `table`, as gamut_difference_bounds computes it, into `lab`. */
void gamut_near_lab(const gamut_color_table *table, uint64_t key, double lab[3]);

/**
 * A matrix transform's tables for RGB sources and RGB outputs (gamut's TransformKernel and EncodingTable): the
 * decoded linear value of every input code, channel after channel (`input_codes` each); the matrix by columns (the
 * destination value is column 0 * red + column 1 * green + column 2 * blue); the gamut limits; and per output
 * channel `max_code + 2` thresholds (the first -infinity, the last +infinity), and per channel and grid cell over
 * the square root of the value, the code of the cell's lower edge and the threshold after it. Channel c's
 * thresholds start `c * threshold_stride` floats in, its cells `c * cell_stride` entries in: both strides are 0
 * when the three channels share one table.
 */
typedef struct {
  const float *decode;
  uint32_t input_codes;
  float columns[9];
  float low[3], high[3];
  const float *thresholds;
  const uint16_t *cell_codes;
  const float *cell_next;
  uint32_t cells;
  uint32_t max_code;
  uint32_t threshold_stride;
  uint32_t cell_stride;
} gamut_transform_kernel;

/**
 * Converts `count` RGB pixels (RGBA when `has_alpha`) of `in` into `out` (the same layout): each color decoded,
 * through the matrix, clipped to 0...1 and encoded to its correctly rounded code; alpha copied, rescaled between bit
 * depths. With `out_of_gamut`, writes 1 for each pixel whose value lay outside the gamut limits before clipping, else
 * 0. The same codes and flags as TransformKernel's Swift loop. One function per pair of sample sizes.
 */
void gamut_transform_8_to_8(const gamut_transform_kernel *kernel, const uint8_t *in, uint8_t *out,
                            uint8_t *out_of_gamut, size_t count, int has_alpha);
void gamut_transform_8_to_16(const gamut_transform_kernel *kernel, const uint8_t *in, uint16_t *out,
                             uint8_t *out_of_gamut, size_t count, int has_alpha);
void gamut_transform_16_to_8(const gamut_transform_kernel *kernel, const uint16_t *in, uint8_t *out,
                             uint8_t *out_of_gamut, size_t count, int has_alpha);
void gamut_transform_16_to_16(const gamut_transform_kernel *kernel, const uint16_t *in, uint16_t *out,
                              uint8_t *out_of_gamut, size_t count, int has_alpha);

/**
 * The keys of `count` pixels of `samples` (8-bit, or 16-bit when `sixteen`; `channels` samples a pixel, 1 to 4): a
 * gray pixel's (1 or 2 channels) is its gray code, another's its three color codes 16 bits apart, red highest. Equal
 * keys mean identical colors (gamut's ColorTable).
 */
void gamut_pixel_keys(const void *samples, int sixteen, size_t channels, size_t count, uint64_t *keys);

/**
 * The flags of `count` pixels of `samples` (as gamut_pixel_keys reads them) for the clipping analysis: `visible`
 * where the pixel's alpha (its last sample, with 2 or 4 channels) is at least `visible_code` (without alpha, every
 * pixel when `visible_code` is 0, else none), and `outside` as well where the pixel is visible and `mask` (a byte 0
 * or 1 a pixel) has 1. The visible and the outside pixels also as bits, bit x % 64 of word x / 64 of `visible_bits`
 * and `outside_bits` ((count + 63) / 64 words each, the bits past `count` 0); `visible` and `outside` are single
 * bits. Returns the number of outside pixels, and puts that of visible ones into `visible_count`.
 */
size_t gamut_classify_flags(const void *samples, int sixteen, size_t channels, uint32_t visible_code,
                            const void *mask, size_t count, uint8_t visible, uint8_t outside, void *flags,
                            uint64_t *visible_bits, uint64_t *outside_bits, size_t *visible_count);

/**
 * The number of pixels among `count` pixels of `samples` that gamut_classify_flags would flag `outside`: visible
 * (alpha at least `visible_code`, as there) and 1 in `mask`. The clipping analysis counts a strip's out-of-gamut
 * pixels before it looks for pairs, so that it knows the lattice level the strip ends at.
 */
size_t gamut_count_outside(const void *samples, int sixteen, size_t channels, uint32_t visible_code,
                           const void *mask, size_t count);

/**
 * The runs of one row of the clipping analysis's window that may be clipping plateaus: maximal runs of pixels whose
 * flags have `visible` and whose output `keys` are equal, at least `minimum` long (at least 2), with a pixel whose
 * flags have `outside`. Their first pixels and lengths go into `starts` and `lengths` (room for width / 2 runs), in
 * order; returns how many. `continues` is scratch room for `width` bytes.
 */
size_t gamut_row_runs(const void *flags, const uint64_t *keys, size_t width, size_t minimum, uint8_t visible,
                      uint8_t outside, uint8_t *continues, uint32_t *starts, uint32_t *lengths);

/** A column run that a row ended and that may be a plateau: its column, length, pixels in a row plateau, and the
 *  source keys of its first and last pixels. */
typedef struct {
  uint32_t column;
  intptr_t length;
  intptr_t overlap;
  uint64_t first_source;
  uint64_t last_source;
} gamut_closed_run;

/**
 * Continues the open column runs of columns `first_column ..< end_column` through one row of the clipping
 * analysis's window (its `flags`, output `keys` and `sources`, and those of the row above): per column, the open
 * run's length (0 when none), whether it holds a pixel flagged `outside_flag`, how many of its pixels are flagged
 * `plateau_flag`, and its first pixel's source key. A run ends where the pixel is not `visible` or its output key
 * differs from the one above, and the pixel starts the next. The ended runs at least `minimum` long, holding an
 * outside pixel and whose end colors differ, go into `closed` (room for one per column) in column order; returns
 * how many. `scratch` is room for one byte per column.
 */
size_t gamut_column_runs(const void *flags, const uint64_t *keys, const uint64_t *keys_above,
                         const uint64_t *sources, const uint64_t *sources_above, size_t first_column,
                         size_t end_column, intptr_t minimum, uint8_t visible, uint8_t outside_flag,
                         uint8_t plateau_flag, intptr_t *run_lengths, _Bool *run_outside, intptr_t *run_row_plateau,
                         uint64_t *run_first_sources, uint8_t *scratch, gamut_closed_run *closed);

#endif
