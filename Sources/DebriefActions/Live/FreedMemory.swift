#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a crowd of streams left behind back to the operating system.
///
/// glibc's allocator keeps what a program frees in its arenas for the next allocation, and a
/// room of 5,000 phones leaves hundreds of MiB there (their connections' buffers and tasks) that
/// the process would keep holding for its whole life: issue 37's benchmark measured 302 MiB with
/// the viewers and 301 MiB five seconds after the last one left. `malloc_trim` returns those free
/// pages; it costs a pass over the arenas, so ``LiveResultsHub`` asks for it only after a large
/// audience has mostly gone.
public enum FreedMemory {
    /// `malloc_trim` is declared in `<malloc.h>`, which the Glibc module leaves out: looked up
    /// once by name (nil with another C library, where this is a no-op).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()

    /// Returns free heap pages to the system.
    public static func giveBack() {
        _ = self.trim?(0)
    }
}
