/*
 * libpng wrapper for GamutKit: the reader. See gamut_png.h for the contract; the writer is gamut_png_write.c.
 *
 * Error handling: libpng reports errors by calling our error callback, which copies the message into the object
 * and longjmps to the setjmp point of the public function that is running. Each public function that calls a
 * libpng function able to raise an error therefore starts with `if (setjmp(png_jmpbuf(png)))`. Swift never sees
 * a longjmp, and libpng never calls back into Swift.
 *
 * Color chunks: libpng 1.6 checks cICP/iCCP/sRGB/gAMA/cHRM against each other and silently drops all of them when
 * it finds a conflict (an iCCP followed by an sRGB invalidates both, and gAMA and cHRM with them), and it rejects
 * ICC profiles it does not like. We want the chunks exactly as stored, so we ask libpng to keep them as unknown
 * chunks and parse them here; the iCCP profile is inflated here with zlib under our own size limit. libpng 1.6.39
 * does not know cICP; newer versions do, but a known chunk kept "as unknown" is delivered the same way, so one code
 * path serves both. Every other ancillary chunk (text, eXIf, sPLT, ...) is skipped unread: a zTXt bomb costs
 * nothing.
 */

#include "gamut_png.h"
#include "gamut_png_diagnostics.h"

#include <png.h>
#include <zlib.h>

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CHUNK_CACHE_MAX = 32 };

/** The most IDAT data (compressed bytes) that may follow the last rows' own data. When libpng reads the last row
 *  it inflates whatever follows, to check it, and deflate expands up to 1032 times, so 64 KiB bound that work to
 *  about 66 MB of output (a fraction of a second). A real encoder ends its stream within a few bytes. */
#define TRAILING_IDAT_MAX ((uint64_t)64 << 10)

/* ---------------------------------------------------------------------------------------------------------------
 * Memory budget: libpng (and zlib through libpng) allocate through these, so every byte they hold is counted.
 * An allocation over budget returns NULL; libpng turns that into an "Out of memory" error or, for an optional
 * chunk, a warning.
 */

typedef struct memory_budget {
  size_t used;
  size_t limit;
  int exceeded;
} memory_budget;

typedef union allocation_header {
  size_t size;
  max_align_t alignment;
} allocation_header;

static png_voidp budget_malloc(png_structp png, png_alloc_size_t size) {
  memory_budget *budget = png_get_mem_ptr(png);
  if (size > budget->limit - budget->used || size > SIZE_MAX - sizeof(allocation_header)) {
    budget->exceeded = 1;
    return NULL;
  }
  allocation_header *header = malloc(sizeof *header + size);
  if (header == NULL) return NULL;
  header->size = size;
  budget->used += size;
  return header + 1;
}

static void budget_free(png_structp png, png_voidp pointer) {
  if (pointer == NULL) return;
  memory_budget *budget = png_get_mem_ptr(png);
  allocation_header *header = (allocation_header *)pointer - 1;
  budget->used -= header->size;
  free(header);
}

static size_t clamp_to_size(uint64_t value) { return value > SIZE_MAX ? SIZE_MAX : (size_t)value; }

/* ---------------------------------------------------------------------------------------------------------------
 * Reader
 */

enum reader_stage { STAGE_OPENED, STAGE_INFO_READ, STAGE_ROWS_READ, STAGE_FINISHED, STAGE_FAILED };

struct gamut_png_reader {
  png_structp png;
  png_infop info;
  diagnostics diagnostics;
  memory_budget budget;
  gamut_png_limits limits;
  gamut_png_status open_status;

  /* Source: memory, or a file descriptor read with pread from offset 0 through file_buffer (so that a caller's
   * descriptor can be read again by a later reader, whatever its own offset). */
  const uint8_t *data;
  size_t length;
  size_t offset;
  int fd;
  int owns_fd;
  off_t file_offset;
  uint8_t *file_buffer;
  size_t file_buffered;
  size_t file_position;
  int truncated;
  int read_errno;

  enum reader_stage stage;
  uint32_t height;
  size_t row_bytes;
  int interlaced;
  int passes;
  uint32_t rows_read;

  /* Palette images are expanded here rather than by libpng, which turns an index past the palette into black
   * without a word: libpng delivers one index byte per pixel at the end of each output row, and
   * expand_palette_row replaces them with RGB or RGBA from the front (writing never overtakes reading). */
  int expand_palette;
  int palette_size;
  uint32_t width;
  int channels;
  uint8_t palette[256][4];

  uint8_t *icc_profile;

