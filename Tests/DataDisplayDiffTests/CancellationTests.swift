import DataDisplayDiff
import XCTest

/// A plan asked to check cancellation stops with `.cancelled` in a cancelled task; other plans
/// ignore cancellation.
final class CancellationTests: XCTestCase {
    private let old = Array(0..<20_000)
    /// The rows in scattered order, which the matching walks row by row (a reversal it would match by
    /// position before its walk).
    private var new: [Int] { old.indices.map { ($0 * 7_919) % old.count } }

    func testACancelledTaskStopsAPlanThatChecks() async {
        let (old, new) = (old, new)
        let outcome = await Task.detached { () -> DiffError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(DiffError) {
                _ = try ListDiff.plan(old: old, new: new, checkingCancellation: true) { _, _ in true }
                return nil
            } catch {
                return error
            }
        }.value
        XCTAssertEqual(outcome, .cancelled)
        XCTAssertEqual(DiffError.cancelled.description, "the diff was cancelled")
    }

    func testCancellationIsIgnoredUnlessAsked() async throws {
        let (old, new) = (old, new)
        let plan = try await Task.detached { () throws(DiffError) -> SplicePlan in
            withUnsafeCurrentTask { $0?.cancel() }
            return try ListDiff.plan(old: old, new: new) { _, _ in true }
        }.value
        XCTAssertEqual(plan.applied(to: old, new: new), new)
    }

    func testAPlanThatChecksGivesTheSamePlanWhenNotCancelled() throws {
        let checked = try ListDiff.plan(old: old, new: new, checkingCancellation: true) { _, _ in true }
        let plain = try ListDiff.plan(old: old, new: new) { _, _ in true }
        XCTAssertEqual(checked, plain)
    }
}
