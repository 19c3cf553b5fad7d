// Small text helpers shared by the pages' status lines.

/// "1 row", "3 rows"; "1 city", "2 cities" when given the plural.
func plural(_ count: Int, _ noun: String, _ pluralNoun: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : pluralNoun ?? noun + "s")"
}

/// "Europe", "Europe and Asia", "Europe, Asia and Africa"; past `limit` names,
/// "Europe, Asia, Africa and 9 more", so a status line stays a line or two.
func listing(_ names: [String], limit: Int = 4) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    if names.count > limit {
        return names.prefix(limit - 1).joined(separator: ", ") + " and \(names.count - limit + 1) more"
    }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
}

/// "1st", "2nd", "3rd", "4th", "11th", "21st".
func ordinal(_ number: Int) -> String {
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
}

/// "5,000", "1,000,000": a count with thousands separators.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (i, digit) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return number < 0 ? "-" + result : result
}
