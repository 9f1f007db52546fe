/// The parts of a catalog file's path that name its locale (`de.lproj`, `values-de`, `app_de.arb`).
enum CatalogPath {
    /// The file's name without its folder and last extension: `…/app_de.arb` → `app_de`.
    static func stem(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The name of the folder the file is in: `res/values-de/strings.xml` → `values-de`.
    static func folderName(_ file: String) -> String {
        let parts = file.split(separator: "/")
        return parts.count >= 2 ? String(parts[parts.count - 2]) : ""
    }

    /// The file's last extension, lowercased: `de.po` → `po`.
    static func fileExtension(_ file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
