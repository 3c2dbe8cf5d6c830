import OspreyCore

/// What a scan may cost: how many scans a frame may have, which scans add nothing, and the
/// work each one counts against ``DecodeOptions/decodeWorkBudget``.
///
/// Every scan of a progressive frame walks every block of its components again, so a small file
/// of many scans over a large frame is hours of work per kilobyte unless each scan pays. Three
/// rules bound it:
/// - A scan must advance the successive approximation of every coefficient it covers: its low
///   bit `Al` must be below the last one decoded for each coefficient of its band in each of its
///   components (T.81 G.1.1.1.1: each refinement adds the next lower bit). A repeat of a scan,
///   or a refinement of bits already there, adds nothing and makes the file damaged
///   (``ImageError/Code/badImageData``). So a coefficient is touched by at most 14 scans (Al is
///   13 at most), and a sequential frame codes each component once.
/// - At most ``maxScans`` scans (libjpeg-turbo leaves its limit, `TJPARAM_SCANLIMIT`, to the
///   caller; its own fuzz targets use 500, the value taken here); past it the file is refused.
/// - Each decoded scan counts its work against the budget before it runs (``scanWork(_:)``).
extension JPEGDecodeSession {
    /// The most scans a frame may have. Encoders write about ten (libjpeg's default script) to
    /// a few dozen (mozjpeg's searched scripts); the rule above allows at most 14 per
    /// coefficient of each component, i.e. thousands, which only a hostile file has.
    static let maxScans = 500

    /// The approximation state before any scan: above every legal `Al` (0…13).
    static let noBitsDecoded: UInt8 = 14

    /// Coefficient visits that count as one pixel of work. A scan's per-block work is a walk of
    /// its band: about a nanosecond per coefficient for a refinement, where a full decode is
    /// a few nanoseconds per pixel (entropy decode, transform, upsampling, colour).
    static let coefficientVisitsPerPixel = 4

    /// Checks that `scan` advances the successive approximation of every coefficient of its
    /// band in each of its components, and records the bits it brings.
    func recordApproximation(_ scan: JPEGScan) throws(ImageError) {
        let low = UInt8(scan.approximationLow)
        for c in scan.components {
            for k in scan.spectralStart...scan.spectralEnd where low >= c.decodedBits[k] {
                throw ImageError(.badImageData)
            }
        }
        for c in scan.components {
            for k in scan.spectralStart...scan.spectralEnd { c.decodedBits[k] = low }
        }
    }

    /// The work of decoding `scan`, in pixels: every block it codes (whole MCUs when it is
    /// interleaved) times the coefficients of its band plus one for the block itself, over
    /// ``coefficientVisitsPerPixel``.
    func scanWork(_ scan: JPEGScan) -> Int {
        let single = scan.components.count == 1
        let band = scan.spectralEnd - scan.spectralStart + 2
        let visits = scan.components.reduce(0) { sum, c in
            let blocks = single ? c.blocksWide * c.blocksHigh : c.paddedBlocksWide * c.paddedBlocksHigh
            return sum + blocks * band
        }
        return (visits + Self.coefficientVisitsPerPixel - 1) / Self.coefficientVisitsPerPixel
    }

    /// Counts `work` pixels against the budget, or throws ``ImageError/Code/imageTooLarge``
    /// when they would exceed it (before the work is done).
    func chargeWork(_ work: Int) throws(ImageError) {
        let (total, overflow) = workDone.addingReportingOverflow(work)
        guard !overflow, total <= options.decodeWorkBudget else { throw ImageError(.imageTooLarge) }
        workDone = total
    }

    /// Whether `scan`'s data is not needed for the output: an AC scan of a component decoded
    /// at 1/8 scale, where each block is its DC alone. Its entropy-coded data is passed over
    /// to the next marker unread, and the component keeps no AC coefficients at all.
    ///
    /// At 1/4 and 1/2 every AC scan is decoded, although the reduced transforms ignore some
    /// coefficients (row and column 4; at 1/4 also 2 and 6): a refinement scan reads one
    /// correction bit for each coefficient of its band that is already non-zero, so a scan of
    /// ignored coefficients left unread would put a later refinement whose band also covers
    /// used ones out of step with its data. Only skipping every AC scan is always safe.
    func scanIsUnused(_ scan: JPEGScan) -> Bool {
        progressive && scan.spectralStart > 0 && scan.components.allSatisfy { $0.blockSize == 1 }
    }
}
