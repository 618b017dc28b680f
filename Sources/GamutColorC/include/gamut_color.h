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
 * ColorDifference.ciede2000CloseUpperBound. The caller adds a margin (LargestShiftFinder.margin) before relying on a
 * bound.
 */
void gamut_difference_bounds(const gamut_color_table *first, const gamut_color_table *second,
                             const uint64_t *first_keys, const uint64_t *second_keys, size_t count, double *bounds);

/** The CIELAB color (ICC D50 white) of `key` in `table`, as gamut_difference_bounds computes it, into `lab`. */
void gamut_near_lab(const gamut_color_table *table, uint64_t key, double lab[3]);

#endif
