import Foundation

/// A strict reader of Prometheus' text exposition format 0.0.4, for checking `/metrics` as a
/// scraper would: it refuses what Prometheus refuses (a bad name, a bad escape, a sample
/// before its family's TYPE, a family split in two, a series twice) and, for histograms,
/// buckets that are not cumulative, do not end in `+Inf` or disagree with `_count`.
struct PrometheusExposition {
  struct Failure: Error, CustomStringConvertible {
    var line: Int
    var message: String
    var description: String { "line \(line): \(message)" }
  }

  struct Sample: Equatable {
    var name: String
    var labels: [String: String]
    var value: Double
  }

  private(set) var help: [String: String] = [:]
  private(set) var types: [String: String] = [:]
  private(set) var samples: [Sample] = []

  /// The samples of `name` whose labels include `labels`.
  func values(_ name: String, _ labels: [String: String] = [:]) -> [Double] {
    samples.filter { sample in
      sample.name == name && labels.allSatisfy { sample.labels[$0.key] == $0.value }
    }.map(\.value)
  }

  /// The one sample of `name` with exactly these labels, if any.
  func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  init(_ text: String) throws {
    guard text.hasSuffix("\n") else { throw Failure(line: 0, message: "no final newline") }
    var finished: Set<String> = []
    var current: String?
    var seen: Set<String> = []
    for (offset, line) in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = offset + 1
      func fail(_ message: String) -> Failure { Failure(line: number, message: message) }
      if line.hasPrefix("#") {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[0] == "#", ["HELP", "TYPE"].contains(parts[1]) else {
          continue  // A comment.
        }
        let name = String(parts[2])
        guard Self.isMetricName(name) else { throw fail("bad metric name '\(name)'") }
        let rest = parts.count == 4 ? String(parts[3]) : ""
        if parts[1] == "HELP" {
          guard help[name] == nil else { throw fail("second HELP for \(name)") }
          help[name] = try Self.unescape(rest, quotes: false).get(orThrow: fail("bad HELP escape"))
        } else {
          guard types[name] == nil else { throw fail("second TYPE for \(name)") }
          guard samples.allSatisfy({ Self.family(of: $0.name, types: types) != name }) else {
            throw fail("TYPE for \(name) after its samples")
          }
          guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(rest) else {
            throw fail("unknown type '\(rest)'")
          }
          types[name] = rest
        }
        continue
      }
      guard !line.isEmpty else { throw fail("empty line") }
      let sample = try Self.sample(String(line)).get(orThrow: fail("bad sample '\(line)'"))
      let family = Self.family(of: sample.name, types: types)
      guard types[family] != nil else { throw fail("\(sample.name) has no TYPE") }
      if family != current {
        guard !finished.contains(family) else { throw fail("\(family) is split in two") }
        if let current { finished.insert(current) }
        current = family
      }
      let key = sample.name + "|" + sample.labels.sorted { $0.key < $1.key }.description
      guard seen.insert(key).inserted else { throw fail("series \(key) twice") }
      samples.append(sample)
    }
    try checkHistograms()
  }

  /// The histogram rules: per series, `le` ascending, counts cumulative, a last `+Inf`
  /// bucket equal to `_count`, and a `_sum`.
  private func checkHistograms() throws {
    for (family, type) in types where type == "histogram" {
      var series: [[String: String]: [(le: Double, count: Double)]] = [:]
      for sample in samples where sample.name == family + "_bucket" {
        var labels = sample.labels
        guard let le = labels.removeValue(forKey: "le"), let bound = Self.number(le) else {
          throw Failure(line: 0, message: "\(family) bucket without a numeric le")
        }
        series[labels, default: []].append((bound, sample.value))
      }
      guard !series.isEmpty || samples.allSatisfy({ !$0.name.hasPrefix(family + "_") }) else {
        throw Failure(line: 0, message: "\(family) has samples but no buckets")
      }
      for (labels, buckets) in series {
        for (a, b) in zip(buckets, buckets.dropFirst()) {
          guard a.le < b.le else { throw Failure(line: 0, message: "\(family) le not ascending") }
          guard a.count <= b.count else {
            throw Failure(line: 0, message: "\(family)\(labels) buckets not cumulative")
          }
        }
        guard buckets.last?.le == .infinity else {
          throw Failure(line: 0, message: "\(family)\(labels) does not end in +Inf")
        }
        guard value(family + "_count", labels) == buckets.last?.count else {
          throw Failure(line: 0, message: "\(family)\(labels) _count is not the +Inf bucket")
        }
        guard value(family + "_sum", labels) != nil else {
          throw Failure(line: 0, message: "\(family)\(labels) has no _sum")
        }
      }
    }
  }

  // MARK: - Lexing

  private static func family(of name: String, types: [String: String]) -> String {
    for suffix in ["_bucket", "_sum", "_count"] where name.hasSuffix(suffix) {
      let base = String(name.dropLast(suffix.count))
      if ["histogram", "summary"].contains(types[base]) { return base }
    }
    return name
  }

  static func isMetricName(_ name: String) -> Bool {
    name.range(of: "^[a-zA-Z_:][a-zA-Z0-9_:]*$", options: .regularExpression) != nil
  }

  static func isLabelName(_ name: String) -> Bool {
    name.range(of: "^[a-zA-Z_][a-zA-Z0-9_]*$", options: .regularExpression) != nil
  }

  /// A float as Go's ParseFloat reads it, with the format's `+Inf`, `-Inf` and `NaN`.
  static func number(_ text: String) -> Double? {
    switch text {
    case "+Inf": return .infinity
    case "-Inf": return -.infinity
    case "NaN": return .nan
    default:
      guard
        text.range(of: "^[-+]?[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?$", options: .regularExpression)
          != nil
      else { return nil }
      return Double(text)
    }
  }

  /// Undoes `\\`, `\n` and (in label values) `\"`; any other escape is an error.
  static func unescape(_ text: String, quotes: Bool) -> String? {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "\\": result.append("\\")
        case "n": result.append("\n")
        case "\"" where quotes: result.append("\"")
        default: return nil
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    return escaping ? nil : result
  }

  /// `name{label="value",…} value [timestamp]`.
  static func sample(_ line: String) -> Sample? {
    var rest = Substring(line)
    let name = String(rest.prefix { $0 != "{" && $0 != " " })
    guard isMetricName(name) else { return nil }
    rest = rest.dropFirst(name.count)
    var labels: [String: String] = [:]
    if rest.first == "{" {
      rest = rest.dropFirst()
      while rest.first != "}" {
        let label = String(rest.prefix { $0 != "=" })
        guard isLabelName(label), labels[label] == nil else { return nil }
        rest = rest.dropFirst(label.count)
        guard rest.hasPrefix("=\"") else { return nil }
        rest = rest.dropFirst(2)
        var raw = ""
        var escaping = false
        while let character = rest.first {
          rest = rest.dropFirst()
          if escaping {
            raw.append("\\")
            raw.append(character)
            escaping = false
          } else if character == "\\" {
            escaping = true
          } else if character == "\"" {
            break
          } else if character == "\n" {
            return nil
          } else {
            raw.append(character)
          }
        }
        guard let value = unescape(raw, quotes: true) else { return nil }
        labels[label] = value
        if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { return nil }
      }
      rest = rest.dropFirst()
    }
    guard rest.first == " " else { return nil }
    let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard (1...2).contains(fields.count), let value = number(String(fields[0])) else { return nil }
    if fields.count == 2, Int64(fields[1]) == nil { return nil }
    return Sample(name: name, labels: labels, value: value)
  }
}

extension Optional {
  fileprivate func get(orThrow error: @autoclosure () -> some Error) throws -> Wrapped {
    guard let self else { throw error() }
    return self
  }
}
