import OspreyCore
/// One image of a GIF as the container describes it (GIF89a, "Image Descriptor" and
/// "Graphic Control Extension"): where it lies on the logical screen, its colours, how long it
/// shows and what happens to its area afterwards, and its LZW data with the sub-blocks joined.
struct GIFFrame {
    /// What happens to the frame's area after it was shown (the GCE's disposal method).
    enum Dispose {
        /// 0 (unspecified), 1 (do not dispose) and the reserved values 4–7: leave it.
        case none
        /// 2: restore to background, which browsers (and Osprey) clear to transparent.
        case background
        /// 3: restore to what was there before the frame.
        case previous
    }

    /// The frame's rectangle; it may lie partly or wholly outside the logical screen.
    var x = 0, y = 0, width = 0, height = 0
    /// Whether the rows come in the four-pass interlaced order.
    var interlaced = false
    /// The colour table in force: the local one, else the global one; 256 RGBA entries,
    /// entries past the table's size opaque black (as Pillow and giflib pad them).
    var palette: [UInt8] = []
    /// Whether ``palette`` is the frame's own (local) table rather than the shared global one.
    var hasLocalPalette = false
    /// The palette index drawn as transparent, if the GCE names one.
    var transparentIndex: Int?
    /// The GCE's delay in hundredths of a second (0 without a GCE).
    var delay = 0
    /// The GCE's disposal method.
    var dispose = Dispose.none
    /// The LZW minimum code size byte (valid: 1…8; anything else ends the animation).
    var minimumCodeSize = 0
    /// The image data sub-blocks, joined: one continuous LZW bit stream.
    var data: [UInt8] = []

    /// The frame's rectangle in pixels (at most 65535², so it cannot overflow).
    var pixelCount: Int { width * height }

    /// Seconds the frame shows, as browsers play it: delays of 0 and 1 (×10 ms) become
    /// 100 ms, because so many GIFs carry them while meaning "as fast as reasonable".
    var duration: Double { delay <= 1 ? 0.1 : Double(delay) / 100 }

    /// The canvas disposal for this frame.
    var canvasDispose: AnimationCanvas.Dispose {
        switch dispose {
        case .none: .none
        case .background: .background
        case .previous: .previous
        }
    }
}
