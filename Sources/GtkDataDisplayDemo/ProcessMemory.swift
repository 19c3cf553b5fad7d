// This process's memory, as the stress run reports it: resident set size and malloc's heap in use.
//
// The benchmark has its own reader of /proc (VmRSS and VmHWM of any process); the two are
// executables, so sharing one would take a new module for a dozen lines.

import Glibc

enum ProcessMemory {
    /// Resident set size in bytes (/proc/self/statm: resident pages × page size); nil if unreadable.
    static func residentBytes() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        // "size resident shared text lib data dt", in pages.
        let fields = String(decoding: buffer[..<n], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// Bytes malloc has handed out and not taken back, over all arenas: glibc's `mallinfo2()`
    /// `uordblks` (chunks in arenas) plus `hblkhd` (chunks mmapped on their own, such as large
    /// arrays before glibc raises its mmap threshold). Nil without `mallinfo2` (glibc before 2.33).
    static func heapBytes() -> Int? {
        guard let mallinfo2 else { return nil }
        var info = mallinfo2()
        return withUnsafeBytes(of: &info) { words in
            let field = words.bindMemory(to: Int.self)
            return field[7] + field[4]   // uordblks, hblkhd
        }
    }

    /// `struct mallinfo2 mallinfo2(void)`, looked up at run time: Swift's Glibc module leaves
    /// <malloc.h> out. Its result is ten `size_t` (arena, ordblks, smblks, hblks, hblkhd, usmblks,
    /// fsmblks, uordblks, fordblks, keepcost). A C struct of more than 16 bytes comes back through
    /// a buffer the caller provides, on x86-64 and AArch64 alike, so the function is called as
    /// returning glibc's `sigset_t` (sixteen `unsigned long`, 128 bytes): it fills the first ten.
    private static let mallinfo2: (@convention(c) () -> sigset_t)? = {
        guard let symbol = dlsym(nil, "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> sigset_t).self)
    }()
}
