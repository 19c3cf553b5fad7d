import CGtkDataDisplay

/// One of GTK's cursor keys on a list or grid, with what GTK's binding for it does to the selection.
struct CursorKey: Equatable {
    enum Move: Equatable {
        /// Up and Down: a line (list), a row of tiles (grid).
        case previous, next
        /// Left and Right in a grid: one tile back or on (reading order, mirrored right to left).
        case back, forward
        /// Home and End.
        case first, last
    }

    var move: Move
    /// Whether the row the cursor lands on is selected.
    var select: Bool
    /// Whether selecting toggles instead of replacing the selection.
    var modify: Bool
    /// Whether selecting extends from the row selected last.
    var extend: Bool

    /// GTK's bindings (gtklistbase.c): plain selects, Ctrl only moves, Shift extends, Ctrl+Shift
    /// toggles the extended range. Other modifiers leave the key to GTK. `across`: Left and Right
    /// move (a grid); `rightToLeft`: they do so mirrored, as GTK's bindings do.
    init?(keyval: UInt32, modifiers: UInt32, across: Bool = false, rightToLeft: Bool = false) {
        switch Int32(keyval) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: move = .previous
        case GDK_KEY_Down, GDK_KEY_KP_Down: move = .next
        case GDK_KEY_Left, GDK_KEY_KP_Left:
            guard across else { return nil }
            move = rightToLeft ? .forward : .back
        case GDK_KEY_Right, GDK_KEY_KP_Right:
            guard across else { return nil }
            move = rightToLeft ? .back : .forward
        case GDK_KEY_Home, GDK_KEY_KP_Home: move = .first
        case GDK_KEY_End, GDK_KEY_KP_End: move = .last
        default: return nil
        }
        let others = GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue | GDK_HYPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard modifiers & others == 0 else { return nil }
        let control = modifiers & GDK_CONTROL_MASK.rawValue != 0
        let shift = modifiers & GDK_SHIFT_MASK.rawValue != 0
        switch (control, shift) {
        case (false, false): (select, modify, extend) = (true, false, false)
        case (true, false): (select, modify, extend) = (false, false, false)
        case (false, true): (select, modify, extend) = (true, false, true)
        case (true, true): (select, modify, extend) = (true, true, true)
        }
    }
}
