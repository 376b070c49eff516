// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// A colour classified by its dominant channel, with the tolerance the fixtures need
/// (YUV 4:2:0 encoding turns 255 into about 253).
enum Hue: Equatable {
  case red, green, blue, black, white, other

  init(red: UInt8, green: UInt8, blue: UInt8) {
    func high(_ value: UInt8) -> Bool { value >= 200 }
    func low(_ value: UInt8) -> Bool { value <= 50 }
    switch (red, green, blue) {
    case (let r, let g, let b) where high(r) && low(g) && low(b): self = .red
    case (let r, let g, let b) where low(r) && high(g) && low(b): self = .green
    case (let r, let g, let b) where low(r) && low(g) && high(b): self = .blue
    case (let r, let g, let b) where low(r) && low(g) && low(b): self = .black
    case (let r, let g, let b) where high(r) && high(g) && high(b): self = .white
    default: self = .other
    }
  }
}

extension VideoFrame {
  /// The colour at (`x`, `y`) of an RGBA or BGRA frame, as (red, green, blue).
  func rgb(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
    withUnsafeBytes { bytes in
      let offset = y * pitch + x * 4
      let (first, second, third) = (bytes[offset], bytes[offset + 1], bytes[offset + 2])
      return format == .bgra ? (third, second, first) : (first, second, third)
    }
  }

  /// The hue at (`x`, `y`) of an RGBA or BGRA frame.
  func hue(x: Int, y: Int) -> Hue {
    let (red, green, blue) = rgb(x: x, y: y)
    return Hue(red: red, green: green, blue: blue)
  }

  /// The hue at the centre of an RGBA or BGRA frame.
  var centreHue: Hue {
    let (red, green, blue) = rgb(x: width / 2, y: height / 2)
    return Hue(red: red, green: green, blue: blue)
  }

  /// The mean of all colour channels of an RGBA or BGRA frame, 0…255.
  var meanBrightness: Double {
    withUnsafeBytes { bytes in
      var sum = 0
      for row in 0..<height {
        for column in 0..<width {
          let offset = row * pitch + column * 4
          sum += Int(bytes[offset]) + Int(bytes[offset + 1]) + Int(bytes[offset + 2])
        }
      }
      return Double(sum) / Double(width * height * 3)
    }
  }
}
