/// The built-in demo paragraphs that `seemore preview` lays out.
public struct DemoText: Sendable {
    public var name: String
    public var request: TruncationRequest

    public static let all: [DemoText] = [
        DemoText(
            name: "en-short",
            request: TruncationRequest(text: "Morning coffee on the balcony. ☕️", font: "DejaVu Sans 15")),
        DemoText(
            name: "en-long",
            request: TruncationRequest(
                text: """
                    We shipped the new onboarding flow today! Huge thanks to everyone who tested the early \
                    builds, filed bugs at two in the morning and kept the coffee coming. Next up: dark mode, \
                    offline drafts and a faster composer. 🎉👩‍💻
                    """,
                font: "DejaVu Sans 15")),
        DemoText(
            name: "ja-neko",
            request: TruncationRequest(
                text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。",
                font: "IPAGothic 15", ellipsis: "…", suffix: "続きを読む", suffixFont: "Bold")),
        DemoText(
            name: "ko-news",
            request: TruncationRequest(
                text: "오늘 서울은 맑고 포근한 날씨가 이어지겠습니다. 낮 최고기온은 18도까지 오르겠고, 저녁부터는 구름이 많아지겠습니다. 미세먼지 농도는 대체로 좋음 수준을 보이겠습니다.",
                font: "NanumGothic 15", lines: 2, ellipsis: "", suffix: " ..더보기")),
    ]
}
