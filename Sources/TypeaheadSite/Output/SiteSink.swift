import Foundation
import Synchronization
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

/// Where a build puts its files as it makes them, from any thread.
protocol SiteSink: Sendable {
    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError)
    /// Keeps the previous site's file at `path` as it is (an incremental build); returns its size.
    func keep(_ path: String) throws(SiteWriteError) -> Int
}

extension SiteSink {
    func keep(_ path: String) throws(SiteWriteError) -> Int {
        throw SiteWriteError(description: "cannot keep \(path): there is no previous site")
    }
}

/// Keeps every file in memory (`SiteBuilder.buildWithSummary()`: the report of `report --content`, tests).
final class MemorySink: SiteSink {
    private let store = Mutex<[String: [UInt8]]>([:])

    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
        store.withLock { $0[path] = bytes }
    }

    var files: [String: [UInt8]] { store.withLock { $0 } }
}

/// Streams a site into a temporary folder beside the target as its files are made, so a build
/// holds no more than the pages being rendered; `finish` swaps it in at once (or, when every file
/// is the same as in the previous site, leaves that site alone). A file whose bytes did not
/// change is hard-linked from the previous site, so it keeps its modification time. The output
/// is the same whatever order the files come in.
final class StreamingSite: SiteSink {
    private struct State {
        var made = Set<String>()
        var files = 0
        var reused = 0
    }

    let writer: SiteWriter
    private let temporary: URL
    private let retired: URL
    private let previous: String?
    private let state = Mutex(State())

    /// The lock file's descriptor, held (`flock`) while this build writes: one build per site.
    private let lock: Int32
    private let lockPath: String

