// What a view holds in the store by position (a selection), asked before a whole-state update
// gives a row object to another row.

/// The rows one view holds in a `RowStore` (a selection model's selected positions): a whole-state
/// update keeps their row objects for the rows themselves, so that GTK's selection, which follows
/// items through `items-changed`, stays on them.
struct StorePin {
    /// Whether the view holds the row at a position.
    let holds: (Int) -> Bool
    /// Whether the view holds any row at the positions of a range.
    let holdsAny: (Range<Int>) -> Bool
}
