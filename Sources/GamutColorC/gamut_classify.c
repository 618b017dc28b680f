#include "gamut_color.h"

#include <string.h>

/*
 * The classification of the clipping analysis's rows into keys, flags and bits, compiled for the baseline and for
 * AVX2 and AVX-512 with byte lanes (chosen when the program loads). Integers only: the same keys, flags and bits as
 * the Swift loop it replaced (ClippingKernelTests keeps that loop as the reference). Each layout gets a loop of its
 * own (the channel count a constant), so that the strided loads vectorize.
 */
#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define CLASSIFY_TARGETS __attribute__((target_clones("avx512bw", "avx2", "default")))
#else
#define CLASSIFY_TARGETS
#endif

/** The keys of `count` pixels of `channels` samples (8-bit unless `sixteen`); gray when `channels` is 1 or 2. */
static inline __attribute__((always_inline)) void pack_keys(const void *samples, int sixteen, size_t channels,
                                                            size_t count, uint64_t *restrict keys) {
  const uint8_t *restrict narrow = samples;
  const uint16_t *restrict wide = samples;
#define SAMPLE(index) ((uint64_t)(sixteen ? wide[index] : narrow[index]))
  if (channels <= 2) {
    for (size_t x = 0; x < count; x++) keys[x] = SAMPLE(x * channels);
  } else {
    for (size_t x = 0; x < count; x++) {
      size_t index = x * channels;
      keys[x] = SAMPLE(index) << 32 | SAMPLE(index + 1) << 16 | SAMPLE(index + 2);
    }
  }
#undef SAMPLE
}

CLASSIFY_TARGETS
void gamut_pixel_keys(const void *samples, int sixteen, size_t channels, size_t count, uint64_t *keys) {
  /* A case per layout and sample size, each with its constants. */
  switch (channels * 2 + (sixteen != 0)) {
  case 2: pack_keys(samples, 0, 1, count, keys); break;
  case 3: pack_keys(samples, 1, 1, count, keys); break;
  case 4: pack_keys(samples, 0, 2, count, keys); break;
  case 5: pack_keys(samples, 1, 2, count, keys); break;
  case 6: pack_keys(samples, 0, 3, count, keys); break;
  case 7: pack_keys(samples, 1, 3, count, keys); break;
  case 8: pack_keys(samples, 0, 4, count, keys); break;
  default: pack_keys(samples, 1, 4, count, keys); break;
  }
}

/**
 * The flags of `count` pixels whose alpha is sample `channels - 1` (8-bit unless `sixteen`): `visible` where it is
 * at least `visible_code`, `outside` as well where `mask` has 1.
 */
static inline __attribute__((always_inline)) void alpha_flags(const void *samples, int sixteen, size_t channels,
                                                              uint32_t visible_code, const uint8_t *restrict mask,
                                                              size_t count, uint8_t visible, uint8_t outside,
                                                              uint8_t *restrict flags) {
  const uint8_t *restrict narrow = samples;
  const uint16_t *restrict wide = samples;
  for (size_t x = 0; x < count; x++) {
    size_t index = x * channels + channels - 1;
    uint32_t alpha = sixteen ? wide[index] : narrow[index];
    uint8_t is_visible = alpha >= visible_code;
    flags[x] = (uint8_t)(is_visible * visible | (is_visible & (mask[x] != 0)) * outside);
  }
}

/**
 * Bit `flag` of each of `count` bytes of `flags` as one bit a pixel, bit x % 64 of word x / 64, into `words`;
 * returns how many are set.
 */
static size_t gather_bits(const uint8_t *flags, size_t count, uint8_t flag, uint64_t *words) {
  unsigned shift = (unsigned)__builtin_ctz(flag);
  size_t word_count = (count + 63) / 64, total = 0;
  for (size_t word = 0; word < word_count; word++) {
    uint64_t bits = 0;
    for (size_t part = 0; part < 8; part++) {
      size_t at = word * 64 + part * 8;
      uint64_t eight = 0;
      if (at + 8 <= count) {
        memcpy(&eight, flags + at, sizeof eight);
      } else if (at < count) {
        memcpy(&eight, flags + at, count - at); /* little-endian: the first byte is lowest */
      }
      eight = (eight >> shift) & 0x0101010101010101ull;
      /* Byte i (0 or 1) lands on bit 56 + i, the products of the other bytes elsewhere, without carries. */
      bits |= ((eight * 0x0102040810204080ull) >> 56) << (part * 8);
    }
    words[word] = bits;
    total += (size_t)__builtin_popcountll(bits);
  }
  return total;
}

CLASSIFY_TARGETS
size_t gamut_classify_flags(const void *samples, int sixteen, size_t channels, uint32_t visible_code,
                            const void *mask, size_t count, uint8_t visible, uint8_t outside, void *flags,
                            uint64_t *visible_bits, uint64_t *outside_bits, size_t *visible_count) {
  if (channels == 2 || channels == 4) {
    switch (channels * 2 + (sixteen != 0)) {
    case 4: alpha_flags(samples, 0, 2, visible_code, mask, count, visible, outside, flags); break;
    case 5: alpha_flags(samples, 1, 2, visible_code, mask, count, visible, outside, flags); break;
    case 8: alpha_flags(samples, 0, 4, visible_code, mask, count, visible, outside, flags); break;
    default: alpha_flags(samples, 1, 4, visible_code, mask, count, visible, outside, flags); break;
    }
  } else {
    /* Without alpha every pixel is visible, or none. */
    uint8_t *restrict out = flags;
    const uint8_t *restrict inside = mask;
    uint8_t is_visible = visible_code == 0;
    for (size_t x = 0; x < count; x++) {
      out[x] = (uint8_t)(is_visible * visible | (is_visible & (inside[x] != 0)) * outside);
    }
  }
  *visible_count = gather_bits(flags, count, visible, visible_bits);
  return gather_bits(flags, count, outside, outside_bits);
}

/** The pixels whose alpha is sample `channels - 1` (8-bit unless `sixteen`) at least `visible_code` and 1 in `mask`. */
static inline __attribute__((always_inline)) size_t alpha_outside(const void *samples, int sixteen, size_t channels,
                                                                  uint32_t visible_code, const uint8_t *restrict mask,
                                                                  size_t count) {
  const uint8_t *restrict narrow = samples;
  const uint16_t *restrict wide = samples;
  size_t total = 0;
  for (size_t x = 0; x < count; x++) {
    size_t index = x * channels + channels - 1;
    uint32_t alpha = sixteen ? wide[index] : narrow[index];
    total += (size_t)((alpha >= visible_code) & (mask[x] != 0));
  }
  return total;
}

CLASSIFY_TARGETS
size_t gamut_count_outside(const void *samples, int sixteen, size_t channels, uint32_t visible_code,
                           const void *mask, size_t count) {
  switch (channels * 2 + (sixteen != 0)) {
  case 4: return alpha_outside(samples, 0, 2, visible_code, mask, count);
  case 5: return alpha_outside(samples, 1, 2, visible_code, mask, count);
  case 8: return alpha_outside(samples, 0, 4, visible_code, mask, count);
  case 9: return alpha_outside(samples, 1, 4, visible_code, mask, count);
  default: break;
  }
  /* Without alpha every pixel is visible, or none. */
  if (visible_code != 0) return 0;
  const uint8_t *restrict inside = mask;
  size_t total = 0;
  for (size_t x = 0; x < count; x++) total += (size_t)(inside[x] != 0);
  return total;
}
