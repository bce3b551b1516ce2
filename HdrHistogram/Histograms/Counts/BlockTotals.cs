using System.Numerics;

namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The total of one concurrent counts array, kept as the sums of blocks of 64 slots with a stale flag per block: a
/// writer flags the block it added to, and a sum adds up again only the flagged blocks. Reading the total after one
/// record then costs one block, not the whole array (33,792 slots for a 3,600,000,000,000 / 3-digit histogram).
/// </summary>
/// <remarks>
/// Why a sum misses no add (see <see cref="ConcurrentCounts{TSlot, TAtomics}.Total"/> for the state around it): a
/// writer's add is an atomic operation (a full fence) followed by a read of its block's flag, which it sets with an
/// atomic exchange when it finds it clear; <see cref="Resum"/> clears the flags it takes, then makes a full fence,
/// then reads the blocks. Dekker's pattern: either the sum reads the add, or the writer reads the cleared flag and
/// sets it again, so that block is summed again next time. Changes made other than by one atomic add (decoding,
/// block arithmetic, a reset) call <see cref="MarkAll"/> instead.
/// </remarks>
internal sealed class BlockTotals
{
    private const int BlockShift = 6;
    private const int BlockSize = 1 << BlockShift;

    private readonly int[] _stale;
    private readonly long[] _sums;
    private readonly int[] _taken;
    private long _total;
    private int _allStale = 1;

    /// <summary>Creates the totals of an array of <paramref name="slotCount"/> slots, all of them stale.</summary>
    public BlockTotals(int slotCount)
    {
        int blocks = (slotCount + BlockSize - 1) >> BlockShift;
        _stale = new int[blocks];
        _sums = new long[blocks];
        _taken = new int[blocks];
    }

    /// <summary>Flags the block of physical slot <paramref name="slot"/> after an atomic add to it (the fence this needs).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void MarkSlot(int slot)
    {
        ref int flag = ref _stale[slot >> BlockShift];
        if (Volatile.Read(ref flag) == 0)
        {
            // Rare (once per block between two sums): the exchange is the fence between the flag and the state that
            // the writer reads next.
            Interlocked.Exchange(ref flag, 1);
        }
    }

    /// <summary>Marks every block stale, after counts were changed other than by atomic adds.</summary>
    public void MarkAll() => Interlocked.Exchange(ref _allStale, 1);

    /// <summary>
    /// Adds up again the blocks flagged stale and returns the array's total. Callers serialize calls (the update
    /// lock), so the bookkeeping arrays are this call's alone.
    /// </summary>
    /// <typeparam name="TSlot">The count type.</typeparam>
    /// <typeparam name="TAtomics">The atomic operations on one count.</typeparam>
    /// <param name="slots">The counts array these totals belong to.</param>
    /// <returns>The sum of every count.</returns>
    public long Resum<TSlot, TAtomics>(TSlot[] slots)
        where TSlot : unmanaged
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        bool all = Interlocked.Exchange(ref _allStale, 0) != 0;
        int taken = TakeStaleBlocks(all);

        // The flags are cleared before any count is read (the other half of the writers' fence).
        Interlocked.MemoryBarrier();
        if (all)
        {
            long total = 0;
            for (int block = 0; block < _sums.Length; block++)
            {
                _sums[block] = SumBlock<TSlot, TAtomics>(slots, block);
                total += _sums[block];
            }

            _total = total;
            return total;
        }

        for (int k = 0; k < taken; k++)
        {
            int block = _taken[k];
            long sum = SumBlock<TSlot, TAtomics>(slots, block);
            _total += sum - _sums[block];
            _sums[block] = sum;
        }

        return _total;
    }

    /// <summary>Clears the stale flags (all of them when <paramref name="all"/>), listing the flagged blocks in _taken.</summary>
    private int TakeStaleBlocks(bool all)
    {
        int[] stale = _stale;
        if (all)
        {
            Array.Clear(stale, 0, stale.Length);
            return 0;
        }

        int taken = 0;
        int block = 0;
        if (Vector.IsHardwareAccelerated)
        {
            // Most flags are clear between two nearby sums: skip them a vector at a time.
            for (; block + Vector<int>.Count <= stale.Length; block += Vector<int>.Count)
            {
                if (new Vector<int>(stale, block) != Vector<int>.Zero)
                {
                    taken = TakeFlagged(stale, block, block + Vector<int>.Count, taken);
                }
            }
        }

        return TakeFlagged(stale, block, stale.Length, taken);
    }

    private int TakeFlagged(int[] stale, int from, int to, int taken)
    {
        for (int block = from; block < to; block++)
        {
            if (stale[block] != 0)
            {
                stale[block] = 0;
                _taken[taken++] = block;
            }
        }

        return taken;
    }

    private static long SumBlock<TSlot, TAtomics>(TSlot[] slots, int block)
        where TSlot : unmanaged
        where TAtomics : struct, ICountSlotAtomics<TSlot>
    {
        int start = block << BlockShift;
        int length = Math.Min(BlockSize, slots.Length - start);
        if (Environment.Is64BitProcess)
        {
            // Vector loads: a 64-bit process reads each aligned count whole.
            return CumulativeCountSearch.Sum(new ReadOnlySpan<TSlot>(slots, start, length));
        }

        // A 32-bit process may read a long count in two halves: atomic reads, one by one.
        long sum = 0;
        for (int i = start; i < start + length; i++)
        {
            sum += default(TAtomics).Read(ref slots[i]);
        }

        return sum;
    }
}
