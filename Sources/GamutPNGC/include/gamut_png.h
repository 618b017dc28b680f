#ifndef GAMUT_PNG_H
#define GAMUT_PNG_H

/*
 * A small C layer over libpng for GamutKit.
 *
 * libpng reports errors with longjmp, which must never cross Swift frames. Every function here that calls into
 * libpng sets its own setjmp point, catches the error, and returns a status; the error text stays in the object
 * for gamut_png_reader_message / gamut_png_writer_message. No libpng type appears in this header.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of every call. */
typedef enum gamut_png_status {
  GAMUT_PNG_OK = 0,
  /** The data does not start with the PNG signature. */
  GAMUT_PNG_NOT_PNG = 1,
  /** The data ends before the PNG does. */
  GAMUT_PNG_TRUNCATED = 2,
  /** libpng or zlib found the data invalid. */
  GAMUT_PNG_CORRUPT = 3,
  /** A size, memory or chunk limit was exceeded. */
  GAMUT_PNG_LIMIT = 4,
  /** The request cannot be done (bad argument, wrong call order). */
  GAMUT_PNG_UNSUPPORTED = 5,
  /** The operating system failed to read the file. */
  GAMUT_PNG_IO = 6,
} gamut_png_status;

/** Limits for untrusted input. Zero is not "unlimited": every field must be set. */
typedef struct gamut_png_limits {
  uint32_t max_width;
  uint32_t max_height;
  /** Largest width x height accepted; checked before any pixel memory is needed. */
  uint64_t max_pixels;
  /** Largest chunk libpng will hold (png_set_chunk_malloc_max); larger ancillary chunks are skipped with a
   *  warning, and an iCCP skipped for its size fails read_info. */
  uint64_t max_chunk_bytes;
  /** Largest decompressed ICC profile. */
  uint64_t max_profile_bytes;
  /** Budget for all of libpng's and zlib's own allocations (not the caller's pixel buffer). */
  uint64_t max_memory_bytes;
} gamut_png_limits;

/** What read_info learned: the stored header, the decoded layout, and the color chunks. */
typedef struct gamut_png_info {
  /* IHDR as stored. */
  uint32_t width;
  uint32_t height;
  int bit_depth;
  int color_type;
  int interlaced;
  /** A tRNS chunk libpng accepted (it becomes an alpha channel). */
  int has_trns;

  /* Decoded layout delivered by read_rows / read_image. */
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
  int channels;
  /** 8 or 16; 16-bit samples are native-endian. */
  int sample_bits;
  size_t row_bytes;

  /* Color chunks (parsed here, not by libpng: see gamut_png_read.c). */
  int has_srgb;
  int srgb_intent;
  int has_gamma;
  /** gAMA as stored: gamma x 100000. */
  uint32_t gamma_times_100000;
  int has_chromaticities;
  /** cHRM as stored (x 100000): white x, y, red x, y, green x, y, blue x, y. */
  uint32_t chromaticities_times_100000[8];
  int has_cicp;
  /** cICP: colour primaries, transfer function, matrix coefficients, video full range flag. */
  uint8_t cicp[4];
  int has_icc_profile;
  /** iCCP profile name, Latin-1, NUL-terminated. */
  char icc_name[80];
  /** The decompressed profile; owned by the reader, valid until gamut_png_reader_close. */
  const uint8_t *icc_profile;
  size_t icc_profile_length;
  /** An iCCP chunk was present but could not be read (CRC error, bad name, unknown compression method, data that
   *  does not inflate): it is ignored, as libpng and browsers do, and icc_problem says why. */
  int has_unreadable_icc;
  char icc_problem[160];
  /** The other color chunks ignored (a wrong length or value, a CRC error, a repeat of an earlier chunk), one per
   *  line as "<name>: <why>\n" (each once), so that the color decision reports them; a line cut by the size is
   *  left out. */
  char ignored_color_chunks[512];
} gamut_png_info;

typedef struct gamut_png_reader gamut_png_reader;

/**
 * Opens a reader over `length` bytes at `data`, which must stay valid until the reader is closed.
 * Returns NULL only when memory for the reader itself cannot be had; other failures are reported by the first
 * call that uses the reader.
 */
gamut_png_reader *gamut_png_reader_open_memory(const uint8_t *data, size_t length, const gamut_png_limits *limits);

/** Opens a reader over a file, read as libpng asks for it (for streaming large images). */
gamut_png_reader *gamut_png_reader_open_file(const char *path, const gamut_png_limits *limits);

/**
 * Opens a reader over the open file `fd`, read from its first byte with pread (the descriptor's own offset is
 * neither used nor moved, so several readers may read one descriptor one after the other). The caller keeps
 * `fd` open until the reader is closed, and closes it.
 */
