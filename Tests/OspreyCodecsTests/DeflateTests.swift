import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

@Suite("Deflate, inflate and checksums", .cpuBound)
struct DeflateTests {
    @Test("CRC-32 and Adler-32 known values")
    func checksums() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        let split = CRC32.checksum(Array("6789".utf8), continuing: CRC32.checksum(Array("12345".utf8)))
        #expect(split == 0xCBF4_3926)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        // Long enough to need the deferred modulo several times.
        let long = [UInt8](repeating: 0xFF, count: 100_000)
        var expectedA: UInt32 = 1, expectedB: UInt32 = 0
        for byte in long {
            expectedA = (expectedA + UInt32(byte)) % 65521
            expectedB = (expectedB + expectedA) % 65521
        }
        #expect(Adler32.checksum(long) == expectedB << 16 | expectedA)
    }

    @Test("inflate decodes zlib's stored, fixed and dynamic blocks", arguments: [
        ("789c030000000001", ""),
        ("78da4b040000620062", "a"),
        ("7801011300ecff68656c6c6f2c2073746f72656420776f726c644757073a", "hello, stored world"),
    ])
    func knownStreams(hex: String, text: String) throws {
        let output = try Inflater.decompress(zlib: PNGTestHelpers.bytes(hex: hex), size: text.utf8.count)
        #expect(output == Array(text.utf8))
    }

    @Test("inflate decodes a fixed-Huffman stream with long matches")
    func fixedWithMatches() throws {
        let hex = "78da0bc94855282ccd4cce56482aca2fcf5348cbaf50c82acd2d2856c82f4b2d5228014ae72456552aa4e4a7eb29848c2a1e553caa98da8a0147a5431c"
        let output = try Inflater.decompress(zlib: PNGTestHelpers.bytes(hex: hex), size: 900)
        #expect(output == Array([[UInt8]](repeating: Array("The quick brown fox jumps over the lazy dog. ".utf8), count: 20).joined()))
    }

    @Test("inflate decodes a dynamic-Huffman stream made by zlib")
    func dynamicStream() throws {
        // zlib.compress(data, 9) of the 3,000 bytes below: one dynamic block.
        let hex: String = [
            "78daedd2870d9b400000c055284f336f20f46e4c7d7a311d6cf6df22ca189158e17418e3627d47fa0ce0deecb23d902a",
            "1ab50c8039fa6e78448a8e98b1dba4392f2e17d27226d194b9a6514d5541b6ea0c212622cddb47813e706c7a3253357f",
            "0f4cffa351402a14ee99509f09b82c4e5a675defda3563ea94678bf65d2e7dcad06c103b669f55873b1c60036addb954",
            "968c5aa379730d7d84678edfc0ed8319c7f0a14359b45b9d170330d4b3b296031da9b235bab29173eb46bacc412a330a",
            "5b7e2c7b90684678222f5d1c8133465ff77a05304ae3fc716a9926feb4b6e2740ac5e943608493233dbd1385259e985e",
            "c92eed21ce5571382cf98c398294bbc04ab1c8f64bb8cfb805b6836f1d3bfa85f66b50490c2690a09c03a14158ab81ce",
            "2d23fea55eba5a90353b47732b09c784dc10d54cf85e7caef14a2e6098586a82554b14a9b5aef9fe58f0e9ed455c52b9",
            "ed57701f4ef5687b2280502dd47fc249d4306d9c6d26858b290494bd64e900bbb42042e9698c8eaa578fe3607df602e6",
            "5697b37af69bd4bec392198a8eca5c27a3dba4a153cb4988266b40e679c5632c27a18dd25e3ce79fb675fd15f0ac801e",
            "17a936ae11aca166a4ec386cea520f2056446b30a118136d33cb47fda133437d6d81e6b7027e3e420878fbaccb45dea7",
            "1df6c1bbe45ad451c8b652a20c11f6d695e89b47d9f7adaae195a7358e2c17b15d39c13e4927e5b700ebfc0c20101e1a",
            "12484a1b93172233fb558bbf997088f5809565457b6cfab5846d74c05ea436c741c736a8b822517097c0f43a19ff8948",
            "7c3c23769a40f020390feb1acc267e84b5d7cdcfa1b13bfc1dfe0e7f87bfc3dfe1eff077f8ff33fc5f012bdcf6",
        ].joined()
        let expected = (0..<3000).map { (i: Int) -> UInt8 in
            let value: Int = (i * i * 7 + i / 3) % 251
            return UInt8(value % 64 + 32)
        }
        let compressed = PNGTestHelpers.bytes(hex: hex)
        #expect((compressed[2] >> 1) & 3 == 2, "the first block is dynamic")
        #expect(try Inflater.decompress(zlib: compressed, size: expected.count) == expected)
    }

    @Test("deflate round-trips through inflate at every level", arguments: 0...9)
    func roundTrip(level: Int) throws {
        var generator = SeededGenerator(seed: UInt64(level) + 7)
        let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let text = Array([[UInt8]](repeating: Array("osprey decodes png in swift; ".utf8), count: 3000).joined())
        let runs = [UInt8](repeating: 0, count: 200_000) + [UInt8](repeating: 7, count: 1000)
        let mixed = (0..<150_000).map { (i: Int) -> UInt8 in UInt8(truncatingIfNeeded: i / 300 + (i % 17 == 0 ? 1 : 0)) }
        for input in [[], [42], Array("ab".utf8), noise, text, runs, mixed] {
            let compressed = Deflater.compress(input, level: level)
            #expect(try Inflater.decompress(zlib: compressed, size: input.count) == input)
            if level > 0 && input.count > 1000 && input != noise {
                #expect(compressed.count < input.count / 4, "level \(level) compresses \(input.count) bytes")
            }
        }
    }

    @Test("skewed (Fibonacci) symbol frequencies need length-limited codes and still round-trip")
    func lengthLimitedCodes() throws {
        // Byte k occurs fib(k) times: an unrestricted Huffman tree would be 21 levels deep.
        var fibonacci = [1, 1]
        while fibonacci.count < 22 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        var input: [UInt8] = []
        for (symbol, count) in fibonacci.enumerated() { input += [UInt8](repeating: UInt8(symbol * 9), count: count) }
        var generator = SeededGenerator(seed: 11)
        input.shuffle(using: &generator)
        for level in [1, 6, 9] {
            let compressed = Deflater.compress(input, level: level)
            #expect(try Inflater.decompress(zlib: compressed, size: input.count) == input)
            #expect(compressed.count < input.count / 2)
        }
    }

    @Test("higher levels compress at least as well on image-like data")
    func levelsTradeSpeedForSize() {
        let pixels = PNGTestHelpers.gradientNoise(width: 256, height: 256, opaque: true).bytes
        let sizes = [1, 6, 9].map { Deflater.compress(pixels, level: $0).count }
        #expect(sizes[1] <= sizes[0])
        #expect(sizes[2] <= sizes[1])
        #expect(Deflater.compress(pixels, level: 0).count > pixels.count)
    }

    @Test("inflate rejects corrupt streams with badImageData")
    func corruptStreams() {
        let good = Deflater.compress(Array("hello hello hello hello".utf8), level: 6)
        let size = 23
        func failure(_ bytes: [UInt8], size: Int = size) -> ImageError.Code? {
            do {
                _ = try Inflater.decompress(zlib: bytes, size: size)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(failure(good) == nil)
        #expect(failure([]) == .badImageData)
        #expect(failure([0x78]) == .badImageData)
        #expect(failure([0x79] + good.dropFirst()) == .badImageData, "bad header check")
        #expect(failure([0x78, 0xBB] + good.dropFirst(2)) == .badImageData, "preset dictionary")
        var badChecksum = good
        badChecksum[badChecksum.count - 1] ^= 1
        #expect(failure(badChecksum) == .badImageData)
        #expect(failure(good, size: size - 1) == .badImageData, "more output than allowed")
        #expect(failure(good, size: size + 1) == .badImageData, "less output than expected")
        for length in 0..<good.count { #expect(failure(Array(good.prefix(length))) == .badImageData) }
        #expect(failure([0x78, 0x9C, 0x07]) == .badImageData, "reserved block type 3")
        #expect(failure([0x78, 0x9C, 0x01, 0x05, 0x00, 0x00, 0x00]) == .badImageData, "stored length mismatch")
    }

    @Test("deflate output decompresses with Python's zlib",
          .enabled(if: PNGTestHelpers.pythonZlibAvailable, "needs python3 with zlib"))
    func pythonZlibAcceptsOutput() throws {
        let input = PNGTestHelpers.gradientNoise(width: 200, height: 150).bytes
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-deflate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for level in [0, 1, 6, 9] {
            let file = directory.appendingPathComponent("level\(level).z")
            try Data(Deflater.compress(input, level: level)).write(to: file)
            let digest = try PNGTestHelpers.runPython(
                "import sys, zlib, hashlib; print(hashlib.sha256(zlib.decompress(open(sys.argv[1], 'rb').read())).hexdigest())",
                arguments: [file.path])
            #expect(digest == SHA256.hexDigest(input), "level \(level)")
        }
    }
}
