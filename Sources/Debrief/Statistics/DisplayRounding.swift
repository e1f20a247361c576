/// How a result's numbers are rounded for people: one decimal (`47.1` %, mean `3.9`). The one
/// owner of that rule: the results and trends pages show it, and the exports a person reads
/// (the trends CSV and sheet) write it, so a number reads the same on the page and in the file.
public enum DisplayRounding {
    /// `value` to one decimal, halves away from zero.
    public static func oneDecimal(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
