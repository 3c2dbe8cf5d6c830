// Stand-in for Apple's Darwin module, for .ci/apple-typecheck only (never linked; see
// README.md). Self-contained: it declares, in the shapes an Apple SDK gives Swift, every C
// declaration Osprey's code reaches on Apple platforms (its `canImport(Darwin)` branches, and
// the POSIX calls Foundation re-exports there). The check hides Linux's Glibc behind
// Tests/AppleStubs/Glibc.swift, so nothing resolves against Glibc's shapes: `DIR *` is a
// typed pointer here (Glibc: `OpaquePointer`), `mode_t` is `UInt16` (Glibc: `UInt32`),
// `pthread_t` a non-optional pointer (Glibc: an integer), `nfds_t` `UInt32` (Glibc: `UInt`),
// `stat` has `st_mtimespec` (Glibc: `st_mtim`), socket constants are plain `Int32` (Glibc:
// enums) and sockets carry `sin_len`.
//
// Nullability follows the headers: a pointer in a header without nullability annotations is
// imported implicitly unwrapped (`!`); one in an `assume_nonnull` region (pthread.h,
// os/lock.h) is non-optional unless marked `_Nullable`. Integer macros import as `Int32`.
// Imported C functions may drop their results, hence `@discardableResult` on every one.

// MARK: - Integer types (sys/_types.h, sys/_types/*.h, arm64 and x86_64 alike)

/// Mirrors `mode_t` (`__darwin_mode_t`, `__uint16_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias mode_t = UInt16
/// Mirrors `off_t` (`__darwin_off_t`, `__int64_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias off_t = Int64
/// Mirrors `dev_t` (`__darwin_dev_t`, `__int32_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias dev_t = Int32
/// Mirrors `ino_t` as `struct stat` uses it (`__darwin_ino64_t`, `__uint64_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias ino_t = UInt64
/// Mirrors `nlink_t` (`__uint16_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias nlink_t = UInt16
/// Mirrors `uid_t` (`__darwin_uid_t`, `__uint32_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias uid_t = UInt32
/// Mirrors `gid_t` (`__darwin_gid_t`, `__uint32_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias gid_t = UInt32
/// Mirrors `blkcnt_t` (`__darwin_blkcnt_t`, `__int64_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias blkcnt_t = Int64
/// Mirrors `blksize_t` (`__darwin_blksize_t`, `__int32_t`). [sdk: checked, the field types of `__DARWIN_STRUCT_STAT64` in bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (their `__darwin_*` widths not re-read in sys/_types.h): same]
public typealias blksize_t = Int32
/// Mirrors `time_t` (`__darwin_time_t`, `long`). [sdk: checked, `struct timespec` in the stat.h of the same xnu commit (`__darwin_time_t`, `long`): same]
public typealias time_t = Int
/// Mirrors `socklen_t` (`__darwin_socklen_t`, `__uint32_t`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public typealias socklen_t = UInt32
/// Mirrors `sa_family_t` (`__uint8_t`; Glibc: `UInt16`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public typealias sa_family_t = UInt8
/// Mirrors `in_port_t` (`__uint16_t`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public typealias in_port_t = UInt16
/// Mirrors `in_addr_t` (`__uint32_t`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public typealias in_addr_t = UInt32
/// Mirrors `nfds_t` (`unsigned int`; Glibc: `unsigned long`). [sdk: unchecked: Apple's poll.h is not in the stored mirrors; a clang test quoting `#if defined(__APPLE__) typedef unsigned int nfds_t;` agrees]
public typealias nfds_t = UInt32

// MARK: - errno.h, string.h, stdlib.h, unistd.h

