// The Files page's rows, both from one GtkBuilder template (`Resources/ui/file-row.ui`): a
// folder, which folds and reads its entries on its first expand unless the page read them
// already, and a file, a leaf.

import GtkDataDisplay
import GtkDataDisplayShell

/// A folder of the Files page's tree, diffed by its full path. Made either with the entries the
/// page has read (`children:`) or with a loader that reads them on the first expand.
final class FolderRow: TemplateFoldableRowGenerator<FileEntry> {
    /// A folder whose entries the page has read: its rows are given.
    init(entry: FileEntry, children: [any RowGenerator], expanded: Bool?) {
        super.init(template: FileRowTemplate.template, model: entry, id: entry.path, children: children, expanded: expanded)
    }

    /// A folder not read yet: `load` reads it when it is first expanded.
    init(entry: FileEntry, expanded: Bool?, load: @escaping ChildrenLoader) {
        super.init(template: FileRowTemplate.template, model: entry, id: entry.path, expanded: expanded, loadChildren: load)
    }
}

/// A file of the Files page's tree, diffed by its full path: a leaf.
final class FileRow: TemplateRowGenerator<FileEntry> {
    init(entry: FileEntry) {
        super.init(template: FileRowTemplate.template, model: entry, id: entry.path)
    }
}

/// The rows' template (the table's Name column): the icon for the entry's kind and its name.
@MainActor
enum FileRowTemplate {
    static let template: RowTemplate<FileEntry> = DemoResources.template("file-row.ui") {
        $0.bind("icon", .iconName, to: { $0.isFolder ? "folder-symbolic" : "text-x-generic-symbolic" })
            .bind("name", .label, to: \.name)
            .accessibleLabel { $0.spokenName }
    }
}

extension RowGenerator {
    /// The file or folder this row shows, nil for another row (the loading or error row).
    var fileEntry: FileEntry? {
        (self as? FolderRow)?.model ?? (self as? FileRow)?.model
    }
}
