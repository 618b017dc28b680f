#include "gamut_color.h"

#include <math.h>
#include <string.h>

/*
 * Compiled for the baseline and for AVX2 and AVX-512 (chosen when the program loads): the loop over pixels
 * vectorizes (gathers from the tables, square roots, divisions), 4 or 8 pixels at a time. The bounds are the same
 * up to rounding, far inside the margin LargestShiftFinder adds.
 */
#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define BOUND_TARGETS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define BOUND_TARGETS
#endif

typedef struct {
  double l, a, b;
} lab_t;

/* The square root without errno, so that loops with it vectorize. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_elementwise_sqrt)
#define root(x) __builtin_elementwise_sqrt(x)
#endif
#endif
#ifndef root
#define root(x) sqrt(x)
#endif

/**
 * The cube root of `t` (positive, finite, below 16), without a division: an estimate of t^(-1/3) from the float bit
 * pattern of `t` (within 4 %), four Newton steps on it (each squares the relative error, about doubled: 3e-3, 2e-5,
 * 8e-10, 1e-18), then t * (t^(-1/3))^2.
 */
static inline __attribute__((always_inline)) double cube_root(double t) {
  float narrow = (float)t;
  int32_t bits;
  memcpy(&bits, &narrow, sizeof bits);
  int32_t estimate = 1419920000 - (int32_t)((float)bits * (1.0f / 3.0f));
  float guess;
  memcpy(&guess, &estimate, sizeof guess);
  double r = (double)guess;
  for (int step = 0; step < 4; step++) r = r * (4 - t * r * r * r) * (1.0 / 3.0);
  return t * r * r;
}

/** CIELAB's companding function: the cube root above (6/29)^3, linear below. */
static inline __attribute__((always_inline)) double companded(double t) {
  const double epsilon = 216.0 / 24389.0;
  double linear = (t * (24389.0 / 27.0) + 16) * (1.0 / 116);
  double root = cube_root(t > epsilon && t < 16 ? t : 1.0);
  return t > epsilon ? root : linear;
}

/** A table's fields, read once before the loop so that the compiler sees they do not change. */
typedef struct {
  const double *linear;
  uint32_t codes;
  int gray;
  double m0, m1, m2, m3, m4, m5, m6, m7, m8;
} table_view;

static inline __attribute__((always_inline)) table_view view_of(const gamut_color_table *table) {
  const double *m = table->to_xyz;
  table_view view = {table->linear, table->codes, table->gray, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8]};
  return view;
}

