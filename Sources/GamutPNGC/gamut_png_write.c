/*
 * libpng wrapper for GamutKit: the writer. See gamut_png.h for the contract; the reader is gamut_png_read.c.
 *
 * libpng writes the signature, the header, the color chunk and IEND into a buffer the caller drains; the image
 * data arrives already deflated (gamut_idat.h) and is written as IDAT chunks. Errors longjmp to the setjmp of the
 * public function that is running, as in the reader.
 */

#include "gamut_png.h"
#include "gamut_png_diagnostics.h"

#include <png.h>
#include <zlib.h>

#include <setjmp.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


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
  writer->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->diagnostics, gamut_png_on_error, gamut_png_on_warning);
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

/*
 * Built here rather than with png_set_iCCP, which checks the profile and may drop it, or add gAMA and cHRM chunks
 * beside it.
 */
uint8_t *gamut_png_iccp_data(const char *name, const uint8_t *profile, size_t profile_length, int level,
                             size_t *data_length, char *message, size_t message_size) {
  if (!valid_profile_name(name)) {
    snprintf(message, message_size,
             "iCCP: the profile name must be 1 to 79 printable Latin-1 characters without leading, trailing or "
             "double spaces");
    return NULL;
  }
  if (profile_length == 0 || profile_length > UINT32_MAX / 2 || level < 0 || level > 9) {
    snprintf(message, message_size, "iCCP: invalid profile length %zu or level %d", profile_length, level);
    return NULL;
  }
  size_t name_length = strlen(name);
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    snprintf(message, message_size, "iCCP: cannot start zlib");
    return NULL;
  }
  size_t bound = deflateBound(&stream, (uLong)profile_length);
  uint8_t *data = malloc(name_length + 2 + bound);
  if (data == NULL) {
    deflateEnd(&stream);
    snprintf(message, message_size, "iCCP: out of memory");
    return NULL;
  }
  memcpy(data, name, name_length);
  data[name_length] = 0;
  data[name_length + 1] = 0;
  stream.next_in = (Bytef *)profile;
  stream.avail_in = (uInt)profile_length;
  stream.next_out = data + name_length + 2;
  stream.avail_out = (uInt)bound;
  int result = deflate(&stream, Z_FINISH);
  size_t compressed = stream.total_out;
  deflateEnd(&stream);
  if (result != Z_STREAM_END) {
    free(data);
    snprintf(message, message_size, "iCCP: cannot compress the profile");
    return NULL;
  }
  *data_length = name_length + 2 + compressed;
  return data;
}

gamut_png_status gamut_png_writer_begin(gamut_png_writer *writer, const gamut_png_write_options *options) {
  static const int color_types[] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                    PNG_COLOR_TYPE_RGB_ALPHA};
  if (writer->begun) {
    gamut_png_set_message(&writer->diagnostics, "begin called twice");
    return GAMUT_PNG_UNSUPPORTED;
  }
  if (options->channels < 1 || options->channels > 4 || (options->bit_depth != 8 && options->bit_depth != 16) ||
      options->width == 0 || options->height == 0 || options->width > PNG_UINT_31_MAX ||
      options->height > PNG_UINT_31_MAX || options->srgb_intent < -1 || options->srgb_intent > 3 ||
      (options->iccp_data != NULL && options->iccp_data_length == 0)) {
    gamut_png_set_message(&writer->diagnostics, "invalid image size, layout, bit depth, intent or iCCP data");
    return GAMUT_PNG_UNSUPPORTED;
  }

  png_unknown_chunk chunk;
  memset(&chunk, 0, sizeof chunk);
  chunk.location = PNG_HAVE_IHDR;
  uint8_t intent = (uint8_t)options->srgb_intent;
  if (options->iccp_data != NULL) {
    memcpy(chunk.name, "iCCP", 5);
    chunk.data = (png_bytep)options->iccp_data;
    chunk.size = options->iccp_data_length;
  } else if (options->srgb_intent >= 0) {
    memcpy(chunk.name, "sRGB", 5);
    chunk.data = &intent;
    chunk.size = 1;
  }

  png_structp png = writer->png;
  writer->begun = 1;
  /* Catches errors of png_set_IHDR, png_set_unknown_chunks and png_write_info (including out of memory). */
  if (setjmp(png_jmpbuf(png))) return writer_fail(writer);
  png_set_IHDR(png, writer->info, options->width, options->height, options->bit_depth,
               color_types[options->channels], PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  if (chunk.data != NULL) {
    /* Both iCCP and sRGB are unsafe-to-copy names, which libpng writes only when told to keep them. */
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep)chunk.name, 1);
    png_set_unknown_chunks(png, writer->info, &chunk, 1);
  }
  png_write_info(png, writer->info); /* png_set_unknown_chunks keeps its own copy of the chunk */
  return GAMUT_PNG_OK;
}

gamut_png_status gamut_png_writer_write_image_data(gamut_png_writer *writer, const uint8_t *data, size_t length) {
  if (!writer->begun) {
    gamut_png_set_message(&writer->diagnostics, "write_image_data needs begin first");
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
    gamut_png_set_message(&writer->diagnostics, "finish needs the image data written first");
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
