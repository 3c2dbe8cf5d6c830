import OspreyCore

/// The table and header segments: SOF, DHT, DQT, APP0/APP1/APP14.
extension JPEGDecodeSession {
    /// SOF0/1/2: size, components, sampling factors, after the limit checks (nothing is allocated
    /// per pixel until the first scan).
    func readFrame(code: UInt8, from start: Int, to stop: Int) throws(ImageError) {
        guard geometry == nil else { throw ImageError(.badImageData) }
        guard stop - start >= 6 else { throw ImageError(.badImageData) }
        let precision = Int(base[start])
        guard precision == 8 else { throw .jpegUnsupported("\(precision)-bit samples") }
        var height = u16(start + 1)
        let width = u16(start + 3)
        let count = Int(base[start + 5])
        guard count == 1 || count == 3 || count == 4, stop - start >= 6 + 3 * count else {
            throw count == 2 ? .jpegUnsupported("2-component images") : ImageError(.badImageData)
        }
        if height == 0 {
            // The height comes from a DNL marker after the first scan: only the whole file has it.
            guard !partialData else {
                needsWholeFile = true
                stopped = true
                return
            }
            height = definedNumberOfLines(after: stop)
        }
        // The source is decoded in full whatever the output: it counts against the work budget.
        // A full-size output, or a progressive frame's coefficients, is a source-sized canvas;
        // a streamed thumbnail is checked at the first scan (`prepareOutput`), when the
        // orientation and the scans' layout are known.
        let source = PixelSize(width: width, height: height)
        guard width > 0, height > 0 else { throw ImageError(.badImageData) }
        let sourceCanvas = code == 0xC2 || options.targetSize(for: source) == source
        guard source.pixelCount <= options.decodeWorkBudget, !sourceCanvas || source.pixelCount <= options.maxPixelCount else {
            throw ImageError(.imageTooLarge)
        }
        workDone = source.pixelCount
        var specs: [(id: Int, h: Int, v: Int, q: Int)] = []
        for i in 0..<count {
            let at = start + 6 + 3 * i
            let h = Int(base[at + 1] >> 4), v = Int(base[at + 1] & 15), q = Int(base[at + 2])
            guard (1...4).contains(h), (1...4).contains(v), q < 4 else { throw ImageError(.badImageData) }
            specs.append((Int(base[at]), h, v, q))
        }
        let frame = JPEGFrameGeometry(width: width, height: height,
                                      maxH: specs.map(\.h).max()!, maxV: specs.map(\.v).max()!)
        progressive = code == 0xC2
        // Coefficients, when kept, hold whole MCUs; bound them too, not only the image.
        let padded = specs.reduce(0) { $0 + frame.mcusWide * $1.h * 8 * frame.mcusHigh * $1.v * 8 }
        guard padded <= max(options.maxPixelCount, 1) * 8 || !sourceCanvas else { throw ImageError(.imageTooLarge) }
        components = specs.map { JPEGComponent(id: $0.id, h: $0.h, v: $0.v, quantIndex: $0.q, frame: frame) }
        geometry = frame
    }

    /// SOF with a height of 0 takes it from the DNL marker after the first scan (T.81 B.2.5).
    private func definedNumberOfLines(after position: Int) -> Int {
        var i = position
        while i + 5 < end {
            if base[i] == 0xFF, base[i + 1] == 0xDC, u16(i + 2) == 4 { return u16(i + 4) }
            i += 1
        }
        return 0
    }

