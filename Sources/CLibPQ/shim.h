#ifndef DEBRIEF_CLIBPQ_SHIM_H
#define DEBRIEF_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
