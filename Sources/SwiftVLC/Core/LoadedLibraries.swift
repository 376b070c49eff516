#if canImport(Glibc)
  import Glibc
#endif

/// How many shared objects the process has loaded so far, from glibc's `dl_iterate_phdr`.
enum LoadedLibraries {
  /// `dl_iterate_phdr`'s signature, with its `struct dl_phdr_info` left opaque.
  private typealias Iterate =
    @convention(c) (
      @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32,
      UnsafeMutableRawPointer?
    ) -> Int32

  /// Looked up at run time: Swift's Glibc module does not import `<link.h>`.
  private static let iterate: Iterate? = {
    guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "dl_iterate_phdr")
    else { return nil }
    return unsafeBitCast(symbol, to: Iterate.self)
  }()

  /// Objects loaded since the process started (`dlpi_adds`, which unloading does not lower),
  /// or `nil` where glibc does not report it. Cheap: reads the first object's record only.
  static var loadCount: UInt64? {
    guard let iterate else { return nil }
    var count: UInt64?
    _ = withUnsafeMutablePointer(to: &count) { result in
      iterate(
        { info, size, result in
          // struct dl_phdr_info on LP64: address, name, phdr, phnum (padded to 8), then
          // dlpi_adds at byte 32 and dlpi_subs at 40, present when the size reaches them.
          guard let info, let result, size >= 40 else { return 1 }
          result.assumingMemoryBound(to: UInt64?.self).pointee =
            info.load(fromByteOffset: 32, as: UInt64.self)
          return 1
        }, UnsafeMutableRawPointer(result))
    }
    return count
  }
}
