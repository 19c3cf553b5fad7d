// A hint to the processor that memory is about to be read.

import CGtkDataDisplay

/// Asks for the cache line at an address ahead of its use. Only a hint: a wrong address costs a
/// wasted fetch, never a fault.
enum CacheHint {
    @inline(__always)
    static func fetch(_ address: UnsafeRawPointer) { gdd_prefetch(address) }
}
