#ifndef DEBRIEF_CQRENCODE_SHIM_H
#define DEBRIEF_CQRENCODE_SHIM_H
#include <qrencode.h>
#endif