/// Mirrors the Darwin overlay's `errno: Int32 { get set }`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
public var errno: Int32 {
    get { fatalError() }
    set { fatalError() }
}
/// Mirrors `EPERM`..`ENOBUFS` and the other `errno` values Osprey names (macros, `Int32`). [sdk: unchecked: sys/errno.h not read; only the type matters here (integer macros import as `Int32`)]
public var ENOENT: Int32 { 2 }
public var EINTR: Int32 { 4 }
public var ENXIO: Int32 { 6 }
public var ENOMEM: Int32 { 12 }
public var EACCES: Int32 { 13 }
public var EEXIST: Int32 { 17 }
public var ENOTDIR: Int32 { 20 }
public var EISDIR: Int32 { 21 }
public var ENFILE: Int32 { 23 }
public var EMFILE: Int32 { 24 }
public var EAGAIN: Int32 { 35 }
public var EWOULDBLOCK: Int32 { 35 }
public var ENOBUFS: Int32 { 55 }
public var ELOOP: Int32 { 62 }
public var ENOTEMPTY: Int32 { 66 }

/// Mirrors the Darwin overlay's `POSIXErrorCode` (an `Int32` enum; the type of `POSIXError.Code`, [sdk: checked, stdlib/public/Platform/POSIXError.swift (Swift overlay source, Darwin branch, found with find_string): same (`@objc public enum POSIXErrorCode : Int32`; the other cases are left out)]
/// which Foundation looks up by name). Only two of its cases are declared. [sdk: unchecked]
public enum POSIXErrorCode: Int32 {
    /// Mirrors `POSIXErrorCode.EPERM`. [sdk: checked, stdlib/public/Platform/POSIXError.swift (Swift overlay source, Darwin branch, found with find_string): same (`@objc public enum POSIXErrorCode : Int32`; the other cases are left out)]
    case EPERM = 1
    /// Mirrors `POSIXErrorCode.ENOENT`. [sdk: checked, stdlib/public/Platform/POSIXError.swift (Swift overlay source, Darwin branch, found with find_string): same (`@objc public enum POSIXErrorCode : Int32`; the other cases are left out)]
    case ENOENT = 2
}

/// Mirrors `strerror(_ __errnum: Int32) -> UnsafeMutablePointer<CChar>!`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
@discardableResult
public func strerror(_ __errnum: Int32) -> UnsafeMutablePointer<CChar>! { fatalError() }
/// Mirrors `strlen(_ __s: UnsafePointer<CChar>!) -> Int`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
@discardableResult
public func strlen(_ __s: UnsafePointer<CChar>!) -> Int { fatalError() }
/// Mirrors `memcmp(_ __s1: UnsafeRawPointer!, _ __s2: UnsafeRawPointer!, _ __n: Int) -> Int32`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
@discardableResult
public func memcmp(_ __s1: UnsafeRawPointer!, _ __s2: UnsafeRawPointer!, _ __n: Int) -> Int32 { fatalError() }
/// Mirrors `malloc(_ __size: Int) -> UnsafeMutableRawPointer!` (no nullability in `malloc/_malloc.h`; Glibc's is the same). [sdk: checked, malloc/_malloc.h (libmalloc text found with find_string: `void * __sized_by_or_null(__size) malloc(size_t)`, no nullability, so `!`; free takes `void *`): same]
@discardableResult
public func malloc(_ __size: Int) -> UnsafeMutableRawPointer! { fatalError() }
/// Mirrors `free(_: UnsafeMutableRawPointer!)`. [sdk: checked, malloc/_malloc.h (libmalloc text found with find_string: `void * __sized_by_or_null(__size) malloc(size_t)`, no nullability, so `!`; free takes `void *`): same]
public func free(_ __ptr: UnsafeMutableRawPointer!) { fatalError() }
/// Mirrors `realloc(_ __ptr: UnsafeMutableRawPointer!, _ __size: Int) -> UnsafeMutableRawPointer!`. [sdk: checked, malloc/_malloc.h (a preprocessed Darwin stdlib found with find_string: `void *realloc(void *__ptr, size_t __size) __attribute__((__warn_unused_result__)) __attribute__((alloc_size(2)))`, no nullability, so `!`): same]
public func realloc(_ __ptr: UnsafeMutableRawPointer!, _ __size: Int) -> UnsafeMutableRawPointer! { fatalError() }

