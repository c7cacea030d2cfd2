#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

// Debian's libpq-dev puts the header under /usr/include/postgresql (pkg-config libpq).
#include <libpq-fe.h>

#endif
