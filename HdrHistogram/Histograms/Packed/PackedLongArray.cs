using HdrHistogram.Histograms.Counts;

namespace HdrHistogram.Histograms.Packed;

/// <summary>
/// The packed counts store: a sparse array of 64-bit counts whose memory grows with the number of distinct indexes holding a count, not with
/// its length (the idea of Java's <c>PackedLongArray</c>, laid out differently for a short increment path).
/// </summary>
/// <remarks>
/// <para>
/// Indexes are grouped in pages of 8 and pages in groups of 64 (512 indexes). A directory (one <see cref="int"/> per
/// group, grown only as far as the highest group used) points at each populated group's region in one pool of longs.
/// A region is a 64-bit mask of the group's populated pages, a long holding its capacity in pages, width and group,
/// then the populated pages in index order, every count of the group stored in the same width: 1, 2, 4 or 8 bytes, the narrowest that holds the group's
/// largest count (a negative count, which only wrapping long arithmetic produces, takes 8). A page's place in the
/// region is the number of populated pages below it (a population count of the mask).
/// </para>
/// <para>
/// Incrementing a count whose page exists and whose width has room is a directory read, a mask test, a population
/// count and one store (<see cref="TryIncrement"/>). Everything else (a new group or page, a wider width) goes
/// through <see cref="Set"/>, which moves the group to a new region; regions are taken from the end of the pool, and
/// when the pool is full the live regions are moved to its start (abandoned regions dropped), into a new pool with a
/// quarter to spare when they need more room (see <see cref="Spare"/>). So the array allocates
/// only when its storage grows, and <see cref="Clear()"/> keeps the pool for reuse.
/// </para>
/// <para>
/// Not thread-safe (<see cref="ConcurrentPackedCounts"/> is); a misused one gives wrong counts but never reads or
/// writes outside its pool.
/// </para>
/// </remarks>
internal sealed class PackedLongArray : CountsStore<PackedSlots>
{
    // A PackedHistogram object as the runtime lays it out on 64 bits, without its store (the footprint tests measure it).
    private const int HistogramObjectBytes = 176;

    /// <summary>log2 of the indexes per page.</summary>
    internal const int PageShift = 3;

    /// <summary>log2 of the indexes per group (64 pages).</summary>
    internal const int GroupShift = PageShift + 6;

    private const int SlotMask = (1 << PageShift) - 1;
    private const int HeaderLongs = 2;
    private const int MinimumPoolLongs = 4;
    private const int SmallPoolLongs = 512;

    // 16 bytes of object header and method table, two references, the total, two ints.
    private const int ObjectBytes = 16 + 16 + 8 + 8;

    private long[] _pool;
    private int[] _groups;
    private long _totalCount;
    private int _used;
    private int _length;

    /// <summary>Creates an array of <paramref name="length"/> zero counts that holds no storage yet.</summary>
    /// <param name="length">The number of indexes.</param>
    public PackedLongArray(int length)
    {
        if (length < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "The length cannot be negative.");
        }

