#include "gamut_idat.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/*
 * The row filters are compiled for the baseline, for AVX2 and for AVX-512 with byte lanes (chosen when the program
 * loads): their loops vectorize, and 32-byte vectors halve the filtering time, 64-byte ones shorten it again. The
 * bytes are the same either way.
 */
#if defined(__x86_64__) && defined(__clang__) && defined(__ELF__)
#define FILTER_TARGETS __attribute__((target_clones("avx512bw", "avx2", "default")))
#else
#define FILTER_TARGETS
#endif

/** Raw bytes a band aims at: big enough that the sync flush and restarted matching cost nothing measurable. */
enum { BAND_TARGET_BYTES = 1 << 20, WINDOW_BYTES = 32768 };

uint32_t gamut_idat_band_rows(uint32_t width, int channels, int bit_depth) {
  size_t filtered_row = 1 + (size_t)width * (size_t)channels * (size_t)(bit_depth / 8);
  size_t rows = BAND_TARGET_BYTES / filtered_row;
  return rows == 0 ? 1 : (uint32_t)(rows > UINT32_MAX ? UINT32_MAX : rows);
}

/** Rows before a band whose filtered bytes make the 32 KiB dictionary (fewer near the top of the image). */
static uint32_t dictionary_rows(size_t filtered_row) {
  return (uint32_t)((WINDOW_BYTES + filtered_row - 1) / filtered_row);
}

uint32_t gamut_idat_context_rows(uint32_t width, int channels, int bit_depth) {
  /* The dictionary rows, and the row before them: the previous row of the first one's filter. */
  return dictionary_rows(1 + (size_t)width * (size_t)channels * (size_t)(bit_depth / 8)) + 1;
}

/**
 * zlib's strategy for an image of several bands: Z_RLE (matches of the previous pixel or row only) at levels 1 to
 * 6, which on large smooth or noisy artwork is several times faster than Z_FILTERED for similar or smaller output;
 * Z_FILTERED (what libpng uses) at 7 to 9 for the smallest files.
 */
static int zlib_strategy(int level) { return level > 6 ? Z_FILTERED : Z_RLE; }

/** Row `y` (at or after `image->rows_start`) as PNG stores it (16-bit samples big-endian) into `out`. */
static void load_row(const gamut_idat_image *image, size_t row_bytes, uint32_t y, uint8_t *out) {
  const uint8_t *row = (const uint8_t *)image->rows + (size_t)(y - image->rows_start) * row_bytes;
  if (image->bit_depth == 8) {
    memcpy(out, row, row_bytes);
    return;
  }
  const uint16_t *samples = (const uint16_t *)(const void *)row;
  for (size_t index = 0; index < row_bytes / 2; index++) {
    uint16_t value = samples[index];
    out[2 * index] = (uint8_t)(value >> 8);
    out[2 * index + 1] = (uint8_t)value;
  }
}

/** The Paeth predictor, without branches so that the loop over a row vectorizes. */
static inline __attribute__((always_inline)) uint8_t paeth(int a, int b, int c) {
  int pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c);
  int use_a = (pa <= pb) & (pa <= pc);
  int use_b = !use_a & (pb <= pc);
  return (uint8_t)(use_a ? a : use_b ? b : c);
}

/** libpng's measure of a filtered row: the sum of its bytes read as signed magnitudes. */
static inline __attribute__((always_inline)) size_t row_cost(const uint8_t *restrict bytes, size_t length) {
  uint32_t sum = 0; /* at most 128 x 4096 per piece */
  for (size_t index = 0; index < length; index++) sum += bytes[index] < 128 ? bytes[index] : 256u - bytes[index];
  return sum;
}

/** Applies filter `type` (0-4) to bytes [start, start + count) of `row` over `previous` into the same bytes of
 *  `out` (which has no type byte). Inlined into each of `filter_row`'s compilations, to take its instruction set. */
static inline __attribute__((always_inline)) void apply_filter(int type, const uint8_t *restrict row,
                                                               const uint8_t *restrict previous, size_t start,
                                                               size_t count, size_t bpp, uint8_t *restrict out) {
  size_t index = start, end = start + count;
  size_t left_end = bpp < end ? bpp : end; /* bytes with no left neighbour */
  switch (type) {
  case 0:
    memcpy(out + start, row + start, count);
    break;
  case 1:
    for (; index < left_end; index++) out[index] = row[index];
    for (; index < end; index++) out[index] = (uint8_t)(row[index] - row[index - bpp]);
    break;
  case 2:
    for (; index < end; index++) out[index] = (uint8_t)(row[index] - previous[index]);
    break;
  case 3:
    for (; index < left_end; index++) out[index] = (uint8_t)(row[index] - (previous[index] >> 1));
    for (; index < end; index++)
      out[index] = (uint8_t)(row[index] - (uint8_t)(((unsigned)row[index - bpp] + previous[index]) >> 1));
    break;
  default:
    for (; index < left_end; index++) out[index] = (uint8_t)(row[index] - previous[index]);
    for (; index < end; index++)
      out[index] = (uint8_t)(row[index] - paeth(row[index - bpp], previous[index], previous[index - bpp]));
    break;
  }
}

