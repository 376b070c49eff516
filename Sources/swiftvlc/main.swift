import SwiftVLC

print("swiftvlc 0.1.0, libVLC \(VLCInstance.shared.version)")
