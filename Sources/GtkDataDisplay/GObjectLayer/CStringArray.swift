// NULL-terminated arrays of C strings, as GTK takes lists of names (`const char **`): an about
// dialog's authors, an action's accelerators.

import CGtkDataDisplay

extension Array where Element == String {
    /// Runs `body` with these strings as a NULL-terminated `const char **`, valid inside `body`
    /// (GTK copies what it keeps).
    package func withCStringArray<R>(_ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = map { g_strdup($0) }
        defer { for copy in copies { g_free(copy) } }
        var array: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        array.append(nil)
        return array.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    /// The strings of a NULL-terminated `char **` (nil reads as none); the array stays the caller's.
    package init(cStringArray array: UnsafePointer<UnsafePointer<CChar>?>?) {
        self.init()
        guard var cursor = array else { return }
        while let string = cursor.pointee {
            append(String(cString: string))
            cursor += 1
        }
    }
}