/**
 * Filters `row` (previous row `previous`, zeros for the first) into `out`: the type byte, then the bytes of the
 * filter with the smallest cost; ties go to the lower type, as in libpng. `scratch` holds `length` bytes. A filter
 * is abandoned as soon as its cost so far reaches the best one's, which changes nothing but the time.
 */
FILTER_TARGETS
static void filter_row(const uint8_t *row, const uint8_t *previous, size_t length, size_t bpp, uint8_t *out,
                       uint8_t *scratch) {
  enum { PIECE = 4096 };
  size_t best_cost = SIZE_MAX;
  uint8_t *best = out + 1;
  uint8_t *candidate = scratch;
  int best_type = 0;
  for (int type = 0; type < 5; type++) {
    size_t cost = 0;
    for (size_t start = 0; start < length && cost < best_cost; start += PIECE) {
      size_t piece = length - start < PIECE ? length - start : PIECE;
      apply_filter(type, row, previous, start, piece, bpp, candidate);
      cost += row_cost(candidate + start, piece);
    }
    if (cost < best_cost) {
      best_cost = cost;
      best_type = type;
      uint8_t *swap = best;
      best = candidate;
      candidate = swap;
    }
  }
  if (best != out + 1) memcpy(out + 1, best, length);
  out[0] = (uint8_t)best_type;
}

/** Appends what deflate produced into the growing output; returns -1 on failure. */
static int deflate_into(z_stream *stream, int flush, gamut_idat_band *band, size_t *capacity) {
  do {
    if (*capacity - band->length < 4096) {
      size_t larger = *capacity * 2;
      uint8_t *grown = realloc(band->data, larger);
      if (grown == NULL) return -1;
      band->data = grown;
      *capacity = larger;
    }
    stream->next_out = band->data + band->length;
    stream->avail_out = (uInt)(*capacity - band->length > UINT32_MAX ? UINT32_MAX : *capacity - band->length);
    size_t before = stream->avail_out;
    int result = deflate(stream, flush);
    band->length += before - stream->avail_out;
    if (result == Z_STREAM_END) return 0;
    if (result != Z_OK && result != Z_BUF_ERROR) return -1;
  } while (stream->avail_in > 0 || stream->avail_out == 0);
  return 0;
}

/**
 * Filters rows [first, end) of `image` into consecutive filtered rows at `out`. `*previous` holds row first - 1
 * (zeros before the first row); `*current` and `scratch` hold a row each. The two row pointers are swapped as the
 * rows go, so that `*previous` holds row end - 1 on return.
 */
static void filter_rows(const gamut_idat_image *image, size_t row_bytes, size_t bpp, uint32_t first, uint32_t end,
                        uint8_t **previous, uint8_t **current, uint8_t *scratch, uint8_t *out) {
  for (uint32_t y = first; y < end; y++) {
    load_row(image, row_bytes, y, *current);
    filter_row(*current, *previous, row_bytes, bpp, out + (size_t)(y - first) * (row_bytes + 1), scratch);
    uint8_t *swap = *previous;
    *previous = *current;
    *current = swap;
  }
}

/** Writes the zlib header zlib itself would write at `level` into the first two bytes of `out`. */
static void write_zlib_header(int level, uint8_t *out) {
  /* deflate, 32 KiB window, no dictionary, the level flag. */
  int flag_level = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
  unsigned header = (0x78u << 8) | ((unsigned)flag_level << 6);
  header += 31 - header % 31;
  out[0] = (uint8_t)(header >> 8);
  out[1] = (uint8_t)header;
}

/**
 * An image of one band (up to 1 MiB of rows: icons and other UI art), filtered whole and deflated in one call by
 * libdeflate at the same level, which needs the whole buffer but takes about half zlib's time for output within a
 * few percent of zlib's.
 */
