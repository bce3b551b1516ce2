namespace HdrHistogram.Concurrency;

/// <summary>A memory barrier on every thread of the process (<see cref="Interlocked.MemoryBarrierProcessWide"/>), built in on .NET 8+.</summary>
internal static class ProcessWideBarrier
{
    /// <summary>Whether <see cref="Execute"/> is available; always on .NET 8+.</summary>
    public static bool IsAvailable => true;

    /// <summary>
    /// Makes every thread of the process pass a full memory barrier before this returns: what any thread stored before
    /// that point is visible to the caller afterwards, and what the caller stored before the call is visible to any
    /// thread's loads after that point.
    /// </summary>
    public static void Execute() => Interlocked.MemoryBarrierProcessWide();
}
