// SHA-256 from GNU Nettle (libnettle8): a small, real cryptographic library whose x86-64 build
// picks SHA-NI/AVX code at run time, like OpenSSL's. Chosen over libcrypto because libcrypto,
// only used here for SHA-256, cost every process ≈1.6 MB of resident memory (its code and
// relocated data) against ≈0.2 MB for nettle.
#include <nettle/sha2.h>
