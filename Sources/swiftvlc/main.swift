import Foundation
import SwiftVLCCommandLine

let status = await Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
