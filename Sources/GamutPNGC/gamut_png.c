/*
 * libpng wrapper for GamutKit. See gamut_png.h for the contract.
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
#include <unistd.h>

enum { MESSAGE_CAPACITY = 512, WARNINGS_CAPACITY = 2048, CHUNK_CACHE_MAX = 32 };

/** The most IDAT data (compressed bytes) that may follow the last rows' own data. When libpng reads the last row
 *  it inflates whatever follows, to check it, and deflate expands up to 1032 times, so 64 KiB bound that work to
 *  about 66 MB of output (a fraction of a second). A real encoder ends its stream within a few bytes. */
#define TRAILING_IDAT_MAX ((uint64_t)64 << 10)

/* ---------------------------------------------------------------------------------------------------------------
 * Diagnostics shared by reader and writer: the error text, the warnings, and flags the callbacks raise.
 */

typedef struct diagnostics {
  char message[MESSAGE_CAPACITY];
  char warnings[WARNINGS_CAPACITY];
  size_t warnings_length;
  /** libpng rejected IHDR because of png_set_user_limits. */
  int user_limit_hit;
  /** libpng's warnings during the running call, joined by "; ", to explain a failure (for example the reason
   *  behind "Invalid IHDR data"). */
  char call_warnings[MESSAGE_CAPACITY];
  /** The first libpng warning about an iCCP chunk (a CRC error, too large for the cache, ...). */
  char icc_warning[MESSAGE_CAPACITY];
  /** Color chunks whose CRC libpng found wrong but which it kept: bit i for color_chunk_names[i]. */
  unsigned crc_errors;
} diagnostics;

/** The chunks parse_color_chunks reads, in the order of the crc_errors bits. */
static const char *const color_chunk_names[] = {"cICP", "iCCP", "sRGB", "gAMA", "cHRM"};
enum { COLOR_CHUNK_COUNT = 5 };

static int color_chunk_index(const char *name) {
  for (int index = 0; index < COLOR_CHUNK_COUNT; index++) {
    if (memcmp(name, color_chunk_names[index], 4) == 0) return index;
  }
  return -1;
}

/** Starts a public call: its failure message explains itself with the warnings raised during it only. */
static void begin_call(diagnostics *d) { d->call_warnings[0] = '\0'; }

static void set_message(diagnostics *d, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(d->message, sizeof d->message, format, arguments);
  va_end(arguments);
}

static void add_warning(diagnostics *d, const char *format, ...) {
  char line[MESSAGE_CAPACITY];
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(line, sizeof line, format, arguments);
  va_end(arguments);
  size_t length = strlen(line);
  if (d->warnings_length + length + 2 > sizeof d->warnings) return; /* keep the first ones */
  memcpy(d->warnings + d->warnings_length, line, length);
  d->warnings_length += length;
  d->warnings[d->warnings_length++] = '\n';
  d->warnings[d->warnings_length] = '\0';
}

/** libpng error callback: keep the text, then jump to the running function's setjmp. Must not return. */
static void on_png_error(png_structp png, png_const_charp text) {
  diagnostics *d = png_get_error_ptr(png);
  set_message(d, "%s", text);
  png_longjmp(png, 1);
}

/** libpng warning callback: keep the text (libpng prefixes chunk warnings with the chunk name). */
static void on_png_warning(png_structp png, png_const_charp text) {
  diagnostics *d = png_get_error_ptr(png);
  if (strstr(text, "exceeds user limit") != NULL) d->user_limit_hit = 1;
  if (strncmp(text, "iCCP: ", 6) == 0 && d->icc_warning[0] == '\0') {
    snprintf(d->icc_warning, sizeof d->icc_warning, "%s", text);
  }
  int color_chunk = strlen(text) > 6 && text[4] == ':' ? color_chunk_index(text) : -1;
  if (color_chunk >= 0 && strcmp(text + 4, ": CRC error") == 0) d->crc_errors |= 1u << color_chunk;
  size_t used = strlen(d->call_warnings);
  snprintf(d->call_warnings + used, sizeof d->call_warnings - used, "%s%s", used > 0 ? "; " : "", text);
  add_warning(d, "%s", text);
}

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
    set_message(d, "%s", text);
  } else if (d->call_warnings[0] != '\0' && strstr(d->message, d->call_warnings) == NULL) {
    snprintf(text, sizeof text, "%s (%s)", d->message, d->call_warnings);
    set_message(d, "%s", text);
  }
  return status;
}

