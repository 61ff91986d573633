import Dispatch
import Foundation
import Synchronization
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

/// What a passing `typeahead check` leaves, so that the next one proves only what changed since
/// (docs/ARCHITECTURE.md, "Incremental checks"). In `.<site>.typeahead-proof/` beside the site,
/// never inside it:
///
/// - `proof`: the format line, the inputs' fingerprint (`Fingerprint`: the binary, site.json, the
///   suggestions, the synonyms, the templates, the pictures), the proven site's identity
///   (`identity(of:)`), the digest of the copy of the build state (`stateDigest(_:)`);
/// - `digests`: every file of the proven site, `digest size path` a line (`ContentDigest`);
/// - `state/`: a copy of the build state that described the proven site (`BuildState`), the
///   products it was built from included;
/// - `site/`: the proven site itself, once a build has replaced it: the build moves the folder
///   here instead of removing it (its unchanged files are hard links shared with the new site,
///   so this costs only the files the build replaced).
struct SiteProof {
    static let format = "typeahead-proof 1"

    var fingerprint: String
    /// The proven site's identity (`identity(of:)`).
    var site: String
    /// The digest of the proof's copy of the build state (`stateDigest(_:)`).
    var state: String
    var digests: [String: (digest: ContentDigest, size: Int)]

    /// Why a proof could not be read.
    struct Unreadable: Error {
        var reason: String
    }

    /// The proof folder of the site at `site`.
    static func folder(of site: String) -> String {
        let url = URL(fileURLWithPath: site).standardizedFileURL
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).typeahead-proof").path
    }

    /// A site folder's identity: its device and inode, and its marker file's inode and modification
    /// time. A folder's inode alone may be another's after that one was removed; a site built where
    /// none was has a marker of its own time (one built over a site links the marker of the site it
    /// replaces). Nil when the folder or its marker is not there.
    static func identity(of folder: String) -> String? {
        guard let site = BuildState.status(folder),
            let marker = BuildState.status(folder + "/" + SiteWriter.markerName)
        else { return nil }
        return
            "\(site.st_dev) \(site.st_ino) \(marker.st_ino) \(marker.st_mtim.tv_sec * 1_000_000_000 + marker.st_mtim.tv_nsec)"
    }

    /// The first lines of the proof beside `site`: its fingerprint and site identity (nil: none there).
    static func readHead(site: String) -> (fingerprint: String, site: String, state: String)? {
        guard let data = FileManager.default.contents(atPath: folder(of: site) + "/proof"),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0] == format else { return nil }
        guard lines[2].split(separator: " ").compactMap({ Int($0) }).count == 4 else { return nil }
        return (String(lines[1]), String(lines[2]), String(lines[3]))
    }

    /// The proof beside `site`, nil when there is none.
    static func read(site: String) throws(Unreadable) -> SiteProof? {
        let folder = folder(of: site)
        guard FileManager.default.fileExists(atPath: folder + "/proof") else { return nil }
        guard let head = readHead(site: site) else {
            throw Unreadable(reason: "its first lines are not a proof's (another version of typeahead?)")
        }
        guard let data = FileManager.default.contents(atPath: folder + "/digests") else {
            throw Unreadable(reason: "its digests cannot be read")
        }
        var digests: [String: (digest: ContentDigest, size: Int)] = [:]
        for line in [UInt8](data).split(separator: UInt8(ascii: "\n")) {
            let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let digest = ContentDigest(hex: parts[0]),
                let size = Int(String(decoding: parts[1], as: UTF8.self)), size >= 0, !parts[2].isEmpty
            else {
                throw Unreadable(reason: "its digests have a broken line")
            }
            digests[String(decoding: parts[2], as: UTF8.self)] = (digest, size)
        }
        return SiteProof(fingerprint: head.fingerprint, site: head.site, state: head.state, digests: digests)
    }

    /// Writes the proof of the site at `site` (whose files have `digests`), with a copy of the
    /// build state folder `state`, replacing any earlier proof (and the proven site it held):
    /// into a new folder, then renamed in place.
    static func write(
        site: String, fingerprint: String, digests: [String: (digest: ContentDigest, size: Int)], state: String
    ) throws(Unreadable) {
        let folder = folder(of: site)
        let fresh = folder + "-new-\(ProcessInfo.processInfo.processIdentifier)"
        let fm = FileManager.default
        guard let identity = identity(of: site) else { throw Unreadable(reason: "\(site) is gone") }
        // What checks that stopped while writing their proof left.
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        for leftover in ((try? fm.contentsOfDirectory(atPath: parent)) ?? [])
        where leftover.hasPrefix(name + "-new-") || leftover.hasPrefix(name + "-old-") {
            try? fm.removeItem(atPath: parent + "/" + leftover)
        }
        do {
            try fm.createDirectory(atPath: fresh, withIntermediateDirectories: true)
            try fm.copyItem(atPath: state, toPath: fresh + "/state")
            guard let stateDigest = stateDigest(fresh + "/state") else {
                throw Unreadable(reason: "the copy of the build state cannot be read")
            }
            var lines: [UInt8] = []
            for path in digests.keys.sorted(by: utf8Less) {
                let (digest, size) = digests[path]!
                lines += "\(digest.hex) \(size) \(path)\n".utf8
            }
            try Data(lines).write(to: URL(fileURLWithPath: fresh + "/digests"))
            let head = "\(format)\n\(fingerprint)\n\(identity)\n\(stateDigest)\n"
            try Data(head.utf8).write(to: URL(fileURLWithPath: fresh + "/proof"))
        } catch {
            try? fm.removeItem(atPath: fresh)
            throw Unreadable(reason: "cannot write \(fresh): \(error.localizedDescription)")
        }
        // The earlier proof goes first (aside, then removed), so a stop between the steps
        // leaves no proof or this one, never a mix.
        let aside = folder + "-old-\(ProcessInfo.processInfo.processIdentifier)"
        if fm.fileExists(atPath: folder) { _ = rename(folder, aside) }
        guard rename(fresh, folder) == 0 else {
            try? fm.removeItem(atPath: fresh)
            throw Unreadable(reason: "cannot rename \(fresh): \(String(cString: strerror(errno)))")
        }
        try? fm.removeItem(atPath: aside)
    }

    /// The digest of a build state folder's files (`state`, `files`, `pages`, `vetting`, `maps`
    /// and `content/`), by name and bytes, in name order; nil when one cannot be read.
    static func stateDigest(_ folder: String) -> String? {
        var stream = Fingerprint.Stream()
        for path in SiteReader.files(under: folder) {
            guard let data = FileManager.default.contents(atPath: folder + "/" + path) else { return nil }
            stream.add(path)
            stream.add(data.withUnsafeBytes { ContentDigest($0) }.hex)
        }
        return stream.hex
    }

    /// Removes the proof beside `site` (a check that failed: the site is not what it proved).
    static func remove(site: String) {
        try? FileManager.default.removeItem(atPath: folder(of: site))
    }

    /// A build of inputs `fingerprint` put a new site in place of the one now at `retired`: when
    /// that one is the proven site, it is moved into the proof (`site/`) instead of being removed,
    /// and true is returned. A proof of other inputs can serve no check now: it is removed.
    static func adopt(retired: String, site: String, fingerprint: String?) -> Bool {
        guard let head = readHead(site: site) else { return false }
        guard let fingerprint, head.fingerprint == fingerprint else {
            if fingerprint != nil { remove(site: site) }
            return false
        }
        guard identity(of: retired) == head.site else { return false }
        let kept = folder(of: site) + "/site"
        try? FileManager.default.removeItem(atPath: kept)
        return rename(retired, kept) == 0
    }
}

