// The row object of the raw contenders: a plain GObject subclass carrying an id and a content
// version, as a hand-written app's item type would. Registered once; fields live right after
// the GObject header.

import CGtkDataDisplay

enum BenchItem {
    /// The "GddBenchItem" GType: a GObject with two 64-bit fields.
    static let type: GType = "GddBenchItem".withCString { name in
        g_type_register_static_simple(
            gdd_type_object(), name,
            guint(MemoryLayout<GObjectClass>.size), nil,
            guint(MemoryLayout<GObject>.size + 2 * MemoryLayout<Int64>.size), nil,
            GTypeFlags(rawValue: 0))
    }

    private static let fieldOffset = MemoryLayout<GObject>.size

    /// A new item (transfer full: the caller owns one reference).
    @inline(__always)
    static func make(id: Int, content: Int) -> UnsafeMutableRawPointer {
        let object = UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)!)
        let fields = (object + fieldOffset).assumingMemoryBound(to: Int64.self)
        fields[0] = Int64(id)
        fields[1] = Int64(content)
        return object
    }

    @inline(__always)
    static func id(of item: UnsafeMutableRawPointer) -> Int {
        Int((item + fieldOffset).assumingMemoryBound(to: Int64.self)[0])
    }

    @inline(__always)
    static func content(of item: UnsafeMutableRawPointer) -> Int {
        Int((item + fieldOffset).assumingMemoryBound(to: Int64.self)[1])
    }

    /// In-place content change (the object stays; no emission).
    @inline(__always)
    static func setContent(_ item: UnsafeMutableRawPointer, _ content: Int) {
        (item + fieldOffset).assumingMemoryBound(to: Int64.self)[1] = Int64(content)
    }
}
