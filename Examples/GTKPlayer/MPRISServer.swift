import CGTK
import SwiftVLC

@MainActor
final class MPRISServer {
  static var shared: MPRISServer?
  init(window: PlayerWindow) {}
  func playerChanged(_ window: PlayerWindow) {}
}
