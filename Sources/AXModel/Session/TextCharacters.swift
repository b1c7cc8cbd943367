/// Character-offset editing of a field's text: the ranges ``TextEdit/select(_:)`` and
/// ``TextEdit/replaceCharacters(_:with:)`` take count Swift characters (grapheme clusters), so
/// an emoji or a letter with a combining accent is one character, as the Delete key removes it.
extension String {
  /// The text's characters in `range` (offsets in characters, within the text).
  public func characters(in range: Range<Int>) -> Substring {
    let start = index(startIndex, offsetBy: range.lowerBound)
    return self[start..<index(start, offsetBy: range.count)]
  }

  /// The text with the characters in `range` replaced by `replacement`.
  public func replacingCharacters(in range: Range<Int>, with replacement: String) -> String {
    let start = index(startIndex, offsetBy: range.lowerBound)
    let end = index(start, offsetBy: range.count)
    return String(self[..<start]) + replacement + String(self[end...])
  }

  /// Where the word before `offset` starts, with the spaces between it and `offset`: what
  /// Option-Delete ("delete previous word") removes from there up to `offset`.
  public func startOfWord(before offset: Int) -> Int {
    wordRange(before: offset)?.lowerBound ?? 0
  }

  /// The word before `offset`, without the spaces after it ("select previous word"), or `nil`
  /// when only spaces are before it.
  public func wordRange(before offset: Int) -> Range<Int>? {
    let characters = Array(prefix(offset))
    var end = characters.count
    while end > 0, characters[end - 1].isWhitespace { end -= 1 }
    var start = end
    while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
    return start < end ? start..<end : nil
  }

  /// The word after `offset`, without the spaces before it ("select next word"), or `nil`
  /// when only spaces are after it.
  public func wordRange(after offset: Int) -> Range<Int>? {
    let characters = Array(self)
    var start = min(max(offset, 0), characters.count)
    while start < characters.count, characters[start].isWhitespace { start += 1 }
    var end = start
    while end < characters.count, !characters[end].isWhitespace { end += 1 }
    return start < end ? start..<end : nil
  }
}
