/// Osprey's version, as sent in the downloader's `User-Agent` and printed by `osprey --version`.
public enum OspreyVersion {
    /// Semantic version of this release.
    public static let string = "0.1.0"
}