  /* The chunk structure of the bytes libpng reads (after the signature), followed by read_source: the header
   * being read, what is left of the current chunk's data and CRC, and the IDAT bytes read since the last rows
   * began (counted once last_rows is set, up to trailing_idat_max). */
  uint8_t chunk_header[8];
  size_t chunk_header_length;
  uint64_t chunk_left;
  int chunk_is_idat;
  int last_rows;
  uint64_t trailing_idat;
  uint64_t trailing_idat_max;
};

static uint32_t be32(const uint8_t *bytes);

/** Follows the chunks in the bytes libpng has just read, and stops (png_error) a stream that goes on with more
 *  than TRAILING_IDAT_MAX bytes of IDAT data beyond what the last two rows can take (stored, uncompressed). */
static void follow_chunks(png_structp png, gamut_png_reader *reader, const uint8_t *bytes, size_t count) {
  while (count > 0) {
    if (reader->chunk_left == 0) {
      size_t wanted = sizeof reader->chunk_header - reader->chunk_header_length;
      size_t taken = count < wanted ? count : wanted;
      memcpy(reader->chunk_header + reader->chunk_header_length, bytes, taken);
      reader->chunk_header_length += taken;
      bytes += taken;
      count -= taken;
      if (reader->chunk_header_length == sizeof reader->chunk_header) {
        reader->chunk_left = (uint64_t)be32(reader->chunk_header) + 4; /* data and CRC */
        reader->chunk_is_idat = memcmp(reader->chunk_header + 4, "IDAT", 4) == 0;
        reader->chunk_header_length = 0;
      }
      continue;
    }
    size_t taken = count < reader->chunk_left ? count : (size_t)reader->chunk_left;
    reader->chunk_left -= taken;
    bytes += taken;
    count -= taken;
    if (reader->chunk_is_idat && reader->last_rows) {
      reader->trailing_idat += taken;
      if (reader->trailing_idat > reader->trailing_idat_max) {
        png_error(png, "IDAT: more than 64 KiB of compressed data after the last row (a decompression bomb?)");
      }
    }
  }
}

enum { FILE_BUFFER_BYTES = 1 << 16 };

/** Copies up to `count` bytes of the file into `out`; returns how many (fewer only at the end of the file), or -1
 *  with reader->read_errno set. */
static long read_file(gamut_png_reader *reader, uint8_t *out, size_t count) {
  size_t copied = 0;
  while (copied < count) {
    if (reader->file_position == reader->file_buffered) {
      ssize_t got;
      do {
        got = pread(reader->fd, reader->file_buffer, FILE_BUFFER_BYTES, reader->file_offset);
      } while (got < 0 && errno == EINTR);
      if (got < 0) {
        reader->read_errno = errno;
        return -1;
      }
      if (got == 0) break;
      reader->file_offset += got;
      reader->file_buffered = (size_t)got;
      reader->file_position = 0;
    }
    size_t available = reader->file_buffered - reader->file_position;
    size_t taken = count - copied < available ? count - copied : available;
    memcpy(out + copied, reader->file_buffer + reader->file_position, taken);
    reader->file_position += taken;
    copied += taken;
  }
  return (long)copied;
}

/** libpng read callback. Runs inside a libpng call, so it may png_error (which longjmps to our setjmp). */
static void read_source(png_structp png, png_bytep out, size_t count) {
  gamut_png_reader *reader = png_get_io_ptr(png);
  if (reader->fd >= 0) {
    long got = read_file(reader, out, count);
    if (got < 0) png_error(png, strerror(reader->read_errno));
    if ((size_t)got == count) {
      follow_chunks(png, reader, out, count);
      return;
    }
  } else if (count <= reader->length - reader->offset) {
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
    follow_chunks(png, reader, out, count);
    return;
  }
  reader->truncated = 1;
  png_error(png, "unexpected end of data");
}

/** The status for a libpng error, from what the callbacks saw. */
static gamut_png_status failure_status(gamut_png_reader *reader) {
  if (reader->budget.exceeded) return GAMUT_PNG_LIMIT;
  if (reader->read_errno != 0) return GAMUT_PNG_IO;
  if (reader->truncated) return GAMUT_PNG_TRUNCATED;
  if (reader->diagnostics.user_limit_hit) return GAMUT_PNG_LIMIT;
  return GAMUT_PNG_CORRUPT;
}

