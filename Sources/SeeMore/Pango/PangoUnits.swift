import CPangoCairo

/// Conversion between points (1 pt = 1 px at @1x, at the fixed 72 dpi) and Pango units.
enum PangoUnits {
    /// Pango units in one point.
    static let perPoint = Double(PANGO_SCALE)

    /// Converts points to Pango units, rounding to the nearest unit.
    static func from(points: Double) -> Int32 {
        Int32((points * perPoint).rounded())
    }

    /// Converts Pango units to points.
    static func toPoints(_ units: Int32) -> Double {
        Double(units) / perPoint
    }
}
