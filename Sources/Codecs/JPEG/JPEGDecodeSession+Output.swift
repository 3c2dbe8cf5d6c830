import OspreyCore

/// Choosing the output at the first scan: the DCT scale for a thumbnail, the limits, the rings
/// and the renderer; and rendering frames whose coefficients are all needed first.
extension JPEGDecodeSession {
    /// The luma block size (8 = full size, 4, 2, 1) of the smallest DCT-scaled picture that is
    /// still at least `target` on both axes, as libjpeg-turbo scales by 1/2, 1/4, 1/8.
    static func dctScale(source: PixelSize, target: PixelSize) -> Int {
        for scale in [1, 2, 4] where (source.width * scale + 7) / 8 >= target.width
            && (source.height * scale + 7) / 8 >= target.height {
            return scale
        }
        return 8
    }

    /// The block size of one component at luma block size `scale`: doubled while the component
    /// stays no finer than the output (libjpeg-turbo's rule in `jdmaster.c`), so that 4:2:0
    /// chroma scaled by 1/8 is transformed 2 × 2 and needs no upsampling at all.
    static func blockSize(h: Int, v: Int, geometry: JPEGFrameGeometry, scale: Int) -> Int {
        var size = scale
        while size < 8, (geometry.maxH * scale) % (h * size * 2) == 0, (geometry.maxV * scale) % (v * size * 2) == 0 {
            size *= 2
        }
        return size
    }

    /// At the first scan: picks the scale, checks the limits, allocates the component rings
    /// (and coefficients when the frame is not one interleaved sequential scan) and the renderer.
    ///
    /// Limits (``DecodeOptions/maxPixelCount``, in 4-byte pixels): streamed — the output canvas
    /// plus the rings and working rows, independent of the source size; otherwise the
    /// coefficients are a full-size canvas, so the source itself must fit.
    func prepareOutput(firstScan scan: JPEGScan) throws(ImageError) {
        guard renderer == nil, let geometry else { return }
        let streaming = !progressive && scan.components.count == components.count
        let orientation = options.applyOrientation ? (hints.orientation ?? .up) : .up
        let source = PixelSize(width: geometry.width, height: geometry.height)
        // The thumbnail is sized for the upright picture; the stored pixels are its transpose
        // when the orientation swaps the axes (the size map is its own inverse).
        let target = orientation.uprightSize(of: options.targetSize(for: orientation.uprightSize(of: source)))
        let scale = Self.dctScale(source: source, target: target)
        let sizes = components.map { Self.blockSize(h: $0.h, v: $0.v, geometry: geometry, scale: scale) }
        let scaled = PixelSize(width: (source.width * scale + 7) / 8, height: (source.height * scale + 7) / 8)
        let output = JPEGRenderer.bytesNeeded(scaled: scaled, target: target)
        let rings = zip(components, sizes).reduce(0) { $0 + $1.0.bytesNeeded(blockSize: $1.1, keepCoefficients: false) }
        let canvas = target == scaled ? target.pixelCount : (output + rings + 3) / 4
        guard canvas <= options.maxPixelCount else { throw ImageError(.imageTooLarge) }
        if !streaming {
            guard source.pixelCount <= options.maxPixelCount,
                  Self.keptPeakBytes(components: components, output: output, full: target == scaled) + rings
                    <= Self.keptMemoryLimit(options) else { throw ImageError(.imageTooLarge) }
        }
        for (c, size) in zip(components, sizes) {
            // At 1/8 a progressive component's AC scans are never decoded (``scanIsUnused(_:)``).
            c.allocate(blockSize: size, frame: geometry, keepCoefficients: !streaming, dcOnly: progressive && size == 1)
        }
        let space = JPEGColorSpace(componentCount: components.count, ids: components.map(\.id), hints: hints)
        outputScale = scale
        outputSpace = space
        // The profile comes from the APP2 markers before the first scan. CMYK/YCCK keep their
        // own conversion (the profile describes ink); gray takes only a gray profile.
        let profile = hints.icc.profile.flatMap(ColorProfileReader.icc)
        var converter: SRGBConverter?
        switch space {
        case .rgb, .yCbCr: converter = options.convertToSRGB ? SRGBConverter.make(for: profile) : nil
        case .gray: converter = options.convertToSRGB ? SRGBConverter.make(for: profile, gray: true) : nil
        default: break
        }
        outputProfile = converter != nil ? .sRGB : profile
        outputConverter = converter
        renderer = JPEGRenderer(components: components, geometry: geometry, scale: scale, space: space,
                                target: target, options: options, converter: converter)
        self.streaming = streaming
        outputOrientation = orientation
    }