/** Marks the reader failed and completes the message with the budget or libpng's warnings behind it. */
static gamut_png_status fail(gamut_png_reader *reader, gamut_png_status status) {
  diagnostics *d = &reader->diagnostics;
  char text[2 * MESSAGE_CAPACITY + 64]; /* room for both parts; set_message truncates */
  reader->stage = STAGE_FAILED;
  if (status == GAMUT_PNG_LIMIT && reader->budget.exceeded) {
    snprintf(text, sizeof text, "%s (libpng memory budget of %zu bytes exceeded)", d->message, reader->budget.limit);
    gamut_png_set_message(d, "%s", text);
  } else if (d->call_warnings[0] != '\0' && strstr(d->message, d->call_warnings) == NULL) {
    snprintf(text, sizeof text, "%s (%s)", d->message, d->call_warnings);
    gamut_png_set_message(d, "%s", text);
  }
  return status;
}

static gamut_png_reader *reader_create(const gamut_png_limits *limits) {
  gamut_png_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->fd = -1;
  reader->limits = *limits;
  reader->budget.limit = clamp_to_size(limits->max_memory_bytes);
  reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &reader->diagnostics, gamut_png_on_error, gamut_png_on_warning,
                                         &reader->budget, budget_malloc, budget_free);
  if (reader->png == NULL) {
    gamut_png_set_message(&reader->diagnostics, "cannot create the libpng reader");
    reader->open_status = reader->budget.exceeded ? GAMUT_PNG_LIMIT : GAMUT_PNG_UNSUPPORTED;
    reader->stage = STAGE_FAILED;
    return reader;
  }
  /* png_create_info_struct reports failure by returning NULL, not by longjmp. */
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) {
    gamut_png_set_message(&reader->diagnostics, "cannot create the libpng info structure");
    reader->open_status = GAMUT_PNG_LIMIT;
    reader->stage = STAGE_FAILED;
    return reader;
  }
  png_set_read_fn(reader->png, reader, read_source);
  return reader;
}

gamut_png_reader *gamut_png_reader_open_memory(const uint8_t *data, size_t length, const gamut_png_limits *limits) {
  gamut_png_reader *reader = reader_create(limits);
  if (reader == NULL) return NULL;
  reader->data = data;
  reader->length = data == NULL ? 0 : length;
  return reader;
}

/** Reads the file behind `fd` from its start; the reader closes it only when `owns_fd`. */
static gamut_png_reader *open_descriptor(int fd, int owns_fd, const gamut_png_limits *limits) {
  gamut_png_reader *reader = reader_create(limits);
  if (reader == NULL) {
    if (owns_fd) close(fd);
    return NULL;
  }
  reader->fd = fd;
  reader->owns_fd = owns_fd;
  reader->file_buffer = malloc(FILE_BUFFER_BYTES);
  if (reader->file_buffer == NULL && reader->stage != STAGE_FAILED) {
    gamut_png_set_message(&reader->diagnostics, "out of memory for the read buffer");
    reader->open_status = GAMUT_PNG_LIMIT;
    reader->stage = STAGE_FAILED;
  }
  return reader;
}

gamut_png_reader *gamut_png_reader_open_file(const char *path, const gamut_png_limits *limits) {
  // O_NONBLOCK: opening a FIFO named like a PNG must not wait for a writer; only a regular file is read.
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  struct stat status;
  int regular = fd >= 0 && fstat(fd, &status) == 0 && S_ISREG(status.st_mode);
  if (!regular) {
    int error = errno;
    if (fd >= 0) close(fd);
    gamut_png_reader *reader = reader_create(limits);
    if (reader == NULL || reader->stage == STAGE_FAILED) return reader;
    reader->read_errno = fd >= 0 ? 0 : error;
    gamut_png_set_message(&reader->diagnostics, "%s",
                          fd >= 0 ? "not a regular file (a FIFO, socket or device)" : strerror(error));
    reader->open_status = GAMUT_PNG_IO;
    reader->stage = STAGE_FAILED;
    return reader;
  }
  return open_descriptor(fd, 1, limits);
}

gamut_png_reader *gamut_png_reader_open_descriptor(int fd, const gamut_png_limits *limits) {
  return open_descriptor(fd, 0, limits);
}

