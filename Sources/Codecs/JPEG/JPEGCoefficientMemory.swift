#if canImport(Glibc)
import Glibc
#endif

/// The memory of one component's kept coefficients: zeroed, touched only where scans write,
/// and given back band by band once the final render has transformed it.
///
/// A progressive frame keeps every coefficient until its last scan, 2 bytes per sample of every
/// component: at the pixel limit more than the output itself (8192² CMYK: 512 MiB against a
/// 256 MiB canvas). On Linux the buffer is an anonymous mapping: its pages are zero until
/// written (no zero-filling pass that would make all of it resident at once), and the final
/// render gives each band back (`MADV_DONTNEED`) as soon as it was transformed, while the output
/// canvas fills up behind it. So the coefficients and the canvas are not both resident in
/// full: the peak is about the larger of the two. Elsewhere it is an ordinary zeroed allocation.
struct JPEGCoefficientMemory {
    /// The coefficients, zero until written.
    let base: UnsafeMutablePointer<Int16>
    private let byteCount: Int
    private let mapped: Bool
    /// Bytes from the start already given back.
    private var released = 0

    /// Bytes given back at least at once: a band of a few MCU rows, not a system call per row.
    private static let releaseStep = 1 << 20

    /// `count` zeroed coefficients.
    init(count: Int) {
        byteCount = count * MemoryLayout<Int16>.stride
        #if canImport(Glibc)
        let raw = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        if let raw, raw != UnsafeMutableRawPointer(bitPattern: -1) {
            base = raw.bindMemory(to: Int16.self, capacity: count)
            mapped = true
            return
        }
        #endif
        base = .allocate(capacity: count)
        base.initialize(repeating: 0, count: count)
        mapped = false
    }

    /// Gives back the memory before byte `offset` (whole pages, at least ``releaseStep`` at a
    /// time unless `final`): nothing before it is read again.
    mutating func release(before offset: Int, final: Bool = false) {
        #if canImport(Glibc)
        guard mapped else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let end = min(offset, byteCount) / page * page
        guard end > released, final || end - released >= Self.releaseStep else { return }
        _ = madvise(UnsafeMutableRawPointer(base) + released, end - released, MADV_DONTNEED)
        released = end
        #endif
    }

    /// Frees the memory.
    func deallocate() {
        #if canImport(Glibc)
        if mapped {
            _ = munmap(UnsafeMutableRawPointer(base), byteCount)
            return
        }
        #endif
        base.deallocate()
    }
}