    init(writer: SiteWriter) throws(SiteWriteError) {
        self.writer = writer
        let fm = FileManager.default
        let target = writer.target
        let parent = target.deletingLastPathComponent()
        let pid = ProcessInfo.processInfo.processIdentifier
        let name = target.lastPathComponent
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SiteWriteError(description: "cannot create \(parent.path): \(error.localizedDescription)")
        }
        // One build at a time per site: a second one fails, naming the first's lock.
        lockPath = parent.appendingPathComponent(".\(name).typeahead-lock").path
        lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lock >= 0 else {
            throw SiteWriteError(description: "cannot create \(lockPath): \(String(cString: strerror(errno)))")
        }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            close(lock)
            throw SiteWriteError(
                description:
                    "another typeahead build is writing \(target.path) (it holds \(lockPath)); wait for it to finish")
        }
        // What interrupted builds left: a site between two renames is restored, the rest removed.
        let leftovers = ((try? fm.contentsOfDirectory(atPath: parent.path)) ?? []).filter {
            $0.hasPrefix(".\(name).typeahead-new-") || $0.hasPrefix(".\(name).typeahead-old-")
        }.sorted()
        for leftover in leftovers {
            let path = parent.appendingPathComponent(leftover).path
            if leftover.hasPrefix(".\(name).typeahead-old-"), !fm.fileExists(atPath: target.path) {
                _ = rename(path, target.path)
            } else {
                try? fm.removeItem(atPath: path)
            }
        }
        do {
            try writer.checkTarget()
        } catch {
            unlink(lockPath)
            close(lock)
            throw error
        }
        temporary = parent.appendingPathComponent(".\(name).typeahead-new-\(pid)")
        retired = parent.appendingPathComponent(".\(name).typeahead-old-\(pid)")
        previous = fm.fileExists(atPath: target.path) ? target.path : nil
        do {
            try? fm.removeItem(at: temporary)
            try fm.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw SiteWriteError(description: "cannot create \(temporary.path): \(error.localizedDescription)")
        }
    }

    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
        try makeFolders(path)
        let folder = temporary.path
        if let previous, SiteWriter.sameBytes(previous + "/" + path, bytes),
            link(previous + "/" + path, folder + "/" + path) == 0
        {
            state.withLock { $0.reused += 1 }
        } else {
            try SiteWriter.writeFile(folder + "/" + path, bytes)
        }
    }

    /// Links the previous site's file at `path` into the new site, unread: the incremental plan has
    /// proven its bytes are those this build would write.
    func keep(_ path: String) throws(SiteWriteError) -> Int {
        guard let previous else { throw SiteWriteError(description: "cannot keep \(path): there is no previous site") }
        try makeFolders(path)
        var info = stat()
        guard lstat(previous + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw SiteWriteError(description: "cannot keep \(previous)/\(path): \(String(cString: strerror(errno)))")
        }
        if link(previous + "/" + path, temporary.path + "/" + path) != 0 {
            // A file system without hard links: the bytes are copied.
            guard let data = FileManager.default.contents(atPath: previous + "/" + path) else {
                throw SiteWriteError(description: "cannot read \(previous)/\(path)")
            }
            try SiteWriter.writeFile(temporary.path + "/" + path, [UInt8](data))
        }
        state.withLock { $0.reused += 1 }
        return Int(info.st_size)
    }

    /// Makes the folders of `path` in the new site (under the lock, parents first, each once) and
    /// counts the file.
    private func makeFolders(_ path: String) throws(SiteWriteError) {
        try SiteWriter.checkRelative(path)
        let folder = temporary.path
        // Folders are made under the lock, parents first, each once.
        try state.withLock { (state: inout State) throws(SiteWriteError) in
            var parents: [String] = []
            var current = path
            while let slash = current.lastIndex(of: "/") {
                current = String(current[..<slash])
                if state.made.contains(current) { break }
                parents.append(current)
            }
            for parent in parents.reversed() {
                if mkdir(folder + "/" + parent, 0o755) != 0, errno != EEXIST {
                    throw SiteWriteError(
                        description: "cannot create \(folder)/\(parent): \(String(cString: strerror(errno)))")
                }
                state.made.insert(parent)
            }
            state.files += 1
        }
    }

    /// Swaps the new site in, or keeps the previous one when nothing changed; returns how many
    /// files are unchanged since the previous build. `fingerprint`: the build's inputs, for the
    /// proof beside the site (`SiteWriter.swap`).
    func finish(fingerprint: String? = nil) throws(SiteWriteError) -> Int {
        try put(SiteWriter.markerName, Array(SiteWriter.markerContents.utf8))
        let (files, reused) = state.withLock { ($0.files, $0.reused) }
        if let previous, reused == files, Self.regularFiles(in: previous) == files {
            abandon()
            return reused
        }
        do {
            try writer.swap(temporary: temporary, retired: retired, fingerprint: fingerprint)
        } catch {
            abandon()
            throw SiteWriteError(
                description:
                    "cannot put the new site in place at \(writer.target.path) (from \(temporary.path)): \(error.localizedDescription)"
            )
        }
        return reused
    }

    deinit {
        // The build is over: the lock file goes, then the lock (a build that opened the file
        // meanwhile failed on the lock; one that comes later makes a new one).
        unlink(lockPath)
        close(lock)
    }

    /// Removes the temporary folder (a failed build leaves the previous site as it was).
    func abandon() {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// How many regular files are below `folder` (anything else counts as a difference: -1). Read
    /// with `readdir` and its entry types (Foundation's enumerator stats every file: seconds for a
    /// site of 150,000 files).
    static func regularFiles(in folder: String) -> Int {
        guard let directory = opendir(folder) else { return -1 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(path, &info) == 0 else { return -1 }
                type =
                    info.st_mode & S_IFMT == S_IFDIR
                    ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : -1
            }
            if type == Int32(DT_DIR) {
                let below = regularFiles(in: path)
                if below < 0 { return -1 }
                count += below
            } else if type == Int32(DT_REG) {
                count += 1
            } else {
                return -1
            }
        }
        return count
    }
}

/// A sink that writes nothing: it compares every file the build makes with the file of the same
/// path in a built site, for `check`'s byte-for-byte proof, holding only paths and differences.
final class ComparingSink: SiteSink {
    private struct State {
        var produced = Set<String>()
        var differences: [(path: String, text: String)] = []
        var digests: [String: (digest: ContentDigest, size: Int)] = [:]
        var kept = Set<String>()
    }

