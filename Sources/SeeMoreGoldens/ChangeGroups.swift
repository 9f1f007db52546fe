import SeeMoreSupport

/// A check's failing cases grouped by what changed (`ChangeSignature`), whatever their font, width,
/// theme or scale: what a reviewer looks at one by one instead of every case, and approves at once
/// (`seemore approve --group ID`).
package struct ChangeGroups: Sendable {
    /// One change and the cases that show it.
    package struct Group: Sendable, Equatable {
        /// Stable across runs for the same change of the same template: a hash of both.
        package var id: String
        package var template: String
        /// The change, as `ChangeSignature.key` says it.
        package var change: String
        /// The change and how it varies inside the group, in one sentence for people:
        /// `inline-more: the ending "… More" → "… Read more"; the cut moved back 1 word in 20 of them, …`.
        package var sentence: String
        /// The members' positions in the run's results, in case order.
        package var members: [Int]
        /// The members' names, in the same order.
        package var names: [String]
        /// The member shown for the group (a position, as `members`): the first one whose cut moved as
        /// most of the group's did.
        package var representative: Int
        /// The representative's name.
        package var representativeName: String { names[members.firstIndex(of: representative) ?? 0] }

        /// The command that accepts this group's cases from the artifacts at `folder` (as shown).
        package func approveCommand(artifacts folder: String) -> String {
            "seemore approve --artifacts \(folder) --group \(id)"
        }
    }

    /// Largest first; equal sizes by template and change.
    package var groups: [Group]
    /// The group index of each result position; -1 for a case in no group (passed).
    private var groupOfPosition: [Int32]

    /// - Parameters:
    ///   - changedFontFiles: font files whose bytes changed (path → name to show): a failing case drawn
    ///     with one is grouped by that file, across templates, whatever else its change says.
    ///   - ownFontFiles: the suite's own font files: when one of them changed, a failing case drawn with
    ///     any of them is grouped by it too (fontconfig may now pick another of the family's files).
    package init(_ results: CaseResults, changedFontFiles: [String: String] = [:], ownFontFiles: Set<String> = []) {
        let changedOwn = changedFontFiles.filter { ownFontFiles.contains($0.key) }.values.sorted()
        struct Building {
            var template: String
            var change: String
            var members: [Int] = []
            var names: [String] = []
            /// Members by how far (and in what) the cut moved; nil: it did not.
            var shifts: [String: [Int]] = [:]
        }
        var building: [Building] = []
        var index: [String: Int] = [:]
        var groupOf = [Int32](repeating: -1, count: results.count)
        for position in results.indices where results.facts(position).failed {
            let result = results[position]
            var signature = result.signature ?? ChangeSignature(key: result.change, template: result.group)
            var changedFonts = Array(Set(result.fontFiles.compactMap { changedFontFiles[$0] })).sorted()
            if changedFonts.isEmpty && !changedOwn.isEmpty && result.fontFiles.contains(where: ownFontFiles.contains) {
                changedFonts = changedOwn
            }
            if !changedFonts.isEmpty {
                // One cause, however many templates and kinds of change it shows up as.
                signature = ChangeSignature(
                    key: (changedFonts.count == 1 ? "font file " : "font files ") + changedFonts.joined(separator: ", ")
                        + " changed")
            }
            let key = signature.template + "\u{1F}" + signature.key
            let slot: Int
            if let found = index[key] {
                slot = found
            } else {
                slot = building.count
                index[key] = slot
                building.append(Building(template: signature.template, change: signature.key))
            }
            building[slot].members.append(position)
            building[slot].names.append(result.name)
            building[slot].shifts[Self.shiftWords(signature), default: []].append(position)
            groupOf[position] = Int32(slot)
        }
        var groups: [Group] = []
        var usedIDs = Set<String>()
        for group in building {
            var id = String(ContentHash.sha256(Array((group.template + "\u{1F}" + group.change).utf8)).prefix(8))
            // Two changes of one hash prefix (about one in 4 × 10⁹ per pair) keep apart by a count.
            var extra = 2
            while usedIDs.contains(id) {
                id = String(id.prefix(8)) + "-\(extra)"
                extra += 1
            }
            usedIDs.insert(id)
            // The most common movement of the cut first; the representative shows it.
            let byCount = group.shifts.sorted {
                $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
            }
            groups.append(
                Group(
                    id: id, template: group.template, change: group.change,
                    sentence: Self.sentence(
                        group.template, group.change, shifts: byCount.map { ($0.key, $0.value.count) }, of: group.members.count),
                    members: group.members, names: group.names, representative: byCount.first?.value.first ?? group.members[0]))
        }
        // Largest first, then by template and change, so a run's groups come in the same order.
        let order = groups.indices.sorted {
            let a = groups[$0], b = groups[$1]
            if a.members.count != b.members.count { return a.members.count > b.members.count }
            if a.template != b.template { return a.template < b.template }
            return a.change < b.change
        }
        var renumber = [Int32](repeating: -1, count: groups.count)
        for (new, old) in order.enumerated() { renumber[old] = Int32(new) }
        self.groups = order.map { groups[$0] }
        self.groupOfPosition = groupOf.map { $0 < 0 ? -1 : renumber[Int($0)] }
    }

    /// The group of the result at `position`, if it failed.
    package func group(ofResultAt position: Int) -> Group? {
        guard groupOfPosition.indices.contains(position) else { return nil }
        let slot = groupOfPosition[position]
        return slot < 0 ? nil : groups[Int(slot)]
    }

    /// The group with `id`.
    package func group(id: String) -> Group? { groups.first { $0.id == id } }

    /// How the cut moved in a case, in words ("back 1 word"); "" when it did not move.
    private static func shiftWords(_ signature: ChangeSignature) -> String {
        guard let shift = signature.cutShift, shift != 0 else { return "" }
        return (shift < 0 ? "back " : "forward ") + Plural.count(abs(shift), signature.cutUnit.rawValue)
    }

    /// The group's sentence: its template and change, then, when the cut moved in some of its cases
    /// (and the change says why), by how much in how many.
    static func sentence(_ template: String, _ change: String, shifts: [(String, Int)], of count: Int) -> String {
        var sentence = (template.isEmpty ? "" : template + ": ") + change
        let moved = shifts.filter { !$0.0.isEmpty }
        guard !moved.isEmpty else { return sentence }
        let said = change.contains("the cut moved")
        // "the cut moved back" in the change already says which way: the figures say how far.
        func far(_ words: String) -> String {
            said ? String(words.drop(while: { $0 != " " }).dropFirst()) : words
        }
        let shown = moved.prefix(4).map { "\(far($0.0)) in \($0.1)" }
        sentence +=
            (said ? "; by " : "; the cut moved ")
            + (moved.count == 1 && moved[0].1 == count ? far(moved[0].0) + " in all \(count)" : shown.joined(separator: ", "))
        if moved.count > 4 { sentence += " and \(moved.count - 4) other ways" }
        if let same = shifts.first(where: { $0.0.isEmpty }) { sentence += "; not in \(same.1)" }
        if !(moved.count == 1 && moved[0].1 == count) { sentence += " of \(count)" }
        return sentence
    }
}