/// Mirrors `read(_: Int32, _: UnsafeMutableRawPointer!, _: Int) -> Int`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer!, _ count: Int) -> Int { fatalError() }
/// Mirrors `write(_ __fd: Int32, _ __buf: UnsafeRawPointer!, _ __nbyte: Int) -> Int`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func write(_ __fd: Int32, _ __buf: UnsafeRawPointer!, _ __nbyte: Int) -> Int { fatalError() }
/// Mirrors `close(_: Int32) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func close(_ fd: Int32) -> Int32 { fatalError() }
/// Mirrors `unlink(_: UnsafePointer<CChar>!) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func unlink(_ path: UnsafePointer<CChar>!) -> Int32 { fatalError() }
/// Mirrors `unlinkat(_: Int32, _: UnsafePointer<CChar>!, _: Int32) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func unlinkat(_ fd: Int32, _ path: UnsafePointer<CChar>!, _ flag: Int32) -> Int32 { fatalError() }
/// Mirrors `rmdir(_: UnsafePointer<CChar>!) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func rmdir(_ path: UnsafePointer<CChar>!) -> Int32 { fatalError() }
/// Mirrors `rename(_ __old: UnsafePointer<CChar>!, _ __new: UnsafePointer<CChar>!) -> Int32` (stdio.h). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func rename(_ __old: UnsafePointer<CChar>!, _ __new: UnsafePointer<CChar>!) -> Int32 { fatalError() }
/// Mirrors `exit(_: Int32) -> Never` (stdlib.h's `__dead2` imports as `Never`). [sdk: unchecked: Apple's stdio.h and stdlib.h were not read in this pass]
public func exit(_ status: Int32) -> Never { fatalError() }
/// Mirrors `FILE` (`struct __sFILE`, complete in Darwin's stdio.h, so `FILE *` imports as [sdk: unchecked: Apple's stdio.h and stdlib.h were not read in this pass]
/// `UnsafeMutablePointer<FILE>`; Glibc's `FILE` is also a struct). Fields left out. [sdk: unchecked]
public struct FILE {}
/// Mirrors `fflush(_: UnsafeMutablePointer<FILE>!) -> Int32` (nil flushes every stream). [sdk: unchecked: Apple's stdio.h and stdlib.h were not read in this pass]
@discardableResult
public func fflush(_ stream: UnsafeMutablePointer<FILE>!) -> Int32 { fatalError() }
/// Mirrors `isatty(_: Int32) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func isatty(_ fd: Int32) -> Int32 { fatalError() }
/// Mirrors `STDOUT_FILENO: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var STDOUT_FILENO: Int32 { 1 }
/// Mirrors `sysconf(_: Int32) -> Int`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func sysconf(_ name: Int32) -> Int { fatalError() }
/// Mirrors `_SC_PAGESIZE: Int32` (a macro; Glibc: an enum case). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var _SC_PAGESIZE: Int32 { 29 }

// MARK: - fcntl.h (with the Darwin overlay's non-variadic `open`, `openat`, `fcntl`)

/// Mirrors the overlay's `open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
@discardableResult
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
/// Mirrors the overlay's `open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
@discardableResult
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError() }
/// Mirrors the overlay's `openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
@discardableResult
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
/// Mirrors the overlay's `fcntl(_ fd: Int32, _ cmd: Int32) -> Int32`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
@discardableResult
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError() }
/// Mirrors the overlay's `fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
@discardableResult
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError() }
/// Mirrors the `O_*` flags Osprey uses (macros, `Int32`; Darwin's values). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var O_RDONLY: Int32 { 0x0000 }
public var O_WRONLY: Int32 { 0x0001 }
public var O_NONBLOCK: Int32 { 0x0004 }
public var O_CREAT: Int32 { 0x0200 }
public var O_EXCL: Int32 { 0x0800 }
public var O_NOCTTY: Int32 { 0x20000 }
public var O_DIRECTORY: Int32 { 0x100000 }
public var O_NOFOLLOW: Int32 { 0x0100 }
public var O_CLOEXEC: Int32 { 0x1000000 }
/// Mirrors `F_GETFL`, `F_SETFL`, `F_SETFD`, `FD_CLOEXEC` (macros, `Int32`). [sdk: unchecked: fcntl.h not read; only the type matters here (integer macros import as `Int32`)]
public var F_GETFL: Int32 { 3 }
public var F_SETFL: Int32 { 4 }
public var F_SETFD: Int32 { 2 }
public var FD_CLOEXEC: Int32 { 1 }
/// Mirrors `AT_SYMLINK_NOFOLLOW` and `AT_REMOVEDIR` (macros, `Int32`). [sdk: unchecked: fcntl.h not read; only the type matters here (integer macros import as `Int32`)]
public var AT_SYMLINK_NOFOLLOW: Int32 { 0x0020 }
public var AT_REMOVEDIR: Int32 { 0x0080 }