/** Reads the 8-byte signature ourselves so that "not a PNG" is told apart from a corrupt PNG. */
static gamut_png_status check_signature(gamut_png_reader *reader) {
  png_byte signature[8];
  size_t got;
  if (reader->fd >= 0) {
    long read = read_file(reader, signature, sizeof signature);
    if (read < 0) {
      gamut_png_set_message(&reader->diagnostics, "%s", strerror(reader->read_errno));
      return GAMUT_PNG_IO;
    }
    got = (size_t)read;
  } else {
    got = reader->length < sizeof signature ? reader->length : sizeof signature;
    if (got > 0) memcpy(signature, reader->data, got);
    reader->offset = got;
  }
  if (got == 0 || png_sig_cmp(signature, 0, got) != 0) {
    gamut_png_set_message(&reader->diagnostics, "the data does not start with the PNG signature");
    return GAMUT_PNG_NOT_PNG;
  }
  if (got < sizeof signature) {
    gamut_png_set_message(&reader->diagnostics, "unexpected end of data in the signature");
    return GAMUT_PNG_TRUNCATED;
  }
  return GAMUT_PNG_OK;
}

/** Inflates an iCCP chunk's profile into reader->icc_profile, never holding more than the profile limit. */
static gamut_png_status inflate_profile(gamut_png_reader *reader, const uint8_t *compressed, size_t length,
                                        size_t *profile_length) {
  size_t limit = clamp_to_size(reader->limits.max_profile_bytes);
  size_t capacity = 0, produced = 0;
  uint8_t *buffer = NULL;
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (inflateInit(&stream) != Z_OK) {
    gamut_png_set_message(&reader->diagnostics, "iCCP: cannot start zlib");
    return GAMUT_PNG_LIMIT;
  }
  stream.next_in = (Bytef *)compressed;
  stream.avail_in = (uInt)(length > UINT32_MAX ? UINT32_MAX : length);
  gamut_png_status status = GAMUT_PNG_OK;
  for (;;) {
    if (produced == capacity) {
      if (capacity > limit) {
        gamut_png_set_message(&reader->diagnostics, "iCCP: profile inflates to more than the limit of %zu bytes", limit);
        status = GAMUT_PNG_LIMIT;
        break;
      }
      size_t grown = capacity == 0 ? 65536 : capacity * 2;
      if (grown > limit + 1) grown = limit + 1; /* one byte more than allowed tells "too large" apart */
      uint8_t *larger = realloc(buffer, grown);
      if (larger == NULL) {
        gamut_png_set_message(&reader->diagnostics, "iCCP: out of memory for the profile");
        status = GAMUT_PNG_LIMIT;
        break;
      }
      buffer = larger;
      capacity = grown;
    }
    stream.next_out = buffer + produced;
    stream.avail_out = (uInt)(capacity - produced > UINT32_MAX ? UINT32_MAX : capacity - produced);
    size_t before = stream.avail_out;
    int result = inflate(&stream, Z_NO_FLUSH);
    produced += before - stream.avail_out;
    if (result == Z_STREAM_END) {
      if (produced > limit) {
        gamut_png_set_message(&reader->diagnostics, "iCCP: profile inflates to more than the limit of %zu bytes", limit);
        status = GAMUT_PNG_LIMIT;
      }
      break;
    }
    if (result == Z_BUF_ERROR && stream.avail_in == 0) {
      gamut_png_set_message(&reader->diagnostics, "iCCP: compressed profile is truncated");
      status = GAMUT_PNG_CORRUPT;
      break;
    }
    if (result != Z_OK && result != Z_BUF_ERROR) {
      gamut_png_set_message(&reader->diagnostics, "iCCP: %s", stream.msg != NULL ? stream.msg : "invalid compressed data");
      status = result == Z_MEM_ERROR ? GAMUT_PNG_LIMIT : GAMUT_PNG_CORRUPT;
      break;
    }
  }
  inflateEnd(&stream);
  if (status != GAMUT_PNG_OK || produced == 0) {
    if (status == GAMUT_PNG_OK) {
      gamut_png_set_message(&reader->diagnostics, "iCCP: empty profile");
      status = GAMUT_PNG_CORRUPT;
    }
    free(buffer);
    return status;
  }
  reader->icc_profile = buffer;
  *profile_length = produced;
  return GAMUT_PNG_OK;
}

/** iCCP: keyword (1-79 bytes), NUL, compression method 0, zlib stream. GAMUT_PNG_CORRUPT for a chunk that cannot
 *  be read (the caller ignores it), GAMUT_PNG_LIMIT for a profile over the limits. */
