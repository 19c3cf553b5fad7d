@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `RowPrefetch` reads a row's generator where the row keeps it, to fetch it ahead of a pass over rows
/// in random order. A hint at a wrong address costs nothing but the fetch, so nothing else would show
/// that a change of the row object's layout made every hint miss: this checks the place it reads.
@MainActor
final class RowPrefetchTests: XCTestCase {
    func testTheGeneratorIsWhereThePrefetchReadsIt() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<3).map { LabelRow(model: "\($0)", id: $0) })])
        for row in manager.flatRows() {
            let address = UnsafeRawPointer(row.record)
            let read = address.load(fromByteOffset: RowPrefetch.generatorOffset, as: UnsafeRawPointer.self)
            XCTAssertEqual(read, UnsafeRawPointer(Unmanaged.passUnretained(row.generator as AnyObject).toOpaque()))
        }
    }
}
