/// Switch Control over the scene model: scan stops, scanning, the scanner menu and dispatch.
public enum SwitchControl {}
