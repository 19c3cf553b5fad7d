// The items of one large store splice, gathered in memory mapped for it from the system.

import Glibc

/// A buffer of item pointers for one large `g_list_store_splice`, mapped from the system for it and
/// unmapped right after. A splice of a million rows gathers 8 MB of pointers: taken from the heap
/// while the rows are being made, they would be freed among the rows, a hole that stays resident
/// (counted in the process's memory) until later allocations happen to fill it.
enum MappedItems {
    /// Splices of at least this many items gather them in mapped memory (1 MiB of pointers); smaller
    /// ones use the heap, whose holes of that size are soon reused.
    static let minimumCount = 1 << 17

    /// Calls `body` with an uninitialised buffer of `count` item pointers, unmapped when it returns;
    /// nil (without calling it) when the system gives no memory.
    static func withBuffer<R>(count: Int, _ body: (UnsafeMutableBufferPointer<UnsafeMutableRawPointer?>) -> R) -> R? {
        let bytes = count * MemoryLayout<UnsafeMutableRawPointer?>.stride
        guard let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else { return nil }
        defer { munmap(address, bytes) }
        let items = address.bindMemory(to: UnsafeMutableRawPointer?.self, capacity: count)
        return body(UnsafeMutableBufferPointer(start: items, count: count))
    }
}
