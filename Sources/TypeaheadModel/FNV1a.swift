/// The FNV-1a hash (Fowler–Noll–Vo), the one hash of the site's content-defined choices: shard
/// anchors, slug suffixes, file prints and placeholder tones. Stable across runs and machines
/// (unlike `Hasher`), so the same content always gives the same files.
public enum FNV1a {
    /// The 64-bit hash of some bytes.
    @inlinable
    public static func hash64<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// The 32-bit hash of some bytes (as the page's `placeholder` computes it in JavaScript).
    @inlinable
    public static func hash32<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var hash: UInt32 = 0x811c_9dc5
        for byte in bytes {
            hash ^= UInt32(byte)
            hash &*= 0x0100_0193
        }
        return hash
    }
}