static gamut_png_status parse_iccp(gamut_png_reader *reader, const png_unknown_chunk *chunk, gamut_png_info *info) {
  const uint8_t *end = chunk->size == 0 ? NULL : memchr(chunk->data, 0, chunk->size < 80 ? chunk->size : 80);
  size_t name_length = end == NULL ? 0 : (size_t)(end - chunk->data);
  if (end == NULL || name_length == 0) {
    gamut_png_set_message(&reader->diagnostics, "iCCP: invalid profile name");
    return GAMUT_PNG_CORRUPT;
  }
  if (name_length + 2 > chunk->size) {
    gamut_png_set_message(&reader->diagnostics, "iCCP: missing compressed profile");
    return GAMUT_PNG_CORRUPT;
  }
  if (chunk->data[name_length + 1] != 0) {
    gamut_png_set_message(&reader->diagnostics, "iCCP: unknown compression method %d", chunk->data[name_length + 1]);
    return GAMUT_PNG_CORRUPT;
  }
  size_t offset = name_length + 2;
  gamut_png_status status =
      inflate_profile(reader, chunk->data + offset, chunk->size - offset, &info->icc_profile_length);
  if (status != GAMUT_PNG_OK) return status;
  memcpy(info->icc_name, chunk->data, name_length);
  info->icc_name[name_length] = '\0';
  info->icc_profile = reader->icc_profile;
  info->has_icc_profile = 1;
  return GAMUT_PNG_OK;
}

static uint32_t be32(const uint8_t *bytes) {
  return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | bytes[3];
}

/** Records an iCCP chunk that cannot be read: ignored with a warning, and named in info for the color decision. */
static void ignore_unreadable_iccp(gamut_png_reader *reader, gamut_png_info *info, const char *problem) {
  const char *reason = strncmp(problem, "iCCP: ", 6) == 0 ? problem + 6 : problem;
  snprintf(info->icc_problem, sizeof info->icc_problem, "%s", reason);
  info->has_unreadable_icc = 1;
  gamut_png_add_warning(&reader->diagnostics, "iCCP: %s, chunk ignored", reason);
  reader->diagnostics.message[0] = '\0';
}

/** Records a malformed or repeated color chunk: a libpng-style warning, and a line in info for the color decision
 *  (once per name and reason). */
static void ignore_color_chunk(gamut_png_reader *reader, gamut_png_info *info, const char *name, const char *format,
                               ...) {
  char why[96];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(why, sizeof why, format, arguments);
  va_end(arguments);
  gamut_png_add_warning(&reader->diagnostics, "%.4s: %s, chunk ignored", name, why);
  /* Once per name and reason: a file repeating a chunk 100,000 times has one line. */
  char line[112];
  snprintf(line, sizeof line, "%.4s: %s\n", name, why);
  if (strstr(info->ignored_color_chunks, line) != NULL) return;
  size_t used = strlen(info->ignored_color_chunks);
  snprintf(info->ignored_color_chunks + used, sizeof info->ignored_color_chunks - used, "%s", line);
}

/**
 * Fills the color fields of `info` from the chunks libpng kept. The first chunk of each kind counts; a malformed
 * cICP, sRGB, gAMA or cHRM is ignored with a warning (the PNG rule for ancillary chunks). An iCCP that cannot be
 * read (CRC error, bad name, unknown compression method, data that does not inflate) is ignored the same way, as
 * libpng, ImageMagick and browsers do, and reported in info so that the color decision says so; one that exceeds
 * a limit fails the read (the limit is the user's to raise).
 */
