// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CGTK
internal import CGTKShim
import Foundation

/// Keeps windows that show video off GTK's GL renderer when GL is a software rasterizer.
///
/// GTK 4.8 draws a window with its GL renderer whenever GL works, and on a machine without a
/// GPU, GL is Mesa's llvmpipe: every frame of video then repaints the whole window in
/// software shaders. Measured with the example player showing 720p30 in a 640×480 window on
/// Xvfb, that costs about twice the CPU of GTK's cairo renderer and drops about half the
/// frames (GTK rendered 163 of 285 pictures). GTK itself stopped using GL on llvmpipe in 4.14
/// (gskrenderer.c: "Not using GL: renderer is llvmpipe"); this backports that choice.
///
/// The choice is GTK's per-display renderer, so it applies to windows realized after it: call
/// ``avoidSoftwareGL()`` before showing the first window (``VideoView``'s initializer calls
/// it, which is early enough when the view is made before its window is shown). A renderer
/// named in `GSK_RENDERER` always wins. Main thread only.
@MainActor
public enum RendererChoice {
  /// The GL renderer of the default display ("llvmpipe (LLVM 15.0.6, 256 bits)"), once
  /// ``avoidSoftwareGL()`` has looked; `nil` before, without a display, or without GL.
  public private(set) static var glRenderer: String?

  /// Whether ``avoidSoftwareGL()`` chose the cairo renderer for the default display.
  public private(set) static var choseCairo = false

  private static var looked = false

  /// Makes the default display's windows realized from now on draw with GTK's cairo renderer
  /// when its GL is a software rasterizer (llvmpipe, softpipe, swrast). Does nothing when
  /// `GSK_RENDERER` is set, when there is no display yet, or after the first call that found
  /// one. The first look creates and drops one GL context (tens of milliseconds on llvmpipe).
  /// - Returns: ``choseCairo``.
  @discardableResult
  public static func avoidSoftwareGL() -> Bool {
    guard !looked, let display = gdk_display_get_default() else { return choseCairo }
    looked = true
    guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == nil else { return false }
    if let name = swiftvlc_gtk_gl_renderer_name(display) {
      glRenderer = String(cString: name)
      g_free(name)
    }
    guard let glRenderer, isSoftware(glRenderer) else { return false }
    swiftvlc_gtk_set_display_renderer(display, "cairo")
    choseCairo = true
    return true
  }

  /// Whether a GL_RENDERER string names one of Mesa's software rasterizers.
  static func isSoftware(_ renderer: String) -> Bool {
    let name = renderer.lowercased()
    return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains {
      name.contains($0)
    }
  }
}
