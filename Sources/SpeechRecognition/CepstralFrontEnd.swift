import CPocketSphinx

/// The cepstra of a live stream, computed once, with the stream's own voice activity detector.
///
/// PocketSphinx computes features inside `ps_process_raw`, so audio fed again (an utterance
/// decoded from its start once its mean is known, a second opinion) has its features computed
/// again, and audio only listened to still costs a search: the acoustic model scores every
/// frame, however small the search (with the en-us model's tied mixtures, the top Gaussians of
/// every codebook, about 45% of a full decode). A stream instead computes each frame here,
/// keeps the frames of the current utterance, and hands them to the decoder (`ps_process_cep`),
/// to its running mean only, or to other searches.
///
/// It is made from the decoder's own options, so its frames, dithering and voice activity
/// decisions are the decoder's. The corresponding C functions are `fe_init_auto_r`,
/// `fe_start_stream`, `fe_start_utt`, `fe_process_frames`, `fe_end_utt` and `fe_get_vad_state`.
final class CepstralFrontEnd {
  private let front: UnsafeMutablePointer<axps_front_end>
  /// The coefficients of one frame (13 for the en-us model).
  let dimension: Int

  /// A front end with `decoder`'s options, or `nil` if PocketSphinx refuses them.
  init?(decoder: OpaquePointer) {
    // Room for a 32 ms chunk's frames and the voice activity detector's pre-speech frames,
    // released together when speech starts.
    guard let front = axps_front_end_create(decoder, 64) else { return nil }
    self.front = front
    dimension = Int(front.pointee.dimension)
  }

  deinit {
    axps_front_end_free(front)
  }

  /// Starts again as for a new microphone: the noise estimate the voice activity detector
  /// decides with is learned afresh.
  func startStream() {
    fe_start_stream(front.pointee.fe)
  }

  /// Starts an utterance: the voice activity detector hears silence again.
  func startUtterance() {
    _ = fe_start_utt(front.pointee.fe)
  }

  /// Whether the voice activity detector hears speech now.
  var isInSpeech: Bool {
    fe_get_vad_state(front.pointee.fe) != 0
  }

  /// Computes the frames of `samples` and appends them to `frames`, `dimension` values a frame;
  /// in silence the voice activity detector holds them back or drops them.
  func process(_ samples: UnsafeBufferPointer<Int16>, appendingTo frames: inout [Float]) throws(RecognizerError) {
    guard let base = samples.baseAddress else { return }
    var next: UnsafePointer<Int16>? = base
    var count = samples.count
    while count > 0 {
      let before = count
      let written = axps_front_end_process(front, &next, &count)
      guard written >= 0 else {
        throw RecognizerError(
          .decoderFailure, "\(samples.count) samples", function: "fe_process_frames",
          log: PocketSphinxLog.shared.lastError)
      }
      append(Int(written), to: &frames)
      // Nothing used and nothing written: the rest is less than a frame, kept for the next call.
      if written == 0, count == before { break }
    }
  }

  /// Ends the utterance and appends its last partial frame to `frames` if it is speech.
  func endUtterance(appendingTo frames: inout [Float]) {
    append(Int(axps_front_end_end(front)), to: &frames)
  }

  private func append(_ count: Int, to frames: inout [Float]) {
    guard count > 0, let rows = front.pointee.frames, let first = rows[0] else { return }
    // ckd_calloc_2d keeps the rows in one block.
    frames.append(contentsOf: UnsafeBufferPointer(start: first, count: count * dimension))
  }
}

@available(*, unavailable)
extension CepstralFrontEnd: Sendable {}

extension SpeechRecognizer {
  /// Decodes frames of ``CepstralFrontEnd``: live (`isComplete` false) or as one whole
  /// utterance. The frames are left as they were. The corresponding C function is
  /// `ps_process_cep`.
  ///
  /// Unlike `ps_process_raw`, `ps_end_utt` then has no partial frame to end the utterance with
  /// (the decoder's own front end heard nothing), so the last 3 frames of an utterance that ends
  /// in speech, which the feature window holds back, are not searched: 30 ms of the pause after
  /// a command ended early (``RecognitionResult/Ending/completeCommand``). An utterance that
  /// ends in silence lost them with `ps_process_raw` too.
  func process(cepstra frames: ArraySlice<Float>, isComplete: Bool = false) throws(RecognizerError) {
    let dimension = frontEnd.dimension
    let count = frames.count / dimension
    guard count > 0 else { return }
    let result = frames.withUnsafeBufferPointer { buffer in
      axps_process_cep(decoder, buffer.baseAddress, Int32(count), Int32(dimension), isComplete ? 1 : 0)
    }
    guard result >= 0 else {
      throw RecognizerError(
        .decoderFailure, "\(count) frames", function: "ps_process_cep",
        log: PocketSphinxLog.shared.lastError)
    }
  }

  /// Adds frames of ``CepstralFrontEnd`` to the running cepstral mean as a live decode of them
  /// would, without decoding them: what an utterance only listened to costs. The corresponding
  /// C function is `cmn_live`.
  func accumulateMean(of frames: ArraySlice<Float>) {
    let dimension = frontEnd.dimension
    frames.withUnsafeBufferPointer { buffer in
      axps_accumulate_mean(decoder, buffer.baseAddress, Int32(buffer.count / dimension), Int32(dimension))
    }
  }
}