// MARK: - sys/stat.h

/// Mirrors `timespec` (`tv_sec: __darwin_time_t`, `tv_nsec: Int`). [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
public struct timespec {
    /// Mirrors `timespec.tv_sec: Int`. [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
    public var tv_sec: Int
    /// Mirrors `timespec.tv_nsec: Int`. [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
    public var tv_nsec: Int
    /// Mirrors the imported zero initializer `timespec()`. [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
    public init() { tv_sec = 0; tv_nsec = 0 }
    /// Mirrors the imported memberwise `timespec(tv_sec:tv_nsec:)`. [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
    public init(tv_sec: Int, tv_nsec: Int) { self.tv_sec = tv_sec; self.tv_nsec = tv_nsec }
}

/// Mirrors `struct stat` with 64-bit inodes (the only layout on arm64 and in 64-bit apps): [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
/// times are `st_atimespec`/`st_mtimespec`/`st_ctimespec`/`st_birthtimespec`, not Glibc's `st_mtim`. [sdk: unchecked]
public struct stat {
    public var st_dev: dev_t
    public var st_mode: mode_t
    public var st_nlink: nlink_t
    public var st_ino: ino_t
    public var st_uid: uid_t
    public var st_gid: gid_t
    public var st_rdev: dev_t
    public var st_atimespec: timespec
    public var st_mtimespec: timespec
    public var st_ctimespec: timespec
    public var st_birthtimespec: timespec
    public var st_size: off_t
    public var st_blocks: blkcnt_t
    public var st_blksize: blksize_t
    public var st_flags: UInt32
    public var st_gen: UInt32
    public var st_lspare: Int32
    public var st_qspare: (Int64, Int64)
    /// Mirrors the imported zero initializer `stat()`. [sdk: checked, bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (`__DARWIN_STRUCT_STAT64`, the only layout with 64-bit inodes): same]
    public init() { fatalError() }
}
// The function `stat(_:_:)` is left out: Swift cannot declare it beside the struct (a C
// import can), and Osprey calls `lstat`, `fstat` and `fstatat` only.
/// Mirrors `lstat(_: UnsafePointer<CChar>!, _: UnsafeMutablePointer<stat>!) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (no nullability, so `!`; `fstatat` iOS 8 / macOS 10.10, `futimens` iOS 11 / macOS 10.13, under the iOS 15 / macOS 12 floor): same]
@discardableResult
public func lstat(_ path: UnsafePointer<CChar>!, _ buffer: UnsafeMutablePointer<stat>!) -> Int32 { fatalError() }
/// Mirrors `fstat(_: Int32, _: UnsafeMutablePointer<stat>!) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (no nullability, so `!`; `fstatat` iOS 8 / macOS 10.10, `futimens` iOS 11 / macOS 10.13, under the iOS 15 / macOS 12 floor): same]
@discardableResult
public func fstat(_ fd: Int32, _ buffer: UnsafeMutablePointer<stat>!) -> Int32 { fatalError() }
/// Mirrors `fstatat(_: Int32, _: UnsafePointer<CChar>!, _: UnsafeMutablePointer<stat>!, _: Int32) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (no nullability, so `!`; `fstatat` iOS 8 / macOS 10.10, `futimens` iOS 11 / macOS 10.13, under the iOS 15 / macOS 12 floor): same]
@discardableResult
public func fstatat(_ fd: Int32, _ path: UnsafePointer<CChar>!, _ buffer: UnsafeMutablePointer<stat>!, _ flag: Int32) -> Int32 { fatalError() }
/// Mirrors `mkdir(_: UnsafePointer<CChar>!, _: mode_t) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (no nullability, so `!`; `fstatat` iOS 8 / macOS 10.10, `futimens` iOS 11 / macOS 10.13, under the iOS 15 / macOS 12 floor): same]
@discardableResult
public func mkdir(_ path: UnsafePointer<CChar>!, _ mode: mode_t) -> Int32 { fatalError() }
/// Mirrors `futimens(_ __fd: Int32, _ __times: UnsafePointer<timespec>!) -> Int32` (iOS 11, macOS 10.13). [sdk: checked, the prototypes at the end of bsd/sys/stat.h of apple-oss-distributions/xnu@5c2921b (no nullability, so `!`; `fstatat` iOS 8 / macOS 10.10, `futimens` iOS 11 / macOS 10.13, under the iOS 15 / macOS 12 floor): same]
@discardableResult
public func futimens(_ __fd: Int32, _ __times: UnsafePointer<timespec>!) -> Int32 { fatalError() }
/// Mirrors the overlay's `S_IFMT: mode_t`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
public var S_IFMT: mode_t { 0o170000 }
/// Mirrors the overlay's `S_IFDIR: mode_t`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
public var S_IFDIR: mode_t { 0o040000 }
/// Mirrors the overlay's `S_IFREG: mode_t`. [sdk: checked, stdlib/public/Platform/Platform.swift of swiftlang/swift (the Darwin overlay): same]
public var S_IFREG: mode_t { 0o100000 }

