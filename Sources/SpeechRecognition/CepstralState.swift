import CPocketSphinx

/// Live cepstral mean normalization: the mean the cepstra are normalized with, and the running
/// sums from which the next mean is taken.
///
/// A new decoder normalizes with the model's prior mean (`-cmninit`) and sums from zero. Every
/// frame that passes voice activity detection adds to the sums; at the end of each utterance the
/// mean becomes sum / frames, and past 800 frames the sums are scaled down to 500 (a sliding
/// window of about five seconds of speech).
struct CepstralState: Equatable {
  /// The mean subtracted from each frame's cepstrum.
  var mean: [Float]
  /// The sums of the frames since the window started.
  var sum: [Float]
  /// The frames the sums cover.
  var frames: Int

  /// The mean of the frames summed, or `nil` before any.
  var runningMean: [Float]? {
    frames > 0 ? sum.map { $0 / Float(frames) } : nil
  }

  /// The largest difference between two means, coefficient by coefficient.
  static func distance(_ a: [Float], _ b: [Float]) -> Float {
    zip(a, b).map { abs($0 - $1) }.max() ?? 0
  }
}

extension SpeechRecognizer {
  /// The state of live cepstral mean normalization (CMN), or `nil` when the model normalizes no
  /// cepstra; setting it restores a state read before. The corresponding C function is
  /// `ps_get_feat`; the state is its `cmn_t`'s.
  var cepstralState: CepstralState? {
    get {
      guard let cmn = ps_get_feat(decoder)?.pointee.cmn_struct?.pointee,
        let mean = cmn.cmn_mean, let sum = cmn.sum
      else { return nil }
      let count = Int(cmn.veclen)
      return CepstralState(
        mean: Array(UnsafeBufferPointer(start: mean, count: count)),
        sum: Array(UnsafeBufferPointer(start: sum, count: count)), frames: Int(cmn.nframe))
    }
    set {
      guard let newValue, let cmn = ps_get_feat(decoder)?.pointee.cmn_struct,
        let mean = cmn.pointee.cmn_mean, let sum = cmn.pointee.sum,
        Int(cmn.pointee.veclen) == newValue.mean.count, newValue.sum.count == newValue.mean.count
      else { return }
      mean.update(from: newValue.mean, count: newValue.mean.count)
      sum.update(from: newValue.sum, count: newValue.sum.count)
      cmn.pointee.nframe = Int32(newValue.frames)
    }
  }

  /// How the decoder normalizes cepstra now, or `nil` when it has no feature computation;
  /// setting it replaces it. The corresponding C function is `ps_get_feat`; the value is its
  /// `feat_t`'s `cmn`.
  ///
  /// A decoder normalizes a whole utterance with the model's `-cmn` (batch: the utterance's own
  /// mean), but the first frames decoded or listened to live switch it to a live mean for good,
  /// whole utterances included (sphinxbase's `feat_cmn`).
  var cepstralNormalization: cmn_type_t? {
    get { ps_get_feat(decoder)?.pointee.cmn }
    set {
      guard let newValue, let feat = ps_get_feat(decoder) else { return }
      feat.pointee.cmn = newValue
    }
  }
}