static gamut_png_status parse_color_chunks(gamut_png_reader *reader, gamut_png_info *info) {
  diagnostics *d = &reader->diagnostics;
  png_unknown_chunkp chunks = NULL;
  int count = png_get_unknown_chunks(reader->png, reader->info, &chunks);
  int seen_iccp = 0;
  for (int index = 0; index < count; index++) {
    const png_unknown_chunk *chunk = &chunks[index];
    const char *name = (const char *)chunk->name;
    int color_chunk = gamut_png_color_chunk_index(name);
    if (color_chunk < 0) continue;
    if (d->crc_errors & (1u << color_chunk)) {
      if (memcmp(name, "iCCP", 4) == 0 && !seen_iccp) {
        seen_iccp = 1;
        ignore_unreadable_iccp(reader, info, "CRC error");
        continue;
      }
      ignore_color_chunk(reader, info, name, "CRC error");
      continue;
    }
    if (memcmp(name, "cICP", 4) == 0) {
      if (info->has_cicp) {
        ignore_color_chunk(reader, info, name, "duplicate");
      } else if (chunk->size != 4) {
        ignore_color_chunk(reader, info, name, "invalid length %zu", chunk->size);
      } else if (chunk->data[3] > 1) {
        ignore_color_chunk(reader, info, name, "invalid video full range flag %d", chunk->data[3]);
      } else {
        memcpy(info->cicp, chunk->data, 4);
        info->has_cicp = 1;
      }
    } else if (memcmp(name, "iCCP", 4) == 0) {
      if (seen_iccp) {
        ignore_color_chunk(reader, info, name, "duplicate");
        continue;
      }
      seen_iccp = 1;
      gamut_png_status status = parse_iccp(reader, chunk, info);
      if (status == GAMUT_PNG_CORRUPT) {
        ignore_unreadable_iccp(reader, info, d->message);
      } else if (status != GAMUT_PNG_OK) {
        return status;
      }
    } else if (memcmp(name, "sRGB", 4) == 0) {
      if (info->has_srgb) {
        ignore_color_chunk(reader, info, name, "duplicate");
      } else if (chunk->size != 1 || chunk->data[0] > 3) {
        if (chunk->size != 1) {
          ignore_color_chunk(reader, info, name, "invalid length %zu", chunk->size);
        } else {
          ignore_color_chunk(reader, info, name, "invalid rendering intent %d", chunk->data[0]);
        }
      } else {
        info->srgb_intent = chunk->data[0];
        info->has_srgb = 1;
      }
    } else if (memcmp(name, "gAMA", 4) == 0) {
      if (info->has_gamma) {
        ignore_color_chunk(reader, info, name, "duplicate");
      } else if (chunk->size != 4 || be32(chunk->data) == 0 || be32(chunk->data) > 0x7fffffffu) {
        if (chunk->size != 4) {
          ignore_color_chunk(reader, info, name, "invalid length %zu", chunk->size);
        } else {
          ignore_color_chunk(reader, info, name, "invalid gamma %u", be32(chunk->data));
        }
      } else {
        info->gamma_times_100000 = be32(chunk->data);
        info->has_gamma = 1;
      }
    } else if (memcmp(name, "cHRM", 4) == 0) {
      if (info->has_chromaticities) {
        ignore_color_chunk(reader, info, name, "duplicate");
      } else if (chunk->size != 32) {
        ignore_color_chunk(reader, info, name, "invalid length %zu", chunk->size);
      } else {
        for (int value = 0; value < 8; value++) {
          info->chromaticities_times_100000[value] = be32(chunk->data + 4 * value);
        }
        info->has_chromaticities = 1;
      }
    }
  }
  /* libpng drops an iCCP chunk it could not keep (bad CRC, too large, over budget) with a warning. */
  if (!seen_iccp && d->icc_warning[0] != '\0') {
    if (reader->budget.exceeded || strstr(d->icc_warning, "too large") != NULL) {
      gamut_png_set_message(d, "%s", d->icc_warning);
      return GAMUT_PNG_LIMIT;
    }
    ignore_unreadable_iccp(reader, info, d->icc_warning);
  }
  return GAMUT_PNG_OK;
}

/** Copies PLTE and tRNS into reader->palette as RGBA (alpha 255 where tRNS says nothing). */
static void load_palette(gamut_png_reader *reader) {
  png_colorp colors = NULL;
  png_bytep alphas = NULL;
  int count = 0, alpha_count = 0;
  reader->expand_palette = 1;
  /* libpng has already refused a palette image without PLTE or with more entries than the bit depth allows. */
  png_get_PLTE(reader->png, reader->info, &colors, &count);
  if (png_get_valid(reader->png, reader->info, PNG_INFO_tRNS)) {
    png_get_tRNS(reader->png, reader->info, &alphas, &alpha_count, NULL);
  }
  reader->palette_size = count;
  for (int index = 0; index < count && index < 256; index++) {
    reader->palette[index][0] = colors[index].red;
    reader->palette[index][1] = colors[index].green;
    reader->palette[index][2] = colors[index].blue;
    reader->palette[index][3] = index < alpha_count ? alphas[index] : 255;
  }
}

/** Where libpng should put the index bytes of a palette row: its last `width` bytes. */
static uint8_t *index_bytes(const gamut_png_reader *reader, uint8_t *row) {
  return row + (size_t)reader->width * (size_t)(reader->channels - 1);
}

/** Replaces the index bytes at the end of `row` with RGB or RGBA samples. Fails on an index past the palette. */
static gamut_png_status expand_palette_row(gamut_png_reader *reader, uint8_t *row) {
  const uint8_t *indexes = index_bytes(reader, row);
  int channels = reader->channels;
  for (uint32_t x = 0; x < reader->width; x++) {
    uint8_t index = indexes[x];
    if (index >= reader->palette_size) {
      gamut_png_set_message(&reader->diagnostics, "IDAT: palette index %d is past the %d palette entries", index,
                  reader->palette_size);
      return GAMUT_PNG_CORRUPT;
    }
    memcpy(row + (size_t)x * (size_t)channels, reader->palette[index], (size_t)channels);
  }
  return GAMUT_PNG_OK;
}

