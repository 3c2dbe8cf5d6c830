import OspreyCore
/// What each deflate symbol decodes to (RFC 1951 §3.2.5), as ``HuffmanEntry`` templates
/// without their code lengths: the table builder ORs the length in.
extension HuffmanEntry {
    /// Literal/length symbols 0–287: literal bytes, end of block, length bases with extra bits.
    static let literalLengthTemplates: [UInt32] = {
        let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                           35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                           3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        var templates = (0..<256).map { make(kind: literal, value: $0) }
        templates.append(make(kind: endOfBlock, value: 0))
        for i in 0..<29 { templates.append(make(kind: base, value: lengthBases[i], extraBits: lengthExtra[i])) }
        templates += [invalid, invalid]   // 286 and 287 never occur in valid data
        return templates
    }()

    /// Distance symbols 0–31: distance bases with extra bits.
    static let distanceTemplates: [UInt32] = {
        let bases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769,
                     1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
        var templates = (0..<30).map { make(kind: base, value: bases[$0], extraBits: max(0, $0 / 2 - 1)) }
        templates += [invalid, invalid]   // 30 and 31 never occur in valid data
        return templates
    }()

    /// Code-length alphabet symbols (0–18) decode to themselves.
    static let codeLengthTemplates: [UInt32] = symbolTemplates(count: 19)
}
