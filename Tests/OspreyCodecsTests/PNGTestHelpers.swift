import OspreyTestSupport
import Foundation
import OspreyCore
@testable import OspreyCodecs

/// Small helpers shared by the PNG, APNG and deflate tests.
enum PNGTestHelpers {
    /// The error code decoding `data` throws, or nil when it decodes.
    static func decodeFailure(_ data: Data, options: DecodeOptions = DecodeOptions()) -> ImageError.Code? {
        do {
            _ = try PNGDecoder().decode(data, options: options)
            return nil
        } catch {
            return error.code
        }
    }
}


extension PNGTestHelpers {
    /// Bytes from a hex string.
    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    /// A `width` × `height` image: a diagonal gradient with seeded noise in the low bits and
    /// an alpha ramp (or opaque), the kind of content real images have.
    static func gradientNoise(width: Int, height: Int, seed: UInt64 = 1, opaque: Bool = false) -> PixelBuffer {
        var generator = SeededGenerator(seed: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let noise = UInt8(truncatingIfNeeded: generator.next() & 0x0F)
                let index = (y * width + x) * 4
                bytes[index] = UInt8(truncatingIfNeeded: x * 255 / max(1, width - 1)) &+ noise
                bytes[index + 1] = UInt8(truncatingIfNeeded: y * 255 / max(1, height - 1)) &+ noise
                bytes[index + 2] = UInt8(truncatingIfNeeded: (x + y) * 2) ^ noise
                bytes[index + 3] = opaque ? 255 : UInt8(truncatingIfNeeded: (x * 7 + y * 3) % 256)
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }

    /// A PNG file assembled from `chunks` (type, payload), with correct lengths and CRCs
    /// unless `corruptCRCOf` names a chunk type whose CRC is flipped.
    static func png(_ chunks: [(String, [UInt8])], corruptCRCOf: String? = nil) -> Data {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, payload) in chunks {
            file += bigEndian(UInt32(payload.count))
            let body = Array(type.utf8) + payload
            file += body
            var crc = CRC32.checksum(body)
            if type == corruptCRCOf { crc ^= 1 }
            file += bigEndian(crc)
        }
        return Data(file)
    }

    /// An `IHDR` payload.
    static func ihdr(width: Int, height: Int, bitDepth: UInt8 = 8, colorType: UInt8 = 6, interlaced: Bool = false) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Unfiltered (filter type 0) RGBA image data for `pixels`, zlib-compressed.
    static func idat(_ pixels: PixelBuffer, level: Int = 6) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<pixels.height {
            raw.append(0)
            raw += pixels.bytes[(y * pixels.bytesPerRow)..<((y + 1) * pixels.bytesPerRow)]
        }
        return Deflater.compress(raw, level: level)
    }

    /// A solid `width` × `height` image of one RGBA colour.
    static func solid(width: Int, height: Int, _ rgba: [UInt8]) -> PixelBuffer {
        PixelBuffer(width: width, height: height, bytes: Array([[UInt8]](repeating: rgba, count: width * height).joined()))
    }
}

extension PNGTestHelpers {
    /// Whether `python3` with its `zlib` module runs here (checked once). Tests that use it
    /// as an independent reference are skipped without it; nothing requires it.
    static let pythonZlibAvailable: Bool = {
        guard let output = try? runPython("import zlib; print('ok')", arguments: []) else { return false }
        return output == "ok"
    }()

    /// Runs `python3 -c script arguments…` and returns its trimmed standard output; throws
    /// when it cannot start or exits with a failure.
    static func runPython(_ script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
