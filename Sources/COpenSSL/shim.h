#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

// libcrypto (OpenSSL 3) for Web Push: P-256 keys, ECDSA (VAPID, RFC 8292), ECDH and HKDF with
// AES-128-GCM (message encryption, RFC 8291). Nothing else in the project uses it.
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/rand.h>
#include <openssl/bn.h>

#endif
