import CSoup

/// A closure run once by a GLib main context.
final class MainContextCall {
    let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
    }

    static let run: GSourceFunc = { data in
        guard let data else { return 0 }
        Unmanaged<MainContextCall>.fromOpaque(data).takeRetainedValue().body()
        return 0  // G_SOURCE_REMOVE
    }
}
