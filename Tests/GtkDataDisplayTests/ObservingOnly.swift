@testable import GtkDataDisplay

/// An observer of one manager's rows that does nothing with them (a box view stands in for it).
@MainActor
final class ObservingOnly: RowChangeObserver {
    let observedManager: BaseListManager
    init(_ manager: BaseListManager) { observedManager = manager }
    func rowContentChanged(_ row: Row) {}
    func row(_ row: Row, tookGeneratorFrom previous: any RowGenerator, sameContent: Bool) {}
}
