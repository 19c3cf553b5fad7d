// Resident memory from /proc: current (VmRSS) and peak (VmHWM) of this or another process.

import CGtkDataDisplay
import Glibc

enum ProcessMemory {
    /// VmRSS and VmHWM in bytes of `pid` ("self" by default); nil if /proc cannot be read.
    static func read(_ pid: String = "self") -> (rss: Int, peak: Int)? {
        guard let text = readFile("/proc/\(pid)/status") else { return nil }
        var rss = -1, peak = -1
        for line in text.split(separator: "\n") {
            if line.hasPrefix("VmRSS:") { rss = kilobytes(line) * 1024 }
            if line.hasPrefix("VmHWM:") { peak = kilobytes(line) * 1024 }
        }
        return rss >= 0 && peak >= 0 ? (rss, peak) : nil
    }

    /// The bytes this process's malloc has handed out and not had back (`gdd_heap_in_use`): live
    /// allocations, where the resident memory also counts what malloc keeps after a free.
    static func heapInUse() -> Int { Int(gdd_heap_in_use()) }

    /// Resets this process's VmHWM to its current RSS (Linux: "5" into clear_refs). False if refused.
    @discardableResult
    static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    private static func kilobytes(_ line: Substring) -> Int {
        Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.map(String.init) ?? "") ?? 0
    }

    static func readFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4096) }
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
