#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a function-pointer cast that Swift cannot
// import; this gives Swift a typed value for it.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_config is variadic, which Swift cannot call. Memory statistics make every allocation
// of every connection in the process take one global mutex: with a thread per connection that
// mutex, not the disk, becomes the limit. Must run before SQLite initializes (SQLITE_MISUSE
// after, which is harmless: it only means another caller got there first).
static inline int csqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
