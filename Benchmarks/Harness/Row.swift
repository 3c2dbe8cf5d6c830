import Foundation

/// What a target is checked against: the ratio Osprey ÷ baseline, or Osprey's own figure.
enum TargetSubject: String, Codable, Sendable {
    case ratio
    case value
}

/// A goal a row is held to, e.g. "ratio ≤ 1.05", with the rule it comes from.
struct Target: Codable, Sendable {
    enum Comparison: String, Codable, Sendable {
        case atMost = "≤"
        case atLeast = "≥"
        case exactly = "="
    }

    var subject: TargetSubject
    var comparison: Comparison
    var threshold: Double
    /// Where the target comes from, so a reader can look it up.
    var source: String

    static func ratio(_ comparison: Comparison, _ threshold: Double, source: String) -> Target {
        Target(subject: .ratio, comparison: comparison, threshold: threshold, source: source)
    }

    static func value(_ comparison: Comparison, _ threshold: Double, source: String) -> Target {
        Target(subject: .value, comparison: comparison, threshold: threshold, source: source)
    }

    /// Whether `figure` meets the target (exact comparisons allow no slack: they are counts).
    func isMet(by figure: Double) -> Bool {
        switch comparison {
        case .atMost: return figure <= threshold
        case .atLeast: return figure >= threshold
        case .exactly: return figure == threshold
        }
    }

    /// "ratio ≤ 1.05" or "≤ 350".
    var text: String {
        let prefix = subject == .ratio ? "ratio " : ""
        return "\(prefix)\(comparison.rawValue) \(Format.number(threshold))"
    }
}

/// The outcome of one row. Only `error` makes the process fail.
enum Verdict: String, Codable, Sendable {
    case met
    case missed
    case notApplicable = "n/a"
    case skipped
    case error
}

/// One line of the report: a figure for Osprey beside its baseline.
struct Row: Codable, Sendable {
    var scenario: String
    var metric: String
    var unit: String
    var osprey: Stat?
    var baselineName: String
    var baseline: Stat?
    var ratio: Double?
    var target: Target?
    var verdict: Verdict
    var note: String

    /// A measured row; the ratio is Osprey's median ÷ the baseline's, and the verdict follows
    /// from the target (n/a without one).
    init(scenario: String, metric: String, unit: String, osprey: Stat?, baselineName: String = "",
         baseline: Stat? = nil, ratio: Double? = nil, target: Target? = nil, note: String = "") {
        self.scenario = scenario
        self.metric = metric
        self.unit = unit
        self.osprey = osprey
        self.baselineName = baselineName
        self.baseline = baseline
        if let ratio {
            self.ratio = ratio
        } else if let o = osprey?.median, let b = baseline?.median, b != 0, o.isFinite, b.isFinite {
            self.ratio = o / b
        } else {
            self.ratio = nil
        }
        self.target = target
        self.note = note
        verdict = Row.judge(target: target, ratio: self.ratio, value: osprey?.median)
    }

    /// A row for a scenario that could not run (a missing part or tool) or that threw.
    static func outcome(_ verdict: Verdict, scenario: String, metric: String = "—", note: String) -> Row {
        var row = Row(scenario: scenario, metric: metric, unit: "", osprey: nil, note: note)
        row.verdict = verdict
        return row
    }

    private static func judge(target: Target?, ratio: Double?, value: Double?) -> Verdict {
        guard let target else { return .notApplicable }
        let figure = target.subject == .ratio ? ratio : value
        guard let figure, figure.isFinite else { return .notApplicable }
        return target.isMet(by: figure) ? .met : .missed
    }
}

/// Number formatting shared by the reports.
enum Format {
    /// Three significant digits, no exponent for everyday magnitudes; "—" for NaN.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        if magnitude == 0 { return "0" }
        if magnitude >= 1000 { return String(Int(value.rounded())) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        if magnitude >= 0.01 { return String(format: "%.3f", value) }
        return String(format: "%.2e", value)
    }

    static func stat(_ stat: Stat?) -> String {
        guard let stat, stat.count > 0 else { return "—" }
        if stat.count == 1 || stat.median == stat.p90 { return number(stat.median) }
        return "\(number(stat.median)) / \(number(stat.p90))"
    }

    static func ratio(_ ratio: Double?) -> String {
        guard let ratio, ratio.isFinite else { return "—" }
        return String(format: "%.2f", ratio)
    }
}
