import Foundation

/// Reads an HTTP `Retry-After` value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date
/// in any of the three forms servers send (IMF-fixdate, the obsolete RFC 850 form, asctime).
package enum RetryAfter {
    /// The seconds from `now` that `value` asks to wait (0 for a date already past); nil for
    /// a value that is neither form.
    package static func seconds(from value: String, now: Date = Date()) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) {
            return TimeInterval(trimmed)
        }
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            // A formatter per call: Retry-After is rare, and a shared DateFormatter would need a lock.
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            let text = format.hasPrefix("EEE MMM") ? trimmed.split(separator: " ").joined(separator: " ") : trimmed
            if let date = formatter.date(from: text) { return max(0, date.timeIntervalSince(now)) }
        }
        return nil
    }
}
