import CGtkDataDisplay

/// An owned reference to a GObject: one `g_object_ref` (or a transfer-full pointer) taken on
/// creation, one `g_object_unref` on deinit. Holding one of these keeps the object alive.
public final class ObjectReference: @unchecked Sendable {
    /// The referenced instance.
    public let pointer: GObjectPointer

    /// Adopts a reference the caller already owns (a transfer-full return value).
    public init(adopting pointer: GObjectPointer) {
        self.pointer = pointer
    }

    /// Takes a new reference on `pointer` (for transfer-none values).
    public init(retaining pointer: GObjectPointer) {
        retainObject(pointer)
        self.pointer = pointer
    }

    /// Takes ownership of a floating reference (widgets fresh from `gtk_*_new`): sinks it, so
    /// the widget stays alive while it is moved between parents.
    public init(sinking pointer: GObjectPointer) {
        g_object_ref_sink(pointer)
        self.pointer = pointer
    }

    deinit {
        releaseObject(pointer)
    }
}
