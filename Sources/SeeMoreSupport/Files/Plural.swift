/// Counts in English: "1 case", "2 cases".
package enum Plural {
    /// `count` and `noun`, the noun in the plural (`plural`, else with an "s") unless the count is 1.
    package static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }
}
