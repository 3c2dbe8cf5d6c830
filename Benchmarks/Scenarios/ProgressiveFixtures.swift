import Foundation

/// The progressive scenario's files: an Adam7-interlaced PNG (made by a short Python script
/// with the standard `zlib`, as Osprey's encoder writes plain PNGs only) and the progressive
/// JPEG the decoder scenario also makes (Pillow).
enum ProgressiveFixtures {
    /// Writes a `width` × `height` RGB Adam7 PNG (gradients with mild noise, every row
    /// filter type 0, zlib level 6) to `file`.
    static func makeInterlacedPNG(_ file: URL, width: Int, height: Int, python: String) throws {
        guard !FileManager.default.fileExists(atPath: file.path) else { return }
        let script = """
        import sys, zlib, struct, random
        w, h, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
        rnd = random.Random(16)
        noise = bytes(rnd.getrandbits(8) & 15 for _ in range(65536))
        def pixel_row(y):
            row = bytearray(w * 3)
            for x in range(w):
                n = noise[(x * 7 + y * 13) & 65535]
                row[3 * x] = (x * 255 // w + n) & 255
                row[3 * x + 1] = (y * 255 // h + n) & 255
                row[3 * x + 2] = ((x + y) * 127 // (w + h) + n) & 255
            return row
        rows = [pixel_row(y) for y in range(h)]
        raw = bytearray()
        for (x0, y0, dx, dy) in [(0,0,8,8),(4,0,8,8),(0,4,4,8),(2,0,4,4),(0,2,2,4),(1,0,2,2),(0,1,1,2)]:
            if x0 >= w or y0 >= h: continue
            for y in range(y0, h, dy):
                raw.append(0)
                row = rows[y]
                for x in range(x0, w, dx):
                    raw += row[3 * x:3 * x + 3]
        def chunk(kind, data):
            body = kind + data
            return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xffffffff)
        png = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 1))
        png += chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b"")
        open(out, "wb").write(png)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, "\(width)", "\(height)", file.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: file.path) else {
            throw Skip("python3 could not make the interlaced PNG")
        }
    }

    /// CPU seconds this thread has used (not the process: other threads' work is not counted).
    static func threadCPUSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
