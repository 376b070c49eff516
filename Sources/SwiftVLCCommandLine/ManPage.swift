// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import SwiftVLC

/// The manual page swiftvlc(1), in roff, rendered from the command table like the help, so
/// that the two cannot drift. `swiftvlc --generate man` prints it; `make install` installs it.
package enum ManPage {
  /// The whole page for `commands`; its SOURCES section lists `openable` (the schemes this
  /// libVLC opens) and `missing` (well-known ones it does not, with the reason).
  package static func render(
    _ commands: [CommandSpec] = CommandSpec.all,
    openable: [String] = VLCInstance.openableSchemes,
    missing: [String: String] = VLCInstance.missingSchemes
  ) -> String {
    var page = """
      .TH SWIFTVLC 1 "" "swiftvlc \(ToolVersion.current)" "User Commands"
      .SH NAME
      swiftvlc \\- \(escape(HelpText.tagline))
      .SH SYNOPSIS

      """
    page += commands.map(synopsis).joined(separator: "\n.br\n") + "\n.br\n"
    page += "\\fBswiftvlc\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR\n"
    page += """
      .SH DESCRIPTION
      \\fBswiftvlc\\fR plays, probes, thumbnails and records media with libVLC, the engine of
      VLC: files, and network sources such as HTTP, HLS and UDP multicast (see SOURCES). A
      SOURCE is a file name or a URL. Options and operands may be given in any order; an option's value is
      written \\fB\\-\\-name VALUE\\fR or \\fB\\-\\-name=VALUE\\fR, and \\fB\\-\\-\\fR ends
      the options. \\fBswiftvlc\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR prints a command's
      section of this page.
      .SH OPTIONS

      """
    page += HelpText.toolOptions.map(item).joined()
    page += sources(openable: openable, missing: missing)
    page += ".SH COMMANDS\n"
    for spec in commands {
      page += ".SS \(escape(spec.name))\n" + synopsis(spec) + "\n.PP\n"
      page += escape(spec.summary) + ".\n" + spec.documentedOptions.map(item).joined()
      page += notes(spec.notes)
    }
    page += """
      .SH EXIT STATUS
      \(escape(HelpText.exitStatus)).
      .SH FILES
      .TP
      .I share/swiftvlc/demo.mkv
      The clip \\fBswiftvlc play\\fR plays without a SOURCE, beside the \\fIbin\\fR directory
      that holds \\fBswiftvlc\\fR (\\fI/usr/share/swiftvlc/demo.mkv\\fR for \\fI/usr/bin\\fR).
      .SH SEE ALSO
      .BR vlc (1),
      .BR ffprobe (1)

      """
    return page
  }

  /// The SOURCES section: the URL schemes this libVLC opens, and the well-known ones it
  /// cannot, each with its reason (on Debian 12: `rtsp`, which needs live555).
  static func sources(openable: [String], missing: [String: String]) -> String {
    var section = ".SH SOURCES\nA file name, or a URL with one of the schemes this libVLC opens: "
    section += escape(openable.joined(separator: ", ")) + ".\n"
    for (scheme, reason) in missing.sorted(by: { $0.key < $1.key }) {
      section += ".TP\n.B \(escape(scheme))://\nnot openable: \(escape(reason)).\n"
    }
    return section
  }

  /// "\fBswiftvlc probe\fR [\fIOPTIONS\fR] \fISOURCE...\fR"
  private static func synopsis(_ spec: CommandSpec) -> String {
    var line = "\\fBswiftvlc \(escape(spec.name))\\fR [\\fIOPTIONS\\fR]"
    if let name = spec.operands.name {
      let usage = escape(spec.operands.usage)
      line += " " + usage.replacing(name, with: "\\fI\(name)\\fR")
    }
    return line
  }

  /// One option as a tagged paragraph: "-o, --output FILE" over its help.
  private static func item(_ option: CommandSpec.Option) -> String {
    var tag = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    tag += "\\fB\\-\\-\(escape(option.long))\\fR"
    if let value = option.valueName { tag += " \\fI\(escape(value))\\fR" }
    return ".TP\n\(tag)\n\(escape(option.help))\n"
  }

  /// The command's notes: runs of plain lines become filled paragraphs, runs of indented lines
  /// (formats, examples) are kept as they are, indented.
  private static func notes(_ notes: String) -> String {
    var text = ""
    var inParagraph = false
    var inExample = false
    for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
      let indented = line.hasPrefix(" ")
      if inExample && !indented {
        text += ".fi\n.RE\n"
        inExample = false
      }
      if line.isEmpty {
        inParagraph = false
      } else if indented {
        if !inExample { text += ".RS 4\n.nf\n" }
        inExample = true
        text += escape(String(line.dropFirst(2))) + "\n"
      } else {
        if !inParagraph { text += ".PP\n" }
        inParagraph = true
        text += escape(String(line)) + "\n"
      }
    }
    if inExample { text += ".fi\n.RE\n" }
    return text
  }

  /// `text` made safe as roff input: backslashes and hyphens escaped (so options stay ASCII
  /// when copied from the page), a leading dot or quote made literal.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "—": escaped += "\\(em"
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