/** The CIELAB color (ICC D50 white) of `key` in `table`. */
static inline __attribute__((always_inline)) lab_t lab_of(table_view table, uint64_t key) {
  uint32_t red = table.gray ? (uint32_t)key : (uint32_t)(key >> 32);
  uint32_t green = table.gray ? (uint32_t)key : (uint32_t)(key >> 16) & 0xFFFF;
  uint32_t blue = table.gray ? (uint32_t)key : (uint32_t)key & 0xFFFF;
  const double *restrict linear = table.linear;
  double r = linear[red], g = linear[table.codes + green], b = linear[2 * table.codes + blue];
  double fx = companded((table.m0 * r + table.m1 * g + table.m2 * b) * (1 / 0.9642));
  double fy = companded(table.m3 * r + table.m4 * g + table.m5 * b);
  double fz = companded((table.m6 * r + table.m7 * g + table.m8 * b) * (1 / 0.8249));
  lab_t result = {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
  return result;
}

static inline __attribute__((always_inline)) double seventh_power(double x) {
  double square = x * x;
  return square * square * square * x;
}

/** What both bounds start from: the CIEDE2000 chroma terms of two colors (a stretched by G, C', dC', dH'^2). */
typedef struct {
  double a1, a2, c1, c2, delta_c, delta_h2;
} chroma_terms;

static inline __attribute__((always_inline)) chroma_terms chroma_terms_of(lab_t one, lab_t two) {
  const double pow25_to_7 = 6103515625.0;
  double mean_c = (root(one.a * one.a + one.b * one.b) + root(two.a * two.a + two.b * two.b)) / 2;
  double mean_c7 = seventh_power(mean_c);
  double stretch = 1.5 - 0.5 * root(mean_c7 / (mean_c7 + pow25_to_7));
  double a1 = stretch * one.a, a2 = stretch * two.a;
  double c1 = root(a1 * a1 + one.b * one.b), c2 = root(a2 * a2 + two.b * two.b);
  double delta_c = c2 - c1, da = a2 - a1, db = two.b - one.b;
  double delta_h2 = da * da + db * db - delta_c * delta_c;
  chroma_terms terms = {a1, a2, c1, c2, delta_c, delta_h2 > 0 ? delta_h2 : 0};
  return terms;
}

/** ColorDifference.ciede2000CloseUpperBound, written so that its branches become selects (see its comment). */
static inline __attribute__((always_inline)) double close_bound(lab_t one, lab_t two) {
  const double pow25_to_7 = 6103515625.0, pi = 3.14159265358979323846;
  chroma_terms terms = chroma_terms_of(one, two);
  double a1 = terms.a1, a2 = terms.a2, c1 = terms.c1, c2 = terms.c2;
  double delta_c = terms.delta_c, delta_h2 = terms.delta_h2;
  double mean_l = (one.l + two.l) / 2, l_offset = (mean_l - 50) * (mean_l - 50);
  double sl = 1 + 0.015 * l_offset / root(20 + l_offset);
  double mean_cp = (c1 + c2) / 2;
  double x = (two.l - one.l) / sl, y = delta_c / (1 + 0.045 * mean_cp);

  /* The mean hue: the bisector of the two hue directions, where it is well-conditioned. */
  double safe1 = c1 >= 1 ? c1 : 1, safe2 = c2 >= 1 ? c2 : 1;
  double hx = a1 / safe1 + a2 / safe2, hy = one.b / safe1 + two.b / safe2;
  double length2 = hx * hx + hy * hy;
  int defined = c1 >= 1 && c2 >= 1 && length2 >= 0.25;
  double inverse_length = 1 / root(length2 > 0.25 ? length2 : 0.25);
  double c = hx * inverse_length, s = hy * inverse_length;
  double c2h = c * c - s * s, s2h = 2 * c * s;
  double c3h = c * c2h - s * s2h, s3h = s * c2h + c * s2h;
  double c4h = c2h * c2h - s2h * s2h, s4h = 2 * s2h * c2h;
  double t = 1 - 0.17 * (c * 0.8660254037844386 + s * 0.5) + 0.24 * c2h +
             0.32 * (c3h * 0.9945218953682733 - s3h * 0.10452846326765347) -
             0.20 * (c4h * 0.4539904997395468 + s4h * 0.8910065241883679);
  t -= 1e-9;
  t = defined && t > 0.362 ? t : 0.362;
  double cosine = c * 0.08715574274765817 - s * 0.9961946980917455;
  double chord2 = 2 - 2 * cosine;
  double chord_degrees = root(chord2 > 0 ? chord2 : 0) * (180 / pi);
  double q = (chord_degrees / 25) * (chord_degrees / 25);
  double delta_theta = 30 / (1 + q * (1 + q * (0.5 + q / 6)));
  double rotation = 2 * delta_theta * (pi / 180) * 1.000001;
  rotation = defined && rotation < 0.8661 ? rotation : 0.8661;

  double sh = 1 + 0.015 * mean_cp * t;
  double z2 = delta_h2 / (sh * sh);
  double turn = a1 * two.b - one.b * a2;
  int opposite = (delta_c < 0 && turn > 0) || (delta_c > 0 && turn < 0);
  double mean_cp7 = seventh_power(mean_cp);
  double rc = 2 * root(mean_cp7 / (mean_cp7 + pow25_to_7));
  double cross = !defined || opposite ? rc * rotation * fabs(y) * root(z2) : 0;
  return root(x * x + y * y + z2 + cross);
}

/*
 * The quick bound: an upper bound of CIEDE2000 with the weights of the lightness and hue terms and the rotation
 * term replaced by bounds, which needs no mean hue (no division by the chromas, no chord, no RC):
 *
 *   quick^2 = dL^2 + y^2 + z^2 + R |y| z,  y = dC'/SC as the formula has it,  z^2 = dH'^2 / (1 + 0.015 C' T0)^2.
 *
 * Proof that it is at least CIEDE2000 (exact arithmetic; rounding is covered by the callers' margin, as for the
 * close bound). CIEDE2000^2 = x^2 + y^2 + zh^2 + RT y zh with x = dL'/SL, zh = dH'/SH. (1) SL >= 1 and dL' = dL, so
 * x^2 <= dL^2. (2) y is computed as the formula computes it (the same a', C' and C'-mean). (3) dH'^2 = 4 C1' C2'
 * sin^2(dh'/2) = da'^2 + db^2 - dC'^2 (the law of cosines in the a'b' plane, as in the close bound), and
 * SH = 1 + 0.015 C'-mean T(h-mean) >= 1 + 0.015 C'-mean T0 when T >= T0 at the mean hue, so zh^2 <= z^2.
 * (4) RT y zh <= |RT| |y| |zh| <= R |y| z when |RT| <= R. The constants: with both b above 1e-6 (b' = b), the exact
 * colors' b, within 1e-9 of these, are positive too, so both hues atan2(b, a') lie in (0, 180) degrees, less than 180
 * apart, and the formula's mean hue is their half sum, in (0, 180). (The half must hold for the exact colors: the
 * mean hue jumps by 180 degrees where a hue difference crosses 180, as for opposite colors on the a axis.) There
 * T >= 0.5785 (its minimum on [0, 180] is 0.578574, at 77.29 degrees, found on a grid of 1e-4 degrees; |T'| <= 0.17 +
 * 0.48 + 0.96 + 0.80 = 2.41 per radian moves it by under 3e-6 between grid points), and |mean hue - 275| >= 95
 * gives dtheta <= 30 exp(-(95/25)^2) < 1.7e-5 degrees and |RT| <= 2 sin(2 dtheta) < 1.2e-6 <= R = 2e-6. Otherwise
 * T0 = 0.362 (T, 360-periodic, has its minimum 0.362055 at 290.14 degrees) and R = 1.7321 >= 2 sin 60 degrees
 * (RC <= 2, dtheta <= 30 degrees), whatever the mean hue. Tested against the formula on seeded and adversarial pairs
 * (CloseBoundTests).
 */
static inline __attribute__((always_inline)) double quick_bound(lab_t one, lab_t two) {
  chroma_terms terms = chroma_terms_of(one, two);
  double c1 = terms.c1, c2 = terms.c2, delta_c = terms.delta_c, delta_h2 = terms.delta_h2;
  double mean_cp = (c1 + c2) / 2;
  int upper = one.b > 1e-6 && two.b > 1e-6;
  double t = upper ? 0.5785 : 0.362, rotation = upper ? 2e-6 : 1.7321;
  double y = delta_c / (1 + 0.045 * mean_cp);
  double sh = 1 + 0.015 * mean_cp * t;
  double z = root(delta_h2) / sh;
  double dl = two.l - one.l;
  return root(dl * dl + y * y + z * z + rotation * fabs(y) * z);
}

/** Pairs bounded together by the two-pass path: their CIELAB and quick bounds stay on the stack. */
#define QUICK_CHUNK 256

/**
 * The two-pass path of gamut_difference_bounds for `count` pairs (at most QUICK_CHUNK): CIELAB and the quick bound
 * of every pair, then the close bound of the pairs whose quick bound exceeds `floor`.
 */
static inline __attribute__((always_inline)) void bound_chunk(table_view from, table_view to,
                                                              const uint64_t *restrict firsts,
                                                              const uint64_t *restrict seconds, size_t count,
                                                              double floor, double *restrict out) {
  double l1[QUICK_CHUNK], a1[QUICK_CHUNK], b1[QUICK_CHUNK], l2[QUICK_CHUNK], a2[QUICK_CHUNK], b2[QUICK_CHUNK];
  double close[QUICK_CHUNK];
  uint32_t kept[QUICK_CHUNK];
#pragma clang loop vectorize(assume_safety)
  for (size_t index = 0; index < count; index++) {
    lab_t one = lab_of(from, firsts[index]), two = lab_of(to, seconds[index]);
    l1[index] = one.l, a1[index] = one.a, b1[index] = one.b;
    l2[index] = two.l, a2[index] = two.a, b2[index] = two.b;
    out[index] = quick_bound(one, two);
  }
  /* The pairs left, their colors moved to the front (kept[j] >= j, so in place). */
  size_t left = 0;
  for (size_t index = 0; index < count; index++) {
    kept[left] = (uint32_t)index;
    left += out[index] > floor;
  }
  for (size_t j = 0; j < left; j++) {
    uint32_t index = kept[j];
    l1[j] = l1[index], a1[j] = a1[index], b1[j] = b1[index];
    l2[j] = l2[index], a2[j] = a2[index], b2[j] = b2[index];
  }
#pragma clang loop vectorize(assume_safety)
  for (size_t j = 0; j < left; j++) {
    lab_t one = {l1[j], a1[j], b1[j]}, two = {l2[j], a2[j], b2[j]};
    close[j] = close_bound(one, two);
  }
  for (size_t j = 0; j < left; j++) out[kept[j]] = close[j];
}

BOUND_TARGETS
void gamut_difference_bounds(const gamut_color_table *first, const gamut_color_table *second,
                             const uint64_t *first_keys, const uint64_t *second_keys, size_t count, double floor,
                             double *bounds) {
  table_view from = view_of(first), to = view_of(second);
  const uint64_t *restrict firsts = first_keys, *restrict seconds = second_keys;
  double *restrict out = bounds;
  if (floor >= 0) {
    for (size_t start = 0; start < count; start += QUICK_CHUNK) {
      size_t chunk = count - start < QUICK_CHUNK ? count - start : QUICK_CHUNK;
      bound_chunk(from, to, firsts + start, seconds + start, chunk, floor, out + start);
    }
    return;
  }
  /* No bound is below a negative floor: the close bound of every pair in one pass. The tables and keys are only
   * read, the bounds only written. */
#pragma clang loop vectorize(assume_safety)
  for (size_t index = 0; index < count; index++) {
    out[index] = close_bound(lab_of(from, firsts[index]), lab_of(to, seconds[index]));
  }
}

double gamut_quick_bound(const double first[3], const double second[3]) {
  lab_t one = {first[0], first[1], first[2]}, two = {second[0], second[1], second[2]};
  return quick_bound(one, two);
}

void gamut_near_lab(const gamut_color_table *table, uint64_t key, double lab[3]) {
  lab_t color = lab_of(view_of(table), key);
  lab[0] = color.l;
  lab[1] = color.a;
  lab[2] = color.b;
}
