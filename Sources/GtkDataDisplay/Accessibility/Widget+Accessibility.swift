extension Widget {
    /// Sets what screen readers call the widget (GTK's accessible label), for widgets whose
    /// content does not say it: an icon button, an image, a group of controls. Nil removes it.
    public func setAccessibleLabel(_ label: String?) {
        AccessibleAttributes.setLabel(pointer, label)
    }
}
