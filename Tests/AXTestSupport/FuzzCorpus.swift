import Foundation

/// The file names of a fuzz target's corpus (`Tests/Fuzz/Corpus/<target>`), sorted, so each is
/// its own test case.
///
/// A missing or empty corpus gives one name that can't be read, so the replay fails instead of
/// passing with nothing run.
public func fuzzCorpus(_ target: String, filePath: String = #filePath) -> [String] {
  let folder = packagePath("Tests/Fuzz/Corpus/\(target)", filePath: filePath)
  let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  return names.isEmpty ? ["(no corpus in Tests/Fuzz/Corpus/\(target))"] : names
}

/// The bytes of one corpus input.
public func fuzzInput(_ target: String, _ name: String, filePath: String = #filePath) throws -> [UInt8] {
  let path = packagePath("Tests/Fuzz/Corpus/\(target)/\(name)", filePath: filePath)
  return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
