// A `FilteredState`'s generator for each model, a word a model: the generator's instance, not the
// two words of an `any RowGenerator` (a million models: 8 MB). The conformance comes back from the
// generators' class, kept once while every generator is of one class (what a state's `row`
// closure makes), so reading a slot does not read the generator itself.

/// The generators made for a `FilteredState`'s models, by model number (nil: not made yet).
struct GeneratorSlots {
    private var instances: [AnyObject?]
    /// The class of every generator stored so far and its conformance, while there is one class;
    /// nil before the first and once a second class came (each read then asks the instance).
    private var uniform: (objectClass: ObjectIdentifier, type: any RowGenerator.Type)?
    private var mixed = false

    /// `count` empty slots.
    init(count: Int) {
        instances = [AnyObject?](repeating: nil, count: count)
    }

    var count: Int { instances.count }

    subscript(number: Int) -> (any RowGenerator)? {
        get {
            guard let instance = instances[number] else { return nil }
            if let uniform, !mixed { return StoredGenerator.generator(instance, of: uniform.type) }
            return StoredGenerator.generator(instance)
        }
        set {
            guard let generator = newValue else {
                instances[number] = nil
                return
            }
            let type = Swift.type(of: generator)
            if !mixed {
                if let uniform {
                    if uniform.objectClass != ObjectIdentifier(type) { mixed = true }
                } else {
                    uniform = (ObjectIdentifier(type), type)
                }
            }
            instances[number] = StoredGenerator.instance(registering: generator)
        }
    }

    /// Empty slots for `count` more models.
    mutating func appendEmpty(_ count: Int) {
        instances.append(contentsOf: repeatElement(nil, count: count))
    }

    /// Drops the last `count` slots.
    mutating func removeLast(_ count: Int) {
        instances.removeLast(count)
    }

    /// A hint that the generator of model `number` is about to be read (its instance's memory).
    @inline(__always)
    func prefetch(_ number: Int) {
        if let instance = instances[number] { GeneratorPrefetch.fetch(instance) }
    }
}
