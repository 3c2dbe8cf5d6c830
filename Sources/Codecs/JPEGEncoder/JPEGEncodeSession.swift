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
            var recorder = JPEGSymbolRecorder(restarts: restarts, expectedSymbols: pixels.width * pixels.height / 8)
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
            writer = scan.writer
        }
        writer.flush()
        writer.appendMarker(0xD9)
        return writer.bytes
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
                                      paddedWidth: layout.paddedWidth, background: options.background)
        let quantizers = tables.map(JPEGQuantizer.init(table:))
        let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
        let block = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        defer {
            scratch.deallocate()
            block.deallocate()
        }
        let components = layout.components
        for mcuRow in 0..<layout.mcuRows {
            planes.load(mcuRow: mcuRow)
            for mcuColumn in 0..<layout.mcuColumns {
                for (index, component) in components.enumerated() {
                    let plane = planes.planes[index]
                    let stride = planes.strides[index]
                    let quantizer = quantizers[component.table]
                    for by in 0..<component.vertical {
                        for bx in 0..<component.horizontal {
                            let column: Int = mcuColumn &* component.horizontal &+ bx
                            let offset: Int = (by &* 8) &* stride &+ column &* 8
                            let samples = plane + offset
                            JPEGForwardDCT.transform(samples, stride: stride, quantizer: quantizer,
                                                     scratch: scratch, into: block)
                            sink.block(block, component: index, column: column,
                                       row: mcuRow &* component.vertical &+ by)
                        }
                    }
                }
                sink.endMCU()
            }
        }
    }
}