static gamut_png_reader *reader_create(const gamut_png_limits *limits) {
  gamut_png_reader *reader = calloc(1, sizeof *reader);
  if (reader == NULL) return NULL;
  reader->fd = -1;
  reader->limits = *limits;
  reader->budget.limit = clamp_to_size(limits->max_memory_bytes);
  reader->png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, &reader->diagnostics, on_png_error, on_png_warning,
                                         &reader->budget, budget_malloc, budget_free);
  if (reader->png == NULL) {
    set_message(&reader->diagnostics, "cannot create the libpng reader");
    reader->open_status = reader->budget.exceeded ? GAMUT_PNG_LIMIT : GAMUT_PNG_UNSUPPORTED;
    reader->stage = STAGE_FAILED;
    return reader;
  }
  /* png_create_info_struct reports failure by returning NULL, not by longjmp. */
  reader->info = png_create_info_struct(reader->png);
  if (reader->info == NULL) {
    set_message(&reader->diagnostics, "cannot create the libpng info structure");
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
    set_message(&reader->diagnostics, "out of memory for the read buffer");
    reader->open_status = GAMUT_PNG_LIMIT;
    reader->stage = STAGE_FAILED;
  }
  return reader;
}

gamut_png_reader *gamut_png_reader_open_file(const char *path, const gamut_png_limits *limits) {
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    int error = errno;
    gamut_png_reader *reader = reader_create(limits);
    if (reader == NULL || reader->stage == STAGE_FAILED) return reader;
    reader->read_errno = error;
    set_message(&reader->diagnostics, "%s", strerror(error));
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
      set_message(&reader->diagnostics, "%s", strerror(reader->read_errno));
      return GAMUT_PNG_IO;
    }
    got = (size_t)read;
  } else {
    got = reader->length < sizeof signature ? reader->length : sizeof signature;
    if (got > 0) memcpy(signature, reader->data, got);
    reader->offset = got;
  }
  if (got == 0 || png_sig_cmp(signature, 0, got) != 0) {
    set_message(&reader->diagnostics, "the data does not start with the PNG signature");
    return GAMUT_PNG_NOT_PNG;
  }
  if (got < sizeof signature) {
    set_message(&reader->diagnostics, "unexpected end of data in the signature");
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
    set_message(&reader->diagnostics, "iCCP: cannot start zlib");
    return GAMUT_PNG_LIMIT;
  }
  stream.next_in = (Bytef *)compressed;
  stream.avail_in = (uInt)(length > UINT32_MAX ? UINT32_MAX : length);
  gamut_png_status status = GAMUT_PNG_OK;
  for (;;) {
    if (produced == capacity) {
      if (capacity > limit) {
        set_message(&reader->diagnostics, "iCCP: profile inflates to more than the limit of %zu bytes", limit);
        status = GAMUT_PNG_LIMIT;
        break;
      }
      size_t grown = capacity == 0 ? 65536 : capacity * 2;
      if (grown > limit + 1) grown = limit + 1; /* one byte more than allowed tells "too large" apart */
      uint8_t *larger = realloc(buffer, grown);
      if (larger == NULL) {
        set_message(&reader->diagnostics, "iCCP: out of memory for the profile");
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
        set_message(&reader->diagnostics, "iCCP: profile inflates to more than the limit of %zu bytes", limit);
        status = GAMUT_PNG_LIMIT;
      }
      break;
    }
    if (result == Z_BUF_ERROR && stream.avail_in == 0) {
      set_message(&reader->diagnostics, "iCCP: compressed profile is truncated");
      status = GAMUT_PNG_CORRUPT;
      break;
    }
    if (result != Z_OK && result != Z_BUF_ERROR) {
      set_message(&reader->diagnostics, "iCCP: %s", stream.msg != NULL ? stream.msg : "invalid compressed data");
      status = result == Z_MEM_ERROR ? GAMUT_PNG_LIMIT : GAMUT_PNG_CORRUPT;
      break;
    }
  }
  inflateEnd(&stream);
  if (status != GAMUT_PNG_OK || produced == 0) {
    if (status == GAMUT_PNG_OK) {
      set_message(&reader->diagnostics, "iCCP: empty profile");
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
    set_message(&reader->diagnostics, "iCCP: invalid profile name");
    return GAMUT_PNG_CORRUPT;
  }
  if (name_length + 2 > chunk->size) {
    set_message(&reader->diagnostics, "iCCP: missing compressed profile");
    return GAMUT_PNG_CORRUPT;
  }
  if (chunk->data[name_length + 1] != 0) {
    set_message(&reader->diagnostics, "iCCP: unknown compression method %d", chunk->data[name_length + 1]);
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
  add_warning(&reader->diagnostics, "iCCP: %s, chunk ignored", reason);
  reader->diagnostics.message[0] = '\0';
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
    int color_chunk = color_chunk_index(name);
    if (color_chunk < 0) continue;
    if (d->crc_errors & (1u << color_chunk)) {
      if (memcmp(name, "iCCP", 4) == 0 && !seen_iccp) {
        seen_iccp = 1;
        ignore_unreadable_iccp(reader, info, "CRC error");
        continue;
      }
      add_warning(d, "%.4s: chunk with a CRC error ignored", name);
      continue;
    }
    if (memcmp(name, "cICP", 4) == 0) {
      if (info->has_cicp) {
        add_warning(d, "cICP: duplicate chunk ignored");
      } else if (chunk->size != 4) {
        add_warning(d, "cICP: invalid length %zu, chunk ignored", chunk->size);
      } else if (chunk->data[3] > 1) {
        add_warning(d, "cICP: invalid video full range flag %d, chunk ignored", chunk->data[3]);
      } else {
        memcpy(info->cicp, chunk->data, 4);
        info->has_cicp = 1;
      }
    } else if (memcmp(name, "iCCP", 4) == 0) {
      if (seen_iccp) {
        add_warning(d, "iCCP: duplicate chunk ignored");
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
        add_warning(d, "sRGB: duplicate chunk ignored");
      } else if (chunk->size != 1 || chunk->data[0] > 3) {
        add_warning(d, "sRGB: invalid chunk ignored");
      } else {
        info->srgb_intent = chunk->data[0];
        info->has_srgb = 1;
      }
    } else if (memcmp(name, "gAMA", 4) == 0) {
      if (info->has_gamma) {
        add_warning(d, "gAMA: duplicate chunk ignored");
      } else if (chunk->size != 4 || be32(chunk->data) == 0 || be32(chunk->data) > 0x7fffffffu) {
        add_warning(d, "gAMA: invalid chunk ignored");
      } else {
        info->gamma_times_100000 = be32(chunk->data);
        info->has_gamma = 1;
      }
    } else if (memcmp(name, "cHRM", 4) == 0) {
      if (info->has_chromaticities) {
        add_warning(d, "cHRM: duplicate chunk ignored");
      } else if (chunk->size != 32) {
        add_warning(d, "cHRM: invalid length %zu, chunk ignored", chunk->size);
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
      set_message(d, "%s", d->icc_warning);
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
      set_message(&reader->diagnostics, "IDAT: palette index %d is past the %d palette entries", index,
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
  begin_call(&reader->diagnostics);
  if (reader->stage == STAGE_FAILED) {
    return reader->open_status != GAMUT_PNG_OK ? reader->open_status : GAMUT_PNG_UNSUPPORTED;
  }
  if (reader->stage != STAGE_OPENED) {
    set_message(&reader->diagnostics, "read_info called twice");
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
    set_message(&reader->diagnostics, "%u x %u is %llu pixels, more than the limit of %llu", width, height,
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
    set_message(&reader->diagnostics, "unexpected decoded row size %zu", info->row_bytes);
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
  begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_INFO_READ || reader->interlaced || count > reader->height - reader->rows_read) {
    set_message(&reader->diagnostics, "read_rows needs a non-interlaced image after read_info, within its height");
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
  begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_INFO_READ || reader->rows_read != 0) {
    set_message(&reader->diagnostics, "read_image needs read_info first and no rows read");
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
  begin_call(&reader->diagnostics);
  if (reader->stage != STAGE_ROWS_READ) {
    set_message(&reader->diagnostics, "finish needs every row read first");
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

void gamut_png_reader_close(gamut_png_reader *reader) {
  if (reader == NULL) return;
  if (reader->png != NULL) png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
  if (reader->owns_fd) close(reader->fd);
  free(reader->file_buffer);
  free(reader->icc_profile);
  free(reader);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Writer
 */

struct gamut_png_writer {
  png_structp png;
  png_infop info;
  diagnostics diagnostics;
  uint8_t *output;
  size_t length;
  size_t capacity;
  int out_of_memory;
  int begun;
  int wrote_image_data;
};

/** libpng write callback: appends to the output buffer, which grows to the most written between two drains. */
static void write_output(png_structp png, png_bytep bytes, size_t count) {
  gamut_png_writer *writer = png_get_io_ptr(png);
  if (count > writer->capacity - writer->length) {
    size_t capacity = writer->capacity == 0 ? 65536 : writer->capacity;
    while (count > capacity - writer->length) {
      if (capacity > SIZE_MAX / 2) png_error(png, "output too large");
      capacity *= 2;
    }
    uint8_t *larger = realloc(writer->output, capacity);
    if (larger == NULL) {
      writer->out_of_memory = 1;
      png_error(png, "out of memory for the output");
    }
    writer->output = larger;
    writer->capacity = capacity;
  }
  memcpy(writer->output + writer->length, bytes, count);
  writer->length += count;
}

static void flush_output(png_structp png) { (void)png; }

gamut_png_writer *gamut_png_writer_create(void) {
  gamut_png_writer *writer = calloc(1, sizeof *writer);
  if (writer == NULL) return NULL;
  writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->diagnostics, on_png_error, on_png_warning);
  if (writer->png != NULL) writer->info = png_create_info_struct(writer->png);
  if (writer->png == NULL || writer->info == NULL) {
    gamut_png_writer_destroy(writer);
    return NULL;
  }
  png_set_write_fn(writer->png, writer, write_output, flush_output);
  return writer;
}

static gamut_png_status writer_fail(gamut_png_writer *writer) {
  return writer->out_of_memory ? GAMUT_PNG_LIMIT : GAMUT_PNG_UNSUPPORTED;
}

/**
 * The iCCP chunk data: name, NUL, compression method 0, the profile deflated with fixed settings. Built here
 * rather than with png_set_iCCP, which checks the profile and may drop it, or add gAMA and cHRM chunks beside it.
 */
static uint8_t *build_iccp(gamut_png_writer *writer, const gamut_png_write_options *options, size_t *length) {
  size_t name_length = strlen(options->icc_name);
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, options->compression_level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    set_message(&writer->diagnostics, "iCCP: cannot start zlib");
    return NULL;
  }
  size_t bound = deflateBound(&stream, (uLong)options->icc_profile_length);
  uint8_t *data = malloc(name_length + 2 + bound);
  if (data == NULL) {
    deflateEnd(&stream);
    set_message(&writer->diagnostics, "iCCP: out of memory");
    return NULL;
  }
  memcpy(data, options->icc_name, name_length);
  data[name_length] = 0;
  data[name_length + 1] = 0;
  stream.next_in = (Bytef *)options->icc_profile;
  stream.avail_in = (uInt)options->icc_profile_length;
  stream.next_out = data + name_length + 2;
  stream.avail_out = (uInt)bound;
  int result = deflate(&stream, Z_FINISH);
  size_t compressed = stream.total_out;
  deflateEnd(&stream);
  if (result != Z_STREAM_END) {
    free(data);
    set_message(&writer->diagnostics, "iCCP: cannot compress the profile");
    return NULL;
  }
  *length = name_length + 2 + compressed;
  return data;
}

static int valid_profile_name(const char *name) {
  size_t length = strlen(name);
  if (length == 0 || length > 79 || name[0] == ' ' || name[length - 1] == ' ') return 0;
  for (size_t index = 0; index < length; index++) {
    unsigned char c = (unsigned char)name[index];
    if (c < 32 || (c > 126 && c < 161)) return 0;
    if (c == ' ' && name[index + 1] == ' ') return 0;
  }
  return 1;
}

gamut_png_status gamut_png_writer_begin(gamut_png_writer *writer, const gamut_png_write_options *options) {
  static const int color_types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                    PNG_COLOR_TYPE_RGB_ALPHA};
  if (writer->begun) {
    set_message(&writer->diagnostics, "begin called twice");
    return GAMUT_PNG_UNSUPPORTED;
  }
  if (options->channels < 1 || options->channels > 4 || (options->bit_depth != 8 && options->bit_depth != 16) ||
      options->width == 0 || options->height == 0 || options->width > PNG_UINT_31_MAX ||
      options->height > PNG_UINT_31_MAX || options->compression_level < 0 || options->compression_level > 9 ||
      options->srgb_intent < -1 || options->srgb_intent > 3) {
    set_message(&writer->diagnostics, "invalid image size, layout, bit depth, compression level or intent");
    return GAMUT_PNG_UNSUPPORTED;
  }
  if (options->icc_name != NULL && !valid_profile_name(options->icc_name)) {
    set_message(&writer->diagnostics, "iCCP: the profile name must be 1 to 79 printable Latin-1 characters "
                                      "without leading, trailing or double spaces");
    return GAMUT_PNG_UNSUPPORTED;
  }
  if (options->icc_name != NULL && (options->icc_profile_length == 0 || options->icc_profile_length > UINT32_MAX / 2)) {
    set_message(&writer->diagnostics, "iCCP: invalid profile length %zu", options->icc_profile_length);
    return GAMUT_PNG_UNSUPPORTED;
  }

  png_unknown_chunk chunk;
  memset(&chunk, 0, sizeof chunk);
  chunk.location = PNG_HAVE_IHDR;
  if (options->icc_name != NULL) {
    memcpy(chunk.name, "iCCP", 5);
    chunk.data = build_iccp(writer, options, &chunk.size);
    if (chunk.data == NULL) return GAMUT_PNG_UNSUPPORTED;
  }
  uint8_t intent = (uint8_t)options->srgb_intent;
  if (options->icc_name == NULL && options->srgb_intent >= 0) {
    memcpy(chunk.name, "sRGB", 5);
    chunk.data = &intent;
    chunk.size = 1;
  }

  png_structp png = writer->png;
  writer->begun = 1;
  /* Catches errors of png_set_IHDR, png_set_unknown_chunks and png_write_info (including out of memory). */
  if (setjmp(png_jmpbuf(png))) {
    if (chunk.data != &intent) free(chunk.data);
    return writer_fail(writer);
  }
  png_set_IHDR(png, writer->info, options->width, options->height, options->bit_depth,
               color_types[options->channels], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (chunk.data != NULL) {
    /* Both iCCP and sRGB are unsafe-to-copy names, which libpng writes only when told to keep them. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)chunk.name, 1);
    png_set_unknown_chunks(png, writer->info, &chunk, 1);
  }
  png_write_info(png, writer->info);
  if (chunk.data != &intent) free(chunk.data); /* png_set_unknown_chunks kept its own copy */
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_writer_write_image_data(gamut_png_writer *writer, const uint8_t *data, size_t length) {
  if (!writer->begun) {
    set_message(&writer->diagnostics, "write_image_data needs begin first");
    return GAMUT_PNG_UNSUPPORTED;
  }
  /* Catches errors of png_write_chunk (out of memory in the output buffer). */
  if (setjmp(png_jmpbuf(writer->png))) return writer_fail(writer);
  const size_t most = (size_t)1 << 30; /* a chunk holds at most 2^31 - 1 bytes */
  do {
    size_t part = length < most ? length : most;
    png_write_chunk(writer->png, (png_const_bytep) "IDAT", data, part);
    data += part;
    length -= part;
  } while (length > 0);
  writer->wrote_image_data = 1;
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_writer_finish(gamut_png_writer *writer) {
  if (!writer->begun || !writer->wrote_image_data) {
    set_message(&writer->diagnostics, "finish needs the image data written first");
    return GAMUT_PNG_UNSUPPORTED;
  }
  /* Catches errors of png_write_chunk (writing IEND). */
  if (setjmp(png_jmpbuf(writer->png))) return writer_fail(writer);
  png_write_chunk(writer->png, (png_const_bytep) "IEND", NULL, 0);
  return GAMUT_PNG_OK;
}

const uint8_t *gamut_png_writer_drain(gamut_png_writer *writer, size_t *length) {
  *length = writer->length;
  writer->length = 0; /* the next write starts over at the start of the buffer */
  return writer->output;
}

const char *gamut_png_writer_message(const gamut_png_writer *writer) { return writer->diagnostics.message; }

void gamut_png_writer_destroy(gamut_png_writer *writer) {
  if (writer == NULL) return;
  if (writer->png != NULL) png_destroy_write_struct(&writer->png, writer->info != NULL ? &writer->info : NULL);
  free(writer->output);
  free(writer);
}
