#ifndef GAMUT_CLIBCRYPTO_SHIM_H
#define GAMUT_CLIBCRYPTO_SHIM_H
// OpenSSL's libcrypto, for SHA-256 through the EVP digest API (the low-level SHA256_* calls are deprecated in
// OpenSSL 3). Used on Linux only; Apple platforms use CryptoKit.
#include <openssl/evp.h>
#endif
