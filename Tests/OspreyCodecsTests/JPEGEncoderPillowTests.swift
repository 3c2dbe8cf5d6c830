import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The JPEG encoder's files read by Pillow (libjpeg-turbo): right size, and the same distance
/// from the source as Pillow's own encode at the same settings. Skipped (with the reason)
/// when python3 or Pillow/numpy is missing: `pip install pillow`.
@Suite("JPEG encoder against Pillow", .offCooperativePool)
struct JPEGEncoderPillowTests {
    static let pillowAvailable: Bool = {
        (try? PNGTestHelpers.runPython("import PIL, numpy; print('ok')", arguments: [])) == "ok"
    }()

    /// For each Osprey file `<dir>/q<Q>_<sub>_<mode>.jpg`: Pillow opens it and reports its size,
    /// its PSNR against the source PNG, and the PSNR and byte count of Pillow's own encode with
    /// the same quality, subsampling, optimize and progressive settings.
    static let script = """
    import sys, io, json, os
    import numpy as np
    from PIL import Image
    folder = sys.argv[1]
    source = Image.open(os.path.join(folder, 'source.png')).convert('RGB')
    reference = np.asarray(source).astype(np.float64)
    def psnr(image):
        mse = ((np.asarray(image.convert('RGB')).astype(np.float64) - reference) ** 2).mean()
        return 99.0 if mse == 0 else 10 * np.log10(255 * 255 / mse)
    results = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.jpg'): continue
        quality, sub, mode = name[:-4].split('_')
        ours = Image.open(os.path.join(folder, name)); ours.load()
        buffer = io.BytesIO()
        source.save(buffer, 'JPEG', quality=int(quality[1:]), subsampling={'444': 0, '422': 1, '420': 2}[sub],
                    optimize=mode != 'std', progressive=mode == 'prog')
        theirs = Image.open(io.BytesIO(buffer.getvalue()))
        results[name] = dict(width=ours.size[0], height=ours.size[1], psnr=psnr(ours),
                             pillowPSNR=psnr(theirs), bytes=os.path.getsize(os.path.join(folder, name)),
                             pillowBytes=len(buffer.getvalue()))
    print(json.dumps(results))
    """

    struct Result: Decodable {
        let width: Int, height: Int, psnr: Double, pillowPSNR: Double, bytes: Int, pillowBytes: Int
    }

    @Test("Pillow reads every file at the expected size; PSNR within 0.5 dB of Pillow's encode, size within 3 %",
          .enabled(if: pillowAvailable, "needs python3 with Pillow and numpy (pip install pillow)"))
    func againstPillow() throws {
        let data = try JPEGTestSupport.corpusData("jpeg/subsampling/kodim23_q90_422.jpg")
        let full = try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame
        // An odd-sized crop, so partial MCUs at the right and bottom are exercised too.
        var source = PixelBuffer(width: 301, height: 203)
        for y in 0..<203 {
            for x in 0..<301 { source[x, y] = full[x + 200, y + 150] }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try PNGEncoder.encode(source).write(to: folder.appendingPathComponent("source.png"))
        let samplings: [(String, ImageEncodeOptions.ChromaSubsampling)] = [("444", .s444), ("422", .s422), ("420", .s420)]
        for quality in [10, 50, 75, 85, 95, 100] {
            for (name, sampling) in samplings {
                for mode in ["std", "opt", "prog"] {
                    let options = ImageEncodeOptions(quality: quality, progressive: mode == "prog", chromaSubsampling: sampling,
                                                     optimizeHuffman: mode != "std")
                    try JPEGEncoder.encode(source, options: options)
                        .write(to: folder.appendingPathComponent("q\(quality)_\(name)_\(mode).jpg"))
                }
            }
        }
        let output = try PNGTestHelpers.runPython(Self.script, arguments: [folder.path])
        let results = try JSONDecoder().decode([String: Result].self, from: Data(output.utf8))
        #expect(results.count == 6 * 3 * 3)
        for (name, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result.width == 301 && result.height == 203, "\(name)")
            #expect(abs(result.psnr - result.pillowPSNR) <= 0.5, "\(name): \(result.psnr) dB, Pillow \(result.pillowPSNR) dB")
            let ratio = Double(result.bytes) / Double(result.pillowBytes)
            #expect(ratio < 1.03 && ratio > 0.97, "\(name): \(result.bytes) bytes, Pillow \(result.pillowBytes)")
        }
    }
}
