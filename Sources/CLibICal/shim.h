#ifndef CLIBICAL_SHIM_H
#define CLIBICAL_SHIM_H

// Debian's libical-dev (libical 3): the iCalendar parser and writer (RFC 5545).
#include <libical/ical.h>

#endif
