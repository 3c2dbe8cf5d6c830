// Stand-in for Apple's Darwin module, for .ci/apple-typecheck only (never linked; see
// README.md). It re-exports Glibc for the POSIX calls both systems share, and declares only
// what Osprey's `#if canImport(Darwin)` branches use that Glibc spells differently. Its own
// declarations shadow Glibc's where the names clash. Limits: `pthread_t` stays Glibc's
// integer here (Darwin's is a pointer); Osprey's code only passes it around opaquely.
@_exported import Glibc

/// Mirrors `os.os_unfair_lock_s` (the value behind `os_unfair_lock`). [sdk: unchecked in this pass]
public struct os_unfair_lock_s {
    /// Mirrors `os_unfair_lock_s.init()` (the unlocked state, `OS_UNFAIR_LOCK_INIT`). [sdk: unchecked in this pass]
    public init() {}
}
/// Mirrors `os.os_unfair_lock`. [sdk: unchecked in this pass]
public typealias os_unfair_lock = os_unfair_lock_s
/// Mirrors `os.os_unfair_lock_t`. [sdk: unchecked in this pass]
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>
/// Mirrors `os.os_unfair_lock_lock(_ lock: os_unfair_lock_t)`. [sdk: unchecked in this pass]
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { fatalError() }
/// Mirrors `os.os_unfair_lock_unlock(_ lock: os_unfair_lock_t)`. [sdk: unchecked in this pass]
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { fatalError() }

extension stat {
    /// Mirrors Darwin's `stat.st_mtimespec: timespec` (Glibc's `st_mtim`). [sdk: unchecked in this pass]
    public var st_mtimespec: timespec { fatalError() }
}

extension sockaddr_in {
    /// Mirrors Darwin's `sockaddr_in.sin_len: __uint8_t` (BSD sockets carry their length). [sdk: unchecked in this pass]
    public var sin_len: UInt8 {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Mirrors Darwin's `SOCK_STREAM: Int32` (Glibc: a `__socket_type` value). [sdk: unchecked in this pass]
public var SOCK_STREAM: Int32 { fatalError() }
/// Mirrors Darwin's `SHUT_WR: Int32`. [sdk: unchecked in this pass]
public var SHUT_WR: Int32 { fatalError() }
/// Mirrors Darwin's `SHUT_RDWR: Int32`. [sdk: unchecked in this pass]
public var SHUT_RDWR: Int32 { fatalError() }
/// Mirrors Darwin's `MSG_PEEK: Int32`. [sdk: unchecked in this pass]
public var MSG_PEEK: Int32 { fatalError() }
/// Mirrors Darwin's `MSG_DONTWAIT: Int32`. [sdk: unchecked in this pass]
public var MSG_DONTWAIT: Int32 { fatalError() }
/// Mirrors Darwin's `SO_NOSIGPIPE: Int32` (no Linux equivalent; Linux passes `MSG_NOSIGNAL`). [sdk: unchecked in this pass]
public var SO_NOSIGPIPE: Int32 { fatalError() }

/// Mirrors Darwin's `pthread_create(_: UnsafeMutablePointer<pthread_t?>!, _: UnsafePointer<pthread_attr_t>?, _: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) -> Int32`. [sdk: unchecked in this pass]
public func pthread_create(
    _ thread: UnsafeMutablePointer<pthread_t?>!, _ attributes: UnsafePointer<pthread_attr_t>?,
    _ start: @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?,
    _ argument: UnsafeMutableRawPointer?
) -> Int32 { fatalError() }
