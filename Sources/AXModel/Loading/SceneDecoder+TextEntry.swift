extension SceneDecoder {
  /// Decodes a text field's `placeholder` and `secure` keys, which no other view type has.
  mutating func decodeTextEntry(
    _ fields: JSONFields, into view: inout ViewNode, _ keyPath: String
  ) throws(SceneError) {
    for key in ["placeholder", "secure", "keyboardType"] {
      guard let node = fields[key], view.type != .textField else { continue }
      throw error(
        .invalidValue, "'\(key)' needs a text field, found a \(view.type.rawValue)", at: node.position,
        "\(keyPath).\(key)", hint: "only a textField view is edited with a keyboard")
    }
    if let node = fields["placeholder"] { view.placeholder = try template(node, "\(keyPath).placeholder") }
    if let node = fields["secure"] { view.isSecure = try bool(node, "\(keyPath).secure") }
    if let node = fields["keyboardType"] {
      view.keyboardType = try enumValue(
        KeyboardType.self, node, "\(keyPath).keyboardType", kind: "keyboard type")
    }
  }
}
