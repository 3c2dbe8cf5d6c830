import Foundation

/// The second reference column of the decoder rows: the C codec library alone, timed through
/// imagecodecs' direct bindings (``PythonReference/Kind/cJPEG`` and its siblings). Pillow's
/// open + load + convert adds its own work on top of the same library, so Osprey ÷ Pillow and
/// Osprey ÷ the library can tell different stories; both rows are reported.
extension PythonReference {
    /// The row beside a decoder row: `osprey` (in `unit`, larger is better when `perSecond`)
    /// against the C library behind `kind`, from `seconds` (one median per round, NaN when it
    /// was not measured). Without imagecodecs the row is skipped with a note saying so.
    func cLibraryRow(scenario: String, metric: String, unit: String, osprey: Stat, kind: Kind,
                     seconds: [Double], work: Double, note: String = "") -> Row {
        guard let library = cLibraryName(kind), seconds.contains(where: \.isFinite) else {
            return .outcome(.skipped, scenario: scenario, metric: "\(metric) vs the C library",
                            note: "\(imagecodecsStatus): no C-library figure")
        }
        let output = switch kind {
        case .cJPEG: "RGB"
        case .cGIF: "every frame composed, RGB"
        default: "RGB or RGBA as stored"
        }
        return Row(scenario: scenario, metric: metric, unit: unit, osprey: osprey,
                   baselineName: "\(library) (C, via imagecodecs)",
                   baseline: Stat(seconds.filter(\.isFinite).map { work / $0 }),
                   note: "the library alone: decode to its own output (\(output)), no Python image object"
                       + (note.isEmpty ? "" : "; \(note)"))
    }
}
