/// A generator that keeps one view for its whole life (RDDM's BaseNonReusableCellGenerator):
/// its widget is never given to another row, so state inside it (an entry's text, a running
/// spinner) survives scrolling.
@MainActor
open class NonReusableRowGenerator<View: ConfigurableRowView>: BaseRowGenerator<View> {
    /// The view, built on first use and kept.
    public private(set) lazy var view: View = View.make()

    open override var reuseIdentifier: ReuseIdentifier { .unique(self) }

    open override func makeView() -> any RowView { view }

    open override func unbind(_ view: any RowView) {}
}
