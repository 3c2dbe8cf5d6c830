import Foundation
import Osprey

/// `osprey convert`: decodes a file with Osprey's decoders and writes it with Osprey's encoders.
enum ConvertCommand {
    static let help = """
    usage: osprey convert <in> <out> [--quality Q] [--progressive] [--thumbnail WxH]
                          [--subsampling 444|422|420] [--standard-tables] [--fast] [--srgb]

    Decodes <in> (any format Osprey reads, EXIF orientation applied) and writes <out> in the
    format its extension names: .jpg/.jpeg (quality Q 1-100, default 85; 4:2:0 below 90;
    Huffman tables fitted to the image unless --standard-tables) or .png (--fast for the
    cache's fast mode). --thumbnail decodes straight to at most WxH pixels. --srgb converts the
    pixels from the embedded colour profile (ICC, or PNG gAMA/cHRM/cICP) to sRGB, relative
    colorimetric, and writes them as sRGB; without it the profile is written back unchanged.
    Prints the sizes and the time taken.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, valued: ["quality", "thumbnail", "subsampling"],
                                      switches: ["progressive", "standard-tables", "fast", "srgb"])
        guard arguments.positional.count == 2 else { throw Arguments.Problem(description: "convert needs <in> and <out>") }
        let (input, output) = (arguments.positional[0], arguments.positional[1])
        let format: ImageFormat
        switch URL(fileURLWithPath: output).pathExtension.lowercased() {
        case "jpg", "jpeg": format = .jpeg
        case "png": format = .png
        default: throw Arguments.Problem(description: "\(output): the extension must be .jpg, .jpeg or .png")
        }
        var decode = DecodeOptions()
        if let size = arguments.value("thumbnail") { decode.thumbnailPixelSize = try FetchCommand.parseSize(size) }
        decode.convertToSRGB = arguments.flag("srgb")
        var options = ImageEncodeOptions(quality: try arguments.int("quality", in: 1...100, default: 85))
        options.progressive = arguments.flag("progressive")
        options.optimizeHuffman = !arguments.flag("standard-tables")
        options.fastPNG = arguments.flag("fast")
        switch arguments.value("subsampling") {
        case nil: break
        case "444": options.chromaSubsampling = .s444
        case "422": options.chromaSubsampling = .s422
        case "420": options.chromaSubsampling = .s420
        case let other?: throw Arguments.Problem(description: "--subsampling \(other): use 444, 422 or 420")
        }
        let data: Data
        do {
            data = try InputFile.read(input)
        } catch {
            Terminal.error("osprey: \(error)")
            return 1
        }
        let start = Date()
        do {
            let image = try ImageCoders.shared.decode(data, options: decode)
            let decoded = Date()
            let encoded = try ImageCoders.shared.encode(image, format: format, options: options)
            let finished = Date()
            try encoded.write(to: URL(fileURLWithPath: output))
            print("\(input) (\(data.count) bytes) -> \(output): \(format.rawValue) \(image.pixelWidth)x\(image.pixelHeight), "
                  + "\(encoded.count) bytes; decode \(Terminal.milliseconds(decoded.timeIntervalSince(start))), "
                  + "encode \(Terminal.milliseconds(finished.timeIntervalSince(decoded)))")
            return 0
        } catch let error as ImageError {
            Terminal.error("osprey: \(input): \(error.description)")
            return 1
        }
    }
}
