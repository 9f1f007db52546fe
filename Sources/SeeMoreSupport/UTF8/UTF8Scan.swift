extension String {
    /// Whether any of the string's UTF-8 bytes passes `test`: a loop over its contiguous storage when it
    /// has one (a native string always does), which `utf8.contains(where:)` is not — it walks the
    /// view's index one byte at a time.
    @inlinable
    package func containsUTF8Byte(where test: (UInt8) -> Bool) -> Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(where: test) }) { return found }
        return utf8.contains(where: test)
    }
}
