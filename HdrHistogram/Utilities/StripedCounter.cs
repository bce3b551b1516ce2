using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace HdrHistogram.Utilities;

/// <summary>
/// A 64-bit counter that many threads add to without contending on one cache line (the idea of Java's
/// <c>LongAdder</c>): each thread adds to one of several cells, 128 bytes apart, chosen by the processor it runs on
/// (.NET 8+) or its managed thread id (netstandard2.0); the value is the sum of the cells.
/// </summary>
/// <remarks>
/// Adding is one atomic add on a cell that, in the common case, no other running thread writes. Reading sums the
/// cells: exact when no add is in flight, otherwise a recent value, which is all a total read during concurrent
/// recording can mean anyway. The cell choice never affects correctness, only how often two threads share a cell.
/// </remarks>
internal sealed partial class StripedCounter
{
    // 16 longs = 128 bytes between cells: adjacent-line prefetchers fetch cache lines in pairs.
    private const int Stride = 16;
    private const int MaxCells = 64;

    private readonly long[] _cells;
    private readonly int _mask;

    /// <summary>Creates a counter with a power-of-two number of cells, twice the processor count (2 to 64).</summary>
    public StripedCounter()
    {
        int cells = 2;
        while (cells < 2 * Environment.ProcessorCount && cells < MaxCells)
        {
            cells <<= 1;
        }

        _mask = cells - 1;

        // Cell k lives at (k + 1) * Stride: the first Stride slots keep cell 0 off the array header's line, and the
        // Stride - 1 slots after the last cell keep it off whatever the allocator places next.
        _cells = new long[(cells + 1) * Stride];
    }

    /// <summary>Adds <paramref name="value"/> (which may be negative).</summary>
    /// <param name="value">The amount to add.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(long value) => Interlocked.Add(ref _cells[((CurrentStripe() & _mask) + 1) * Stride], value);

    /// <summary>The sum of the cells.</summary>
    /// <returns>The counter's value.</returns>
    public long Sum()
    {
        long sum = 0;
        for (int k = 1; k <= _mask + 1; k++)
        {
            sum += Volatile.Read(ref _cells[k * Stride]);
        }

        return sum;
    }

    /// <summary>Replaces the value: the first cell takes <paramref name="value"/>, the others 0.</summary>
    /// <param name="value">The new value.</param>
    public void Set(long value)
    {
        for (int k = 2; k <= _mask + 1; k++)
        {
            Interlocked.Exchange(ref _cells[k * Stride], 0);
        }

        Interlocked.Exchange(ref _cells[Stride], value);
    }
}
