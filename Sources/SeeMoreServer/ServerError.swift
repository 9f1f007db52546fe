import SeeMore

/// A request the server refuses: an HTTP status and a JSON body `{"error": …, "field": …}` naming
/// what was wrong.
struct ServerError: Error, Equatable {
    var status: Int
    var message: String
    /// The request field at fault (a query parameter or JSON member), when one is.
    var field: String?

    init(status: Int, message: String, field: String?) {
        self.status = status
        self.message = message
        self.field = field
    }

    init(_ refusal: CardFields.Refusal) {
        self.init(status: CardService.Answer.status(of: refusal.kind), message: refusal.message, field: refusal.field)
    }

    static func badValue(_ field: String, _ message: String) -> ServerError {
        ServerError(status: 400, message: message, field: field)
    }

    /// The answer a worker's request gets.
    var answer: CardService.Answer { CardService.Answer(status: status, message: message, field: field) }

    var json: String {
        var members: [(String, JSONValue)] = [("error", .string(message))]
        if let field { members.append(("field", .string(field))) }
        return JSONValue.object(members).serialized(indent: nil)
    }
}
