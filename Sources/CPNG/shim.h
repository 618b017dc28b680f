#ifndef GAMUT_CPNG_SHIM_H
#define GAMUT_CPNG_SHIM_H
#include <png.h>
#endif
