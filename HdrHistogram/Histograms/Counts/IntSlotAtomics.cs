using System.Runtime.CompilerServices;
using System.Threading;

namespace HdrHistogram.Concurrency;

/// <summary>32-bit counts: an add is a compare-and-set that throws instead of wrapping past <see cref="int.MaxValue"/> or below 0.</summary>
internal readonly struct IntSlotAtomics : ICountSlotAtomics<int>
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Read(ref int slot) => Volatile.Read(ref slot);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ref int slot, long value) => Volatile.Write(ref slot, (int)value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Add(ref int slot, long value)
    {
        int current;
        long updated;
        do
        {
            current = Volatile.Read(ref slot);
            updated = current + value;
            if (updated > int.MaxValue || updated < 0)
            {
                HistogramBase.ThrowCountOverflow(current, value, "int");
            }
        }
        while (Interlocked.CompareExchange(ref slot, (int)updated, current) != current);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long TakeAll(ref int slot) => Interlocked.Exchange(ref slot, 0);

}
