#ifndef GAMUT_CDEFLATE_SHIM_H
#define GAMUT_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
