/*
 * The diagnostics shared by the reader and the writer, and the libpng callbacks that fill them (see
 * gamut_png_diagnostics.h).
 */

#include "gamut_png_diagnostics.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *const gamut_png_color_chunk_names[COLOR_CHUNK_COUNT] = {"cICP", "iCCP", "sRGB", "gAMA", "cHRM"};

int gamut_png_color_chunk_index(const char *name) {
  for (int index = 0; index < COLOR_CHUNK_COUNT; index++) {
    if (memcmp(name, gamut_png_color_chunk_names[index], 4) == 0) return index;
  }
  return -1;
}

void gamut_png_begin_call(diagnostics *d) { d->call_warnings[0] = '\0'; }

void gamut_png_set_message(diagnostics *d, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(d->message, sizeof d->message, format, arguments);
  va_end(arguments);
}

void gamut_png_add_warning(diagnostics *d, const char *format, ...) {
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

void gamut_png_on_error(png_structp png, png_const_charp text) {
  diagnostics *d = png_get_error_ptr(png);
  gamut_png_set_message(d, "%s", text);
  png_longjmp(png, 1);
}

void gamut_png_on_warning(png_structp png, png_const_charp text) {
  diagnostics *d = png_get_error_ptr(png);
  if (strstr(text, "exceeds user limit") != NULL) d->user_limit_hit = 1;
  if (strncmp(text, "iCCP: ", 6) == 0 && d->icc_warning[0] == '\0') {
    snprintf(d->icc_warning, sizeof d->icc_warning, "%s", text);
  }
  int color_chunk = strlen(text) > 6 && text[4] == ':' ? gamut_png_color_chunk_index(text) : -1;
  if (color_chunk >= 0 && strcmp(text + 4, ": CRC error") == 0) d->crc_errors |= 1u << color_chunk;
  size_t used = strlen(d->call_warnings);
  snprintf(d->call_warnings + used, sizeof d->call_warnings - used, "%s%s", used > 0 ? "; " : "", text);
  gamut_png_add_warning(d, "%s", text);
}
