/// A JSON value to write, rendered deterministically.
///
/// Rendering the same value always gives the same text: object keys are sorted by Unicode
/// scalar order, numbers use one fixed format, and strings use one escaping. That makes the
/// output fit for golden files and for diffs.
///
/// ```swift
/// let report: JSONOutput = ["scene": "product-page", "steps": 3, "ratio": 0.75]
/// report.rendered()  // {"ratio":0.75,"scene":"product-page","steps":3}
/// ```
public enum JSONOutput: Sendable, Equatable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A number; infinities and NaN are written as `null`.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONOutput])
  /// An object, written with its keys sorted.
  case object([String: JSONOutput])
}

extension JSONOutput {
  /// Creates the output form of a parsed value, dropping its source positions.
  ///
  /// Object members become dictionary entries; if keys repeat, which ``JSONParser`` never
  /// allows, the last one wins.
  public init(_ node: JSONNode) {
    switch node.value {
    case .null:
      self = .null
    case .bool(let flag):
      self = .bool(flag)
    case .number(let number):
      self = .number(number)
    case .string(let text):
      self = .string(text)
    case .array(let elements):
      self = .array(elements.map(JSONOutput.init))
    case .object(let members):
      self = .object(
        Dictionary(members.map { ($0.key, JSONOutput($0.value)) }, uniquingKeysWith: { $1 }))
    }
  }

  /// Returns the value as JSON text.
  ///
  /// Compact output has no whitespace at all. Pretty output puts each element and member on
  /// its own line, indented by two spaces per level, writes members as `"key": value`, and
  /// writes empty containers as `[]` and `{}`. Neither form ends with a newline.
  ///
  /// Numbers within ±2^53 that are whole are written without a decimal point (`3`). Other
  /// finite numbers are rounded to 6 significant digits, half away from zero, from their
  /// shortest round-trip form, and written without trailing zeros (`0.75`, `12.5`,
  /// `0.333333`, `1234570`); exponent notation is used only below 1e-6 or from 1e21 on
  /// (`1e-7`, `1.5e+21`). Infinities and NaN are written as `null`.
  ///
  /// Strings escape `"`, `\`, newline, carriage return and tab as `\"`, `\\`, `\n`, `\r`,
  /// `\t`, and other control characters as `\u00XX`; everything else, including `/` and
  /// non-ASCII characters, is written as is.
  public func rendered(pretty: Bool = false) -> String {
    var writer = JSONOutputWriter(pretty: pretty)
    writer.write(self, level: 0)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}

extension JSONOutput: ExpressibleByNilLiteral {
  /// Creates `null` from `nil`.
  public init(nilLiteral: ()) {
    self = .null
  }
}

extension JSONOutput: ExpressibleByBooleanLiteral {
  /// Creates a Boolean from `true` or `false`.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONOutput: ExpressibleByIntegerLiteral {
  /// Creates a number from an integer literal.
  public init(integerLiteral value: Int) {
    self = .number(Double(value))
  }
}

extension JSONOutput: ExpressibleByFloatLiteral {
  /// Creates a number from a floating-point literal.
  public init(floatLiteral value: Double) {
    self = .number(value)
  }
}

extension JSONOutput: ExpressibleByStringLiteral {
  /// Creates a string from a string literal.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONOutput: ExpressibleByArrayLiteral {
  /// Creates an array from an array literal.
  public init(arrayLiteral elements: JSONOutput...) {
    self = .array(elements)
  }
}

extension JSONOutput: ExpressibleByDictionaryLiteral {
  /// Creates an object from a dictionary literal; if a key repeats, the last value wins.
  public init(dictionaryLiteral elements: (String, JSONOutput)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
}
