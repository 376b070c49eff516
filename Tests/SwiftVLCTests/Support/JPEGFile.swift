// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CJPEG
import Foundation
import SwiftVLC

/// Why JPEG data could not be read.
struct JPEGDecodingFailed: Error, CustomStringConvertible {
  var description: String
}

/// The JPEG `data`, decoded by libjpeg into 8-bit RGBA pixels (the encoder under test is
/// libjpeg too, but this reads the file as any libjpeg program would). libjpeg's default error
/// handler exits the process: only JPEGs a test made are decoded, after a check of their
/// signature.
func decodeJPEG(_ data: Data) throws -> Thumbnail {
  guard data.count > 4, data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) else {
    throw JPEGDecodingFailed(description: "\(data.count) bytes that are not a JPEG")
  }
  var errors = jpeg_error_mgr()
  var info = jpeg_decompress_struct()
  info.err = jpeg_std_error(&errors)
  jpeg_CreateDecompress(&info, JPEG_LIB_VERSION, MemoryLayout<jpeg_decompress_struct>.size)
  defer { jpeg_destroy_decompress(&info) }
  let bytes = [UInt8](data)
  return bytes.withUnsafeBufferPointer { buffer in
    jpeg_mem_src(&info, buffer.baseAddress, UInt(buffer.count))
    _ = jpeg_read_header(&info, 1)
    info.out_color_space = JCS_EXT_RGBA
    _ = jpeg_start_decompress(&info)
    let (width, height) = (Int(info.output_width), Int(info.output_height))
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { output in
      while info.output_scanline < info.output_height {
        var row: JSAMPROW? = output.baseAddress! + Int(info.output_scanline) * width * 4
        _ = jpeg_read_scanlines(&info, &row, 1)
      }
    }
    _ = jpeg_finish_decompress(&info)
    return Thumbnail(width: width, height: height, rgba: pixels)
  }
}

/// The text chunks (`tEXt` and uncompressed `iTXt`) of the PNG at `path`, by keyword.
func pngText(atPath path: String) throws -> [String: String] {
  let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  var text: [String: String] = [:]
  var offset = 8
  while offset + 12 <= data.count {
    let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
    let body = Array(data[offset + 8..<min(offset + 8 + length, data.count)])
    if type == "tEXt" || type == "iTXt", let end = body.firstIndex(of: 0) {
      let keyword = String(decoding: body[..<end], as: UTF8.self)
      var rest = body[(end + 1)...]
      if type == "iTXt" {
        // Compression flag and method, then the language tag and translated keyword.
        rest = rest.dropFirst(2)
        for _ in 0..<2 { rest = rest.drop { $0 != 0 }.dropFirst() }
      }
      text[keyword] = String(decoding: rest, as: UTF8.self)
    }
    offset += 12 + length
  }
  return text
}
