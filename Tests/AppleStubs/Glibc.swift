// Stand-in that hides Linux's Glibc during .ci/apple-typecheck (never linked; see README.md).
// Foundation on Linux re-exports Glibc, so without this every file importing Foundation
// would see Glibc's C declarations beside the Darwin stand-in's, and the Apple branches
// would quietly type-check against Linux's shapes (`OpaquePointer` for `DIR *`, a
// `UInt32` `mode_t`, an integer `pthread_t`). Found first on the search path, it replaces
// Glibc for Foundation too, and offers only the Darwin shapes: code that picks Glibc
// before Darwin still compiles only against what an Apple SDK declares.
//
// The C module behind the real Glibc is still loaded, privately: Foundation's inlinable code
// (`Data ==` calls `memcmp`) is deserialized when a client is compiled and needs it, but an
// internal import shows none of its names to Osprey.
internal import SwiftGlibc
@_exported import Darwin