static int encode_whole(const gamut_idat_image *image, gamut_idat_band *band) {
  size_t row_bytes = (size_t)image->width * (size_t)image->channels * (size_t)(image->bit_depth / 8);
  size_t bpp = (size_t)image->channels * (size_t)(image->bit_depth / 8);
  size_t filtered_row = row_bytes + 1;
  size_t total = filtered_row * image->height;
  /* Only the row before the first (zeros) must start cleared. */
  uint8_t *work = malloc(3 * row_bytes + total);
  if (work != NULL) memset(work, 0, row_bytes);
  struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(image->level);
  size_t bound = compressor == NULL ? 0 : libdeflate_deflate_compress_bound(compressor, total);
  band->data = work == NULL || compressor == NULL ? NULL : malloc(2 + bound + 4);
  int failed = band->data == NULL;
  if (!failed) {
    uint8_t *previous = work, *current = work + row_bytes, *scratch = work + 2 * row_bytes;
    uint8_t *filtered = work + 3 * row_bytes;
    filter_rows(image, row_bytes, bpp, 0, image->height, &previous, &current, scratch, filtered);
    write_zlib_header(image->level, band->data);
    size_t length = libdeflate_deflate_compress(compressor, filtered, total, band->data + 2, bound);
    failed = length == 0;
    band->length = 2 + length;
    band->adler = libdeflate_adler32(1, filtered, total);
    band->filtered_length = total;
  }
  libdeflate_free_compressor(compressor);
  free(work);
  if (failed) {
    gamut_idat_band_free(band);
    return -1;
  }
  return 0;
}

int gamut_idat_encode_band(const gamut_idat_image *image, uint32_t first_row, uint32_t row_count,
                           gamut_idat_band *band) {
  memset(band, 0, sizeof *band);
  size_t row_bytes = (size_t)image->width * (size_t)image->channels * (size_t)(image->bit_depth / 8);
  size_t bpp = (size_t)image->channels * (size_t)(image->bit_depth / 8);
  size_t filtered_row = row_bytes + 1;
  /* Rows before the band whose filtered bytes make the 32 KiB dictionary. */
  uint32_t context = dictionary_rows(filtered_row);
  if (context > first_row) context = first_row;
  /* The earliest row read: the row before the dictionary rows, if there is one. */
  uint32_t earliest = first_row - context - (first_row > context ? 1 : 0);
  if (earliest < image->rows_start) return -1;

  uint8_t *work = calloc(4 * row_bytes + (size_t)(context > 0 ? context : 1) * filtered_row, 1);
  if (work == NULL) return -1;
  uint8_t *previous = work, *current = work + row_bytes, *scratch = work + 2 * row_bytes;
  uint8_t *filtered = work + 3 * row_bytes; /* context rows, or one row during the band */

  if (first_row == 0 && row_count == image->height && image->level > 0) {
    free(work);
    return encode_whole(image, band);
  }

  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, image->level, Z_DEFLATED, -15, 8, zlib_strategy(image->level)) != Z_OK) {
    free(work);
    return -1;
  }
  size_t capacity = row_count * filtered_row / 2 + 65536;
  band->data = malloc(capacity);
  int failed = band->data == NULL;

  uint32_t start = first_row - context;
  if (!failed && start > 0) load_row(image, row_bytes, start - 1, previous);
  if (!failed) filter_rows(image, row_bytes, bpp, start, first_row, &previous, &current, scratch, filtered);
  if (!failed && context > 0) {
    size_t available = (size_t)context * filtered_row;
    size_t length = available < WINDOW_BYTES ? available : WINDOW_BYTES;
    failed = deflateSetDictionary(&stream, filtered + available - length, (uInt)length) != Z_OK;
  }
  if (!failed && first_row == 0) {
    write_zlib_header(image->level, band->data);
    band->length = 2;
  }

  /* libdeflate's Adler-32 (vectorized) gives the same checksum as zlib's, several times faster. */
  uint32_t adler = 1;
  int last = first_row + row_count == image->height;
  for (uint32_t y = first_row; !failed && y < first_row + row_count; y++) {
    load_row(image, row_bytes, y, current);
    filter_row(current, previous, row_bytes, bpp, filtered, scratch);
    adler = libdeflate_adler32(adler, filtered, filtered_row);
    stream.next_in = filtered;
    stream.avail_in = (uInt)filtered_row;
    failed = deflate_into(&stream, Z_NO_FLUSH, band, &capacity) != 0;
    uint8_t *swap = previous;
    previous = current;
    current = swap;
  }
  if (!failed) failed = deflate_into(&stream, last ? Z_FINISH : Z_SYNC_FLUSH, band, &capacity) != 0;
  deflateEnd(&stream);
  free(work);
  if (failed) {
    gamut_idat_band_free(band);
    return -1;
  }
  uint8_t *fitted = realloc(band->data, band->length + 4); /* room for the zlib trailer after the last band */
  if (fitted == NULL) {
    gamut_idat_band_free(band);
    return -1;
  }
  band->data = fitted;
  band->adler = (uint32_t)adler;
  band->filtered_length = (size_t)row_count * filtered_row;
  return 0;
}

uint32_t gamut_idat_adler_combine(uint32_t first, uint32_t second, size_t second_length) {
  return (uint32_t)adler32_combine(first, second, (z_off_t)second_length);
}

uint32_t gamut_idat_crc32(uint32_t crc, const void *data, size_t length) {
  return libdeflate_crc32(crc, data, length);
}

void gamut_idat_band_free(gamut_idat_band *band) {
  free(band->data);
  memset(band, 0, sizeof *band);
}