    /// DHT: one or more tables.
    func readHuffmanTables(from start: Int, to stop: Int) throws(ImageError) {
        var at = start
        while at < stop {
            guard at + 17 <= stop else { throw ImageError(.badImageData) }
            let tableClass = Int(base[at] >> 4), index = Int(base[at] & 15)
            guard tableClass <= 1, index < 4 else { throw ImageError(.badImageData) }
            let counts = (0..<16).map { Int(base[at + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256, at + 17 + total <= stop else { throw ImageError(.badImageData) }
            let symbols = (0..<total).map { base[at + 17 + $0] }
            try installHuffmanTable(tableClass: tableClass, index: index, counts: counts, symbols: symbols)
            at += 17 + total
        }
    }

    /// Makes `counts`/`symbols` the DC (`tableClass` 0) or AC (1) table `index`.
    private func installHuffmanTable(tableClass: Int, index: Int, counts: [Int], symbols: [UInt8]) throws(ImageError) {
        let table = try HuffmanDecoder.jpeg(counts: counts, symbols: symbols)
        if tableClass == 0 {
            dcTables[index] = table
        } else {
            acTables[index] = table
            JPEGFastAC.fill(fastAC + index * JPEGFastAC.size, counts: counts, symbols: symbols)
            acCodes[index] = (counts, symbols)
            skipTableBuilt[index] = false
        }
        keepEntries(of: table, slot: tableClass * 4 + index)
    }

    /// At the first scan: tables 0 and 1 of each class that no DHT defined become the example
    /// tables of T.81 Annex K.3 (luminance in 0, chrominance in 1), as libjpeg-turbo does.
    /// Motion-JPEG frames (webcams, IP cameras; AVI1) leave out their DHT segments because they
    /// use exactly those tables.
    func installStandardHuffmanTables() throws(ImageError) {
        let standard: [(tableClass: Int, index: Int, spec: JPEGHuffmanSpec)] = [
            (0, 0, .standardLuminanceDC), (1, 0, .standardLuminanceAC),
            (0, 1, .standardChrominanceDC), (1, 1, .standardChrominanceAC),
        ]
        for (tableClass, index, spec) in standard {
            let defined = tableClass == 0 ? dcTables[index] != nil : acTables[index] != nil
            guard !defined else { continue }
            try installHuffmanTable(tableClass: tableClass, index: index, counts: spec.counts.map(Int.init),
                                    symbols: spec.symbols)
        }
    }

    /// Copies `table`'s lookup entries into ``huffmanEntries``[`slot`], replacing an earlier
    /// table's (a DHT may redefine a table between scans).
    private func keepEntries(of table: HuffmanDecoder, slot: Int) {
        precondition(table.rootBitCount == JPEGSequentialUnit.rootBits)
        huffmanEntries[slot]?.deallocate()
        let entries = table.entries
        let copy = UnsafeMutablePointer<UInt32>.allocate(capacity: entries.count)
        copy.initialize(from: entries, count: entries.count)
        huffmanEntries[slot] = copy
    }

    /// The ``JPEGSkipTable`` of AC table `index` (defined), built the first time it is asked for.
    func skipTable(_ index: Int) -> UnsafePointer<UInt16> {
        let tables = skipTables ?? {
            // Zeros mean "no whole symbol fits": a table never filled only falls back.
            let tables = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * JPEGSkipTable.size)
            tables.initialize(repeating: 0, count: 4 * JPEGSkipTable.size)
            return tables
        }()
        skipTables = tables
        let table = tables + index * JPEGSkipTable.size
        if !skipTableBuilt[index], let code = acCodes[index] {
            JPEGSkipTable.fill(table, counts: code.counts, symbols: code.symbols)
            skipTableBuilt[index] = true
        }
        return UnsafePointer(table)
    }

    /// DQT: 8- or 16-bit tables, stored in natural order.
    func readQuantTables(from start: Int, to stop: Int) throws(ImageError) {
        var at = start
        while at < stop {
            let wide = base[at] >> 4, index = Int(base[at] & 15)
            guard wide <= 1, index < 4 else { throw ImageError(.badImageData) }
            let size = wide == 1 ? 128 : 64
            guard at + 1 + size <= stop else { throw ImageError(.badImageData) }
            for k in 0..<64 {
                let value = wide == 1 ? u16(at + 1 + 2 * k) : Int(base[at + 1 + k])
                quant[index * 64 + jpegNaturalOrder[k]] = Int32(value)
            }
            at += 1 + size
        }
    }

    /// APP0: "JFIF\0" means 3 components are YCbCr.
    func readJFIF(from start: Int, to stop: Int) {
        if stop - start >= 5, Array(UnsafeBufferPointer(start: base + start, count: 5)) == [0x4A, 0x46, 0x49, 0x46, 0] {
            hints.jfif = true
        }
    }

    /// APP14 "Adobe": the colour transform flag (byte 11 of the payload).
    func readAdobe(from start: Int, to stop: Int) {
        if stop - start >= 12, Array(UnsafeBufferPointer(start: base + start, count: 5)) == Array("Adobe".utf8) {
            hints.adobeTransform = Int(base[start + 11])
        }
    }

    /// APP1 "Exif\0\0": the orientation tag of IFD0.
    func readExif(from start: Int, to stop: Int) {
        guard hints.orientation == nil else { return }
        hints.orientation = ExifOrientationParser.orientation(in: UnsafeBufferPointer(start: base + start, count: stop - start))
    }
}
