import Foundation
import TypeaheadEngine
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

// The incremental check (docs/ARCHITECTURE.md, "Incremental checks"): a passing check with the
// templates leaves a proof beside the site (`SiteProof`); the next check starts from it.
extension SiteChecker {
    /// Proves the site from the last proof: the proven site's bytes are read again against the
    /// proof's digests, then the incremental build from the proven site to the content now is made
    /// in memory and compared with the site, file by file (the files it keeps must be the proven
    /// ones, the files it makes must hold its bytes, and there must be no other). Returns nil and
    /// why when no proof can serve (none, other inputs, the proven site gone or changed, a build
    /// from it that would be clean): the full check then runs.
    public func runSinceProof() throws(SiteCheckError) -> (report: Report?, why: String) {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let templates, let contentDirectory else { return (nil, "no templates or content folder given") }
        // The site checked is the folder there now: one put in its place meanwhile is named (below).
        let identity = SiteProof.identity(of: site)
        let proof: SiteProof
        do {
            guard let found = try SiteProof.read(site: site) else {
                return (nil, "no proof of an earlier check beside \(site)")
            }
            proof = found
        } catch {
            return (nil, "the earlier proof is ignored (\(error.reason))")
        }
        let fingerprint = Fingerprint.make(contentDirectory: contentDirectory, templates: templates)
        if let changed = Fingerprint.difference(proof.fingerprint, fingerprint) {
            return (nil, "\(changed) changed since the last proof")
        }
        let folder = SiteProof.folder(of: site)
        let base: String
        if identity == proof.site {
            base = site
        } else if SiteProof.identity(of: folder + "/site") == proof.site {
            base = folder + "/site"
        } else {
            return (nil, "the proven site is gone (\(site) was replaced by something other than typeahead build)")
        }
        guard SiteProof.stateDigest(folder + "/state") == proof.state else {
            return (nil, "the proof's copy of the build state was changed since the proof")
        }
        let state: BuildState
        do {
            guard let found = try BuildState.read(folder: folder + "/state") else {
                return (nil, "the proof holds no build state")
            }
            state = found
        } catch {
            return (nil, "the proof's build state is ignored (\(error.reason))")
        }
        var report = Report()

        // 1. The proven site's bytes, read again: every file the proof lists, with its digest. A
        // file changed since (by hand, by another tool; the site's own or, through a hard link, the
        // proof's copy of it) leaves no proven site to start from: the full check names it.
        let baseEntries = SiteReader.entries(under: base)
        let listed = baseEntries.files.filter { proof.digests[$0] != nil }
        if base != site, listed.count != proof.digests.count || listed.count != baseEntries.files.count {
            return (nil, "the proven site kept beside \(site) is not the one the proof lists")
        }
        for (path, digest) in zip(listed, ContentDigest.ofFiles(listed, under: base)) {
            let proven = proof.digests[path]!
            if digest.map({ $0.digest != proven.digest || $0.size != proven.size }) ?? true {
                let whose =
                    base == site || Self.sameFile(base + "/" + path, site + "/" + path) ? "" : "the proof's copy of "
                return (nil, "\(whose)\(path) changed since the last proof (not by typeahead build)")
            }
        }

        // 2. The build from the proven site to the content now, in memory, compared file by file.
        let snapshot = BuildState.snapshot(contentDirectory)
        let (plan, note) = IncrementalPlan.make(
            content: content, contentDirectory: contentDirectory, state: state, previousSite: base, snapshot: snapshot)
        guard let plan else { return (nil, "a build from the proven site would be clean (\(note))") }
        let sink = ComparingSink(site: site, base: base)
        do {
            if plan.unchanged {
                for path in baseEntries.files where path != SiteWriter.markerName { _ = try sink.keep(path) }
            } else {
                let builder = SiteBuilder(content: content, templates: templates, contentDirectory: contentDirectory)
                _ = try builder.replay(into: sink, previousSite: base, plan: plan)
            }
        } catch {
            throw .cannotRebuild("building the site from its proof to compare: \(error)")
        }
        // 3. No other file, link or empty folder.
        let entries = SiteReader.entries(under: site)
        let produced = compare(sink, files: entries.files, report: &report)
        checkEntries(entries, report: &report)
        if SiteProof.identity(of: site) != identity {
            report.differ(
                "\(site): another folder was put there while it was checked; check again", limit: shownDifferences)
        }
        let kept = sink.kept
        let made = sink.digests
        let changed = made.filter { proof.digests[$0.key].map { $0.digest } != $0.value.digest }.count
        report.files = produced.count
        report.sinceProof =
            "\(produced.count - kept.count - 1) made again by an incremental build from the proven site (\(plan.changedProducts) product\(plan.changedProducts == 1 ? "" : "s") changed since the proof; \(changed) file\(changed == 1 ? "" : "s") changed), the other \(kept.count + 1) kept as proven (the digests of the \(baseEntries.files.count) proven files read again)"

        // 4. The proof moves on to this site when it holds, and a build state describes it.
        if report.differenceCount == 0 {
            var digests = made
            for path in kept { digests[path] = proof.digests[path] }
            digests[SiteWriter.markerName] = proof.digests[SiteWriter.markerName]
            report.digests = digests
            report.proofNote = recordProof(
                report: report, identity: identity, fingerprint: fingerprint, snapshot: snapshot)
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return (report, note)
    }

    /// Whether two paths name the same file (device and inode).
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return lstat(a, &x) == 0 && lstat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Writes the proof of the site just proven (`report.digests`), with a copy of the build state
    /// beside it, when that state describes this site as proven: the same inputs, the same
    /// products, every file as listed. Returns what became of the proof, for the report.
    func recordProof(
        report: Report, identity: String?, fingerprint: String? = nil, snapshot: [BuildState.ContentFile]? = nil
    ) -> String {
        guard let templates, let contentDirectory else { return "no proof kept (no templates or content folder)" }
        let fingerprint = fingerprint ?? Fingerprint.make(contentDirectory: contentDirectory, templates: templates)
        let snapshot = snapshot ?? BuildState.snapshot(contentDirectory)
        let none = { (why: String) in "no proof kept for the next check (\(why)): it will prove everything again" }
        guard let state = try? BuildState.read(output: site) else {
            return none(
                "no build state beside \(site): it was not made by typeahead build, or not from a content folder")
        }
        guard identity != nil, SiteProof.identity(of: site) == identity else {
            return none("\(site) was replaced while it was checked")
        }
        guard state.fingerprint == fingerprint, state.contentDirectory == BuildState.absolute(contentDirectory),
            state.site == BuildState.FileIdentity(path: site),
            IncrementalPlan.sameProducts(snapshot, state.contentCopy),
            state.unchangedSite(site) == report.digests.count
        else {
            return none("the build state beside \(site) describes another build")
        }
        guard Set(state.files.keys) == Set(report.digests.keys) else {
            return none("the build state beside \(site) lists other files")
        }
        do {
            try SiteProof.write(
                site: site, fingerprint: fingerprint, digests: report.digests, state: BuildState.folder(of: site))
        } catch {
            return none(error.reason)
        }
        return "proof kept in \(SiteProof.folder(of: site)): the next check proves only what changes since"
    }
}