// MARK: - dirent.h

/// Mirrors `DIR`: a complete struct in Darwin's dirent.h, so `DIR *` imports as [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
/// `UnsafeMutablePointer<DIR>` (Glibc's `DIR` is incomplete: `OpaquePointer`). Fields left out. [sdk: unchecked]
public struct DIR {}
/// Mirrors `struct dirent` with 64-bit inodes (`d_name` is 1024 `CChar`s; Glibc's 256). [sdk: checked, sys/dirent.h `__DARWIN_STRUCT_DIRENTRY` (SDK copy found with find_string, repository not named; `d_name[__DARWIN_MAXPATHLEN]`, 1024): same]
public struct dirent {
    public var d_ino: UInt64
    public var d_seekoff: UInt64
    public var d_reclen: UInt16
    public var d_namlen: UInt16
    public var d_type: UInt8
    public var d_name: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
}
/// Mirrors `opendir(_: UnsafePointer<CChar>!) -> UnsafeMutablePointer<DIR>!`. [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
@discardableResult
public func opendir(_ path: UnsafePointer<CChar>!) -> UnsafeMutablePointer<DIR>! { fatalError() }
/// Mirrors `fdopendir(_: Int32) -> UnsafeMutablePointer<DIR>!` (iOS 8, macOS 10.10). [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
@discardableResult
public func fdopendir(_ fd: Int32) -> UnsafeMutablePointer<DIR>! { fatalError() }
/// Mirrors `readdir(_: UnsafeMutablePointer<DIR>!) -> UnsafeMutablePointer<dirent>!`. [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
@discardableResult
public func readdir(_ dir: UnsafeMutablePointer<DIR>!) -> UnsafeMutablePointer<dirent>! { fatalError() }
/// Mirrors `closedir(_: UnsafeMutablePointer<DIR>!) -> Int32`. [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
@discardableResult
public func closedir(_ dir: UnsafeMutablePointer<DIR>!) -> Int32 { fatalError() }
/// Mirrors `dirfd(_ dirp: UnsafeMutablePointer<DIR>!) -> Int32` (a function since iOS 6, macOS 10.8). [sdk: checked, Libc include/dirent.h (Apple Libc with the `__dd_fd` layout, found with find_string; no nullability, so `!`): same]
@discardableResult
public func dirfd(_ dirp: UnsafeMutablePointer<DIR>!) -> Int32 { fatalError() }

// MARK: - sys/mman.h

