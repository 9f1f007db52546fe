import SeeMore

/// `seemore preview`'s `index.html`: every template's contact sheet, named and linked, one under
/// another at its own size (a sheet is as wide as three cards and about two screens tall), with
/// links to jump to each. Self-contained: no script, no outside style or font; the sheets beside it.
struct PreviewIndex {
    /// Each template's name and its sheet's path relative to the page.
    var sheets: [(template: String, file: String)]
    var demoCount: Int

    var html: String {
        let links = sheets.map { "<a href=\"#\(XMLText.escaped($0.template))\">\(XMLText.escaped($0.template))</a>" }
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>SeeMore preview</title>
            <style>
            body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #223; background: #eeeef2; }
            header { position: sticky; top: 0; background: #fff; border-bottom: 1px solid #ccd; padding: 10px 24px; z-index: 1; }
            h1 { font-size: 18px; margin: 0 0 4px; }
            nav a { margin-right: 14px; white-space: nowrap; }
            section { padding: 16px 24px 8px; }
            h2 { font-size: 16px; margin: 0 0 8px; scroll-margin-top: 90px; }
            img { display: block; max-width: 100%; height: auto; border: 1px solid #ccd; }
            p { margin: 4px 0 8px; }
            </style></head><body>
            <header><h1>SeeMore preview</h1>
            <p>\(sheets.count) templates; each sheet: the \(demoCount) demo texts that are cut, at 240, 320 and 414 pt, collapsed above expanded, light theme, @1x. Every card in both themes is in the template's folder.</p>
            <nav>\(links.joined(separator: " "))</nav></header>

            """
        for sheet in sheets {
            let name = XMLText.escaped(sheet.template)
            page += """
                <section><h2 id="\(name)">\(name)</h2>
                <p><a href="\(XMLText.escaped(sheet.file))">\(XMLText.escaped(sheet.file))</a> · cards: <a href="\(name)/">\(name)/</a></p>
                <img src="\(XMLText.escaped(sheet.file))" alt="\(name): its cut demo texts at three widths" loading="lazy"></section>

                """
        }
        return page + "</body></html>\n"
    }
}