/// A 128-bit digest of a file's bytes: two multiply-rotate lanes over 8-byte words, mixed at the
/// end. Not a cryptographic hash: it finds any change made by hand or by another tool; someone
/// who can write the site can write its proof too, so a forged collision would prove nothing more.
struct ContentDigest: Equatable, Sendable {
    var a: UInt64
    var b: UInt64

    init(a: UInt64, b: UInt64) {
        (self.a, self.b) = (a, b)
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var a: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(count)
        var b: UInt64 = 0xc2b2_ae3d_27d4_eb4f &+ UInt64(count)
        Self.absorb(&a, &b, bytes, last: true)
        self.a = Self.mix(a ^ b.rotated(17))
        self.b = Self.mix(b ^ self.a)
    }

    /// Runs the two lanes over `bytes`' 16-byte words; with `last`, over its tail too (zero-padded
    /// to 16 bytes, even when empty). Without, `bytes.count` must be a multiple of 16.
    static func absorb(_ a: inout UInt64, _ b: inout UInt64, _ bytes: UnsafeRawBufferPointer, last: Bool) {
        let count = bytes.count
        var at = 0
        while at + 16 <= count {
            let x = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            let y = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
            a = ((a ^ x) &* 0x87c3_7b91_1142_53d5).rotated(31) &+ b
            b = ((b ^ y) &* 0x4cf5_ad43_2745_937f).rotated(33) &+ a
            at += 16
        }
        guard last else { return }
        var tail: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &tail) { tailBytes in
            for i in 0..<(count - at) { tailBytes[i] = bytes[at + i] }
        }
        a = ((a ^ tail.0) &* 0x87c3_7b91_1142_53d5).rotated(31) &+ b
        b = ((b ^ tail.1) &* 0x4cf5_ad43_2745_937f).rotated(33) &+ a
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentDigest($0) }
    }

    /// MurmurHash3's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xff51_afd7_ed55_8ccd
        k ^= k >> 33
        k = k &* 0xc4ce_b9fe_1a85_ec53
        k ^= k >> 33
        return k
    }

    var hex: String {
        let digits = { (value: UInt64) in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return digits(a) + digits(b)
    }

    init?(hex: ArraySlice<UInt8>) {
        guard hex.count == 32, let a = UInt64(String(decoding: hex.prefix(16), as: UTF8.self), radix: 16),
            let b = UInt64(String(decoding: hex.suffix(16), as: UTF8.self), radix: 16)
        else { return nil }
        (self.a, self.b) = (a, b)
    }

    /// The digest and size of the regular file at `path` (nil: not one, or unreadable), read into
    /// `buffer` (grown as needed, kept for the next file).
    static func ofFile(_ path: String, buffer: inout [UInt8]) -> (digest: ContentDigest, size: Int)? {
        // Not blocking: a named pipe put there is refused below, not waited on.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        if buffer.count < size + 1 { buffer = [UInt8](repeating: 0, count: max(size + 1, buffer.count * 2)) }
        var offset = 0
        // Read until the end (one byte more than the size asked: a file that grew is read whole).
        while true {
            if offset == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + offset, $0.count - offset) }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            offset += n
        }
        let digest = buffer.withUnsafeBytes { ContentDigest(UnsafeRawBufferPointer(rebasing: $0[0..<offset])) }
        return (digest, offset)
    }

    /// The digests of the files at `paths` under `root`, on all cores (nil where one cannot be read).
    static func ofFiles(_ paths: [String], under root: String) -> [(digest: ContentDigest, size: Int)?] {
        let found = Mutex([(digest: ContentDigest, size: Int)?](repeating: nil, count: paths.count))
        let chunks = max(1, min(paths.count, ProcessInfo.processInfo.activeProcessorCount * 4))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var mine: [(Int, (digest: ContentDigest, size: Int)?)] = []
            for i in Swift.stride(from: chunk, to: paths.count, by: chunks) {
                mine.append((i, ofFile(root + "/" + paths[i], buffer: &buffer)))
            }
            found.withLock { for (i, value) in mine { $0[i] = value } }
        }
        return found.withLock { $0 }
    }
}

