// Hands a fuzz target's process to libFuzzer.
//
// SwiftPM links an executable's `main` to a function named `<module>_main`, so libFuzzer's own
// `main` is never linked in; each target defines `<module>_main` and calls this instead.
#include <stddef.h>
#include <stdint.h>

/// The function each target defines with `@_cdecl("LLVMFuzzerTestOneInput")`.
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/// libFuzzer's driver (compiler-rt, linked by `-sanitize=fuzzer`).
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*test_one_input)(const uint8_t *data, size_t size));

/// Runs libFuzzer with the process's arguments and this target's `LLVMFuzzerTestOneInput`.
static inline int checklists_fuzz_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