    /// The most a decode that keeps coefficients may hold: what a full-size decode at the pixel
    /// limit holds (its RGBA canvas) with a quarter more and 32 MiB of working memory. A
    /// frame whose coefficients need more (at the default limit: 4:4:4 colour or CMYK over
    /// about 44 megapixels, or any four-component frame at 8192²) is ``ImageError/Code/imageTooLarge``
    /// before anything is allocated for it.
    static func keptMemoryLimit(_ options: DecodeOptions) -> Int {
        let canvas = max(options.maxPixelCount, 1).multipliedReportingOverflow(by: 4)
        return canvas.overflow ? Int.max : canvas.partialValue / 4 * 5 + 32 << 20
    }

    /// The peak bytes of the coefficients of `components` and an output of `output` bytes.
    /// At full size the coefficients are given back band by band as the canvas fills (whose
    /// pages are touched only when written), so the peak is the larger of the two; a thumbnail's
    /// small output is held beside all of them.
    static func keptPeakBytes(components: [JPEGComponent], output: Int, full: Bool) -> Int {
        let coefficients = components.reduce(0) { $0 + $1.paddedBlocksWide * $1.paddedBlocksHigh * 128 }
        return full ? max(coefficients, output) : coefficients + output
    }

    /// After the last scan: the picture, upright. Frames kept as coefficients are transformed
    /// one MCU row at a time into the rings and rendered as they go.
    func finishOutput() throws(ImageError) -> PixelBuffer {
        guard let renderer, let geometry else { throw ImageError(.badImageData) }
        if !streaming {
            for mcuRow in 0..<geometry.mcusHigh {
                try options.checkCancellation()
                for c in components { transformBlocks(of: c, mcuRow: mcuRow) }
                try renderer.complete(through: mcuRow + 1)
                for c in components { c.releaseCoefficients(before: (mcuRow + 1) * c.v) }
            }
        }
        return outputOrientation.apply(to: try renderer.finish())
    }

    /// Dequantises and transforms one MCU row of `c`'s stored coefficients into the ring of
    /// `ring` (`c` itself, or a stand-in allocated at another block size for a preview).
    func transformBlocks(of c: JPEGComponent, mcuRow: Int, into ring: JPEGComponent? = nil) {
        let ring = ring ?? c
        let table = quant + c.quantIndex * 64
        let size = ring.blockSize
        for row in mcuRow * c.v..<(mcuRow + 1) * c.v {
            for column in 0..<c.paddedBlocksWide {
                let block = c.block(column: column, row: row)
                let output = ring.output(column: column, row: row)
                if c.coefficientsPerBlock == 1 {
                    JPEGIDCT.fillDCOnly(block[0], quant: table[0], output: output, stride: ring.stride, size: size)
                } else if size <= 2, ring !== c {
                    // A preview at 1/8 or 1/4: the reduced transform reads few coefficients,
                    // cheaper than looking at all 63 first.
                    JPEGIDCT.transform(block, quant: table, output: output, stride: ring.stride, size: size)
                } else if Self.acIsZero(block) {
                    JPEGIDCT.fillDCOnly(block[0], quant: table[0], output: output, stride: ring.stride, size: size)
                } else {
                    JPEGIDCT.transform(block, quant: table, output: output, stride: ring.stride, size: size)
                }
            }
        }
    }
}
