#include "gamut_color.h"

#include <math.h>
#include <string.h>

/*
 * The pixel loop of gamut's matrix transform (TransformKernel in Swift) for RGB sources and RGB outputs, clipped,
 * without dither, compiled for the baseline and for AVX2 and AVX-512 (chosen when the program loads): decoding,
 * the matrix, the gamut test and the clip vectorize over a block of pixels, 8 or 16 at a time, and so does the
 * first step of each channel's encoding; the rare pixels whose code needs more steps are finished one by one. Every
 * operation is the Swift loop's, on the same Float values in the same order, and nothing is fused into a
 * multiply-add: the codes and the out-of-gamut flags are the same, bit for bit (tested on every code of 8-bit
 * sources and on random 16-bit ones).
 */
#pragma clang fp contract(off)

#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define TRANSFORM_TARGETS __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define TRANSFORM_TARGETS
#endif

/* The square root without errno, so that loops with it vectorize. */
#if defined(__has_builtin)
#if __has_builtin(__builtin_elementwise_sqrt)
#define float_root(x) __builtin_elementwise_sqrt(x)
#endif
#endif
#ifndef float_root
#define float_root(x) sqrtf(x)
#endif

/** Pixels converted per block: their codes wait in the block's buffers until the rare long walks are finished. */
enum { block_pixels = 256 };

/** One channel's encoding table, as gamut's EncodingTable holds it. */
typedef struct {
  const float *thresholds;
  const uint16_t *cell_codes;
  const float *cell_next;
} channel_encoding;

/** The code of linear `value` (within 0...1) on `channel`, its walk finished from `code`. */
static inline uint32_t finish_walk(const float *thresholds, uint32_t code, float value) {
  /* The sentinels (-infinity, +infinity) end both walks. */
  while (thresholds[code + 1] <= value) code++;
  while (thresholds[code] > value) code--;
  return code;
}

/**
 * Converts the pixels `first ..< first + count` (at most block_pixels) of `in` (`stride` samples a pixel, color
 * first) into `codes` (three per pixel, channel by channel) and their out-of-gamut flags into `flags`; `done` is
 * zero for the pixels whose walk must go on.
 */
#define CONVERT_BLOCK(NAME, INPUT)                                                                                   \
  static inline __attribute__((always_inline)) void NAME(                                                          \
      const gamut_transform_kernel *k, const INPUT *restrict in, size_t first, size_t count, int stride,             \
      uint32_t *restrict codes, float *restrict values, uint8_t *restrict flags, uint8_t *restrict done) {           \
    const float *restrict red = k->decode, *restrict green = k->decode + k->input_codes,                             \
                          *restrict blue = k->decode + 2 * (size_t)k->input_codes;                                   \
    const float c0x = k->columns[0], c0y = k->columns[1], c0z = k->columns[2];                                       \
    const float c1x = k->columns[3], c1y = k->columns[4], c1z = k->columns[5];                                       \
    const float c2x = k->columns[6], c2y = k->columns[7], c2z = k->columns[8];                                       \
    const float low0 = k->low[0], low1 = k->low[1], low2 = k->low[2];                                                \
    const float high0 = k->high[0], high1 = k->high[1], high2 = k->high[2];                                          \
    const int32_t cells = (int32_t)k->cells, last_cell = cells - 1, threshold_count = (int32_t)k->threshold_stride;  \
    const int32_t cell_stride = (int32_t)k->cell_stride;                                                             \
    const float cell_count = (float)k->cells;                                                                        \
    const float *restrict t0 = k->thresholds, *restrict t1 = t0 + threshold_count,                                   \
                          *restrict t2 = t0 + 2 * threshold_count;                                                   \
    const uint16_t *restrict k0 = k->cell_codes, *restrict k1 = k0 + cell_stride,                                    \
                             *restrict k2 = k0 + 2 * cell_stride;                                                    \
    const float *restrict n0 = k->cell_next, *restrict n1 = n0 + cell_stride, *restrict n2 = n0 + 2 * cell_stride;   \
    _Pragma("clang loop vectorize(assume_safety)") for (size_t i = 0; i < count; i++) {                              \
      const INPUT *restrict pixel = in + (first + i) * (size_t)stride;                                               \
      float r = red[(int32_t)pixel[0]], g = green[(int32_t)pixel[1]], b = blue[(int32_t)pixel[2]];                                              \
      /* Lane by lane as in Swift: column0 * r + column1 * g + column2 * b, each product and sum rounded. */         \
      float v0 = (c0x * r + c1x * g) + c2x * b;                                                                      \
      float v1 = (c0y * r + c1y * g) + c2y * b;                                                                      \
      float v2 = (c0z * r + c1z * g) + c2z * b;                                                                      \
      flags[i] = (v0 < low0) | (v1 < low1) | (v2 < low2) | (v0 > high0) | (v1 > high1) | (v2 > high2);             \
      v0 = v0 < 0 ? 0 : v0;                                                                                          \
      v1 = v1 < 0 ? 0 : v1;                                                                                          \
      v2 = v2 < 0 ? 0 : v2;                                                                                          \
      v0 = v0 > 1 ? 1 : v0;                                                                                          \
      v1 = v1 > 1 ? 1 : v1;                                                                                          \
      v2 = v2 > 1 ? 1 : v2;                                                                                          \
      int32_t cell0 = (int32_t)(float_root(v0) * cell_count);                                                        \
      int32_t cell1 = (int32_t)(float_root(v1) * cell_count);                                                        \
      int32_t cell2 = (int32_t)(float_root(v2) * cell_count);                                                        \
      cell0 = cell0 < last_cell ? cell0 : last_cell;                                                                 \
      cell1 = cell1 < last_cell ? cell1 : last_cell;                                                                 \
      cell2 = cell2 < last_cell ? cell2 : last_cell;                                                                 \
      /* The first step without a branch, against the cell's next threshold. */                                      \
      int32_t step0 = v0 >= n0[cell0], step1 = v1 >= n1[cell1], step2 = v2 >= n2[cell2];                             \
      int32_t code0 = (int32_t)k0[cell0] + step0;                                                                    \
      int32_t code1 = (int32_t)k1[cell1] + step1;                                                                    \
      int32_t code2 = (int32_t)k2[cell2] + step2;                                                                    \
      /* The code is final when threshold[code] <= v < threshold[code + 1]. One of the two holds by construction    \
         (after a step, the cell's next threshold is threshold[code]; without, it is threshold[code + 1]): only the \
         other is looked up. */                                                                                      \
      float check0 = t0[code0 + step0], check1 = t1[code1 + step1], check2 = t2[code2 + step2];                      \
      int final0 = (step0 & (check0 > v0)) | ((1 - step0) & (check0 <= v0));                                          \
      int final1 = (step1 & (check1 > v1)) | ((1 - step1) & (check1 <= v1));                                          \
      int final2 = (step2 & (check2 > v2)) | ((1 - step2) & (check2 <= v2));                                          \
      codes[3 * i] = (uint32_t)code0;                                                                                \
      codes[3 * i + 1] = (uint32_t)code1;                                                                            \
      codes[3 * i + 2] = (uint32_t)code2;                                                                            \
      values[3 * i] = v0;                                                                                            \
      values[3 * i + 1] = v1;                                                                                        \
      values[3 * i + 2] = v2;                                                                                        \
      done[i] = (uint8_t)(final0 & final1 & final2);                                                                 \
    }                                                                                                                \
  }

