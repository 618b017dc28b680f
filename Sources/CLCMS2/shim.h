#ifndef GAMUT_CLCMS2_SHIM_H
#define GAMUT_CLCMS2_SHIM_H
#include <lcms2.h>
#endif