/// Mirrors `mmap(_: UnsafeMutableRawPointer!, _: Int, _: Int32, _: Int32, _: Int32, _: off_t) -> UnsafeMutableRawPointer!`. [sdk: checked, bsd/sys/mman.h of apple-oss-distributions/xnu@8d741a5 (prototypes without nullability, so `!`; `size_t` as `Int`): same]
@discardableResult
public func mmap(_ addr: UnsafeMutableRawPointer!, _ len: Int, _ prot: Int32, _ flags: Int32, _ fd: Int32, _ offset: off_t) -> UnsafeMutableRawPointer! { fatalError() }
/// Mirrors `munmap(_: UnsafeMutableRawPointer!, _: Int) -> Int32`. [sdk: checked, bsd/sys/mman.h of apple-oss-distributions/xnu@8d741a5 (prototypes without nullability, so `!`; `size_t` as `Int`): same]
@discardableResult
public func munmap(_ addr: UnsafeMutableRawPointer!, _ len: Int) -> Int32 { fatalError() }
/// Mirrors `madvise(_: UnsafeMutableRawPointer!, _: Int, _: Int32) -> Int32`. [sdk: checked, bsd/sys/mman.h of apple-oss-distributions/xnu@8d741a5 (prototypes without nullability, so `!`; `size_t` as `Int`): same]
@discardableResult
public func madvise(_ addr: UnsafeMutableRawPointer!, _ len: Int, _ advice: Int32) -> Int32 { fatalError() }
/// Mirrors `PROT_READ`, `PROT_WRITE`, `MAP_PRIVATE`, `MAP_ANONYMOUS`, `MADV_DONTNEED` (macros, `Int32`). [sdk: unchecked: the values in bsd/sys/mman.h were not read; only the type matters here (integer macros import as `Int32`)]
public var PROT_READ: Int32 { 0x01 }
public var PROT_WRITE: Int32 { 0x02 }
public var MAP_PRIVATE: Int32 { 0x0002 }
public var MAP_ANONYMOUS: Int32 { 0x1000 }
public var MADV_DONTNEED: Int32 { 4 }

// MARK: - time.h

/// Mirrors `struct tm` (with Darwin's `tm_gmtoff: Int` and `tm_zone`). [sdk: unchecked: the header was not found in the stored mirrors in this pass]
public struct tm {
    public var tm_sec: Int32
    public var tm_min: Int32
    public var tm_hour: Int32
    public var tm_mday: Int32
    public var tm_mon: Int32
    public var tm_year: Int32
    public var tm_wday: Int32
    public var tm_yday: Int32
    public var tm_isdst: Int32
    public var tm_gmtoff: Int
    public var tm_zone: UnsafeMutablePointer<CChar>!
    /// Mirrors the imported zero initializer `tm()`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
    public init() { fatalError() }
}
/// Mirrors `gmtime_r(_: UnsafePointer<time_t>!, _: UnsafeMutablePointer<tm>!) -> UnsafeMutablePointer<tm>!`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
@discardableResult
public func gmtime_r(_ clock: UnsafePointer<time_t>!, _ result: UnsafeMutablePointer<tm>!) -> UnsafeMutablePointer<tm>! { fatalError() }
/// Mirrors `timegm(_: UnsafeMutablePointer<tm>!) -> time_t`. [sdk: unchecked: the header was not found in the stored mirrors in this pass]
@discardableResult
public func timegm(_ time: UnsafeMutablePointer<tm>!) -> time_t { fatalError() }

// MARK: - os/lock.h

/// Mirrors `os.os_unfair_lock_s` (the value behind `os_unfair_lock`). [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same]
public struct os_unfair_lock_s {
    /// Mirrors `os_unfair_lock_s.init()` (the unlocked state, `OS_UNFAIR_LOCK_INIT`). [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same]
    public init() {}
}
/// Mirrors `os.os_unfair_lock`. [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same]
public typealias os_unfair_lock = os_unfair_lock_s
/// Mirrors `os.os_unfair_lock_t`. [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same]
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>
/// Mirrors `os.os_unfair_lock_lock(_ lock: os_unfair_lock_t)`. [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same, and both carry `OS_SWIFT_UNAVAILABLE_FROM_ASYNC`: added as `@_unavailableFromAsync`]
@_unavailableFromAsync(message: "a lock held across a suspension blocks its thread")
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { fatalError() }
/// Mirrors `os.os_unfair_lock_unlock(_ lock: os_unfair_lock_t)`. [sdk: checked, os/lock.h (Apple libplatform text found with find_string, repository not named; `assume_nonnull`): same, and both carry `OS_SWIFT_UNAVAILABLE_FROM_ASYNC`: added as `@_unavailableFromAsync`]
@_unavailableFromAsync(message: "a lock held across a suspension blocks its thread")
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { fatalError() }

