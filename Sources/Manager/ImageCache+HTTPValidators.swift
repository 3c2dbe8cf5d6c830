import Foundation

/// Osprey's cache keeps the validators in the disk entry's sidecar file, so they live and
/// expire with the bytes they describe.
extension ImageCache: HTTPValidatorStoring {
    public func validators(forKey key: String) -> HTTPValidators? {
        guard let data = diskCache.extendedData(forKey: key) else { return nil }
        return try? JSONDecoder().decode(HTTPValidators.self, from: data)
    }

    public func setValidators(_ validators: HTTPValidators, forKey key: String) {
        let data = validators.isEmpty ? nil : try? JSONEncoder().encode(validators)
        // Nothing stored and nothing to store: skip the I/O.
        guard data != nil || diskCache.extendedData(forKey: key) != nil else { return }
        diskCache.setExtendedData(data, forKey: key)
    }
}
