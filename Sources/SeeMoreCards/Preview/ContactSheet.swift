import SeeMoreSupport
import SeeMoreImage
import SeeMoreText

/// One image that shows many cards at a glance: rows of (label, cells), each cell a collapsed card
/// above its expanded card, under column headings.
package struct ContactSheet {
    package struct Cell {
        var collapsed: RGBAImage
        var expanded: RGBAImage

        package init(collapsed: RGBAImage, expanded: RGBAImage) {
            self.collapsed = collapsed
            self.expanded = expanded
        }
    }

    package struct Row {
        var label: String
        var cells: [Cell?]

        package init(label: String, cells: [Cell?]) {
            self.label = label
            self.cells = cells
        }
    }

    var title: String
    var columns: [String]
    /// Width of each column in points (the widest card it holds).
    var columnWidths: [Double]
    var rows: [Row]

    package init(title: String, columns: [String], columnWidths: [Double], rows: [Row]) {
        self.title = title
        self.columns = columns
        self.columnWidths = columnWidths
        self.rows = rows
    }

    static let gutter = 24.0
    static let labelWidth = 150.0
    static let stateGap = 8.0
    static let background = Color(red: 0.93, green: 0.93, blue: 0.95)
    static let ink = Color(red: 0.2, green: 0.2, blue: 0.25)

    /// Paints the sheet at @1x and encodes it as PNG.
    package func png(engine: LayoutEngine) throws -> [UInt8] {
        try TextStack.serialized { try paintedPNG(engine: engine) }
    }

    private func paintedPNG(engine: LayoutEngine) throws -> [UInt8] {
        let titleHeight = 40.0, headingHeight = 28.0
        let rowHeights = rows.map { row in
            row.cells.compactMap { $0 }.map { Double($0.collapsed.height + $0.expanded.height) + Self.stateGap }.max() ?? 0
        }
        let width = Self.labelWidth + columnWidths.reduce(0) { $0 + $1 + Self.gutter } + Self.gutter
        let height = titleHeight + headingHeight + rowHeights.reduce(0) { $0 + $1 + Self.gutter } + Self.gutter
        guard width <= 32767, height <= 32767 else {
            throw CardError.tooLarge(pixelWidth: Int(width), pixelHeight: Int(height))
        }
        let surface = try ImageSurface(pixelWidth: Int(width.rounded(.up)), pixelHeight: Int(height.rounded(.up)))
        let context = try DrawingContext(surface: surface, scale: 1)
        context.addRoundedRect(Rect(x: 0, y: 0, width: width, height: height), radius: 0)
        context.fill(Self.background)
        try label(title, font: "DejaVu Sans Bold 18", x: Self.gutter, y: 10, width: width, engine: engine, on: context)
        var x = Self.labelWidth
        for (column, heading) in columns.enumerated() {
            try label(
                heading, font: "DejaVu Sans Bold 13", x: x, y: titleHeight, width: columnWidths[column], engine: engine,
                on: context)
            x += columnWidths[column] + Self.gutter
        }
        var y = titleHeight + headingHeight
        for (index, row) in rows.enumerated() {
            try label(
                row.label, font: "DejaVu Sans 13", x: Self.gutter, y: y, width: Self.labelWidth - Self.gutter, engine: engine,
                on: context)
            var x = Self.labelWidth
            for (column, cell) in row.cells.enumerated() {
                if let cell {
                    context.draw(try ImageSurface(image: cell.collapsed), x: x, y: y)
                    context.draw(
                        try ImageSurface(image: cell.expanded), x: x, y: y + Double(cell.collapsed.height) + Self.stateGap)
                }
                x += columnWidths[column] + Self.gutter
            }
            y += rowHeights[index] + Self.gutter
        }
        try context.check()
        return try PNGCodec.encode(RGBAImage(surface), scale: 1)
    }

    private func label(
        _ text: String, font: String, x: Double, y: Double, width: Double, engine: LayoutEngine, on context: DrawingContext
    ) throws {
        let request = TruncationRequest(text: text, font: font, width: width)
        let layout = try engine.paintLayout(request, text: text, ending: nil, paint: nil).layout
        context.draw(layout, x: x, y: y, color: Self.ink)
    }
}
