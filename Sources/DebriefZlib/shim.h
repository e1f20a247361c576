#ifndef DEBRIEF_CZLIB_SHIM_H
#define DEBRIEF_CZLIB_SHIM_H
#include <zlib.h>
#endif
