/// A model value a template binding could not set as it was, and what the bind did instead
/// (clamped it into the property's range, left a NaN unset, showed invalid markup as plain text).
/// Reported once per binding of a template, through `Diagnostics.boundValueAdjusted`.
public struct BoundValueAdjustment: Sendable, Equatable, CustomStringConvertible {
    /// The template's .ui (`RowTemplate.sourceName`).
    public let template: String
    /// The binding as declared: `.bind("width", .property("width-chars"))`.
    public let binding: String
    /// What did not fit, and what was set instead.
    public let problem: String

    /// For example `RowTemplate (string): .bind("width", .property("width-chars")): 9223372036854775807
    /// does not fit the gint property "width-chars" of GtkLabel; set to 2147483647`.
    public var description: String { "RowTemplate \(template): \(binding): \(problem)" }
}
