#include "gamut_png.h"
