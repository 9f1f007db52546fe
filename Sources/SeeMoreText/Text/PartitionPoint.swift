extension RandomAccessCollection where Index == Int {
    /// The index of the first element for which `isBefore` is false, in a collection whose elements
    /// for which it holds all come first (a sorted one asked "below this value?"); `endIndex` when it
    /// holds for every element. By bisection: O(log count) calls of `isBefore`.
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
