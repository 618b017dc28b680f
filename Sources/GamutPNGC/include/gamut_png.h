#ifndef GAMUT_PNG_H
#define GAMUT_PNG_H
/* Placeholder: the libpng wrapper's API is declared here. */
#endif
