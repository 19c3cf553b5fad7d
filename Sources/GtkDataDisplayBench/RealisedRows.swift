// Which rows a GtkListView has realised (bound list items), followed through the factory's own
// bind/unbind signals — GTK's view of things, whatever the adapter absorbs or defers.

import CGtkDataDisplay
import GtkDataDisplay

/// The list items currently bound by a factory.
@MainActor
final class RealisedRows {
    private(set) var listItems: Set<UInt> = []

    /// Follows `factory` (a `GtkSignalListItemFactory *`); connect after the factory's owner.
    init(factory: UnsafeMutableRawPointer) {
        Signal.connect(factory, "bind", pointer: { [weak self] item in
            self?.listItems.insert(UInt(bitPattern: item))
        })
        Signal.connect(factory, "unbind", pointer: { [weak self] item in
            self?.listItems.remove(UInt(bitPattern: item))
        })
        Signal.connect(factory, "teardown", pointer: { [weak self] item in
            self?.listItems.remove(UInt(bitPattern: item))
        })
    }

    /// For each bound list item still in the model: its position and the list item.
    var positioned: [(position: Int, listItem: OpaquePointer)] {
        listItems.compactMap { address in
            let listItem = gdd_list_item(UnsafeMutableRawPointer(bitPattern: address)!)!
            let position = gtk_list_item_get_position(listItem)
            return position == GTK_INVALID_LIST_POSITION ? nil : (Int(position), listItem)
        }
    }
}

/// The minimum binds of an update: rows realised after it that were not realised before with the same content.
func minimumBinds(before: Set<BenchModel>, after: Set<BenchModel>) -> Int {
    after.subtracting(before).count
}
