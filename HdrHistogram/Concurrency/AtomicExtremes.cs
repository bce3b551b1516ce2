namespace HdrHistogram.Concurrency;

/// <summary>Lock-free updates of a tracked maximum or minimum: one read when nothing changes, a compare-and-set when it does.</summary>
internal static class AtomicExtremes
{
    /// <summary>Raises <paramref name="max"/> to <paramref name="value"/> if it is lower.</summary>
    public static void RaiseTo(ref long max, long value)
    {
        long current;
        while (value > (current = Volatile.Read(ref max)))
        {
            if (Interlocked.CompareExchange(ref max, value, current) == current)
            {
                return;
            }
        }
    }

    /// <summary>Lowers <paramref name="min"/> to <paramref name="value"/> if it is higher.</summary>
    public static void LowerTo(ref long min, long value)
    {
        long current;
        while (value < (current = Volatile.Read(ref min)))
        {
            if (Interlocked.CompareExchange(ref min, value, current) == current)
            {
                return;
            }
        }
    }
}
