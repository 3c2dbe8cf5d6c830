import OspreyCore
/// A GIF's only frame, at full size, decoded straight into the output: the LZW indices arrive
/// in chunks of rows (``GIFLZW/decode(_:minimumCodeSize:count:chunk:body:)``) and are looked up
/// in the palette right into their place on the screen-sized RGBA image, so neither a
/// frame-sized index buffer, nor a frame image, nor a canvas and its copy are held.
///
/// The pixels are exactly those ``GIFComposer`` composes for a first frame on a clear canvas:
/// the frame's pixels (a transparent index keeps its palette colour with alpha 0), clipped
/// to the screen; transparent black wherever the frame does not reach or its data ended early.
enum GIFStillFrame {
    /// Indices decoded per chunk: whole rows, about 64 Ki pixels.
    static func chunk(frameWidth: Int) -> Int { max(1, 65536 / max(1, frameWidth)) * max(1, frameWidth) }

    /// The frame on a `screen`-sized canvas, or nil when its data decodes to nothing although
    /// it has pixels (the animation ends before such a frame: there is no image).
    static func decode(_ frame: GIFFrame, screen: PixelSize) -> PixelBuffer? {
        let width = frame.width, height = frame.height
        let screenWidth = screen.width, screenHeight = screen.height
        var bytes = [UInt8](repeating: 0, count: screen.pixelCount * 4)
        guard frame.pixelCount > 0 else { return PixelBuffer(width: screenWidth, height: screenHeight, bytes: bytes) }
        // The visible columns of each row: frame columns `firstColumn..<endColumn`.
        let firstColumn = max(0, -frame.x), endColumn = min(width, screenWidth - frame.x)
        let transparent = frame.transparentIndex ?? -1
        let rowOf = DisplayRows(height: height, interlaced: frame.interlaced)
        var lzw = GIFLZW()
        let decoded = bytes.withUnsafeMutableBufferPointer { out in
            frame.palette.withUnsafeBufferPointer { palette in
                let out = out.baseAddress!, palette = palette.baseAddress!
                return lzw.decode(frame.data, minimumCodeSize: frame.minimumCodeSize, count: frame.pixelCount,
                                  chunk: chunk(frameWidth: width)) { start, indices, length in
                    var offset = 0
                    while offset < length {
                        let streamRow = (start + offset) / width, column = (start + offset) % width
                        let run = min(width - column, length - offset)
                        let y = frame.y + rowOf[streamRow]
                        let from = max(column, firstColumn), to = min(column + run, endColumn)
                        if y >= 0 && y < screenHeight && from < to {
                            let destination = out + (y * screenWidth + frame.x + from) * 4
                            let source = indices + offset + (from - column)
                            for x in 0..<(to - from) {
                                let index = Int(source[x])
                                let pixel = destination + x * 4
                                pixel.update(from: palette + index * 4, count: 4)
                                if index == transparent { pixel[3] = 0 }
                            }
                        }
                        offset += run
                    }
                }
            }
        }
        guard decoded > 0 else { return nil }
        return PixelBuffer(width: screenWidth, height: screenHeight, bytes: bytes)
    }

    /// The display row of each stored row: itself, or GIF's four interlace passes (rows 0, 8,
    /// 16, …; 4, 12, …; 2, 6, …; 1, 3, …).
    private struct DisplayRows {
        let height: Int
        let interlaced: Bool
        /// The first stored row of passes 2, 3 and 4.
        let passStarts: (Int, Int, Int)

        init(height: Int, interlaced: Bool) {
            self.height = height
            self.interlaced = interlaced
            let first = (height + 7) / 8, second = (height + 3) / 8, third = (height + 1) / 4
            passStarts = (first, first + second, first + second + third)
        }

        subscript(row: Int) -> Int {
            guard interlaced else { return row }
            if row < passStarts.0 { return row * 8 }
            if row < passStarts.1 { return 4 + (row - passStarts.0) * 8 }
            if row < passStarts.2 { return 2 + (row - passStarts.1) * 4 }
            return 1 + (row - passStarts.2) * 2
        }
    }
}
