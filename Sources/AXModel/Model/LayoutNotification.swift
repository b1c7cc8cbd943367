/// The two UIKit notifications that tell assistive technologies the screen changed under them.
///
/// `UIAccessibility.Notification.screenChanged` announces a new screen: VoiceOver moves its
/// focus to the argument, or to the first element when there is none, and Switch Control
/// restarts scanning at the top. `layoutChanged` announces that part of the screen changed:
/// the focus moves to the argument, or stays where it is while the focused element remains, and
/// scanning goes on.
public enum LayoutNotification: String, CaseIterable, Hashable, Sendable {
  /// `UIAccessibility.Notification.screenChanged`.
  case screenChanged
  /// `UIAccessibility.Notification.layoutChanged`.
  case layoutChanged
}
