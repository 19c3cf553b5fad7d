import GtkDataDisplay

/// Where deleted rows stood, to put them back: for each, in the order they stood, the row before it
/// in its section, or its section's header, or the row after it.
@MainActor
struct DeletedRowPlaces {
    private enum Anchor {
        case after(any RowGenerator)
        case before(any RowGenerator)
        case end
    }

    private var places: [(generator: any RowGenerator, anchor: Anchor)] = []

    init(_ generators: [any RowGenerator], in sections: [Section]) {
        let deleted = Set(generators.map(ObjectIdentifier.init))
        for section in sections {
            for (index, row) in section.rows.enumerated() where deleted.contains(ObjectIdentifier(row)) {
                // The nearest row before it: one that stays, or one put back before it.
                if index > 0 {
                    places.append((row, .after(section.rows[index - 1])))
                } else if let header = section.header {
                    places.append((row, .after(header)))
                } else if let next = section.rows.dropFirst().first(where: { !deleted.contains(ObjectIdentifier($0)) }) {
                    places.append((row, .before(next)))
                } else {
                    places.append((row, .end))
                }
            }
        }
    }

    /// Puts the rows back, each after (or before) its anchor as it stands now.
    func restore(in manager: BaseListManager) throws(DataDisplayError) {
        for place in places {
            switch place.anchor {
            case .after(let anchor): try manager.insert(place.generator, after: anchor)
            case .before(let anchor): try manager.insert(place.generator, before: anchor)
            case .end: try manager.add(place.generator)
            }
        }
    }
}
