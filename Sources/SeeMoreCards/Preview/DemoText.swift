/// The built-in demo paragraphs: English, Japanese and Korean, one that fits and one that is cut; an
/// Arabic paragraph with Latin runs (right to left), and one with lines of emoji only.
package struct DemoText: Sendable {
    package var name: String
    package var text: String

    package static let all: [DemoText] = [
        DemoText(name: "en-fits", text: "Morning coffee on the balcony. ☕️"),
        DemoText(
            name: "en-cut",
            text: """
                We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, \
                filed bugs at two in the morning and kept the coffee coming. Next up: dark mode, offline drafts \
                and a faster composer. 🎉👩‍💻
                """),
        DemoText(name: "ja-fits", text: "今日はいい天気ですね。散歩に行きましょう。"),
        DemoText(
            name: "ja-cut",
            text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。"),
        DemoText(name: "ko-fits", text: "오늘 점심 뭐 먹을까요?"),
        DemoText(
            name: "ko-cut",
            text:
                "오늘 서울은 맑고 포근한 날씨가 이어지겠습니다. 낮 최고기온은 18도까지 오르겠고, 저녁부터는 구름이 많아지겠습니다. 미세먼지 농도는 대체로 좋음 수준을 보이겠습니다. 주말에는 전국에 비 소식이 있습니다."
        ),
        DemoText(
            name: "ar-cut",
            text:
                "تعرف على خدمات الخرائط الجديدة من Google Maps and Street View حول تطبيق الخرائط الذي يساعدك في العثور على أفضل المطاعم والمقاهي القريبة منك"
        ),
        DemoText(name: "emoji-cut", text: "Launch party tonight!\n🎉🎉🎉\nBring friends 🥳\n👩‍💻👨‍🍳🧑‍🎨🧑‍🚀\nSee you there."),
        // Links, mentions and hashtags: drawn in the link color, never cut inside.
        DemoText(
            name: "links-cut",
            text:
                "Big news from @seemore_app: read https://www.example.com/blog/2026/12/launch-notes?ref=feed and tell us what you think #SwiftOnLinux #새기능 @anna_k"
        ),
    ]

    /// The widths the demo renders at, in points.
    package static let widths: [Double] = [240, 320, 414]
}