gamut_png_reader *gamut_png_reader_open_descriptor(int fd, const gamut_png_limits *limits);

/**
 * Reads every chunk before the image data, sets the output transformations (palette to RGB, tRNS to alpha,
 * gray 1/2/4 scaled to 8 bits, 16 bits kept and native-endian, no gamma), checks the pixel budget and parses the
 * color chunks (cICP, iCCP, sRGB, gAMA, cHRM).
 */
gamut_png_status gamut_png_reader_read_info(gamut_png_reader *reader, gamut_png_info *info);

/**
 * Reads the next `count` rows of a non-interlaced image into `buffer` (`count` x row_bytes bytes).
 * Interlaced images need gamut_png_reader_read_image.
 */
gamut_png_status gamut_png_reader_read_rows(gamut_png_reader *reader, void *buffer, uint32_t count);

/** Reads the whole image, interlaced or not, into `buffer` (height x row_bytes bytes). */
gamut_png_status gamut_png_reader_read_image(gamut_png_reader *reader, void *buffer);

/** Reads the chunks after the image data up to IEND, checking that the file is complete. */
gamut_png_status gamut_png_reader_finish(gamut_png_reader *reader);

/** The message of the last failure: libpng's, zlib's or this layer's own text. */
const char *gamut_png_reader_message(const gamut_png_reader *reader);

/** libpng's warnings and this layer's notes so far, one per line (empty if none). */
const char *gamut_png_reader_warnings(const gamut_png_reader *reader);

/** Reads up to `count` bytes of the reader's source (its file or memory) at `offset` into `out`, independently of
 *  the decoding; returns how many (0 at the end), or -1 when reading fails. For copying the source's image data. */
long gamut_png_reader_source_read(const gamut_png_reader *reader, void *out, size_t count, uint64_t offset);

/** The size in bytes of the reader's source now, or -1 when it cannot be told. */
long long gamut_png_reader_source_size(const gamut_png_reader *reader);

void gamut_png_reader_close(gamut_png_reader *reader);

/** What to write. */
typedef struct gamut_png_write_options {
  uint32_t width;
  uint32_t height;
  /** 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA. */
  int channels;
  /** 8 or 16; 16-bit input samples are native-endian. */
  int bit_depth;
  /** sRGB rendering intent 0 to 3, or -1 for no sRGB chunk. */
  int srgb_intent;
  /** The iCCP chunk's data (gamut_png_iccp_data), or NULL for no iCCP chunk; it wins over srgb_intent. */
  const uint8_t *iccp_data;
  size_t iccp_data_length;
} gamut_png_write_options;

/**
 * The data of an iCCP chunk: `name` (1 to 79 printable Latin-1 bytes without leading, trailing or double spaces,
 * NUL-terminated), a NUL, compression method 0, and `profile` deflated by zlib at `level` (0 to 9). Built once per
 * profile and level by the caller and handed to any number of writers. Returns a buffer to free() and its length,
 * or NULL with the reason in `message` (`message_size` bytes).
 */
uint8_t *gamut_png_iccp_data(const char *name, const uint8_t *profile, size_t profile_length, int level,
                             size_t *data_length, char *message, size_t message_size);

typedef struct gamut_png_writer gamut_png_writer;

/**
 * Creates a writer that collects the PNG in memory until the caller drains it (gamut_png_writer_drain). Returns
 * NULL only when memory cannot be had.
 */
gamut_png_writer *gamut_png_writer_create(void);

/** Writes the signature, IHDR and the color chunk; the image data follows as IDAT chunks. */
gamut_png_status gamut_png_writer_begin(gamut_png_writer *writer, const gamut_png_write_options *options);

/**
 * Writes the next piece of the image data's zlib stream (filtered rows, deflated: see gamut_idat.h) as IDAT
 * chunks of at most 1 GiB.
 */
gamut_png_status gamut_png_writer_write_image_data(gamut_png_writer *writer, const uint8_t *data, size_t length);

/** Writes IEND after the image data. */
gamut_png_status gamut_png_writer_finish(gamut_png_writer *writer);

/**
 * Hands over the bytes written since the last drain and forgets them, so that the writer holds only what one call
 * wrote (the header and color chunk, one piece of image data, or IEND). The bytes are owned by the writer and valid
 * until its next call.
 */
const uint8_t *gamut_png_writer_drain(gamut_png_writer *writer, size_t *length);

const char *gamut_png_writer_message(const gamut_png_writer *writer);

void gamut_png_writer_destroy(gamut_png_writer *writer);

#ifdef __cplusplus
}
#endif

#endif
