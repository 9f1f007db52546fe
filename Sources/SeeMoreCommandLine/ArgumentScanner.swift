import SeeMoreSupport
import FoundationEssentials
import SeeMore

/// A small command-line scanner: `--flag value`, `--flag=value` and boolean `--flag`.
///
/// Every error names the flag and carries the command's usage line (exit code 64).
package struct ArgumentScanner {
    private var remaining: ArraySlice<String>
    private let usage: String
    /// Flags already given: every flag takes one value (or none), so a repeat is a mistake, not "the
    /// last one wins".
    private var seen = Set<String>()

    package init(_ arguments: [String], usage: String) {
        remaining = arguments[...]
        self.usage = usage
    }

    /// Flags that may be given more than once, each time with a value of its own (a list).
    package var repeatable: Set<String> = []

    /// Whether arguments that are not flags are collected in `positional` (else they are an error).
    var acceptsPositional = false
    private(set) var positional: [String] = []

    /// The next flag, with the value written after `=` if there was one; nil at the end.
    package mutating func nextFlag() throws -> (name: String, inlineValue: String?)? {
        var argument = ""
        while true {
            guard let next = remaining.popFirst() else { return nil }
            argument = next
            if argument.hasPrefix("--") || argument == "-h" { break }
            guard acceptsPositional else { throw usageError("unexpected argument '\(argument)'") }
            positional.append(argument)
        }
        let flag: (name: String, inlineValue: String?)
        if let equals = argument.firstIndex(of: "=") {
            flag = (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        } else {
            flag = (argument, nil)
        }
        guard seen.insert(flag.name).inserted || repeatable.contains(flag.name) else {
            throw usageError("\(flag.name) is given more than once")
        }
        return flag
    }

    /// The value of `flag`: the inline one or the next argument.
    package mutating func value(of flag: (name: String, inlineValue: String?)) throws -> String {
        if let value = flag.inlineValue { return value }
        guard let value = remaining.popFirst() else {
            throw usageError("\(flag.name) needs a value")
        }
        return value
    }

    /// Rejects a value on a flag that takes none (`--json=yes`).
    package func noValue(_ flag: (name: String, inlineValue: String?)) throws {
        if flag.inlineValue != nil { throw usageError("\(flag.name) takes no value") }
    }

    package func usageError(_ message: String) -> CommandError {
        CommandError(message, exitCode: .usage, usage: usage)
    }

    /// "unknown flag --widht; did you mean --width?", the suggestion taken from the usage text.
    package func unknownFlag(_ flag: String) -> CommandError {
        let hint = Suggestion.closest(to: flag, among: Suggestion.flags(in: usage)).map { "; did you mean \($0)?" } ?? ""
        return usageError("unknown flag \(flag)\(hint)")
    }

    /// A width in points: a card's (`CardLimits`), or up to `maximum` (a cut's, which may be wider).
    package func width(_ value: String, flag: String, maximum: Double = CardLimits.maximumWidth) throws -> Double {
        guard let width = Double(value), CardLimits.widthProblem(width, maximum: maximum) == nil else {
            throw usageError("\(flag) \(CardLimits.widthProblem(.nan, maximum: maximum) ?? ""), not '\(value)'")
        }
        return width
    }

    /// A scale: pixels per point (`CardLimits.scales`).
    package func scale(_ value: String, flag: String) throws -> Int {
        guard let scale = Int(value), CardLimits.scaleProblem(scale) == nil else {
            throw usageError("\(flag) \(CardLimits.scaleProblem(0) ?? ""), not '\(value)'")
        }
        return scale
    }

    /// A line limit (`CardLimits.maximumLines`).
    package func lineLimit(_ value: String, flag: String) throws -> Int {
        guard let number = Int(value), CardLimits.linesProblem(number) == nil else {
            throw usageError("\(flag) \(CardLimits.linesProblem(0) ?? ""), not '\(value)'")
        }
        return number
    }

    /// A time budget in seconds, above 0 and at most a day ("0.5", "60").
    package func seconds(_ value: String, flag: String) throws -> Duration {
        guard let number = Double(value), number > 0, number <= 86_400 else {
            throw usageError("\(flag) must be a number of seconds above 0 and at most 86400, not '\(value)'")
        }
        return .milliseconds(Int((number * 1000).rounded(.up)))
    }

    /// A shard, `I/N` (`check --shard`, `scan --shard`).
    package func shard(_ value: String, flag: String) throws -> Shard {
        guard let shard = Shard(value) else { throw usageError("\(flag) must be \(Shard.syntax), not '\(value)'") }
        return shard
    }

    /// A number from 0 to 1.
    package func fraction(_ value: String, flag: String) throws -> Double {
        guard let number = Double(value), number >= 0, number <= 1 else {
            throw usageError("\(flag) must be a number from 0 to 1, not '\(value)'")
        }
        return number
    }

    /// A whole number of at least `minimum`.
    package func integer(_ value: String, flag: String, minimum: Int) throws -> Int {
        guard let number = Int(value), number >= minimum else {
            throw usageError("\(flag) must be a whole number of at least \(minimum), not '\(value)'")
        }
        return number
    }

    /// One of a fixed set of values.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ value: String, flag: String) throws -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw usageError("\(flag) must be one of \(allowed), not '\(value)'")
        }
        return choice
    }

    /// A line height: a multiple of the font size (`1.25`), points (`20pt`) or `0`.
    package func lineHeight(_ value: String, flag: String) throws -> LineHeight {
        guard let lineHeight = LineHeight(parsing: value) else {
            throw usageError(
                "\(flag) must be a multiple of the font size up to 10 (1.25), points up to 10000 (20pt) or 0, not '\(value)'")
        }
        return lineHeight
    }

    /// `--font-files PATH[,PATH…]`: the font files of the files and folders named, relative to the
    /// current folder.
    /// - Throws: `CommandError` naming the entry: exit 66 when it does not exist, 65 when it is no font file.
    package func fontFiles(_ value: String, flag: String) throws -> [String] {
        let entries = value.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        guard !entries.isEmpty else { throw usageError("\(flag) takes font files or folders, separated by commas") }
        do {
            return try FontFiles.expand(entries, relativeTo: FileManager.default.currentDirectoryPath)
        } catch let error as FontFilesError {
            throw CommandError("\(flag): \(error.entry): \(error.reason)", exitCode: error.isMissing ? .noInput : .dataError)
        }
    }

    /// The fonts of `--font-files` and `--hermetic-fonts`.
    /// - Throws: `CommandError` (exit 64) for `--hermetic-fonts` without font files.
    package func fonts(files: [String], hermetic: Bool) throws -> FontFiles {
        if hermetic && files.isEmpty {
            throw usageError("--hermetic-fonts needs --font-files: with no font file there would be no font at all")
        }
        return FontFiles(files: files, hermetic: hermetic)
    }

    /// A BCP 47 language tag.
    package func language(_ value: String, flag: String) throws -> LanguageTag {
        guard let tag = LanguageTag(value) else { throw usageError("\(flag) must be \(LanguageTag.rule), not '\(value)'") }
        return tag
    }
}
