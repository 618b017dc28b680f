/*
 * The floor of a build: the CPU time of only decoding the sources and deflating the outputs, the part no converter
 * can skip. scripts/bench/bench compiles it (cc, libpng, zlib, libdeflate) and runs it per corpus.
 *
 * Usage: floor LEVEL --sources PNG... --outputs RAW...
 *
 * Each source is decoded whole, row by row, with libpng (inflate and unfiltering, 16-bit samples in host order, as
 * gamut reads them). Each RAW file holds the filtered image data of one of gamut's output PNGs (its IDAT stream
 * inflated, by the bench) and a first line "ROWS\n": it is deflated as gamut deflates it, at LEVEL: with libdeflate
 * in one call when its rows fit one band of 1 MiB (gamut's encode_whole), else with zlib and Z_RLE (levels 1 to 6;
 * Z_FILTERED above) in one stream; gamut's row filtering, band dictionaries, checksums and chunk writing are not
 * counted. The RAW files are read into memory before the clock starts. Prints the CPU seconds (this process, one
 * thread) of each part: "decode S\ndeflate S\n".
 */
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double cpu_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static void fail(const char *what, const char *path) {
  fprintf(stderr, "floor: %s: %s\n", what, path);
  exit(1);
}

static void decode(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) fail("cannot open", path);
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png_create_info_struct(png);
  if (png == NULL || info == NULL) fail("libpng", path);
  if (setjmp(png_jmpbuf(png))) fail("not a readable PNG", path);
  png_init_io(png, file);
  png_read_info(png, info);
  if (png_get_bit_depth(png, info) == 16) png_set_swap(png);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  png_uint_32 height = png_get_image_height(png, info);
  size_t row_bytes = png_get_rowbytes(png, info);
  png_bytep row = malloc(row_bytes);
  if (row == NULL) fail("out of memory", path);
  for (int pass = 0; pass < passes; pass++) {
    for (png_uint_32 y = 0; y < height; y++) png_read_row(png, row, NULL);
  }
  png_read_end(png, NULL);
  free(row);
  png_destroy_read_struct(&png, &info, NULL);
  fclose(file);
}

typedef struct {
  unsigned char *data;
  size_t length;
  size_t rows;
} filtered_image;

static filtered_image load(const char *path) {
  FILE *file = fopen(path, "rb");
  if (file == NULL) fail("cannot open", path);
  filtered_image image = {0};
  if (fscanf(file, "%zu\n", &image.rows) != 1) fail("no row count", path);
  long start = ftell(file);
  fseek(file, 0, SEEK_END);
  image.length = (size_t)(ftell(file) - start);
  fseek(file, start, SEEK_SET);
  image.data = malloc(image.length + 1);
  if (image.data == NULL || fread(image.data, 1, image.length, file) != image.length) fail("cannot read", path);
  fclose(file);
  return image;
}

static size_t deflate_image(const filtered_image *image, int level, unsigned char *out, size_t capacity) {
  size_t filtered_row = image->length / image->rows;
  size_t band_rows = (1u << 20) / filtered_row;
  if (band_rows == 0) band_rows = 1;
  if (image->rows <= band_rows) {
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    size_t length = libdeflate_zlib_compress(compressor, image->data, image->length, out, capacity);
    libdeflate_free_compressor(compressor);
    return length;
  }
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, level, Z_DEFLATED, 15, 8, level > 6 ? Z_FILTERED : Z_RLE) != Z_OK) return 0;
  stream.next_in = image->data;
  stream.avail_in = (uInt)image->length;
  stream.next_out = out;
  stream.avail_out = (uInt)capacity;
  int status = deflate(&stream, Z_FINISH);
  size_t length = stream.total_out;
  deflateEnd(&stream);
  return status == Z_STREAM_END ? length : 0;
}

int main(int argc, char **argv) {
  if (argc < 3 || strcmp(argv[2], "--sources") != 0) {
    fprintf(stderr, "usage: floor LEVEL --sources PNG... --outputs RAW...\n");
    return 64;
  }
  int level = atoi(argv[1]);
  int outputs_at = argc;
  for (int index = 3; index < argc; index++) {
    if (strcmp(argv[index], "--outputs") == 0) outputs_at = index;
  }
  int count = argc - outputs_at - 1;
  filtered_image *images = calloc((size_t)(count > 0 ? count : 1), sizeof *images);
  size_t largest = 0;
  for (int index = 0; index < count; index++) {
    images[index] = load(argv[outputs_at + 1 + index]);
    if (images[index].length > largest) largest = images[index].length;
  }
  size_t capacity = largest + largest / 8 + 65536;
  unsigned char *out = malloc(capacity);
  if (images == NULL || out == NULL) fail("out of memory", "outputs");

  double began = cpu_seconds();
  for (int index = 3; index < outputs_at; index++) decode(argv[index]);
  double decoded = cpu_seconds();
  for (int index = 0; index < count; index++) {
    if (deflate_image(&images[index], level, out, capacity) == 0) fail("deflate failed", argv[outputs_at + 1 + index]);
  }
  double deflated = cpu_seconds();
  printf("decode %.3f\ndeflate %.3f\n", decoded - began, deflated - decoded);
  return 0;
}
