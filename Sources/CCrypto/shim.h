// SHA-256 through libcrypto's low-level interface: unlike EVP, it needs no provider, library
// context or configuration file, so a process that only hashes touches a fraction of libcrypto
// (≈2 MB less resident memory) and each digest starts without a fetch. OpenSSL 3 marks these
// functions deprecated in favour of EVP; they remain supported and use the same SHA-NI/AVX code.
#define OPENSSL_SUPPRESS_DEPRECATED 1
#include <openssl/sha.h>
