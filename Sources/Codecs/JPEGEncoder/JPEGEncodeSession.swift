import OspreyCore

/// One encode of one still image: settings resolved, the MCU loop, and the file assembled.
struct JPEGEncodeSession {
    let pixels: PixelBuffer
    let options: ImageEncodeOptions
    let layout: JPEGFrameLayout
    let quality: Int
    /// Quantisation tables in natural order: luma, then chroma when in colour.
    let tables: [[Int]]

    /// Resolves `options` for `pixels`. Sizes JPEG cannot hold (0 or above 65 535) are
    /// ``ImageError/Code/badImageData`` and ``ImageError/Code/imageTooLarge``.
    init(pixels: PixelBuffer, options: ImageEncodeOptions) throws(ImageError) {
        guard pixels.width > 0, pixels.height > 0 else { throw ImageError(.badImageData) }
        guard pixels.width <= 65_535, pixels.height <= 65_535 else { throw ImageError(.imageTooLarge) }
        self.pixels = pixels
        self.options = options
        quality = min(100, max(1, options.quality))
        var subsampling = options.chromaSubsampling
        if subsampling == .automatic { subsampling = quality < 90 ? .s420 : .s444 }
        layout = JPEGFrameLayout(width: pixels.width, height: pixels.height, grayscale: options.grayscale,
                                 subsampling: subsampling)
        let luma = JPEGQuantTables.scaled(JPEGQuantTables.luminance, quality: quality)
        tables = options.grayscale ? [luma] : [luma, JPEGQuantTables.scaled(JPEGQuantTables.chrominance, quality: quality)]
    }

    /// The encoded file.
    func encode() -> [UInt8] {
        var writer = JPEGBitWriter(capacity: pixels.width * pixels.height / 3 + 1024)
        if options.progressive {
            var store = JPEGCoefficientStore(layout: layout)
            run(into: &store)
            writeHeaders(into: &writer, progressive: true, restartInterval: 0)
            JPEGProgressiveWriter(store: store, layout: layout).write(into: &writer)
        } else if options.optimizeHuffman {
            let restarts = JPEGRestartCounter(interval: options.restartInterval, total: layout.mcuCount)
            // A q85 photo makes about one symbol per 3.6 pixels: room for that up front, so the
            // record is not copied as it grows (pages never written stay unmapped).
            var recorder = JPEGSymbolRecorder(restarts: restarts, expectedSymbols: pixels.width * pixels.height / 3)
            run(into: &recorder)
            let entropy = recorder.fittedTables(chroma: layout.components.count > 1)
            writeHeaders(into: &writer, progressive: false, restartInterval: options.restartInterval)
            writeBaselineTablesAndScan(entropy, into: &writer)
            recorder.replay(into: &writer, tables: entropy)
        } else {
            let entropy = JPEGEntropyTables.standard()
            writeHeaders(into: &writer, progressive: false, restartInterval: options.restartInterval)
            writeBaselineTablesAndScan(entropy, into: &writer)
            var scan = JPEGScanWriter(writer: writer, tables: entropy,
                                      restarts: JPEGRestartCounter(interval: options.restartInterval, total: layout.mcuCount))
            writer = JPEGBitWriter(capacity: 0)
            run(into: &scan)
            scan.finish()
            writer = scan.writer
        }
        writer.flush()
        writer.appendMarker(0xD9)
        return writer.takeBytes()
    }

    /// SOI through SOF (and DRI).
    private func writeHeaders(into writer: inout JPEGBitWriter, progressive: Bool, restartInterval: Int) {
        writer.appendMarker(0xD8)
        JPEGMarkerWriter.jfif(into: &writer)
        if let orientation = options.exifOrientation, (1...8).contains(orientation) {
            JPEGMarkerWriter.exifOrientation(orientation, into: &writer)
        }
        if let profile = options.iccProfile, !profile.isEmpty {
            JPEGMarkerWriter.icc(profile, into: &writer)
        }
        if options.jpegAlphaSegment, !options.grayscale {
            JPEGAlphaSegment.write(pixels, into: &writer)
        }
        JPEGMarkerWriter.quantTables(tables, into: &writer)
        JPEGMarkerWriter.frame(layout, progressive: progressive, into: &writer)
        if restartInterval > 0 {
            JPEGMarkerWriter.restartInterval(min(65_535, restartInterval), into: &writer)
        }
    }

    /// DHT and the single SOS of a baseline file.
    private func writeBaselineTablesAndScan(_ entropy: JPEGEntropyTables, into writer: inout JPEGBitWriter) {
        var dht: [(tableClass: Int, id: Int, spec: JPEGHuffmanSpec)] = [(0, 0, entropy.specs[0]), (1, 0, entropy.specs[1])]
        if layout.components.count > 1 {
            dht += [(0, 1, entropy.specs[2]), (1, 1, entropy.specs[3])]
        }
        JPEGMarkerWriter.huffmanTables(dht, into: &writer)
        JPEGMarkerWriter.scan(layout.components.map { ($0.id, $0.table, $0.table) }, into: &writer)
    }

    /// Converts, transforms and quantises the image MCU row by MCU row, handing each block to
    /// `sink` in MCU order.
    func run<Sink: JPEGBlockSink>(into sink: inout Sink) {
        let planes = JPEGPlaneBuilder(pixels: pixels, grayscale: options.grayscale,
                                      horizontal: layout.maxHorizontal, vertical: layout.maxVertical,
                                      paddedWidth: layout.paddedWidth,
                                      background: options.jpegAlphaSegment && !options.grayscale ? nil : options.background)
        let luma = JPEGQuantizer(table: tables[0])
        let chroma = tables.count > 1 ? JPEGQuantizer(table: tables[1]) : luma
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        defer { block.deallocate() }
        // The per-block loop reads only these locals: no array of planes or quantisers in it.
        let h = layout.maxHorizontal, v = layout.maxVertical
        let colour = layout.components.count > 1
        let yPlane = planes.planes[0], yStride = planes.strides[0]
        let cbPlane = colour ? planes.planes[1] : yPlane, crPlane = colour ? planes.planes[2] : yPlane
        let chromaStride = colour ? planes.strides[1] : 0
        @inline(__always) func code(_ samples: UnsafePointer<UInt8>, stride: Int, quantizer: JPEGQuantizer,
                                    component: Int, column: Int, row: Int) {
            let nonZero = quantizer.quantize(JPEGForwardDCT.transform(samples, stride: stride), into: block)
            sink.block(block, nonZero: nonZero, component: component, column: column, row: row)
        }
        withExtendedLifetime((planes, luma, chroma)) {
            for mcuRow in 0..<layout.mcuRows {
                planes.load(mcuRow: mcuRow)
                for mcuColumn in 0..<layout.mcuColumns {
                    for by in 0..<v {
                        for bx in 0..<h {
                            let column: Int = mcuColumn &* h &+ bx
                            let offset: Int = (by &* 8) &* yStride &+ column &* 8
                            let row: Int = mcuRow &* v &+ by
                            code(yPlane + offset, stride: yStride, quantizer: luma, component: 0, column: column, row: row)
                        }
                    }
                    if colour {
                        let offset: Int = mcuColumn &* 8
                        code(cbPlane + offset, stride: chromaStride, quantizer: chroma,
                             component: 1, column: mcuColumn, row: mcuRow)
                        code(crPlane + offset, stride: chromaStride, quantizer: chroma,
                             component: 2, column: mcuColumn, row: mcuRow)
                    }
                    sink.endMCU()
                }
            }
        }
    }
}
