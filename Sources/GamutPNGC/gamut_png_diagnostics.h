/*
 * What the reader (gamut_png_read.c) and the writer (gamut_png_write.c) share: the diagnostics each keeps (error
 * text, warnings, flags the libpng callbacks raise) and the libpng error and warning callbacks that fill them.
 * Internal to GamutPNGC; not part of the module's public headers.
 */

#ifndef GAMUT_PNG_DIAGNOSTICS_H
#define GAMUT_PNG_DIAGNOSTICS_H

#include <png.h>

#include <stddef.h>

enum { MESSAGE_CAPACITY = 512, WARNINGS_CAPACITY = 2048 };

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

/** The color chunks, in the order of the crc_errors bits. */
enum { COLOR_CHUNK_COUNT = 5 };
extern const char *const gamut_png_color_chunk_names[COLOR_CHUNK_COUNT];

/** The index of the color chunk named by the first four bytes of `name` in gamut_png_color_chunk_names, or -1. */
int gamut_png_color_chunk_index(const char *name);

/** Starts a public call: its failure message explains itself with the warnings raised during it only. */
void gamut_png_begin_call(diagnostics *d);

/** Sets the failure message (printf format). */
void gamut_png_set_message(diagnostics *d, const char *format, ...) __attribute__((format(printf, 2, 3)));

/** Adds a line to the warnings while they have room (printf format). */
void gamut_png_add_warning(diagnostics *d, const char *format, ...) __attribute__((format(printf, 2, 3)));

/** libpng error callback: keep the text, then jump to the running function's setjmp. Must not return. */
void gamut_png_on_error(png_structp png, png_const_charp text);

/** libpng warning callback: keep the text (libpng prefixes chunk warnings with the chunk name). */
void gamut_png_on_warning(png_structp png, png_const_charp text);

#endif
