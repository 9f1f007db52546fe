import CPangoCairo

/// The fontconfig rules of a hermetic configuration: those of the machine's configuration that
/// change how a font's glyphs are drawn or measured, written again so that a design's files are
/// drawn as the machine draws them while no rule or font of the machine's plays a part (the goldens
/// stay the same on any machine with the same libraries). docs/reference.md lists each of the
/// machine's rules and what hermetic mode does with it.
enum HermeticRules {
    /// Three rules, in the order the machine's configuration applies them:
    /// - Bitmap scaling: a font of bitmap strikes only (`outline` false, such as Noto Color Emoji's
    ///   109-pixel CBDT strikes) is scaled from its strike's pixel size to the size asked for, by its
    ///   matrix, with the size divided to match, as Debian's `10-scale-bitmap-fonts.conf` has the
    ///   machine do; without it the strike was drawn as it is, seven times too large at 15 pt.
    /// - Synthetic oblique: an upright face asked for in italic or oblique is slanted (a shear of 0.2)
    ///   and said to be oblique, its embedded bitmaps off (`90-synthetic.conf`).
    /// - Synthetic bold: a face of medium weight or lighter asked for in bold or heavier is emboldened
    ///   and said to be bold (`90-synthetic.conf`; SeeMore reports it as `syntheticBold`).
    static let xml = """
        <?xml version="1.0"?>
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="matrix" mode="assign">
              <times>
                <name>matrix</name>
                <matrix>
                  <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
                  <double>0</double>
                  <double>0</double>
                  <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
                </matrix>
              </times>
            </edit>
            <edit name="size" mode="assign">
              <divide>
                <name>size</name>
                <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
              </divide>
            </edit>
          </match>
          <match target="font">
            <test name="slant" compare="eq"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times>
                <name>matrix</name>
                <matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix>
              </times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
            <edit name="embeddedbitmap" mode="assign"><bool>false</bool></edit>
          </match>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
        </fontconfig>
        """

    /// Adds the rules to an empty configuration; false when fontconfig refuses them.
    static func apply(to config: OpaquePointer) -> Bool {
        FcConfigParseAndLoadFromMemory(config, xml, FcTrue) != 0
    }
}
