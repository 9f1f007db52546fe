import Glibc

/// The CIEDE2000 color difference (CIE 142-2001) between two sRGB colors: how far apart a person
/// sees them, about 1 for a difference just noticed, uniform across hues where a distance in RGB or
/// YIQ is not — the measure for photographs and gradients, where small color shifts are noise.
enum ColorDifference {
    /// A color in CIELAB (D65 white).
    struct Lab: Equatable {
        var l: Double
        var a: Double
        var b: Double
    }

    /// CIELAB of an sRGB color whose channels are 0–255.
    static func lab(red: Double, green: Double, blue: Double) -> Lab {
        func linear(_ channel: Double) -> Double {
            let value = channel / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        // sRGB's primaries to XYZ, divided by the D65 white point.
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// ΔE00 between two CIELAB colors (weights kL = kC = kH = 1).
    static func ciede2000(_ first: Lab, _ second: Lab) -> Double {
        let c1 = (first.a * first.a + first.b * first.b).squareRoot()
        let c2 = (second.a * second.a + second.b * second.b).squareRoot()
        let meanC = (c1 + c2) / 2
        let meanC7 = pow(meanC, 7)
        let g = 0.5 * (1 - (meanC7 / (meanC7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
        let c1p = (a1 * a1 + first.b * first.b).squareRoot()
        let c2p = (a2 * a2 + second.b * second.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let degrees = atan2(b, a) * 180 / .pi
            return degrees < 0 ? degrees + 360 : degrees
        }
        let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
        let deltaL = second.l - first.l
        let deltaC = c2p - c1p
        var deltaH = 0.0
        if c1p * c2p != 0 {
            deltaH = h2 - h1
            if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
        }
        let deltaBigH = 2 * (c1p * c2p).squareRoot() * sin(deltaH * .pi / 360)
        let meanL = (first.l + second.l) / 2
        let meanCp = (c1p + c2p) / 2
        var meanH = h1 + h2
        if c1p * c2p != 0 {
            if abs(h1 - h2) <= 180 {
                meanH = (h1 + h2) / 2
            } else {
                meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
            }
        }
        func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
        let t =
            1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH)) + 0.32 * cos(radians(3 * meanH + 6))
            - 0.20 * cos(radians(4 * meanH - 63))
        let deltaTheta = 30 * exp(-pow((meanH - 275) / 25, 2))
        let meanCp7 = pow(meanCp, 7)
        let rc = 2 * (meanCp7 / (meanCp7 + pow(25, 7))).squareRoot()
        let lOffset = (meanL - 50) * (meanL - 50)
        let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
        let sc = 1 + 0.045 * meanCp
        let sh = 1 + 0.015 * meanCp * t
        let rt = -sin(radians(2 * deltaTheta)) * rc
        let l = deltaL / sl, c = deltaC / sc, h = deltaBigH / sh
        return (l * l + c * c + h * h + rt * c * h).squareRoot()
    }
}
