import Foundation

/// Paths and temporary folders shared by the test targets.
public enum TestSupport {
    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh, empty temporary folder, unique to the caller. Every such folder is inside one
    /// folder of this test process (`typeahead-tests-<pid>`), which is removed when the process
    /// exits, whatever the tests did: no test leaves a folder behind, and none needs a teardown.
    public static func temporaryDirectory(_ label: String = "test") throws -> URL {
        let url = processFolder.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This process's folder of temporary folders, made on first use, removed at exit.
    public static let processFolder: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typeahead-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)  // a folder of an earlier process with this pid
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestSupport.processFolder) }
        return url
    }()

    /// Writes `text` to `name` inside `directory`, creating folders as needed.
    @discardableResult
    public static func write(_ text: String, to name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every regular file under `directory`: relative path → bytes, in sorted order of paths.
    public static func tree(_ directory: URL) throws -> [(String, Data)] {
        let fm = FileManager.default
        var result: [(String, Data)] = []
        guard let enumerator = fm.enumerator(atPath: directory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String { paths.append(path) }
        for path in paths.sorted() {
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            if fm.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append((path, fm.contents(atPath: full) ?? Data()))
            }
        }
        return result
    }
}

extension TestSupport {
    /// The built `typeahead` executable, beside the test bundle.
    public static var typeaheadBinary: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
                .appendingPathComponent("typeahead"),
            packageRoot.appendingPathComponent(".build/debug/typeahead"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }

    /// The result of running a program.
    public struct RunResult: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs the built `typeahead` with `arguments` in `directory`, with extra environment.
    public static func runTypeahead(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = typeaheadBinary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        process.environment = env
        // Output goes to files, not pipes: reading a pipe with Foundation's FileHandle traps when
        // a child's exit signal interrupts the read (EINTR), which made runs flaky.
        let folder = try temporaryDirectory("run")
        let outURL = folder.appendingPathComponent("stdout")
        let errURL = folder.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        defer { try? FileManager.default.removeItem(at: folder) }
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return RunResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Copies `source` to a new temporary folder and returns it.
    public static func copy(_ source: URL, label: String) throws -> URL {
        let target = try temporaryDirectory(label).appendingPathComponent(source.lastPathComponent)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }
}
