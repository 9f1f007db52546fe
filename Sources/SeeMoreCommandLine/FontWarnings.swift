import SeeMore

/// Prints what fontconfig substituted, and fails under `--strict-fonts`.
enum FontWarnings {
    static func report(_ substitutions: [FontSubstitution], strict: Bool, io: CommandIO) throws {
        for substitution in substitutions {
            let used = substitution.used.isEmpty ? "no font at all" : "\"\(substitution.used)\""
            let message = "font family \"\(substitution.requested)\" is not installed; fontconfig used \(used) instead"
            if strict { throw CommandError(message, exitCode: .dataError) }
            io.writeError("Warning: \(LogText.escaped(message))\n")
        }
    }
}
