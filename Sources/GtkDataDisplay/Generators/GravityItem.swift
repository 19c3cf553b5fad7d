/// A generator with a weight that orders it in a gravity manager (RDDM's GravityItem): lighter
/// rows (smaller heaviness) come first; headers order their sections the same way.
@MainActor
public protocol GravityItem: RowGenerator {
    /// The weight: smaller comes first. Ties keep insertion order.
    var heaviness: Int { get }
}
