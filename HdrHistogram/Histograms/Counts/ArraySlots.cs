namespace HdrHistogram.Histograms.Counts;

/// <summary>
/// The slots of a counts array of <typeparamref name="T"/> (long, int or short): every access compiles to the
/// array's own loads and stores, and the bulk searches run a <see cref="System.Numerics.Vector{T}"/> at a time.
/// </summary>
/// <typeparam name="T">The count type.</typeparam>
internal readonly partial struct ArraySlots<T> : ICountSlots<ArraySlots<T>>
    where T : unmanaged, IEquatable<T>
{
    private readonly T[] _slots;

    /// <summary>Wraps <paramref name="slots"/>.</summary>
    /// <param name="slots">The counts array.</param>
    public ArraySlots(T[] slots)
    {
        _slots = slots;
    }

    /// <inheritdoc />
    public int Length => _slots.Length;

    /// <inheritdoc />
    public bool HoldsLongs => CountStorage.IsInt64<T>();

    /// <inheritdoc />
    public long Get(int slot) => CountStorage.ToInt64(in _slots[slot]);

    /// <inheritdoc />
    public void Set(int slot, long count) => _slots[slot] = CountStorage.FromInt64<T>(count);

    /// <inheritdoc />
    public int Find(int start, int length, long target, ref long cumulative)
        => CumulativeCountSearch.Find(new ReadOnlySpan<T>(_slots, start, length), target, ref cumulative);

    /// <inheritdoc />
    public bool TryAdd(ArraySlots<T> source, int length, out long addedTotal)
        => CountsBlockArithmetic.TryAdd(_slots.AsSpan(0, length), source._slots.AsSpan(0, length), out addedTotal);

    /// <inheritdoc />
    public bool TrySubtract(ArraySlots<T> source, int length, out long subtractedTotal)
        => CountsBlockArithmetic.TrySubtract(_slots.AsSpan(0, length), source._slots.AsSpan(0, length), out subtractedTotal);
}
