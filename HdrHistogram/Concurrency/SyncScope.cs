namespace HdrHistogram.Concurrency;

/// <summary>
/// Holds the locks of up to two synchronized histograms for the span of one operation (a <c>using</c> scope): the
/// synchronized types take it at their public boundary for an operation on two histograms (an add, a copy, a
/// comparison), in the locks' global order.
/// </summary>
internal readonly struct SyncScope : IDisposable
{
    private readonly HistogramLock? _first;
    private readonly HistogramLock? _second;

    private SyncScope(HistogramLock? first, HistogramLock? second)
    {
        _first = first;
        _second = second;
    }

    /// <summary>Takes <paramref name="gate"/> when there is one.</summary>
    /// <param name="gate">The lock, or null.</param>
    /// <returns>The scope to dispose.</returns>
    public static SyncScope Enter(HistogramLock? gate)
    {
        if (gate is not null)
        {
            Monitor.Enter(gate);
        }

        return new SyncScope(gate, null);
    }

    /// <summary>Takes both locks (those that exist) in their global order.</summary>
    /// <param name="a">One lock, or null.</param>
    /// <param name="b">The other lock, or null.</param>
    /// <returns>The scope to dispose.</returns>
    public static SyncScope Enter(HistogramLock? a, HistogramLock? b)
    {
        if (a is null || ReferenceEquals(a, b))
        {
            return Enter(b);
        }

        if (b is null)
        {
            return Enter(a);
        }

        HistogramLock first = a.Order < b.Order ? a : b;
        HistogramLock second = a.Order < b.Order ? b : a;
        Monitor.Enter(first);
        try
        {
            Monitor.Enter(second);
        }
        catch
        {
            Monitor.Exit(first);
            throw;
        }

        return new SyncScope(first, second);
    }

    /// <summary>Releases the locks taken.</summary>
    public void Dispose()
    {
        if (_second is not null)
        {
            Monitor.Exit(_second);
        }

        if (_first is not null)
        {
            Monitor.Exit(_first);
        }
    }
}
