/// The report page's style sheet and script, kept apart from the data they draw: real files in
/// `Golden/Assets/`, embedded in the library when it is built (SwiftPM's `embedInCode`), so the page
/// stands alone and a reviewer's editor, linter and browser tools read them as CSS and JavaScript.
extension ReportPage {
    static let style = String(decoding: PackageResources.report_css, as: UTF8.self)
    static let script = String(decoding: PackageResources.report_js, as: UTF8.self)
}
