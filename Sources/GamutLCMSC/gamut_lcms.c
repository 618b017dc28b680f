/* lcms2 contexts with a memory budget. See gamut_lcms.h. */

#include "gamut_lcms.h"

#include <lcms2_plugin.h>

#include <stdlib.h>
#include <string.h>

/** The context's user data: the budget and the caller's own user data. */
typedef struct budget {
  size_t used;
  size_t limit;
  int exceeded;
  void *user_data;
} budget;

/** Each block starts with its size, so that free and realloc can give the bytes back to the budget. */
typedef union block_header {
  size_t size;
  max_align_t alignment;
} block_header;

static budget *budget_of(cmsContext context) { return cmsGetContextUserData(context); }

/** Takes `size` bytes from the budget (nothing when the context has no budget yet); 0 when over budget. */
static int take(budget *b, size_t size) {
  if (b == NULL) return 1;
  if (size > b->limit - b->used) {
    b->exceeded = 1;
    return 0;
  }
  b->used += size;
  return 1;
}

static void give_back(budget *b, size_t size) {
  if (b != NULL) b->used = size > b->used ? 0 : b->used - size;
}

static void *budget_malloc(cmsContext context, cmsUInt32Number size) {
  budget *b = budget_of(context);
  if (!take(b, size)) return NULL;
  block_header *header = malloc(sizeof *header + size);
  if (header == NULL) {
    give_back(b, size);
    return NULL;
  }
  header->size = size;
  return header + 1;
}

static void budget_free(cmsContext context, void *pointer) {
  if (pointer == NULL) return;
  block_header *header = (block_header *)pointer - 1;
  give_back(budget_of(context), header->size);
  free(header);
}

static void *budget_realloc(cmsContext context, void *pointer, cmsUInt32Number size) {
  if (pointer == NULL) return budget_malloc(context, size);
  budget *b = budget_of(context);
  block_header *header = (block_header *)pointer - 1;
  size_t old = header->size;
  if (size > old && !take(b, size - old)) return NULL;
  block_header *moved = realloc(header, sizeof *header + size);
  if (moved == NULL) {
    if (size > old) give_back(b, size - old);
    return NULL;
  }
  if (size < old) give_back(b, old - size);
  moved->size = size;
  return moved + 1;
}

static cmsPluginMemHandler memory_plugin = {
    {cmsPluginMagicNumber, 2000, cmsPluginMemHandlerSig, NULL}, budget_malloc, budget_free, budget_realloc,
    NULL, NULL, NULL};

void *gamut_lcms_context_create(size_t limit, void *user_data) {
  budget *b = calloc(1, sizeof *b);
  if (b == NULL) return NULL;
  b->limit = limit;
  b->user_data = user_data;
  cmsContext context = cmsCreateContext(&memory_plugin, b);
  if (context == NULL) free(b);
  return context;
}

void *gamut_lcms_context_user_data(void *context) {
  budget *b = budget_of(context);
  return b == NULL ? NULL : b->user_data;
}

int gamut_lcms_context_budget_exceeded(void *context) {
  budget *b = budget_of(context);
  return b != NULL && b->exceeded;
}

void gamut_lcms_context_delete(void *context) {
  budget *b = budget_of(context);
  cmsDeleteContext(context); /* lcms2 frees the context through the plugin, which still reads the budget */
  free(b);
}
