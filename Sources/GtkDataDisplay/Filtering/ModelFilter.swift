/// One filter of a `FilteredState`'s stack: a named test a model passes or not, switched on and off
/// without being taken off the stack (Relm4's typed views' filters; GTK's `GtkCustomFilter` in an
/// `GtkEveryFilter`).
public struct ModelFilter<Model> {
    /// What the filter is called (for the app's own controls: a toggle button's label).
    public var name: String
    /// Whether the filter takes part: a model must pass every filter that is on.
    public var isOn: Bool
    /// Whether a model passes.
    public var isIncluded: (Model) -> Bool

    /// A filter called `name`, on unless `isOn` says otherwise.
    public init(_ name: String, isOn: Bool = true, _ isIncluded: @escaping (Model) -> Bool) {
        self.name = name
        self.isOn = isOn
        self.isIncluded = isIncluded
    }
}
