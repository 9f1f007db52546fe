/// Everyday Han characters written one way in Traditional Chinese and another in Simplified, to tell
/// a Traditional text from a Simplified one (`TextLanguage.guess`): each list holds only forms the
/// other writing does not use for the same word (so not 里, 面, 松, 云, 几, 后 or 于, which Traditional
/// text also writes, for other words). A text is Traditional when it holds more of the first list's.
enum HanVariants {
    static let traditionalOnly: Set<Unicode.Scalar> = Set(
        "這個們說時來會點裡與為國學東對發還過開長門間問見現電話讓從經無樣機關麼頭氣車書實習體邊親應當聽種號愛聲辦變議題據認識區業歷產務幾萬於將總義紅藍綠顏買賣讀寫館鐘錢銀鐵飛馬魚鳥雞風歲歡樂戲劇醫藥龍麵灣輕鬆網視隨錯難離靜順願類飯養園圖團員導層帶張強熱處戰報場壞準確後"
            .unicodeScalars)
    static let simplifiedOnly: Set<Unicode.Scalar> = Set(
        "这个们说时来会点与为国学东对发还过开长门间问见现电话让从经无样机关么头气车书实习体边亲应当听种号爱声办变议题据认识区业历产务将总义红蓝绿颜买卖读写馆钟钱银铁飞马鱼鸟鸡风岁欢乐戏剧医药龙湾轻网视随错难离静顺愿类饭养园图团员导层带张强热处战报场坏准确"
            .unicodeScalars)
}
