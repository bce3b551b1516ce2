#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

/// <summary>
/// A phase-flip guard for wait-free writers and blocking readers (Java's <c>WriterReaderPhaser</c>).
/// </summary>
/// <remarks>
/// Writers wrap each update in <see cref="WriterCriticalSectionEnter"/> / <see cref="WriterCriticalSectionExit"/>:
/// two atomic increments, never a wait. A reader takes <see cref="ReaderLock"/>, swaps whatever the writers write
/// into, and calls <see cref="FlipPhase(TimeSpan)"/>, which returns once every writer that might still be using the old
/// target has left its critical section. The wait spins with <see cref="SpinWait"/>, so the flip costs microseconds
/// rather than a scheduler quantum.
/// </remarks>
public class WriterReaderPhaser
{
    private readonly object _readerLock = new();
    private long _startEpoch;
    private long _evenEndEpoch;
    private long _oddEndEpoch = long.MinValue;

    /// <summary>Enters a writer critical section; pass the returned value to <see cref="WriterCriticalSectionExit"/>.</summary>
    /// <returns>The value that identifies the phase this writer entered in.</returns>
    public long WriterCriticalSectionEnter() => Interlocked.Increment(ref _startEpoch) - 1;

    /// <summary>Leaves a writer critical section.</summary>
    /// <param name="criticalValueAtEnter">The value <see cref="WriterCriticalSectionEnter"/> returned.</param>
    public void WriterCriticalSectionExit(long criticalValueAtEnter)
    {
        if (criticalValueAtEnter < 0)
        {
            Interlocked.Increment(ref _oddEndEpoch);
        }
        else
        {
            Interlocked.Increment(ref _evenEndEpoch);
        }
    }

    /// <summary>Takes the reader lock, which serialises readers (and the phase flips they make).</summary>
    public void ReaderLock() => Monitor.Enter(_readerLock);

    /// <summary>Releases the reader lock.</summary>
    public void ReaderUnlock() => Monitor.Exit(_readerLock);

    /// <summary>Flips the phase and waits until every writer of the previous phase has left its critical section.</summary>
    /// <exception cref="InvalidOperationException">The calling thread does not hold the reader lock.</exception>
    public void FlipPhase() => FlipPhase(TimeSpan.Zero);

    /// <summary>Flips the phase and waits until every writer of the previous phase has left its critical section.</summary>
    /// <param name="sleepBetweenChecks">Ignored when zero (the wait spins); otherwise the wait sleeps this long between checks.</param>
    /// <exception cref="InvalidOperationException">The calling thread does not hold the reader lock.</exception>
    public void FlipPhase(TimeSpan sleepBetweenChecks)
    {
        if (!Monitor.IsEntered(_readerLock))
        {
            throw new InvalidOperationException("FlipPhase can only be called while holding the reader lock.");
        }

        bool nextPhaseIsEven = Volatile.Read(ref _startEpoch) < 0;

        // Reset the end epoch of the phase about to start, then start it, remembering where the old phase ended.
        long initialStartValue = nextPhaseIsEven ? 0 : long.MinValue;
        if (nextPhaseIsEven)
        {
            Volatile.Write(ref _evenEndEpoch, initialStartValue);
        }
        else
        {
            Volatile.Write(ref _oddEndEpoch, initialStartValue);
        }

        long startValueAtFlip = Interlocked.Exchange(ref _startEpoch, initialStartValue);

        // Wait until the old phase's exits catch up with its entries.
        var spinner = default(SpinWait);
        while ((nextPhaseIsEven ? Volatile.Read(ref _oddEndEpoch) : Volatile.Read(ref _evenEndEpoch)) != startValueAtFlip)
        {
            if (sleepBetweenChecks > TimeSpan.Zero)
            {
                Thread.Sleep(sleepBetweenChecks);
            }
            else
            {
                spinner.SpinOnce();
            }
        }
    }
}
