import OspreyCore

/// The last stage: upsample every component, convert to RGBA, optionally shrink on the fly.
extension JPEGDecodeSession {
    /// Output rows between two cancellation checks: a few milliseconds of work.
    static let cancellationRows = 64

    /// The RGBA image, at full size or streamed through the box downsampler to `target`.
    /// ``DecodeOptions/cancellation`` is checked every ``cancellationRows`` output rows.
    func render(target: PixelSize) throws(ImageError) -> PixelBuffer {
        guard let geometry else { return PixelBuffer(width: 1, height: 1) }
        if progressive { try finishProgressive() }
        try options.checkCancellation()
        let width = geometry.width, height = geometry.height
        let space = JPEGColorSpace(componentCount: components.count, ids: components.map(\.id), hints: hints)
        let upsamplers = components.map { JPEGUpsampler(component: $0, geometry: geometry) }
        let scratch = upsamplers.map { UnsafeMutablePointer<UInt8>.allocate(capacity: $0.scratchCapacity) }
        defer { scratch.forEach { $0.deallocate() } }
        let full = target == PixelSize(width: width, height: height)
        var downsampler = full ? nil : StreamingResampler(source: PixelSize(width: width, height: height), target: target)
        let rowBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
        defer { rowBuffer.deallocate() }
        // Every byte is written by the row loop below, so the buffer starts uninitialised.
        let count = full ? width * height * 4 : 0
        var bytes = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }

        var failure: ImageError?
        bytes.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                if y % Self.cancellationRows == 0 {
                    do throws(ImageError) { try options.checkCancellation() } catch { failure = error; return }
                }
                let rows = (0..<upsamplers.count).map { upsamplers[$0].row(y, scratch: scratch[$0]) }
                let destination = full ? out.baseAddress! + y * width * 4 : rowBuffer
                JPEGColorConverter.convert(space, rows: rows, width: width, into: destination)
                if !full { downsampler?.addRow(rowBuffer) }
            }
        }
        if let failure { throw failure }
        if let downsampler { return downsampler.pixels }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}
