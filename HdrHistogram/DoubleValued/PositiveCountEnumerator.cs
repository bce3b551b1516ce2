namespace HdrHistogram.DoubleValued;

/// <summary>
/// The walk Java's <c>DoubleHistogram</c> add and subtract make over the other histogram: every slot of its integer
/// histogram in index order, yielding those whose count is positive, each with the double value of the slot's lowest
/// value (scaled by the conversion ratio as it stands at that step). A struct for <c>foreach</c>, so that the walk
/// allocates nothing.
/// </summary>
internal struct PositiveCountEnumerator
{
    private readonly HistogramBase _integerValuesHistogram;
    private readonly int _length;
    private int _index;

    /// <summary>Starts a walk before the first slot.</summary>
    /// <param name="integerValuesHistogram">The integer histogram behind a <see cref="DoubleHistogram"/>.</param>
    public PositiveCountEnumerator(HistogramBase integerValuesHistogram)
    {
        _integerValuesHistogram = integerValuesHistogram;
        _length = integerValuesHistogram.CountsArrayLength;
        _index = -1;
        Current = default;
    }

    /// <summary>The double value of the slot the walk is at, and its count.</summary>
    public (double Value, long Count) Current { get; private set; }

    /// <summary>Returns this walk (so that <c>foreach</c> can use it).</summary>
    /// <returns>This enumerator.</returns>
    public readonly PositiveCountEnumerator GetEnumerator() => this;

    /// <summary>Moves to the next slot whose count is positive.</summary>
    /// <returns>Whether there is one.</returns>
    public bool MoveNext()
    {
        var histogram = _integerValuesHistogram;
        while (++_index < _length)
        {
            long count = histogram.GetCountAtIndex(_index);
            if (count > 0)
            {
                Current = (histogram.ValueFromIndex(_index) * histogram.IntegerToDoubleValueConversionRatio, count);
                return true;
            }
        }

        return false;
    }
}
