#ifndef GAMUT_LCMS_H
#define GAMUT_LCMS_H

/*
 * lcms2 contexts with a memory budget, for GamutKit.
 *
 * lcms2 allocates what a profile's tags claim (a lut16 tag may claim a 500 MB table in a few bytes) and only then
 * finds the data missing. A context made here counts every allocation lcms2 makes through it (a memory-handler
 * plugin) and refuses one that would take the total past the budget, so a hostile profile fails with lcms2's own
 * "out of memory" path instead of touching hundreds of megabytes. Contexts are handed out as `void *` (an lcms2
 * `cmsContext`), so no lcms2 type appears in this header.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A new lcms2 context whose allocations may total at most `limit` bytes, carrying `user_data`; NULL on failure. */
void *gamut_lcms_context_create(size_t limit, void *user_data);

/** The `user_data` given to gamut_lcms_context_create. */
void *gamut_lcms_context_user_data(void *context);

/** Whether an allocation was refused because of the budget. */
int gamut_lcms_context_budget_exceeded(void *context);

/** Deletes the context (cmsDeleteContext) and its budget. */
void gamut_lcms_context_delete(void *context);

#ifdef __cplusplus
}
#endif

#endif