        _length = length;
        _pool = Array.Empty<long>();
        _groups = Array.Empty<int>();
        _used = 1;
    }

    /// <summary>The number of indexes.</summary>
    public override int Length => _length;

    /// <inheritdoc />
    public override long MaxCount => long.MaxValue;

    /// <inheritdoc />
    public override int BytesPerCount => sizeof(long);

    /// <inheritdoc />
    public override long GetTotalCount() => _totalCount;

    /// <inheritdoc />
    public override void SetTotalCount(long totalCount) => _totalCount = totalCount;

    /// <inheritdoc />
    public override void AddToTotalCount(long count) => _totalCount += count;

    /// <summary>The histogram object (as the runtime lays it out on 64 bits) and this array: the footprint tests measure both.</summary>
    /// <inheritdoc />
    public override int EstimatedFootprintInBytes(int countsArrayLength) => (int)Math.Min(int.MaxValue, HistogramObjectBytes + FootprintInBytes);

    /// <summary>
    /// Adds one to the count of <paramref name="value"/> and to the total when its page exists and the value changes
    /// neither extreme, else records it the general way.
    /// </summary>
    /// <inheritdoc />
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public override void RecordValue(HistogramBase histogram, long value)
    {
        if (TryIncrementSlot(histogram.FastRecordSlot(value)))
        {
            _totalCount++;
        }
        else
        {
            histogram.RecordCountAtValueUnsynchronized(1, value);
        }
    }

    /// <summary>The number of longs the pool holds (its physical length).</summary>
    internal int PoolLength => _pool.Length;

    /// <summary>The number of directory entries.</summary>
    internal int DirectoryLength => _groups.Length;

    /// <summary>The longs the live regions take (the rest of the pool is free or abandoned).</summary>
    internal int LiveLongs
    {
        get
        {
            long live = 0;
            foreach (int entry in _groups)
            {
                if (entry != 0)
                {
                    live += RegionLongs((int)_pool[(entry >> 2) + 1] & 0xFF, entry & 3);
                }
            }

            return (int)live;
        }
    }

    /// <summary>The bytes this array occupies on a 64-bit runtime: the object, its pool and its directory.</summary>
    public long FootprintInBytes => ObjectBytes + ArrayBytes(_pool.Length, sizeof(long)) + ArrayBytes(_groups.Length, sizeof(int));

    /// <summary>Lengthens the array; the new indexes hold 0. Nothing is allocated.</summary>
    /// <param name="newLength">The new length, at least the current one.</param>
    public void Grow(int newLength)
    {
        if (newLength < _length)
        {
            throw new ArgumentOutOfRangeException(nameof(newLength), newLength, "A packed array only grows.");
        }

        _length = newLength;
    }

    /// <summary>The count at <paramref name="index"/> (0 for an index that holds no storage).</summary>
    /// <param name="index">The index, 0 to <see cref="Length"/> - 1.</param>
    /// <returns>The count.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long Get(int index)
    {
        int[] groups = _groups;
        int group = index >> GroupShift;
        if ((uint)group >= (uint)groups.Length)
        {
            return 0;
        }

        // An absent group's entry is 0, whose "region" is the pool's first long: always 0, so no page is present.
        int entry = groups[group];
        long[] pool = _pool;
        int region = entry >> 2;
        ulong upToPage = (ulong)pool[region] << (63 - ((index >> PageShift) & 63));
        if ((long)upToPage >= 0)
        {
            return 0;
        }

        int slot = ((Bitwise.PopCount(upToPage) - 1) << PageShift) + (index & SlotMask);
        int widthCode = entry & 3;
        if ((uint)(region + HeaderLongs + ((slot << widthCode) >> 3)) >= (uint)pool.Length)
        {
            return 0; // Only a read racing a writer (a misuse) gets here: never read outside the pool.
        }

        ref byte data = ref Unsafe.As<long, byte>(ref pool[region + HeaderLongs]);
        return Read(ref data, widthCode, slot);
    }

    /// <summary>
    /// Adds one to the count at <paramref name="index"/> when its page exists and its width has room: the increment
    /// path of a record. Returns <c>false</c>, changing nothing, otherwise (use <see cref="Add"/>).
    /// </summary>
    /// <param name="index">The index, 0 to <see cref="Length"/> - 1.</param>
    /// <returns>Whether the count was incremented.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryIncrement(int index)
    {
        int[] groups = _groups;
        int group = index >> GroupShift;
        if ((uint)group >= (uint)groups.Length)
        {
            return false;
        }

        int entry = groups[group];
        long[] pool = _pool;
        int region = entry >> 2;
        ulong upToPage = (ulong)pool[region] << (63 - ((index >> PageShift) & 63));
        if ((long)upToPage >= 0)
        {
            return false;
        }

        int slot = ((Bitwise.PopCount(upToPage) - 1) << PageShift) + (index & SlotMask);
        int widthCode = entry & 3;
        if ((uint)(region + HeaderLongs + ((slot << widthCode) >> 3)) >= (uint)pool.Length)
        {
            return false; // Only a writer racing another (a misuse) gets here: never write outside the pool.
        }

        ref byte data = ref Unsafe.As<long, byte>(ref pool[region + HeaderLongs]);
        switch (widthCode)
        {
            case 0:
                ref byte b = ref Unsafe.Add(ref data, slot);
                if (b == byte.MaxValue)
                {
                    return false;
                }

                b++;
                return true;
            case 1:
                ref ushort s = ref Unsafe.As<byte, ushort>(ref Unsafe.Add(ref data, slot << 1));
                if (s == ushort.MaxValue)
                {
                    return false;
                }

                s++;
                return true;
            case 2:
                ref uint i = ref Unsafe.As<byte, uint>(ref Unsafe.Add(ref data, slot << 2));
                if (i == uint.MaxValue)
                {
                    return false;
                }

                i++;
                return true;
            default:
                // Long counts wrap, as a LongHistogram's do (its HasOverflowed detects it).
                Unsafe.As<byte, long>(ref Unsafe.Add(ref data, slot << 3))++;
                return true;
        }
    }

    /// <summary>
    /// <see cref="TryIncrement"/> for any int: <c>false</c> for a slot outside the array (the record fast path passes
    /// whatever slot its value maps to).
    /// </summary>
    /// <param name="slot">The slot.</param>
    /// <returns>Whether the count was incremented.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool TryIncrementSlot(int slot) => (uint)slot < (uint)_length && TryIncrement(slot);

    /// <summary>Adds <paramref name="delta"/> to the count at <paramref name="index"/> (wrapping, as long arithmetic does).</summary>
    /// <param name="index">The index, 0 to <see cref="Length"/> - 1.</param>
    /// <param name="delta">The amount to add; may be negative.</param>
    public void Add(int index, long delta)
    {
        if (delta == 1 && TryIncrement(index))
        {
            return;
        }

        Set(index, unchecked(Get(index) + delta));
    }

    /// <summary>Replaces the count at <paramref name="index"/>; a 0 into an index without storage allocates nothing.</summary>
    /// <param name="index">The index, 0 to <see cref="Length"/> - 1.</param>
    /// <param name="value">The new count.</param>
    public void Set(int index, long value)
    {
        if ((uint)index >= (uint)_length)
        {
            throw new ArgumentOutOfRangeException(nameof(index), index, "The index is outside the packed array.");
        }

        int group = index >> GroupShift;
        int page = (index >> PageShift) & 63;
        int widthCode = WidthCodeFor(value);
        int entry = group < _groups.Length ? _groups[group] : 0;
        if (entry == 0)
        {
            if (value == 0)
            {
                return;
            }

            entry = CreateGroup(group, widthCode);
        }
        else if ((entry & 3) < widthCode)
        {
            entry = Widen(group, widthCode);
        }

        ulong mask = (ulong)_pool[entry >> 2];
        if ((mask & (1UL << page)) == 0)
        {
            if (value == 0)
            {
                return;
            }

            entry = InsertPage(group, page);
            mask = (ulong)_pool[entry >> 2];
        }

        int rank = Bitwise.PopCount(mask & ((1UL << page) - 1));
        int slot = (rank << PageShift) + (index & SlotMask);
        ref byte data = ref Unsafe.As<long, byte>(ref _pool[(entry >> 2) + HeaderLongs]);
        Write(ref data, entry & 3, slot, value);
    }

    /// <summary>Sets every count to 0, keeping the pool and directory for reuse.</summary>
    public void Clear()
    {
        Array.Clear(_groups, 0, _groups.Length);
        _used = 1;
    }

    /// <summary>
    /// Writes the counts of indexes <paramref name="start"/> to <paramref name="start"/> + the destination's length - 1
    /// into <paramref name="destination"/> (0 for indexes past <see cref="Length"/>), visiting only populated pages.
    /// </summary>
    /// <param name="start">The first index.</param>
    /// <param name="destination">Receives the counts.</param>
    public void CopyTo(int start, Span<long> destination)
    {
        destination.Clear();
        int end = start + destination.Length;
        int lastGroup = Math.Min((end - 1) >> GroupShift, _groups.Length - 1);
        for (int group = start >> GroupShift; group <= lastGroup; group++)
        {
            int entry = _groups[group];
            if (entry == 0)
            {
                continue;
            }

            int region = entry >> 2;
            int widthCode = entry & 3;
            ulong mask = (ulong)_pool[region];
            ref byte data = ref Unsafe.As<long, byte>(ref _pool[region + HeaderLongs]);
            int rank = 0;
            while (mask != 0)
            {
                int page = TrailingZeroCount(mask);
                mask &= mask - 1;
                int first = (group << GroupShift) + (page << PageShift);
                for (int i = 0; i < (1 << PageShift); i++)
                {
                    int index = first + i;
                    if (index >= start && index < end)
                    {
                        destination[index - start] = Read(ref data, widthCode, (rank << PageShift) + i);
                    }
                }

                rank++;
            }
        }
    }

    /// <summary>
    /// The lowest index in [<paramref name="from"/>, <paramref name="end"/>) whose count is not 0, or
    /// <paramref name="end"/> if there is none: skips groups and pages without storage.
    /// </summary>
    /// <param name="from">The index to start at.</param>
    /// <param name="end">The index after the last one to look at.</param>
    /// <returns>The index, or <paramref name="end"/>.</returns>
    public int IndexOfNonZero(int from, int end)
    {
        long cumulative = 0;
        int found = Walk(from, end, 1, ref cumulative, stopAtNonZero: true);
        return found < 0 ? end : found;
    }

    /// <summary>The lowest index at or above <paramref name="from"/> whose count is not 0, or -1.</summary>
    /// <param name="from">The index to start at.</param>
    /// <returns>The index, or -1.</returns>
    public int NextNonZeroIndex(int from)
    {
        int found = IndexOfNonZero(Math.Max(0, from), _length);
        return found >= _length ? -1 : found;
    }

    /// <summary>
    /// The first index in [<paramref name="from"/>, <paramref name="end"/>) at which the running sum
    /// <paramref name="cumulative"/> of the counts reaches <paramref name="target"/>, or -1 (the sum then covers the
    /// whole range). Visits only populated pages.
    /// </summary>
    /// <param name="from">The first index.</param>
    /// <param name="end">The index after the last one.</param>
    /// <param name="target">The running sum to reach.</param>
    /// <param name="cumulative">The running sum.</param>
    /// <returns>The index, or -1.</returns>
    public int FindCumulative(int from, int end, long target, ref long cumulative) => Walk(from, end, target, ref cumulative, stopAtNonZero: false);

    private int Walk(int from, int end, long target, ref long cumulative, bool stopAtNonZero)
    {
        if (from < 0)
        {
            from = 0;
        }

        end = Math.Min(end, _length);
        int[] groups = _groups;
        long[] pool = _pool;
        int lastGroup = Math.Min((end - 1) >> GroupShift, groups.Length - 1);
        for (int group = from >> GroupShift; group <= lastGroup && from < end; group++)
        {
            int entry = groups[group];
            if (entry == 0)
            {
                continue;
            }

            int region = entry >> 2;
            int widthCode = entry & 3;
            ulong mask = (ulong)pool[region];
            ref byte data = ref Unsafe.As<long, byte>(ref pool[region + HeaderLongs]);
            int groupStart = group << GroupShift;
            int firstPage = from > groupStart ? (from - groupStart) >> PageShift : 0;
            ulong pages = mask & (ulong.MaxValue << firstPage);
            int rank = Bitwise.PopCount(mask & ~(ulong.MaxValue << firstPage));
            while (pages != 0)
            {
                int page = TrailingZeroCount(pages);
                pages &= pages - 1;
                int first = groupStart + (page << PageShift);
                int slotBase = rank << PageShift;
                rank++;
                for (int i = Math.Max(0, from - first); i < (1 << PageShift); i++)
                {
                    if (first + i >= end)
                    {
                        return -1;
                    }

                    long count = Read(ref data, widthCode, slotBase + i);
                    if (count == 0)
                    {
                        continue;
                    }

                    if (stopAtNonZero)
                    {
                        return first + i;
                    }

                    cumulative += count;
                    if (cumulative >= target)
                    {
                        return first + i;
                    }
                }
            }
        }

        return -1;
    }

    /// <inheritdoc />
    public override long GetCount(int slot) => Get(slot);

    /// <inheritdoc />
    public override void SetCount(int slot, long count) => Set(slot, count);

    /// <inheritdoc />
    public override void AddToCount(int slot, long count) => Add(slot, count);

    /// <inheritdoc />
    public override void Clear(int slotsInUse) => Clear();

    /// <summary>
    /// Grows to <paramref name="newLength"/> slots keeping every logical index's count under
    /// <paramref name="normalizingIndexOffset"/>: only the length changes when the offset is 0, else the non-zero counts
    /// are placed anew (a shifted layout depends on the length).
    /// </summary>
    /// <param name="oldLength">The length before.</param>
    /// <param name="newLength">The new length.</param>
    /// <param name="normalizingIndexOffset">The histogram's normalizing offset.</param>
    public override void Resize(int oldLength, int newLength, int normalizingIndexOffset)
    {
        if (normalizingIndexOffset == 0)
        {
            Grow(newLength);
            return;
        }

        var resized = new PackedLongArray(newLength);
        for (int slot = NextNonZeroIndex(0); slot >= 0 && slot < oldLength; slot = NextNonZeroIndex(slot + 1))
        {
            long logical = ((long)slot + normalizingIndexOffset) % oldLength;
            if (logical < 0)
            {
                logical += oldLength;
            }

            resized.Set(HistogramBase.NormalizeIndex((int)logical, normalizingIndexOffset, newLength), Get(slot));
        }

        _pool = resized._pool;
        _groups = resized._groups;
        _used = resized._used;
        _length = newLength;
    }

    /// <inheritdoc />
    private protected override PackedSlots GetSlots(ref int normalizingIndexOffset) => new(this);

    /// <summary>The width code (0 to 3: 1, 2, 4 or 8 bytes) of the narrowest count that holds <paramref name="value"/>.</summary>
    internal static int WidthCodeFor(long value)
    {
        if ((ulong)value <= byte.MaxValue)
        {
            return 0;
        }

        if ((ulong)value <= ushort.MaxValue)
        {
            return 1;
        }

        return (ulong)value <= uint.MaxValue ? 2 : 3;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long Read(ref byte data, int widthCode, int slot)
    {
        switch (widthCode)
        {
            case 0:
                return Unsafe.Add(ref data, slot);
            case 1:
                return Unsafe.As<byte, ushort>(ref Unsafe.Add(ref data, slot << 1));
            case 2:
                return Unsafe.As<byte, uint>(ref Unsafe.Add(ref data, slot << 2));
            default:
                return Unsafe.As<byte, long>(ref Unsafe.Add(ref data, slot << 3));
        }
    }

    private static void Write(ref byte data, int widthCode, int slot, long value)
    {
        switch (widthCode)
        {
            case 0:
                Unsafe.Add(ref data, slot) = (byte)value;
                break;
            case 1:
                Unsafe.As<byte, ushort>(ref Unsafe.Add(ref data, slot << 1)) = (ushort)value;
                break;
            case 2:
                Unsafe.As<byte, uint>(ref Unsafe.Add(ref data, slot << 2)) = (uint)value;
                break;
            default:
                Unsafe.As<byte, long>(ref Unsafe.Add(ref data, slot << 3)) = value;
                break;
        }
    }

    private static int TrailingZeroCount(ulong value) => Bitwise.PopCount((value & (0 - value)) - 1);

    private static long ArrayBytes(int length, int elementSize)
        => length == 0 ? 0 : (24 + ((long)length * elementSize) + 7) & ~7L;

    /// <summary>The capacity in pages of a region that must hold <paramref name="pages"/> pages: an eighth to spare.</summary>
    private static int CapacityFor(int pages) => Math.Min(64, pages + (pages >> 3) + 1);

    private static int RegionLongs(int capacity, int widthCode) => HeaderLongs + (capacity << widthCode);

    private int CreateGroup(int group, int widthCode)
    {
        if (group >= _groups.Length)
        {
            // Exactly as far as the group: values cluster, and the directory costs 4 bytes per 512 counts of range.
            Array.Resize(ref _groups, group + 1);
        }

        const int Capacity = 1;
        int size = RegionLongs(Capacity, widthCode);
        int region = Allocate(size);
        _pool[region + 1] = RegionHeader(Capacity, widthCode, group);
        int entry = (region << 2) | widthCode;
        _groups[group] = entry;
        return entry;
    }

    private int InsertPage(int group, int page)
    {
        int entry = _groups[group];
        int region = entry >> 2;
        int widthCode = entry & 3;
        ulong mask = (ulong)_pool[region];
        int count = Bitwise.PopCount(mask);
        int capacity = (int)_pool[region + 1] & 0xFF;
        int rank = Bitwise.PopCount(mask & ((1UL << page) - 1));
        int pageLongs = 1 << widthCode;
        if (count < capacity)
        {
            int at = region + HeaderLongs + (rank * pageLongs);
            Array.Copy(_pool, at, _pool, at + pageLongs, (count - rank) * pageLongs);
            Array.Clear(_pool, at, pageLongs);
            _pool[region] = (long)(mask | (1UL << page));
            return entry;
        }

        int newCapacity = CapacityFor(count + 1);
        int newSize = RegionLongs(newCapacity, widthCode);
        int newRegion = Allocate(newSize);

        // Allocating may have compacted the pool: read the group's region anew.
        region = _groups[group] >> 2;
        int from = region + HeaderLongs;
        int to = newRegion + HeaderLongs;
        Array.Copy(_pool, from, _pool, to, rank * pageLongs);
        Array.Copy(_pool, from + (rank * pageLongs), _pool, to + ((rank + 1) * pageLongs), (count - rank) * pageLongs);
        _pool[newRegion] = (long)(mask | (1UL << page));
        _pool[newRegion + 1] = RegionHeader(newCapacity, widthCode, group);
        entry = (newRegion << 2) | widthCode;
        _groups[group] = entry;
        return entry;
    }

    private int Widen(int group, int newWidthCode)
    {
        int entry = _groups[group];
        int widthCode = entry & 3;
        int region = entry >> 2;
        int capacity = (int)_pool[region + 1] & 0xFF;
        int newSize = RegionLongs(capacity, newWidthCode);
        int newRegion = Allocate(newSize);
        region = _groups[group] >> 2;
        ulong mask = (ulong)_pool[region];
        int slots = Bitwise.PopCount(mask) << PageShift;
        ref byte from = ref Unsafe.As<long, byte>(ref _pool[region + HeaderLongs]);
        ref byte to = ref Unsafe.As<long, byte>(ref _pool[newRegion + HeaderLongs]);
        for (int slot = 0; slot < slots; slot++)
        {
            Write(ref to, newWidthCode, slot, Read(ref from, widthCode, slot));
        }

        _pool[newRegion] = (long)mask;
        _pool[newRegion + 1] = RegionHeader(capacity, newWidthCode, group);
        entry = (newRegion << 2) | newWidthCode;
        _groups[group] = entry;
        return entry;
    }

    /// <summary>
    /// Takes <paramref name="size"/> zeroed longs from the end of the pool, first copying the live regions into a new
    /// pool when they do not fit (which moves every region: callers read their region's offset anew).
    /// </summary>
    private int Allocate(int size)
    {
        if ((long)_used + size > _pool.Length)
        {
            Compact(size);
        }

        int region = _used;
        _used += size;
        Array.Clear(_pool, region, size);
        return region;
    }

    /// <summary>
    /// Moves the live regions to the start of a pool: the same pool when they and <paramref name="extra"/> longs fill
    /// at most seven eighths of it (the rest held abandoned regions), else a new one with a quarter to spare.
    /// Regions are walked in pool order; a region is live when its group's directory entry points at it.
    /// </summary>
    private void Compact(int extra)
    {
        long needed = 1L + LiveLongs + extra;
        long[] source = _pool;
        long[] target = source;

        // In place while the live regions fill at most seven eighths of the pool (so compactions stay rare), else a
        // new pool with room to spare (see Spare).
        if (needed > source.Length - (source.Length >> 3))
        {
            long newLength = Math.Max(MinimumPoolLongs, needed + Spare(needed));
            if (newLength > int.MaxValue / 4)
            {
                throw new InvalidOperationException("A packed array cannot grow beyond " + (int.MaxValue / 4) + " longs.");
            }

            target = new long[newLength];
        }

        int position = 1;
        int read = 1;
        while (read < _used)
        {
            long header = source[read + 1];
            int widthCode = (int)(header >> 8) & 3;
            int group = (int)(header >> 32);
            int size = RegionLongs((int)header & 0xFF, widthCode);
            if (_groups[group] >> 2 == read)
            {
                Array.Copy(source, read, target, position, size);
                _groups[group] = (position << 2) | widthCode;
                position += size;
            }

            read += size;
        }

        _pool = target;
        _used = position;
    }

    /// <summary>
    /// The longs a new pool keeps free beyond <paramref name="needed"/>: a quarter, an eighth below 4 KB, and two
    /// longs below 512 bytes, where the spare would be most of a histogram's footprint (a small pool grows more often,
    /// but each growth copies little).
    /// </summary>
    private static long Spare(long needed) => needed < 64 ? 2 : needed >> (needed < SmallPoolLongs ? 3 : 2);

    /// <summary>The second header long of a region: capacity in pages, width code, and the group it belongs to.</summary>
    private static long RegionHeader(int capacity, int widthCode, int group) => ((long)group << 32) | ((long)widthCode << 8) | (uint)capacity;

}
