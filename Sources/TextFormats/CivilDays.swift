/// Days of the proleptic Gregorian calendar counted from 1970-01-01 (negative before), and back:
/// Howard Hinnant's `days_from_civil` and `civil_from_days` (public domain), exact for every year.
///
/// The one copy of this arithmetic: the domain's `DateDay` (a date question's day) and PQ's
/// `TimestampCodec` (timestamps to the microsecond, which Foundation's formatters cannot keep)
/// both count days with it. It is a module of its own because neither of them may import the
/// other (docs/architecture.md).
public enum CivilDays {
    /// The number of the day `year`-`month`-`day` (month 1–12, day 1–31), 0 for 1970-01-01.
    public static func number(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day (1–31) of the day numbered `number`.
    public static func civil(_ number: Int) -> (year: Int, month: Int, day: Int) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