CONVERT_BLOCK(convert_block_8, uint8_t)
CONVERT_BLOCK(convert_block_16, uint16_t)

/** Finishes the walks of the pixels of a block that are not done. */
static void finish_block(const gamut_transform_kernel *k, size_t count, uint32_t *codes, const float *values,
                         const uint8_t *done) {
  const uint32_t threshold_count = k->threshold_stride;
  for (size_t i = 0; i < count; i++) {
    if (done[i]) continue;
    for (int channel = 0; channel < 3; channel++) {
      const float *thresholds = k->thresholds + channel * (size_t)threshold_count;
      codes[3 * i + channel] = finish_walk(thresholds, codes[3 * i + channel], values[3 * i + channel]);
    }
  }
}

/**
 * The whole conversion of `count` pixels for one pair of sample types: blocks converted, walks finished, codes and
 * alpha written, flags written when `out_of_gamut` is not NULL.
 */
#define CONVERT(NAME, BLOCK, INPUT, OUTPUT, ALPHA)                                                                  \
  TRANSFORM_TARGETS                                                                                                  \
  void NAME(const gamut_transform_kernel *k, const INPUT *in, OUTPUT *out, uint8_t *out_of_gamut, size_t count,      \
            int has_alpha) {                                                                                         \
    uint32_t codes[3 * block_pixels];                                                                                \
    float values[3 * block_pixels];                                                                                  \
    uint8_t flags[block_pixels], done[block_pixels];                                                                 \
    const int stride = has_alpha ? 4 : 3;                                                                            \
    for (size_t first = 0; first < count; first += block_pixels) {                                                  \
      size_t n = count - first < block_pixels ? count - first : block_pixels;                                        \
      if (has_alpha) {                                                                                               \
        BLOCK(k, in, first, n, 4, codes, values, flags, done);                                                       \
      } else {                                                                                                       \
        BLOCK(k, in, first, n, 3, codes, values, flags, done);                                                       \
      }                                                                                                              \
      if (memchr(done, 0, n) != NULL) finish_block(k, n, codes, values, done);                                       \
      OUTPUT *restrict target = out + first * (size_t)stride;                                                        \
      const INPUT *restrict source = in + first * (size_t)stride;                                                    \
      for (size_t i = 0; i < n; i++) {                                                                               \
        target[i * stride] = (OUTPUT)codes[3 * i];                                                                   \
        target[i * stride + 1] = (OUTPUT)codes[3 * i + 1];                                                           \
        target[i * stride + 2] = (OUTPUT)codes[3 * i + 2];                                                           \
        if (has_alpha) {                                                                                             \
          uint32_t alpha = source[i * stride + 3];                                                                   \
          target[i * stride + 3] = (OUTPUT)(ALPHA);                                                                  \
        }                                                                                                            \
      }                                                                                                              \
      if (out_of_gamut != NULL) {                                                                                    \
        for (size_t i = 0; i < n; i++) out_of_gamut[first + i] = flags[i];                                           \
      }                                                                                                              \
    }                                                                                                                \
  }

CONVERT(gamut_transform_8_to_8, convert_block_8, uint8_t, uint8_t, alpha)
CONVERT(gamut_transform_8_to_16, convert_block_8, uint8_t, uint16_t, alpha * 257)
CONVERT(gamut_transform_16_to_8, convert_block_16, uint16_t, uint8_t, (alpha * 255 + 32767) / 65535)
CONVERT(gamut_transform_16_to_16, convert_block_16, uint16_t, uint16_t, alpha)
