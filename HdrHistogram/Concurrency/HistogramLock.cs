namespace HdrHistogram.Concurrency;

/// <summary>
/// The lock of a synchronized histogram (<see cref="SynchronizedHistogram"/>, <see cref="SynchronizedDoubleHistogram"/>).
/// Operations that involve two synchronized histograms take both locks in the order of <see cref="Order"/>, so that
/// <c>a.Add(b)</c> and <c>b.Add(a)</c> on two threads cannot deadlock (Java orders by the histograms' identities).
/// </summary>
internal sealed class HistogramLock
{
    private static long _sequence;

    /// <summary>The position of this lock in the global locking order: unique, increasing with creation.</summary>
    public long Order { get; } = Interlocked.Increment(ref _sequence);
}
