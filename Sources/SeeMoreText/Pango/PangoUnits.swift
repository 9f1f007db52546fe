import CPangoCairo

/// Conversion between points (1 pt = 1 px at @1x, at the fixed 72 dpi) and Pango units.
enum PangoUnits {
    /// Pango units in one point.
    static let perPoint = Double(PANGO_SCALE)

    /// Converts points to Pango units, rounding to the nearest unit and saturating at Pango's
    /// 32-bit range (so no value, however wrong, can trap).
    static func from(points: Double) -> Int32 {
        let units = (points * perPoint).rounded()
        guard units.isFinite else { return units > 0 ? Int32.max : 0 }
        return Int32(max(Double(Int32.min), min(Double(Int32.max), units)))
    }

    /// Converts Pango units to points.
    static func toPoints(_ units: Int32) -> Double {
        Double(units) / perPoint
    }
}
