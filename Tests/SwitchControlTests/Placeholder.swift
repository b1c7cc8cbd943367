// Replaced by the target's real tests.
