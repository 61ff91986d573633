import Foundation
import Synchronization
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

/// Where a build puts its files as it makes them, from any thread.
protocol SiteSink: Sendable {
    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError)
}

/// Keeps every file in memory (`SiteBuilder.build()`, the report of `report --content`, tests).
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

    init(writer: SiteWriter) throws(SiteWriteError) {
        try writer.checkTarget()
        self.writer = writer
        let fm = FileManager.default
        let target = writer.target
        let parent = target.deletingLastPathComponent()
        let pid = ProcessInfo.processInfo.processIdentifier
        temporary = parent.appendingPathComponent(".\(target.lastPathComponent).typeahead-new-\(pid)")
        retired = parent.appendingPathComponent(".\(target.lastPathComponent).typeahead-old-\(pid)")
        previous = fm.fileExists(atPath: target.path) ? target.path : nil
        do {
            try fm.createDirectory(at: parent, withIntermediateDirectories: true)
            try? fm.removeItem(at: temporary)
            try fm.createDirectory(at: temporary, withIntermediateDirectories: false)
        } catch {
            throw SiteWriteError(description: "cannot create \(temporary.path): \(error.localizedDescription)")
        }
    }

    func put(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
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
        if let previous, SiteWriter.sameBytes(previous + "/" + path, bytes),
            link(previous + "/" + path, folder + "/" + path) == 0
        {
            state.withLock { $0.reused += 1 }
        } else {
            try SiteWriter.writeFile(folder + "/" + path, bytes)
        }
    }

    /// Swaps the new site in, or keeps the previous one when nothing changed; returns how many
    /// files are unchanged since the previous build.
    func finish() throws(SiteWriteError) -> Int {
        try put(SiteWriter.markerName, Array(SiteWriter.markerContents.utf8))
        let (files, reused) = state.withLock { ($0.files, $0.reused) }
        if let previous, reused == files, Self.regularFiles(in: previous) == files {
            abandon()
            return reused
        }
        do {
            try writer.swap(temporary: temporary, retired: retired)
        } catch {
            abandon()
            throw SiteWriteError(description: "cannot write the site: \(error.localizedDescription)")
        }
        return reused
    }

    /// Removes the temporary folder (a failed build leaves the previous site as it was).
    func abandon() {
        try? FileManager.default.removeItem(at: temporary)
    }

    /// How many regular files are below `folder` (anything else counts as a difference).
    static func regularFiles(in folder: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return -1 }
        var count = 0
        while enumerator.nextObject() != nil {
            let type = enumerator.fileAttributes?[.type] as? FileAttributeType
            if type == .typeDirectory { continue }
            if type != .typeRegular { return -1 }
            count += 1
        }
        return count
    }
}
