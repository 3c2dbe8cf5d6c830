import OspreyCore
/// One pass of the image data: a sub-grid of the image, starting at (`x`, `y`) and taking
/// every `dx`-th column of every `dy`-th row. A plain image is one pass with steps of 1.
struct PNGPass: Equatable {
    let x: Int
    let y: Int
    let dx: Int
    let dy: Int
    /// Pixels per row of the pass.
    let width: Int
    /// Rows of the pass.
    let height: Int

    var isEmpty: Bool { width == 0 || height == 0 }

    /// The seven Adam7 passes of a `width` × `height` image (PNG specification §8.2).
    static func adam7(width: Int, height: Int) -> [PNGPass] {
        let grid: [(x: Int, y: Int, dx: Int, dy: Int)] = [
            (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
        ]
        return grid.map { pass in
            PNGPass(x: pass.x, y: pass.y, dx: pass.dx, dy: pass.dy,
                    width: width > pass.x ? (width - pass.x + pass.dx - 1) / pass.dx : 0,
                    height: height > pass.y ? (height - pass.y + pass.dy - 1) / pass.dy : 0)
        }
    }
}
