#ifndef CSODIUM_SHIM_H
#define CSODIUM_SHIM_H

#include <sodium.h>

// The argon2id limits are macros over other macros; these give Swift typed values.
static inline unsigned long long csodium_argon2id_opslimit_interactive(void) {
    return crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE;
}
static inline size_t csodium_argon2id_memlimit_interactive(void) {
    return crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE;
}
static inline unsigned long long csodium_argon2id_opslimit_min(void) {
    return crypto_pwhash_argon2id_OPSLIMIT_MIN;
}
static inline size_t csodium_argon2id_memlimit_min(void) {
    return crypto_pwhash_argon2id_MEMLIMIT_MIN;
}
static inline int csodium_alg_argon2id13(void) {
    return crypto_pwhash_ALG_ARGON2ID13;
}
static inline size_t csodium_pwhash_strbytes(void) {
    return crypto_pwhash_STRBYTES;
}

#endif