// MARK: - pthread.h (inside `assume_nonnull`)

/// Mirrors `_opaque_pthread_t`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
public struct _opaque_pthread_t {}
/// Mirrors `pthread_t` (`__darwin_pthread_t`: a pointer, non-optional; Glibc: `UInt`). [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>
/// Mirrors `_opaque_pthread_attr_t`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
public struct _opaque_pthread_attr_t {}
/// Mirrors `pthread_attr_t` (`__darwin_pthread_attr_t`). [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
public typealias pthread_attr_t = _opaque_pthread_attr_t
/// Mirrors `pthread_create(_: UnsafeMutablePointer<pthread_t?>, _: UnsafePointer<pthread_attr_t>?, _: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) -> Int32`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): the start routine takes `void * _Nullable` and the thread pointer is `_Nonnull`; the stand-in had `(UnsafeMutableRawPointer) -> …` and `UnsafeMutablePointer<pthread_t?>!`: fixed]
@discardableResult
public func pthread_create(
    _ thread: UnsafeMutablePointer<pthread_t?>, _ attributes: UnsafePointer<pthread_attr_t>?,
    _ start: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
    _ argument: UnsafeMutableRawPointer?
) -> Int32 { fatalError() }
/// Mirrors `pthread_self() -> pthread_t`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
@discardableResult
public func pthread_self() -> pthread_t { fatalError() }
/// Mirrors `pthread_equal(_: pthread_t?, _: pthread_t?) -> Int32`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
@discardableResult
public func pthread_equal(_ first: pthread_t?, _ second: pthread_t?) -> Int32 { fatalError() }
/// Mirrors `pthread_detach(_: pthread_t) -> Int32`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
@discardableResult
public func pthread_detach(_ thread: pthread_t) -> Int32 { fatalError() }
/// Mirrors `pthread_join(_: pthread_t, _: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32`. [sdk: checked, include/pthread/pthread.h of apple/darwin-libpthread@fe48dac (inside `assume_nonnull`): same]
@discardableResult
public func pthread_join(_ thread: pthread_t, _ value: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32 { fatalError() }

// MARK: - sys/socket.h, netinet/in.h, netinet/tcp.h, poll.h

/// Mirrors `struct sockaddr` (BSD: `sa_len` first). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public struct sockaddr {
    public var sa_len: UInt8
    public var sa_family: sa_family_t
    public var sa_data: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
    /// Mirrors the imported zero initializer `sockaddr()`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
    public init() { fatalError() }
}
/// Mirrors `struct in_addr`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public struct in_addr {
    public var s_addr: in_addr_t
    /// Mirrors the imported memberwise `in_addr(s_addr:)`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
    public init(s_addr: in_addr_t) { self.s_addr = s_addr }
}
/// Mirrors `struct sockaddr_in` (BSD: `sin_len: __uint8_t` first). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public struct sockaddr_in {
    public var sin_len: UInt8
    public var sin_family: sa_family_t
    public var sin_port: in_port_t
    public var sin_addr: in_addr
    public var sin_zero: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
    /// Mirrors the imported zero initializer `sockaddr_in()`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
    public init() { fatalError() }
}
/// Mirrors `socket(_: Int32, _: Int32, _: Int32) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func socket(_ domain: Int32, _ type: Int32, _ protocol: Int32) -> Int32 { fatalError() }
/// Mirrors `setsockopt(_: Int32, _: Int32, _: Int32, _: UnsafeRawPointer!, _: socklen_t) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func setsockopt(_ socket: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer!, _ length: socklen_t) -> Int32 { fatalError() }
/// Mirrors `bind(_: Int32, _: UnsafePointer<sockaddr>!, _: socklen_t) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func bind(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 { fatalError() }
/// Mirrors `listen(_: Int32, _: Int32) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func listen(_ socket: Int32, _ backlog: Int32) -> Int32 { fatalError() }
/// Mirrors `getsockname(_: Int32, _: UnsafeMutablePointer<sockaddr>!, _: UnsafeMutablePointer<socklen_t>!) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func getsockname(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: UnsafeMutablePointer<socklen_t>!) -> Int32 { fatalError() }
/// Mirrors `accept(_: Int32, _: UnsafeMutablePointer<sockaddr>!, _: UnsafeMutablePointer<socklen_t>!) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func accept(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: UnsafeMutablePointer<socklen_t>!) -> Int32 { fatalError() }
/// Mirrors `send(_: Int32, _: UnsafeRawPointer!, _: Int, _: Int32) -> Int`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func send(_ socket: Int32, _ buffer: UnsafeRawPointer!, _ length: Int, _ flags: Int32) -> Int { fatalError() }
/// Mirrors `recv(_: Int32, _: UnsafeMutableRawPointer!, _: Int, _: Int32) -> Int`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func recv(_ socket: Int32, _ buffer: UnsafeMutableRawPointer!, _ length: Int, _ flags: Int32) -> Int { fatalError() }
/// Mirrors `shutdown(_: Int32, _: Int32) -> Int32`. [sdk: checked, the prototypes at the end of bsd/sys/socket.h of apple-oss-distributions/xnu@1031c58 (no nullability, so `!`; `ssize_t`/`size_t` as `Int`): same]
@discardableResult
public func shutdown(_ socket: Int32, _ how: Int32) -> Int32 { fatalError() }
/// Mirrors `AF_INET: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var AF_INET: Int32 { 2 }
/// Mirrors Darwin's `SOCK_STREAM: Int32` (Glibc: a `__socket_type` value). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SOCK_STREAM: Int32 { 1 }
/// Mirrors `SOL_SOCKET: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SOL_SOCKET: Int32 { 0xffff }
/// Mirrors `SO_REUSEADDR: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SO_REUSEADDR: Int32 { 0x0004 }
/// Mirrors Darwin's `SO_NOSIGPIPE: Int32` (no Linux equivalent; Linux passes `MSG_NOSIGNAL`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SO_NOSIGPIPE: Int32 { 0x1022 }
/// Mirrors Darwin's `IPPROTO_TCP: Int32` (a macro; Glibc: an enum case). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var IPPROTO_TCP: Int32 { 6 }
/// Mirrors `TCP_NODELAY: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var TCP_NODELAY: Int32 { 0x01 }
/// Mirrors Darwin's `SHUT_WR: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SHUT_WR: Int32 { 1 }
/// Mirrors Darwin's `SHUT_RDWR: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var SHUT_RDWR: Int32 { 2 }
/// Mirrors Darwin's `MSG_PEEK: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var MSG_PEEK: Int32 { 0x2 }
/// Mirrors Darwin's `MSG_DONTWAIT: Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var MSG_DONTWAIT: Int32 { 0x80 }
/// Mirrors `struct pollfd` (`fd: Int32`, `events: Int16`, `revents: Int16`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public struct pollfd {
    public var fd: Int32
    public var events: Int16
    public var revents: Int16
    /// Mirrors the imported memberwise `pollfd(fd:events:revents:)`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
    public init(fd: Int32, events: Int16, revents: Int16) { self.fd = fd; self.events = events; self.revents = revents }
}
/// Mirrors `poll(_: UnsafeMutablePointer<pollfd>!, _: nfds_t, _: Int32) -> Int32`. [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
@discardableResult
public func poll(_ fds: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ timeout: Int32) -> Int32 { fatalError() }
/// Mirrors `POLLIN`, `POLLERR`, `POLLNVAL` (macros, `Int32`). [sdk: unchecked: the socket structs and constants of bsd/sys/socket.h and bsd/netinet/in.h, and poll.h, unistd.h and stdio.h, were not read in this pass]
public var POLLIN: Int32 { 0x0001 }
public var POLLERR: Int32 { 0x0008 }
public var POLLNVAL: Int32 { 0x0020 }
