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
 * For `count` pixels, an upper bound of the CIEDE2000 difference between each source color (`source_keys[i]` in
 * `source`) and its rendition (`output_keys[i]` in `output`), into `bounds`, computed in SIMD lanes: CIELAB with a
 * cube root of its own (within 1e-9 of the C library's CIELAB), and the trigonometry-free close bound of
 * ColorDifference.ciede2000CloseUpperBound. LargestShiftFinder adds its margin before relying on a bound.
 */
void gamut_shift_bounds(const gamut_color_table *source, const gamut_color_table *output, const uint64_t *source_keys,
                        const uint64_t *output_keys, size_t count, double *bounds);

#endif
