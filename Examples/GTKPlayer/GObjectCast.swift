// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK

/// A pointer to a GObject, as C APIs take it: typed (`GtkWidget *`) or opaque (`GtkPicture *`
/// of a final type).
protocol GObjectPointer {
  init(raw: UnsafeMutableRawPointer)
  var raw: UnsafeMutableRawPointer { get }
}

extension OpaquePointer: GObjectPointer {
  init(raw: UnsafeMutableRawPointer) { self.init(raw) }
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: GObjectPointer {
  init(raw: UnsafeMutableRawPointer) { self = raw.assumingMemoryBound(to: Pointee.self) }
  var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
}

/// `object` as the pointer type the call needs: GTK_BUTTON(), G_ACTION_MAP() and friends,
/// unchecked. Use only along the object's real type hierarchy.
func g<Target: GObjectPointer>(_ object: some GObjectPointer) -> Target {
  Target(raw: object.raw)
}

extension UnsafeMutableRawPointer: GObjectPointer {
  init(raw: UnsafeMutableRawPointer) { self = raw }
  var raw: UnsafeMutableRawPointer { self }
}
