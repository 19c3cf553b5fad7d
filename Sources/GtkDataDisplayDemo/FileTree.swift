// What the Files page knows about the disk, apart from widgets: the folders it has read, the
// search and the sort. The page renders it into a tree of rows after each change.

import Foundation

/// One entry of a folder: a file or a folder (a symbolic link counts as what it points to).
struct FileEntry: Equatable, Sendable {
    var name: String
    /// The full path: the row's diff id.
    var path: String
    var isFolder: Bool
    /// The size in bytes (0 for a folder).
    var size: Int64
    /// When it was last changed, in seconds since 1970 (0 when unknown).
    var modified: Int64 = 0

    /// "4.2 kB", "12 bytes"; "" for a folder.
    var sizeText: String { isFolder ? "" : Self.humanReadable(size) }

    /// What a screen reader says for the row: "icons, folder", "README, 2.1 kB".
    var spokenName: String { isFolder ? "\(name), folder" : "\(name), \(sizeText)" }

    /// "Folder", or the kind of file its extension says ("Text", "Image", "PNG file", "File").
    var kind: String {
        if isFolder { return "Folder" }
        let ext = (name as NSString).pathExtension.lowercased()
        switch ext {
        case "": return "File"
        case "txt", "md", "rst", "text": return "Text"
        case "png", "svg", "jpg", "jpeg", "gif", "xpm", "ico", "webp": return "Image"
        case "gz", "xz", "bz2", "zst", "zip", "tar": return "Archive"
        case "xml", "ui", "json", "yaml", "yml", "ini", "conf", "desktop": return "Settings"
        case "py", "sh", "pl", "rb", "js", "swift", "c", "h": return "Script or source"
        default: return ext.uppercased() + " file"
        }
    }

    /// "2026-11-29 03:50" (local time), "" when unknown.
    var modifiedText: String {
        guard modified > 0 else { return "" }
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(modified)))
    }

    /// The Name column's sort key: folders first, then names as `FileTree.nameOrder` orders them.
    var nameKey: String { (isFolder ? "0" : "1") + name.lowercased() + "\u{0}" + name }

    /// The Size column's sort key: folders (no size) below every file.
    var sizeKey: Int64 { isFolder ? -1 : size }

    static func humanReadable(_ bytes: Int64) -> String {
        if bytes < 1_000 { return bytes == 1 ? "1 byte" : "\(bytes) bytes" }
        var value = Double(bytes) / 1_000
        for unit in ["kB", "MB", "GB"] {
            if value < 1_000 || unit == "GB" {
                return value < 10 ? String(format: "%.1f %@", value, unit) : "\(Int(value.rounded())) \(unit)"
            }
            value /= 1_000
        }
        return "\(bytes) bytes"
    }
}

/// A folder that could not be read: the error row shows `description`.
struct FolderReadError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "Cannot read \((path as NSString).lastPathComponent): \(reason)" }
}

/// The tree as read so far: plain values, changed by the page's loaders and actions and read by
/// its `FilteredState` (which searches it).
struct FileTree {
    /// The folder at the top of the tree.
    let root: String
    /// Every folder read so far: its path → its entries, in the order the disk gave them.
    private(set) var read: [String: [FileEntry]] = [:]
    init(root: String) {
        self.root = root
    }

    /// How many entries the page has read, in every folder.
    var readCount: Int { read.values.reduce(0) { $0 + $1.count } }

    /// Keeps what a loader read.
    mutating func store(_ entries: [FileEntry], of path: String) {
        read[path] = entries
    }

    /// Forgets `path` and every folder read below it (Reload reads them again).
    mutating func forget(_ path: String) {
        let prefix = path.hasSuffix("/") ? path : path + "/"
        read = read.filter { $0.key != path && !$0.key.hasPrefix(prefix) }
    }

    /// The entries of a folder read so far, folders first, then by name (the table sorts them
    /// again by the column the user chose).
    func sortedEntries(of path: String) -> [FileEntry]? {
        read[path].map { entries in
            entries.sorted { a, b in
                if a.isFolder != b.isFolder { return a.isFolder }
                return Self.nameOrder(a.name, b.name)
            }
        }
    }

    /// "Apple" before "banana" before "Cherry"; equal ignoring case, by bytes.
    static func nameOrder(_ a: String, _ b: String) -> Bool {
        let (la, lb) = (a.lowercased(), b.lowercased())
        return la != lb ? la < lb : a < b
    }

    /// Reads a folder's entries (off the main thread: the page calls it from a detached task).
    nonisolated static func readFolder(_ path: String) throws -> [FileEntry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw FolderReadError(path: path, reason: reason(of: error))
        }
        let base = path.hasSuffix("/") ? path : path + "/"
        return names.map { name in
            let full = base + name
            var info = stat()
            // stat follows symbolic links; a dangling one is a file of size 0.
            let ok = stat(full, &info) == 0
            let isFolder = ok && (info.st_mode & S_IFMT) == S_IFDIR
            return FileEntry(name: name, path: full, isFolder: isFolder, size: ok && !isFolder ? Int64(info.st_size) : 0,
                             modified: ok ? Int64(info.st_mtim.tv_sec) : 0)
        }
    }

    /// "no such folder", "permission denied": the short reason a read failed.
    private nonisolated static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such folder"
        case NSFileReadNoPermissionError: return "permission denied"
        default: return nsError.localizedDescription
        }
    }
}
