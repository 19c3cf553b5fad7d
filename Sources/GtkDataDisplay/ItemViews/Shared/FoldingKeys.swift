import CGtkDataDisplay

/// GTK's tree conventions for folding from the keyboard: Right or `+` expands the focused row,
/// Left or `-` collapses it, `*` expands its whole subtree. In a grid, where Left and Right move
/// between tiles, only `+`, `-` and `*` fold.
enum FoldingKeys {
    enum Action {
        case expand, collapse, expandSubtree
    }

    /// The action of a key; `arrows`: whether Left and Right fold too.
    static func action(for keyval: UInt32, modifiers: UInt32, arrows: Bool = true) -> Action? {
        let blocking = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue
        guard modifiers & blocking == 0 else { return nil }
        switch Int32(keyval) {
        case GDK_KEY_Right, GDK_KEY_KP_Right: return arrows ? .expand : nil
        case GDK_KEY_Left, GDK_KEY_KP_Left: return arrows ? .collapse : nil
        case GDK_KEY_plus, GDK_KEY_KP_Add: return .expand
        case GDK_KEY_minus, GDK_KEY_KP_Subtract: return .collapse
        case GDK_KEY_asterisk, GDK_KEY_KP_Multiply: return .expandSubtree
        default: return nil
        }
    }
}
