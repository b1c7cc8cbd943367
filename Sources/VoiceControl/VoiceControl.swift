/// Voice Control over the scene model: commands, names, overlays and dispatch.
public enum VoiceControl {}
