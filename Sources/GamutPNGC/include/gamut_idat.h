#ifndef GAMUT_IDAT_H
#define GAMUT_IDAT_H

/*
 * PNG image data (the zlib stream of IDAT) made in independent bands of rows, so that several threads can work
 * on one image, as pigz does for gzip streams.
 *
 * Each band filters its rows (the filter of each row chosen by libpng's heuristic: the smallest sum of absolute
 * differences) and deflates them as raw deflate data ending on a byte boundary (a sync flush), with the previous
 * 32 KiB of filtered data as its preset dictionary, so matches reach back across the band boundary. The first band
 * starts with the zlib header, the last one ends the deflate stream; the caller appends the Adler-32 of the whole
 * filtered data, combined from the bands' own. The bands concatenated are one valid zlib stream.
 *
 * An image of one band is filtered whole and deflated by libdeflate in one call (it needs the whole buffer), with
 * a zlib header and the Adler-32 of its filtered data, as above.
 *
 * Band boundaries depend only on the image's size and layout, never on the number of threads, so the bytes are
 * the same however many threads encode them.
 *
 * A band reads its own rows and a few before it (gamut_idat_context_rows), never the whole image: the rows may be
 * a window of the image that starts at row `rows_start`, so that a writer streaming rows keeps only the bands it has
 * not encoded yet.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The image to encode: packed rows, 16-bit samples native-endian. */
typedef struct gamut_idat_image {
  /** Rows of the image from row `rows_start` on (the whole image when `rows_start` is 0). */
  const void *rows;
  /** The index in the image of the row at `rows`. */
  uint32_t rows_start;
  uint32_t width;
  uint32_t height;
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
  int channels;
  /** 8 or 16. */
  int bit_depth;
  /** zlib level, 0 to 9. */
  int level;
} gamut_idat_image;

/** One band's compressed bytes. */
typedef struct gamut_idat_band {
  /** `length` bytes, and room for 4 more (the zlib trailer, written after the last band). */
  uint8_t *data;
  size_t length;
  /** Adler-32 of the band's filtered bytes alone. */
  uint32_t adler;
  /** The number of filtered bytes (rows x (1 + row bytes)). */
  size_t filtered_length;
} gamut_idat_band;

/** Rows per band for an image of this width and layout (the last band may have fewer). */
uint32_t gamut_idat_band_rows(uint32_t width, int channels, int bit_depth);

/**
 * Rows before a band's first row that encoding the band reads: the previous row of its first row's filter and the
 * rows whose filtered bytes make its dictionary (fewer for a band near the top of the image).
 */
uint32_t gamut_idat_context_rows(uint32_t width, int channels, int bit_depth);

/**
 * Filters and deflates rows [first_row, first_row + row_count) of `image` into `band`. `image->rows` must hold
 * rows from first_row - gamut_idat_context_rows (or 0, if that is negative) to the band's end.
 * Returns 0, or -1 when zlib or memory fails or the rows do not reach back far enough (then `band` holds nothing
 * to free).
 */
int gamut_idat_encode_band(const gamut_idat_image *image, uint32_t first_row, uint32_t row_count,
                           gamut_idat_band *band);

/** The Adler-32 of two pieces of data from the Adler-32 of each and the second's length. */
uint32_t gamut_idat_adler_combine(uint32_t first, uint32_t second, size_t second_length);

void gamut_idat_band_free(gamut_idat_band *band);

/** The CRC-32 of a PNG chunk (ISO 3309, as zlib's crc32) of `length` bytes at `data`, continuing `crc` (0 to start). */
uint32_t gamut_idat_crc32(uint32_t crc, const void *data, size_t length);

#ifdef __cplusplus
}
#endif

#endif
