// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The URL schemes libVLC 3's access modules open, and the plugin file of each module.
///
/// libVLC 3 has no API to list its access modules or their schemes (their "shortcuts"), and it
/// accepts any location: one with no module for its scheme, or no scheme at all, is tried
/// with every module in turn, and some of those paths crash libVLC 3 when the player stops
/// (see docs/libvlc3-findings.md). So the schemes are listed here, from the 3.0 sources'
/// `add_shortcut` lines and checked against Debian's plugins, and a scheme is supported when
/// one of its plugin files is installed.
enum AccessSchemes {
  /// The scheme (lower case) and the plugin files whose modules open it, any one enough.
  static let plugins: [String: [String]] = {
    var table: [String: [String]] = [:]
    for (files, schemes) in modules {
      for scheme in schemes { table[scheme, default: []] += files }
    }
    return table
  }()

  /// Plugin files and the schemes their modules declare. Internal schemes (`imem`,
  /// `attachment`, `concat`: fed by libVLC itself or by options) are left out on purpose.
  private static let modules: [(files: [String], schemes: [String])] = [
    (["libfilesystem_plugin.so"], ["file", "directory", "dir", "fd", "stream"]),
    (["libhttps_plugin.so", "libhttp_plugin.so"], ["http"]),
    (["libhttps_plugin.so"], ["https"]),
    (["libhttp_plugin.so"], ["unsv", "itpc", "icyx"]),
    (["libftp_plugin.so"], ["ftp", "ftps", "ftpes"]),
    (["libsftp_plugin.so"], ["sftp"]),
    (["libaccess_mms_plugin.so"], ["mms", "mmsh", "mmst", "mmsu"]),
    (["libudp_plugin.so"], ["udp", "udp4", "udp6", "udpstream"]),
    (["librtp_plugin.so"], ["rtp", "rtptcp", "dccp", "udplite"]),
    (["libtcp_plugin.so"], ["tcp"]),
    (["libsdp_plugin.so"], ["sdp"]),
    (["libaccess_realrtsp_plugin.so"], ["pnm"]),
    (["libavio_plugin.so"], ["avio", "rtmp", "rtmpe", "rtmps", "rtmpt", "rtmpte", "rtmpts"]),
    (["libdvdnav_plugin.so", "libdvdread_plugin.so"], ["dvd"]),
    (["libdvdread_plugin.so"], ["dvdread", "dvdsimple"]),
    (["liblibbluray_plugin.so"], ["bluray"]),
    (["libcdda_plugin.so"], ["cdda", "cddasimple"]),
    (["libvcd_plugin.so"], ["vcd", "svcd"]),
    (["libv4l2_plugin.so"], ["v4l2", "v4l", "radio"]),
    (["libaccess_alsa_plugin.so"], ["alsa"]),
    (["libpulsesrc_plugin.so"], ["pulse"]),
    (
      ["libdtv_plugin.so"],
      [
        "dtv", "dvb", "dvb-s", "dvb-s2", "dvb-c", "dvb-c2", "dvb-t", "dvb-t2", "atsc",
        "cqam", "isdb-c", "isdb-s", "isdb-t",
      ]
    ),
    (["libdvb_plugin.so"], ["usdigital"]),
    (["libsatip_plugin.so"], ["satip"]),
    (["librist_plugin.so"], ["rist"]),
    (["libshm_plugin.so"], ["shm"]),
    (["libidummy_plugin.so"], ["vlc"]),
    (["libnfs_plugin.so"], ["nfs"]),
    (["libtimecode_plugin.so"], ["timecode"]),
    (["libvdr_plugin.so"], ["vdr", "svdrp"]),
    (["libaccess_mtp_plugin.so"], ["mtp"]),
    (["libdc1394_plugin.so"], ["dc1394"]),
    (["libdv1394_plugin.so"], ["dv", "dv1394", "raw1394"]),
    (["liblinsys_hdsdi_plugin.so"], ["linsys-hdsdi"]),
    (["liblinsys_sdi_plugin.so"], ["linsys-sdi"]),
    (["libxcb_screen_plugin.so"], ["screen"]),
    (["libaccess_jack_plugin.so"], ["jack"]),
    (["libvnc_plugin.so"], ["vnc"]),
    (["librdp_plugin.so"], ["rdp"]),
    (["libdecklink_plugin.so"], ["decklink"]),
    (["libsmb_plugin.so", "libsmb2_plugin.so", "libdsm_plugin.so"], ["smb"]),
    (["libaccess_srt_plugin.so"], ["srt"]),
    (["liblive555_plugin.so"], ["rtsp", "rtsps", "live", "livedotcom"]),
  ]
}