/** Asks libpng to skip every ancillary chunk except the color chunks, which it keeps for parse_color_chunks. */
static void select_chunks(png_structp png) {
  static const png_byte color_chunks[] = "cICP\0iCCP\0sRGB\0gAMA\0cHRM";
  /* num_chunks < 0: skip every unknown chunk and every known ancillary chunk except tRNS (the PLTE companion). */
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
  png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, color_chunks, 5);
}

gamut_png_status gamut_png_reader_read_info(gamut_png_reader *reader, gamut_png_info *info) {
  gamut_png_begin_call(&reader->diagnostics);
  if (reader->stage == STAGE_FAILED) {
    return reader->open_status != GAMUT_PNG_OK ? reader->open_status : GAMUT_PNG_UNSUPPORTED;
  }
  if (reader->stage != STAGE_OPENED) {
    gamut_png_set_message(&reader->diagnostics, "read_info called twice");
    return GAMUT_PNG_UNSUPPORTED;
  }
  memset(info, 0, sizeof *info);
  gamut_png_status status = check_signature(reader);
  if (status != GAMUT_PNG_OK) return fail(reader, status);

  png_structp png = reader->png;
  png_infop png_info = reader->info;
  /* Catches errors of png_read_info (bad IHDR, CRC errors, limits, truncation) and png_read_update_info. */
  if (setjmp(png_jmpbuf(png))) return fail(reader, failure_status(reader));

  png_set_sig_bytes(png, 8);
  png_set_user_limits(png, reader->limits.max_width, reader->limits.max_height);
  png_set_chunk_cache_max(png, CHUNK_CACHE_MAX);
  png_set_chunk_malloc_max(png, clamp_to_size(reader->limits.max_chunk_bytes));
  select_chunks(png);
  png_read_info(png, png_info);

  png_uint_32 width = 0, height = 0;
  int bit_depth = 0, color_type = 0, interlace = 0;
  png_get_IHDR(png, png_info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
  info->width = width;
  info->height = height;
  info->bit_depth = bit_depth;
  info->color_type = color_type;
  info->interlaced = interlace != PNG_INTERLACE_NONE;
  info->has_trns = png_get_valid(png, png_info, PNG_INFO_tRNS) != 0;

  uint64_t pixels = (uint64_t)width * height;
  if (pixels > reader->limits.max_pixels) {
    gamut_png_set_message(&reader->diagnostics, "%u x %u is %llu pixels, more than the limit of %llu", width, height,
                (unsigned long long)pixels, (unsigned long long)reader->limits.max_pixels);
    return fail(reader, GAMUT_PNG_LIMIT);
  }

  status = parse_color_chunks(reader, info);
  if (status != GAMUT_PNG_OK) return fail(reader, status);

  if (color_type == PNG_COLOR_TYPE_PALETTE) {
    load_palette(reader);
    if (bit_depth < 8) png_set_packing(png); /* one index byte per pixel */
  } else {
    if (info->has_trns) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (bit_depth == 16) png_set_swap(png);
#endif
  }
  reader->passes = png_set_interlace_handling(png);
  png_read_update_info(png, png_info);

  info->channels = reader->expand_palette ? (info->has_trns ? 4 : 3) : png_get_channels(png, png_info);
  info->sample_bits = reader->expand_palette ? 8 : png_get_bit_depth(png, png_info);
  info->row_bytes = (size_t)width * (size_t)info->channels * (size_t)(info->sample_bits / 8);
  size_t libpng_row_bytes = png_get_rowbytes(png, png_info);
  if (libpng_row_bytes != (reader->expand_palette ? (size_t)width : info->row_bytes)) {
    gamut_png_set_message(&reader->diagnostics, "unexpected decoded row size %zu", info->row_bytes);
    return fail(reader, GAMUT_PNG_UNSUPPORTED);
  }
  reader->width = width;
  reader->channels = info->channels;
  reader->height = height;
  reader->row_bytes = info->row_bytes;
  reader->interlaced = info->interlaced;
  reader->trailing_idat_max = TRAILING_IDAT_MAX + 2 * ((uint64_t)info->row_bytes + 1);
  reader->stage = STAGE_INFO_READ;
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_reader_read_rows(gamut_png_reader *reader, void *buffer, uint32_t count) {
  gamut_png_begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_INFO_READ || reader->interlaced || count > reader->height - reader->rows_read) {
    gamut_png_set_message(&reader->diagnostics, "read_rows needs a non-interlaced image after read_info, within its height");
    return GAMUT_PNG_UNSUPPORTED;
  }
  png_structp png = reader->png;
  uint8_t *row = buffer;
  /* Catches IDAT errors (bad zlib data, bad filter, truncation) raised by png_read_row. */
  if (setjmp(png_jmpbuf(png))) return fail(reader, failure_status(reader));
  for (uint32_t index = 0; index < count; index++) {
    uint8_t *target = row + (size_t)index * reader->row_bytes;
    /* libpng inflates and checks the rest of the image data while it reads the last row. */
    if (reader->rows_read + 2 >= reader->height) reader->last_rows = 1;
    png_read_row(png, reader->expand_palette ? index_bytes(reader, target) : target, NULL);
    if (reader->expand_palette && expand_palette_row(reader, target) != GAMUT_PNG_OK) {
      return fail(reader, GAMUT_PNG_CORRUPT);
    }
    reader->rows_read++;
  }
  if (reader->rows_read == reader->height) reader->stage = STAGE_ROWS_READ;
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_reader_read_image(gamut_png_reader *reader, void *buffer) {
  gamut_png_begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_INFO_READ || reader->rows_read != 0) {
    gamut_png_set_message(&reader->diagnostics, "read_image needs read_info first and no rows read");
    return GAMUT_PNG_UNSUPPORTED;
  }
  if (!reader->interlaced) return gamut_png_reader_read_rows(reader, buffer, reader->height);
  png_structp png = reader->png;
  uint8_t *base = buffer;
  /* Catches IDAT errors raised by png_read_row. Each Adam7 pass fills in more pixels of every row it touches. */
  if (setjmp(png_jmpbuf(png))) return fail(reader, failure_status(reader));
  for (int pass = 0; pass < reader->passes; pass++) {
    for (uint32_t y = 0; y < reader->height; y++) {
      uint8_t *row = base + (size_t)y * reader->row_bytes;
      if (pass == reader->passes - 1 && y + 2 >= reader->height) reader->last_rows = 1;
      png_read_row(png, reader->expand_palette ? index_bytes(reader, row) : row, NULL);
    }
  }
  for (uint32_t y = 0; reader->expand_palette && y < reader->height; y++) {
    if (expand_palette_row(reader, base + (size_t)y * reader->row_bytes) != GAMUT_PNG_OK) {
      return fail(reader, GAMUT_PNG_CORRUPT);
    }
  }
  reader->rows_read = reader->height;
  reader->stage = STAGE_ROWS_READ;
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_reader_finish(gamut_png_reader *reader) {
  gamut_png_begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_ROWS_READ) {
    gamut_png_set_message(&reader->diagnostics, "finish needs every row read first");
    return GAMUT_PNG_UNSUPPORTED;
  }
  /* Catches errors in the chunks after the image data and a missing IEND. */
  if (setjmp(png_jmpbuf(reader->png))) return fail(reader, failure_status(reader));
  png_read_end(reader->png, NULL);
  reader->stage = STAGE_FINISHED;
  return GAMUT_PNG_OK;
}

const char *gamut_png_reader_message(const gamut_png_reader *reader) { return reader->diagnostics.message; }

const char *gamut_png_reader_warnings(const gamut_png_reader *reader) { return reader->diagnostics.warnings; }

long gamut_png_reader_source_read(const gamut_png_reader *reader, void *out, size_t count, uint64_t offset) {
  if (reader->fd < 0) {
    if (reader->data == NULL || offset >= reader->length) return 0;
    size_t available = reader->length - (size_t)offset;
    size_t taken = count < available ? count : available;
    memcpy(out, reader->data + offset, taken);
    return (long)taken;
  }
  ssize_t got;
  do {
    got = pread(reader->fd, out, count, (off_t)offset);
  } while (got < 0 && errno == EINTR);
  return got < 0 ? -1 : (long)got;
}

long long gamut_png_reader_source_size(const gamut_png_reader *reader) {
  if (reader->fd < 0) return (long long)reader->length;
  struct stat status;
  return fstat(reader->fd, &status) == 0 ? (long long)status.st_size : -1;
}

void gamut_png_reader_close(gamut_png_reader *reader) {
  if (reader == NULL) return;
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
  if (reader->owns_fd) close(reader->fd);
  free(reader->file_buffer);
  free(reader->icc_profile);
  free(reader);
}
