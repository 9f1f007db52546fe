/// Paragraphs in many scripts and shapes, for testing the cut against the reference.
struct CorpusText: Sendable, CustomStringConvertible {
    var name: String
    var text: String
    var font: String = "DejaVu Sans 15"

    var description: String { name }

    static let all: [CorpusText] = [
        CorpusText(
            name: "en-sentence",
            text:
                "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill, unimpressed by the whole affair."
        ),
        CorpusText(
            name: "en-post",
            text:
                "We shipped the new onboarding flow today! Huge thanks to everyone who tested the early builds, filed bugs at two in the morning and kept the coffee coming. Next up: dark mode."
        ),
        CorpusText(
            name: "en-serif",
            text:
                "It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief.",
            font: "DejaVu Serif 16"),
        CorpusText(
            name: "en-punctuation",
            text: "Wait—what? \"Really,\" she said (quietly); 'no way!' … And then: 100% of 3,141 users (i.e., everyone) agreed."),
        CorpusText(
            name: "en-hyphens",
            text:
                "State-of-the-art, well-known, up-to-date and long-term solutions for real-time, end-to-end, cross-platform software."
        ),
        CorpusText(
            name: "en-numbers",
            text: "Order #12345 shipped on 2026-11-30 at 14:05 UTC; total $1,234.56 incl. 19% VAT; tracking 1Z999AA10123456784."),
        CorpusText(
            name: "en-short-words",
            text: "a b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h i j k l m n o p q r s t u v w x y z"),
        CorpusText(
            name: "en-tabs", text: "Name:\tSeeMore\tVersion:\t1.0\tStatus:\tshipping to every team that asked for it this quarter"
        ),
        CorpusText(
            name: "ja-neko", text: "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。", font: "IPAGothic 15"),
        CorpusText(
            name: "ja-kinsoku", text: "「今日は、いい天気ですね。」と彼女は言った。（本当に？）そう、本当に！　ところで、明日の予定はどうなっていますか？ぜひ教えてください。", font: "IPAGothic 15"),
        CorpusText(name: "ja-small-kana", text: "ちょっとキャッシュのチェックをしてみたらファイルがぎっしりでびっくりしちゃった。ッァィゥェォャュョ。ーーーー", font: "IPAGothic 14"),
        CorpusText(
            name: "ja-mixed-latin", text: "新しいiPhone 17 Proは「Dynamic Island」を搭載し、USB-Cポートで最大40Gbpsの転送速度に対応しています。",
            font: "IPAGothic 15"),
        CorpusText(name: "zh-hans", text: "今天天气很好，我们一起去公园散步吧。公园里有很多花，红的、黄的、紫的，真是美不胜收！你觉得怎么样？"),
        CorpusText(name: "zh-hant", text: "臺北的夜市非常熱鬧，有各式各樣的小吃：蚵仔煎、臭豆腐、珍珠奶茶……每一樣都讓人回味無窮。"),
        CorpusText(
            name: "ko-news", text: "오늘 서울은 맑고 포근한 날씨가 이어지겠습니다. 낮 최고기온은 18도까지 오르겠고, 저녁부터는 구름이 많아지겠습니다.", font: "NanumGothic 15"),
        CorpusText(name: "ko-long-word", text: "대한민국헌법제일조대한민국은민주공화국이다대한민국의주권은국민에게있고모든권력은국민으로부터나온다", font: "NanumGothic 15"),
        CorpusText(
            name: "ko-decomposed-jamo",
            text:
                "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} 자모로 쓴 \u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}과 완성형 한글을 섞은 문장입니다. 잘 잘리나요?",
            font: "NanumGothic 15"),
        CorpusText(name: "th", text: "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องใช้พจนานุกรมเพื่อหาขอบเขตของคำ สวัสดีครับ ยินดีต้อนรับ"),
        CorpusText(
            name: "ar",
            text: "مرحبا بكم في هذا التطبيق الجديد. نحن سعداء جدا بانضمامكم إلينا، ونتمنى لكم تجربة ممتعة ومفيدة مع جميع المزايا."
        ),
        CorpusText(name: "ar-harakat", text: "بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ الْحَمْدُ لِلَّهِ رَبِّ الْعَالَمِينَ الرَّحْمَٰنِ الرَّحِيمِ مَالِكِ يَوْمِ الدِّينِ"),
        CorpusText(
            name: "he",
            text: "שלום לכולם! זהו טקסט בעברית שנועד לבדוק את חיתוך השורות ואת המיקום של הסיומת בכרטיס. תודה רבה על הסבלנות."),
        CorpusText(
            name: "bidi-en-ar",
            text: "The word مرحبا means hello, and شكرا جزيلا means thank you very much; both are used every day in Cairo."),
        CorpusText(
            name: "bidi-he-en", text: "הפגישה עם Apple ו-Google תתקיים ביום 3 בדצמבר בשעה 10:30, ואחריה ארוחת צהריים עם כל הצוות."
        ),
        CorpusText(
            name: "bidi-rtl-paragraph-latin-lines",
            text:
                "שלום Apple Google Microsoft Amazon Netflix Spotify (Twitter) [Facebook] Instagram LinkedIn Pinterest Reddit Wikipedia YouTube WhatsApp Telegram Signal Zoom Slack Discord GitHub GitLab"
        ),
        CorpusText(
            name: "bidi-ltr-paragraph-arabic-lines",
            text:
                "Hello مرحبا بكم في هذا التطبيق الجديد (نحن سعداء) جدا بانضمامكم إلينا ونتمنى لكم تجربة ممتعة ومفيدة مع جميع المزايا الجديدة"
        ),
        CorpusText(name: "bidi-numbers", text: "‏السعر 120.50 دولار (USD) أو 450 ريال – رقم الطلب: AB-1234-XY ‎— تم الشحن."),
        CorpusText(name: "emoji-zwj", text: "Family time 👨‍👩‍👧‍👦👩‍❤️‍💋‍👨 with the team 🧑🏽‍💻🧑🏻‍🔬👩🏿‍🚀 and the dog 🐕‍🦺 at the beach 🏖️🌊 all day long ☀️😎🍉"),
        CorpusText(name: "emoji-flags", text: "Shipping to 🇯🇵🇰🇷🇩🇪🇫🇷🇧🇷🇺🇸🇮🇳🇳🇬🇦🇺🇨🇦🇲🇽🇪🇸🇮🇹🇸🇪🇳🇴 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿 next week!"),
        CorpusText(name: "emoji-skin-tones", text: "👍🏻👍🏼👍🏽👍🏾👍🏿👋🏻👋🏼👋🏽👋🏾👋🏿🙌🏻🙌🏼🙌🏽🙌🏾🙌🏿👏🏻👏🏼👏🏽👏🏾👏🏿✌🏻✌🏼✌🏽✌🏾✌🏿"),
        CorpusText(name: "emoji-keycaps", text: "Press 1️⃣ for sales, 2️⃣ for support, #️⃣ for the menu, *️⃣ to repeat ❤️‍🔥❤️‍🩹 thanks!"),
        CorpusText(
            name: "decomposed-accents",
            text:
                "Cafe\u{0301} de\u{0301}ja\u{0300} vu: l'e\u{0301}te\u{0301} a\u{0300} Montre\u{0301}al, c\u{0327}a c\u{0327}a, n\u{0303}and\u{0303}u u\u{0308}ber Zu\u{0308}rich."
        ),
        CorpusText(
            name: "stacked-marks",
            text:
                "Z\u{0351}\u{0357}a\u{0344}\u{0358}l\u{0350}\u{036B}g\u{0352}\u{0360}o\u{035B} t\u{0346}e\u{0300}x\u{0301}t with many stacked marks o\u{0301}\u{0302}\u{0303}\u{0304} on every letter."
        ),
        CorpusText(name: "devanagari", text: "नमस्ते दुनिया! हिन्दी में संयुक्ताक्षर जैसे क्ष, त्र, ज्ञ और श्र का सही प्रदर्शन होना चाहिए। धन्यवाद।"),
        CorpusText(
            name: "newlines", text: "First line\nSecond line\nThird line is a little longer than the others\nFourth\nFifth"),
        CorpusText(name: "blank-lines", text: "Paragraph one.\n\n\nParagraph two after two blank lines.\n\nParagraph three."),
        CorpusText(
            name: "crlf", text: "Windows line one\r\nWindows line two\r\n\r\nAfter a blank CRLF line the text goes on and on."),
        CorpusText(name: "leading-newlines", text: "\n\n\nStarts after three empty lines and then has enough words to wrap."),
        CorpusText(
            name: "trailing-spaces",
            text: "Ends with a lot of trailing white space, which must never count as a line.      \n\n   \t  "),
        CorpusText(
            name: "nbsp",
            text:
                "Prices:\u{00A0}10\u{00A0}€ per\u{00A0}month, 100\u{00A0}€ per\u{00A0}year, no\u{00A0}hidden\u{00A0}fees\u{00A0}at\u{00A0}all\u{00A0}ever."
        ),
        CorpusText(name: "ideographic-space", text: "全角スペース　で　区切られた　単語　が　並ぶ　文章　です　。　最後　にも　空白　", font: "IPAGothic 15"),
        CorpusText(
            name: "long-url",
            text:
                "See https://example.com/a/very/long/path/with/many/segments/and?query=parameters&that=never&end=soon#fragment for details."
        ),
        CorpusText(
            name: "long-word",
            text: "Supercalifragilisticexpialidociousantidisestablishmentarianismfloccinaucinihilipil then some words"),
        CorpusText(name: "unbreakable-80", text: String(repeating: "abcdefghij", count: 8)),
        CorpusText(name: "word-then-unbreakable", text: "Hi there\n" + String(repeating: "W", count: 80)),
        CorpusText(name: "one-word", text: "Hello"),
        CorpusText(name: "empty", text: ""),
        CorpusText(name: "whitespace-only", text: "   \n\t\u{00A0}\u{3000}\r\n  "),
        CorpusText(
            name: "mixed-scripts",
            text: "Tokyo 東京, Seoul 서울, Bangkok กรุงเทพ, Cairo القاهرة, Tel Aviv תל אביב, Delhi दिल्ली — 🌏 one world."),
        // RTL paragraphs whose lines end in Latin runs: the ending must follow the paragraph, not the run.
        CorpusText(
            name: "rtl-latin-tails",
            text:
                "تعرف على Google Maps and Street View حول تطبيق الخرائط الجديد مع Apple Music and Podcasts ثم Microsoft Teams Chat"
        ),
        CorpusText(
            name: "he-latin-tail",
            text: "עדכון חדש ל-WhatsApp Business and Instagram Reels זמין עכשיו for iOS and Android devices"),
        // A mostly-RTL paragraph that starts with digits: the kept part may hold no strong character.
        CorpusText(
            name: "rtl-leading-digits", text: "2024 12 31 10 30 45 99 100 مرحبا بكم في التطبيق الجديد الذي يعمل بسرعة كبيرة جدا"),
        CorpusText(name: "ltr-leading-digits-rtl-suffix", text: "12 34 56 78 90 12 34 56 hello world and more words here"),
        // Links, mentions and hashtags: a word cut lands before or after one, never inside.
        CorpusText(
            name: "links-and-tags",
            text:
                "Big news from @seemore_app: read https://example.com/blog/2026/12/launch-notes-and-what-comes-next?ref=feed and tell us #SwiftOnLinux #새기능 what you think"
        ),
        CorpusText(
            name: "ja-url-in-sentence",
            text: "詳しくはhttps://example.jp/news/2026/december/release-notesをご覧ください。#新機能 と @田中さん にも感謝します。"),
        CorpusText(
            name: "long-url-only", text: "https://example.com/a/very/long/path/that/is/wider/than/any/line/of/the/card/at/all/ok"),
    ]
}
