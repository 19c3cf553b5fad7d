/// A generator that says what its row is called to assistive technologies (screen readers).
///
/// Every row of a list, grid or box view has an accessible name: this label when the generator
/// gives one, otherwise the text of the first visible label in its view (found by walking the
/// view's widgets after `bind`). Give one when the first label is not what the row is about, or
/// when the view has no label (an icon, a picture):
///
///     final class PhotoRow: BaseRowGenerator<PhotoView>, AccessibleItem {
///         var accessibleLabel: String? { "Photo: \(model.caption)" }
///     }
@MainActor
public protocol AccessibleItem: RowGenerator {
    /// The row's accessible name; nil falls back to the view's first label. Read after each bind.
    var accessibleLabel: String? { get }
}
