import CGtkDataDisplay
import Synchronization

/// Counts the widgets the library owns (`OwnedWidget`) while they are alive: each gets a weak
/// reference whose notify decrements the count when GTK finalizes it. With `keepsAddresses` on (a
/// test that hunts a leak turns it on), the live widgets' addresses are kept too, for `describeLive`.
enum WidgetCounter {
    static let liveCount = Atomic<Int>(0)
    /// Whether `track` keeps each live widget's address (off: only the count is kept).
    nonisolated(unsafe) static var keepsAddresses = false
    /// Each live widget's address and the serial of its `track` (an address GTK hands out again
    /// names another widget: the serial tells them apart).
    private static let addresses = Mutex((live: [UInt: Int](), serial: 0))

    static func track(_ widget: UnsafeMutableRawPointer) {
        liveCount.add(1, ordering: .relaxed)
        if keepsAddresses {
            addresses.withLock {
                $0.serial += 1
                $0.live[UInt(bitPattern: widget)] = $0.serial
            }
        }
        g_object_weak_ref(widget.asObject, { _, object in
            WidgetCounter.liveCount.subtract(1, ordering: .relaxed)
            if let object { _ = WidgetCounter.addresses.withLock { $0.live.removeValue(forKey: UInt(bitPattern: object)) } }
        }, nil)
    }

    /// The live widgets tracked while `keepsAddresses` was on: each address and its serial.
    static var liveAddresses: [UInt: Int] { addresses.withLock { $0.live } }

    /// One line per live widget tracked while `keepsAddresses` was on (but those in `excluded`,
    /// such as the ones alive before a test): its type, CSS classes, references, parent and root,
    /// and what it shows below it (for a leak's report). When more widgets are counted than
    /// recorded, a last line says how many.
    @MainActor
    static func describeLive(excluding excluded: [UInt: Int] = [:]) -> [String] {
        let live = liveAddresses
        var lines = live.filter { excluded[$0.key] != $0.value }.keys.sorted().compactMap { address -> String? in
            guard let raw = UnsafeMutableRawPointer(bitPattern: address) else { return nil }
            let widget = raw.assumingMemoryBound(to: GtkWidget.self)
            let object = raw.asObject
            let type = String(cString: g_type_name(gdd_object_type(object)))
            var classes: [String] = []
            if let names = gtk_widget_get_css_classes(widget) {
                var i = 0
                while let name = names[i] { classes.append(String(cString: name)); i += 1 }
                g_strfreev(names)
            }
            // Its ancestors, with their references (who holds a widget left behind holds the top one).
            var ancestors: [String] = []
            var ancestor = gtk_widget_get_parent(widget)
            while let current = ancestor {
                let raw = UnsafeMutableRawPointer(current)
                ancestors.append("\(String(cString: g_type_name(gdd_object_type(raw.asObject)))) (refs \(gdd_object_ref_count(raw.asObject)))")
                ancestor = gtk_widget_get_parent(current)
            }
            let parent = ancestors.isEmpty ? "none" : ancestors.joined(separator: " < ")
            let labels = describeLabels(below: widget)
            return "\(type) [\(classes.joined(separator: " "))] refs \(gdd_object_ref_count(object)) parent \(parent) "
                + "rooted \(gtk_widget_get_root(widget) != nil) mapped \(gtk_widget_get_mapped(widget) != 0) \(labels)"
        }
        let unrecorded = liveCount.load(ordering: .relaxed) - live.count
        if unrecorded > 0 { lines.append("\(unrecorded) counted but not recorded (tracked while keepsAddresses was off)") }
        return lines
    }

    @MainActor
    private static func describeLabels(below widget: UnsafeMutablePointer<GtkWidget>) -> String {
        var texts: [String] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if gdd_is_label(UnsafeMutableRawPointer(current)) != 0, let text = gtk_label_get_text(gdd_label(UnsafeMutableRawPointer(current))) {
                texts.append(String(cString: text))
            }
            texts.append(contentsOf: [describeLabels(below: current)].filter { !$0.isEmpty })
            child = gtk_widget_get_next_sibling(current)
        }
        return texts.joined(separator: " | ")
    }
}
