import Foundation

/// HTTP requests through the `curl` program, as any client would send them.
enum Curl {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The JSON error body's members.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("seemore-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func request(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil, timeout: Int = 60
    ) throws -> Response {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let headerFile = folder.appendingPathComponent("headers"), bodyFile = folder.appendingPathComponent("body")
        var arguments = [
            "-s", "-g", "--max-time", String(timeout), "-D", headerFile.path, "-o", bodyFile.path, "-w", "%{http_code}",
        ]
        arguments += method == "HEAD" ? ["-I"] : ["-X", method]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body {
            let file = folder.appendingPathComponent("request")
            try Data(body).write(to: file)
            arguments += ["--data-binary", "@" + file.path]
        }
        arguments.append(url)
        let output = try run(arguments)
        var parsed: [String: String] = [:]
        let headerText = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
        for line in headerText.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let bytes = (try? Data(contentsOf: bodyFile)).map { [UInt8]($0) } ?? []
        return Response(status: Int(output) ?? 0, headers: parsed, body: bytes)
    }

    /// POSTs every JSON body at once (one connection each); returns the statuses and answers in order.
    static func postInParallel(_ url: String, bodies: [String]) throws -> [(status: String, body: String)] {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var config = ""
        for (index, json) in bodies.enumerated() {
            let body = folder.appendingPathComponent("\(index).json")
            try Data(json.utf8).write(to: body)
            // Each request's options after "next", so the header and body belong to it alone.
            config += (index == 0 ? "" : "next\n") + "url = \"\(url)\"\nheader = \"Content-Type: application/json\"\n"
            config +=
                "data-binary = \"@\(body.path)\"\noutput = \"\(folder.path)/\(index).out\"\nwrite-out = \"%{http_code}\\\\n\"\n"
        }
        try config.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        let codes = try run([
            "-s", "-g", "--parallel", "--parallel-max", String(bodies.count), "-K", folder.appendingPathComponent("config").path,
        ])
        .split(separator: "\n").map(String.init)
        return try codes.indices.map { index in
            (codes[index], (try? String(contentsOf: folder.appendingPathComponent("\(index).out"), encoding: .utf8)) ?? "")
        }
    }

    /// Runs curl; returns its standard output.
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