    let site: String
    /// The proven site an incremental check's build starts from (`keep` takes its files), nil for
    /// the full proof.
    let base: String?
    private let state = Mutex(State())

    init(site: String, base: String? = nil) {
        self.site = site
        self.base = base
    }

    /// The build keeps the base's file at `path`: the site's must be that file (the same inode,
    /// whose bytes the proof's digests have proven) or hold the same bytes.
    func keep(_ path: String) throws(SiteWriteError) -> Int {
        guard let base else { throw SiteWriteError(description: "cannot keep \(path): there is no previous site") }
        try SiteWriter.checkRelative(path)
        var kept = stat()
        guard lstat(base + "/" + path, &kept) == 0, kept.st_mode & S_IFMT == S_IFREG else {
            throw SiteWriteError(description: "cannot keep \(base)/\(path): \(String(cString: strerror(errno)))")
        }
        var found = stat()
        var difference: String?
        if lstat(site + "/" + path, &found) != 0 || found.st_mode & S_IFMT != S_IFREG {
            difference = "missing"
        } else if found.st_dev != kept.st_dev || found.st_ino != kept.st_ino {
            let expected = FileManager.default.contents(atPath: base + "/" + path)
            let stored = FileManager.default.contents(atPath: site + "/" + path)
            if expected == nil || expected != stored {
                difference = "differs from the proven site's, which the build keeps"
            }
        }
        state.withLock {
            $0.produced.insert(path)
            $0.kept.insert(path)
            if let difference { $0.differences.append((path, difference)) }
        }
        return Int(kept.st_size)
    }

    /// The digest and size of each file the build made that the site holds as made (not those kept).
    var digests: [String: (digest: ContentDigest, size: Int)] { state.withLock { $0.digests } }
    /// The files the build kept from the base.
    var kept: Set<String> { state.withLock { $0.kept } }

    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
        try SiteWriter.checkRelative(path)
        var difference: String?
        if let found = FileManager.default.contents(atPath: site + "/" + path) {
            // Compared as memory: `Data`'s iterator, byte by byte, cost seconds over a large site.
            let equal =
                found.count == bytes.count
                && found.withUnsafeBytes { stored in
                    bytes.withUnsafeBytes { made in
                        made.count == 0 || memcmp(stored.baseAddress!, made.baseAddress!, made.count) == 0
                    }
                }
            if !equal {
                // A picture has no lines to show: its sizes say enough.
                difference =
                    String(validating: bytes, as: UTF8.self) == nil
                    ? "differs from the build's (\(found.count) bytes, expected \(bytes.count))"
                    : Self.firstDifference(found: [UInt8](found), expected: bytes, what: "the build's")
            }
        } else {
            difference = "missing"
        }
        let digest = difference == nil ? ContentDigest(bytes) : nil
        state.withLock {
            $0.produced.insert(path)
            if let difference { $0.differences.append((path, difference)) }
            if let digest { $0.digests[path] = (digest, bytes.count) }
        }
    }

    /// The paths the build made, and each file that differs (in path order).
    var result: (produced: Set<String>, differences: [(path: String, text: String)]) {
        state.withLock { ($0.produced, $0.differences.sorted { utf8Less($0.path, $1.path) }) }
    }
}

extension ComparingSink {
    /// Where a file first differs from what it should be: its line, found and expected.
    static func firstDifference(found: [UInt8], expected: [UInt8], what: String = "the engine's index") -> String {
        let a = found.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let b = expected.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line =
            zip(a, b).enumerated().first { !$0.element.0.elementsEqual($0.element.1) }?.offset ?? min(a.count, b.count)
        let text = { (lines: [ArraySlice<UInt8>]) in
            line < lines.count ? "\"\(String(decoding: lines[line].prefix(100), as: UTF8.self))\"" : "nothing"
        }
        return "line \(line + 1) differs from \(what): found \(text(a)), expected \(text(b))"
    }
}
