// The events of one generator, kept in one object made on first use.

/// A `BaseRowGenerator`'s five events, each made on first use, kept beside the generator
/// (`GeneratorEvents`) rather than in five fields of its own: most rows of a long list are never
/// shown, selected or listened to, and a generator is made and dropped for every row of every
/// whole-state update.
@MainActor
final class RowEvents {
    lazy var didSelect = Event<Void>(countedForSelection: ())
    lazy var didDeselect = Event<Void>(countedForSelection: ())
    lazy var didActivate = Event<Void>()
    lazy var willDisplay = Event<Void>()
    lazy var didEndDisplay = Event<Void>()
}
