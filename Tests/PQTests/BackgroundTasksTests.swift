import PQ
import Testing

/// ``BackgroundTasks`` holds what it starts until it ends, and cancels it when its owner closes.
@Suite("Background tasks have an owner")
struct BackgroundTasksTests {
    @Test func aTaskIsHeldUntilItEndsAndCancelledByItsOwner() async {
        let tasks = BackgroundTasks()
        let (started, began) = AsyncStream<Void>.makeStream()
        let (ended, finish) = AsyncStream<Bool>.makeStream()
        tasks.start {
            began.yield()
            // Waits for the owner's cancellation, however long that takes.
            let (never, open) = AsyncStream<Void>.makeStream()
            for await _ in never {}
            withExtendedLifetime(open) {}
            finish.yield(Task.isCancelled)
        }
        for await _ in started { break }
        #expect(tasks.count == 1)
        tasks.cancelAll()
        var cancelled: Bool?
        for await value in ended {
            cancelled = value
            break
        }
        #expect(cancelled == true)
        while tasks.count > 0 { await Task.yield() }
        #expect(tasks.count == 0)
    }

    @Test func aTaskStartedAfterTheOwnerClosedBeginsCancelled() async {
        let tasks = BackgroundTasks()
        tasks.cancelAll()
        let (ran, seen) = AsyncStream<Bool>.makeStream()
        tasks.start { seen.yield(Task.isCancelled) }
        var cancelled: Bool?
        for await value in ran {
            cancelled = value
            break
        }
        #expect(cancelled == true)
    }
}
