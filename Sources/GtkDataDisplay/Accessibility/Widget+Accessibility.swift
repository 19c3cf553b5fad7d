extension OwnedWidget {
    /// Sets what screen readers call the widget (GTK's accessible label), for widgets whose
    /// content does not say it: an icon button, an image, a group of controls. Nil removes it.
    public func setAccessibleLabel(_ label: String?) {
        AccessibleAttributes.setLabel(pointer, label)
    }
}

extension OwnedWidget {
    /// Keeps a decorative widget (an icon beside a text that says the same) out of the
    /// accessibility tree, or puts it back. GTK sets this state itself whenever the widget is
    /// shown or hidden (GTK 4.8), or mapped and unmapped (GTK 4.12 and later: whenever it comes on
    /// screen): call it again after that. In a `.ui` file, or for a widget that comes and goes,
    /// `<property name="accessible-role">presentation</property>` does the same for good.
    public func setAccessibleHidden(_ hidden: Bool) {
        AccessibleAttributes.setHidden(pointer, hidden)
    }
}
