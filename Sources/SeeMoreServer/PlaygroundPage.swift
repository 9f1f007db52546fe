/// `GET /`: the playground. A designer types a text, picks a template, drags the width, and sees the
/// collapsed and expanded cards as the server draws them, with the suffix rect, the hit rect and the
/// line boxes on top when asked, the metadata, and the `seemore render` command that draws the same.
/// The page is `Assets/playground.html`, embedded in the server when it is built.
enum PlaygroundPage {
    static let html = PackageResources.playground_html
}