extension ContentDigest {
    /// A streamed digest's lanes: chunks of `chunk` bytes absorbed as they come (fewer only in the
    /// last, which may be empty), the size mixed in at the end.
    struct Stream {
        static let chunk = 1 << 20
        private var a: UInt64 = 0x9e37_79b9_7f4a_7c15
        private var b: UInt64 = 0xc2b2_ae3d_27d4_eb4f
        private(set) var size = 0

        /// One chunk; one shorter than `chunk` is the last.
        mutating func absorb(_ bytes: UnsafeRawBufferPointer) {
            size += bytes.count
            ContentDigest.absorb(&a, &b, bytes, last: bytes.count < Self.chunk)
        }

        var digest: (digest: ContentDigest, size: Int) {
            let first = ContentDigest.mix(a ^ UInt64(size) ^ b.rotated(17))
            return (ContentDigest(a: first, b: ContentDigest.mix(b ^ first)), size)
        }
    }

    /// `streamed(_:copy:)`'s digest of bytes held in memory (what a file of these bytes streams to).
    static func streamed(_ bytes: [UInt8]) -> (digest: ContentDigest, size: Int) {
        var stream = Stream()
        bytes.withUnsafeBytes { all in
            var at = 0
            repeat {
                let end = min(at + Stream.chunk, all.count)
                stream.absorb(UnsafeRawBufferPointer(rebasing: all[at..<end]))
                at += Stream.chunk
            } while at <= all.count
        }
        return stream.digest
    }

    /// The digest of all that `fd` reads until its end and how many bytes that was, in chunks of
    /// 1 MB: a file of any size in constant memory (the build state's copy of an 800 MB products
    /// file). Each chunk is also written to `copy` when given. Its lanes start before the size is
    /// known, so its value differs from `init(_:)`'s for the same bytes: compare streamed digests
    /// with streamed ones only. Nil when a read or a write fails.
    static func streamed(_ fd: Int32, copy: Int32? = nil) -> (digest: ContentDigest, size: Int)? {
        let chunk = Stream.chunk
        var buffer = [UInt8](repeating: 0, count: chunk)
        var stream = Stream()
        while true {
            // The buffer is filled before its words are read, so only the last chunk has a tail.
            var filled = 0
            while filled < chunk {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, chunk - filled) }
                guard n >= 0 else { return nil }
                if n == 0 { break }
                filled += n
            }
            if let copy {
                var written = 0
                while written < filled {
                    let n = buffer.withUnsafeBytes { write(copy, $0.baseAddress! + written, filled - written) }
                    guard n > 0 else { return nil }
                    written += n
                }
            }
            buffer.withUnsafeBytes { stream.absorb(UnsafeRawBufferPointer(rebasing: $0[0..<filled])) }
            if filled < chunk { break }
        }
        return stream.digest
    }
}

extension UInt64 {
    fileprivate func rotated(_ bits: UInt64) -> UInt64 { (self << bits) | (self >> (64 - bits)) }
}
