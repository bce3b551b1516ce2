#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

public abstract partial class HistogramBase
{
    /// <summary>The highest recorded value, as the highest value equivalent to it (0 when empty).</summary>
    /// <returns>The maximum value.</returns>
    public long GetMaxValue()
    {
        long max = System.Threading.Volatile.Read(ref _maxValue);
        return max == 0 ? 0 : HighestEquivalentValue(max);
    }

    /// <summary>The highest recorded value as a double (Java's <c>getMaxValueAsDouble</c>).</summary>
    /// <returns>The maximum value.</returns>
    public override double GetMaxValueAsDouble() => GetMaxValue();

    /// <summary>The lowest recorded value, as the lowest value equivalent to it (0 when empty or when 0 was recorded).</summary>
    /// <returns>The minimum value.</returns>
    public virtual long GetMinValue()
        => GetCountAtIndex(0) > 0 || TotalCount == 0 ? 0 : GetMinNonZeroValue();

    /// <summary>The lowest recorded non-zero value, or <see cref="long.MaxValue"/> when there is none.</summary>
    /// <returns>The minimum non-zero value.</returns>
    public long GetMinNonZeroValue()
    {
        long min = System.Threading.Volatile.Read(ref _minNonZeroValue);
        return min == long.MaxValue ? long.MaxValue : LowestEquivalentValue(min);
    }

    /// <summary>The mean of the recorded values, each taken at the middle of its equivalent range (0 when empty).</summary>
    /// <returns>The mean.</returns>
    public virtual double GetMean() => MeanCore();

    private double MeanCore()
    {
        long totalCount = TotalCount;
        if (totalCount == 0)
        {
            return 0.0;
        }

        // Summed bucket by bucket in index order, exactly as Java does, so the result has the same bits.
        double totalValue = 0;
        int length = CountsArrayLength;
        for (int i = 0; i < length; i++)
        {
            long count = GetCountAtIndex(i);
            if (count != 0)
            {
                totalValue += MedianEquivalentValue(ValueFromIndex(i)) * (double)count;
            }
        }

        return totalValue * 1.0 / totalCount;
    }

    /// <summary>The standard deviation of the recorded values, each taken at the middle of its equivalent range.</summary>
    /// <returns>The standard deviation (0 when empty).</returns>
    public virtual double GetStdDeviation()
    {
        long totalCount = TotalCount;
        if (totalCount == 0)
        {
            return 0.0;
        }

        double mean = MeanCore();
        double geometricDeviationTotal = 0.0;
        int length = CountsArrayLength;
        for (int i = 0; i < length; i++)
        {
            long count = GetCountAtIndex(i);
            if (count != 0)
            {
                double deviation = (MedianEquivalentValue(ValueFromIndex(i)) * 1.0) - mean;
                geometricDeviationTotal += deviation * deviation * count;
            }
        }

        return Math.Sqrt(geometricDeviationTotal / totalCount);
    }

    /// <summary>
    /// The value at the given percentile: the highest value equivalent to the first bucket whose cumulative count
    /// reaches the percentile (the lowest equivalent value for percentile 0). Returns 0 for an empty histogram.
    /// </summary>
    /// <param name="percentile">The percentile, 0 to 100 (values outside are clamped).</param>
    /// <returns>The value at the percentile.</returns>
    public virtual long GetValueAtPercentile(double percentile)
    {
        long countAtPercentile = CountAtPercentile(percentile, TotalCount);
        long cumulative = 0;
        int index = FindFirstIndexReaching(countAtPercentile, ref cumulative);
        return index < 0 ? 0 : ValueAtPercentileIndex(percentile, index);
    }

    /// <summary>
    /// The values at several percentiles in one pass over the counts: <c>values[i]</c> is what
    /// <see cref="GetValueAtPercentile"/>(<c>percentiles[i]</c>) returns. The percentiles may come in any order;
    /// nothing is allocated for up to 64 of them.
    /// </summary>
    /// <param name="percentiles">The percentiles, 0 to 100 (values outside are clamped).</param>
    /// <param name="values">Receives the value at each percentile; at least as long as <paramref name="percentiles"/>.</param>
    /// <exception cref="ArgumentException"><paramref name="values"/> is shorter than <paramref name="percentiles"/>.</exception>
    public virtual void GetValuesAtPercentiles(ReadOnlySpan<double> percentiles, Span<long> values)
    {
        if (values.Length < percentiles.Length)
        {
            throw new ArgumentException(
                "The values span (" + values.Length.ToString(CultureInfo.InvariantCulture) + ") is shorter than the percentiles ("
                + percentiles.Length.ToString(CultureInfo.InvariantCulture) + ").",
                nameof(values));
        }

        int n = percentiles.Length;
        if (n == 0)
        {
            return;
        }

        const int StackLimit = 64;
        Span<long> targets = n <= StackLimit ? stackalloc long[StackLimit] : new long[n];
        Span<int> order = n <= StackLimit ? stackalloc int[StackLimit] : new int[n];
        long totalCount = TotalCount;
        for (int i = 0; i < n; i++)
        {
            long target = CountAtPercentile(percentiles[i], totalCount);

            // Insertion sort of the positions by target count: the list is short and usually ascending already.
            int j = i;
            while (j > 0 && targets[j - 1] > target)
            {
                targets[j] = targets[j - 1];
                order[j] = order[j - 1];
                j--;
            }

            targets[j] = target;
            order[j] = i;
        }

        int logicalLength = CountsArrayLength;

        // After index k was found for target t, the sum through k covers every later target up to it; a later,
        // larger target continues the scan from k + 1 (the sums before k are all below t, so cannot reach it).
        int foundIndex = -1;
        long cumulative = 0;
        int nextIndex = 0;
        for (int k = 0; k < n; k++)
        {
            long target = targets[k];
            if (foundIndex < 0 || cumulative < target)
            {
                foundIndex = foundIndex < 0
                    ? FindFirstIndexReaching(target, ref cumulative)
                    : Store.FindLogicalIndex(NormalizingIndexOffset, logicalLength, nextIndex, target, ref cumulative);
                if (foundIndex < 0)
                {
                    // Never reached (an empty or inconsistent histogram): every larger target gives 0 too.
                    for (int rest = k; rest < n; rest++)
                    {
                        values[order[rest]] = 0;
                    }

                    return;
                }

                nextIndex = foundIndex + 1;
            }

            values[order[k]] = ValueAtPercentileIndex(percentiles[order[k]], foundIndex);
        }
    }

    /// <summary>
    /// The first logical index whose running count reaches <paramref name="target"/> (-1 if none), searching from
    /// index 0 with <paramref name="cumulative"/> starting at 0. A non-concurrent histogram holds no count between
    /// index 0 (values below the unit) and its minimum non-zero value, so the search jumps from one to the other.
    /// </summary>
    private int FindFirstIndexReaching(long target, ref long cumulative)
    {
        int logicalLength = CountsArrayLength;
        int fromIndex = 0;
        long minNonZeroValue = Volatile.Read(ref _minNonZeroValue);
        if (!Store.HasConcurrentWriters && minNonZeroValue != long.MaxValue)
        {
            int minNonZeroIndex = CountsArrayIndex(minNonZeroValue);
            if (minNonZeroIndex > 1 && minNonZeroIndex < logicalLength)
            {
                cumulative += GetCountAtIndex(0);
                if (cumulative >= target)
                {
                    return 0;
                }

                fromIndex = minNonZeroIndex;
            }
        }

        return Store.FindLogicalIndex(NormalizingIndexOffset, logicalLength, fromIndex, target, ref cumulative);
    }

    /// <summary>
    /// The count the running sum must reach for <paramref name="percentile"/>: clamped to 0..100 and stepped one
    /// ulp down, so that rounding cannot overrun into the next bucket when the count is rounded up.
    /// </summary>
    private static long CountAtPercentile(double percentile, long totalCount)
    {
        double requestedPercentile = Math.Min(Math.Max(NextDown(percentile), 0.0), 100.0);
        double fractionalCount = requestedPercentile / 100.0 * totalCount;
        return Math.Max((long)Math.Ceiling(fractionalCount), 1);
    }

    private long ValueAtPercentileIndex(double percentile, int index)
    {
        long valueAtIndex = ValueFromIndex(index);
        return percentile == 0.0 ? LowestEquivalentValue(valueAtIndex) : HighestEquivalentValue(valueAtIndex);
    }

    /// <summary>The percentage of recorded values at or below <paramref name="value"/> (100 for an empty histogram).</summary>
    /// <param name="value">The value to look up; must not be negative.</param>
    /// <returns>A percentage from 0 to 100.</returns>
    public virtual double GetPercentileAtOrBelowValue(long value)
    {
        long totalCount = TotalCount;
        if (totalCount == 0)
        {
            return 100.0;
        }

        int targetIndex = Math.Min(CountsArrayIndex(value), CountsArrayLength - 1);
        long totalToCurrentIndex = 0;
        for (int i = 0; i <= targetIndex; i++)
        {
            totalToCurrentIndex += GetCountAtIndex(i);
        }

        return 100.0 * totalToCurrentIndex / totalCount;
    }

    /// <summary>The count of recorded values equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value to look up; must not be negative.</param>
    /// <returns>The count.</returns>
    public virtual long GetCountAtValue(long value) => CountAtValue(value);

    private long CountAtValue(long value)
    {
        int index = Math.Min(Math.Max(0, CountsArrayIndex(value)), CountsArrayLength - 1);
        return GetCountAtIndex(index);
    }

    /// <summary>The count of recorded values between two values, both ends inclusive (to their equivalent ranges).</summary>
    /// <param name="lowValue">The low end; must not be negative.</param>
    /// <param name="highValue">The high end; must not be negative.</param>
    /// <returns>The count.</returns>
    public virtual long GetCountBetweenValues(long lowValue, long highValue)
    {
        int lowIndex = Math.Max(0, CountsArrayIndex(lowValue));
        int highIndex = Math.Min(CountsArrayIndex(highValue), CountsArrayLength - 1);
        long count = 0;
        for (int i = lowIndex; i <= highIndex; i++)
        {
            count += GetCountAtIndex(i);
        }

        return count;
    }

    /// <summary>The size of the range of values equivalent to <paramref name="value"/> at this histogram's precision.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The number of values sharing its bucket.</returns>
    public long SizeOfEquivalentValueRange(long value)
    {
        CheckNotNegative(value);
        int bucketIndex = GetBucketIndex(value);
        int subBucketIndex = GetSubBucketIndex(value, bucketIndex);

        // A 64-bit shift: upstream .NET used a 32-bit one here and broke every value of 2^31 and above.
        return 1L << (_unitMagnitude + (subBucketIndex >= _subBucketCount ? bucketIndex + 1 : bucketIndex));
    }

    /// <summary>The lowest value equivalent to <paramref name="value"/> at this histogram's precision.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The lowest equivalent value.</returns>
    public long LowestEquivalentValue(long value)
    {
        CheckNotNegative(value);
        int bucketIndex = GetBucketIndex(value);
        int subBucketIndex = GetSubBucketIndex(value, bucketIndex);
        return ValueFromIndex(bucketIndex, subBucketIndex);
    }

    /// <summary>The highest value equivalent to <paramref name="value"/> at this histogram's precision.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The highest equivalent value.</returns>
    public long HighestEquivalentValue(long value) => NextNonEquivalentValue(value) - 1;

    /// <summary>The middle of the range of values equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The median equivalent value.</returns>
    public long MedianEquivalentValue(long value) => LowestEquivalentValue(value) + (SizeOfEquivalentValueRange(value) >> 1);

    /// <summary>The next value that is not equivalent to <paramref name="value"/>.</summary>
    /// <param name="value">The value; must not be negative.</param>
    /// <returns>The first value of the next equivalent range.</returns>
    public long NextNonEquivalentValue(long value) => LowestEquivalentValue(value) + SizeOfEquivalentValueRange(value);

    /// <summary>Whether two values fall into the same equivalent range.</summary>
    /// <param name="value1">The first value; must not be negative.</param>
    /// <param name="value2">The second value; must not be negative.</param>
    /// <returns><c>true</c> when the values are equivalent.</returns>
    public bool ValuesAreEquivalent(long value1, long value2) => LowestEquivalentValue(value1) == LowestEquivalentValue(value2);

    /// <summary>
    /// Java's equality: same lowest value, precision and conversion ratio, same total, maximum and minimum non-zero
    /// value, and the same count for every value. The count type and range may differ.
    /// </summary>
    /// <param name="other">The histogram to compare with.</param>
    /// <returns><c>true</c> when the histograms hold the same data.</returns>
    public virtual bool Equals(HistogramBase? other)
        => other is not null && other.AsOperandOf(this, 0, static (histogram, operand, _) => histogram.EqualsCore(operand));

    /// <summary>What <see cref="Equals(HistogramBase)"/> does, with both histograms held still.</summary>
    private protected bool EqualsCore(HistogramBase other)
    {
        if (ReferenceEquals(this, other))
        {
            return true;
        }

        if (LowestTrackableValue != other.LowestTrackableValue
            || NumberOfSignificantValueDigits != other.NumberOfSignificantValueDigits
            || IntegerToDoubleValueConversionRatio != other.IntegerToDoubleValueConversionRatio
            || TotalCount != other.TotalCount
            || GetMaxValue() != other.GetMaxValue()
            || GetMinNonZeroValue() != other.GetMinNonZeroValue())
        {
            return false;
        }

        if (CountsArrayLength == other.CountsArrayLength)
        {
            for (int i = 0; i < CountsArrayLength; i++)
            {
                if (GetCountAtIndex(i) != other.GetCountAtIndex(i))
                {
                    return false;
                }
            }

            return true;
        }

        // Different array lengths (e.g. after a resize): with equal totals, comparing every recorded value suffices.
        for (int i = 0; i < CountsArrayLength; i++)
        {
            long count = GetCountAtIndex(i);
            if (count != 0 && other.CountAtValue(ValueFromIndex(i)) != count)
            {
                return false;
            }
        }

        return true;
    }

    /// <inheritdoc />
    public override bool Equals(object? obj) => obj is HistogramBase other && Equals(other);

    /// <summary>Java's one-at-a-time hash over the precision, total, maximum and minimum non-zero value.</summary>
    /// <returns>The hash code.</returns>
    public override int GetHashCode()
    {
        int h = 0;
        h = OneAtATimeHashStep(h, _unitMagnitude);
        h = OneAtATimeHashStep(h, NumberOfSignificantValueDigits);
        h = OneAtATimeHashStep(h, (int)TotalCount);
        h = OneAtATimeHashStep(h, (int)GetMaxValue());
        h = OneAtATimeHashStep(h, (int)GetMinNonZeroValue());
        h += h << 3;
        h ^= h >> 11;
        h += h << 15;
        return h;
    }

    private static int OneAtATimeHashStep(int h, int v)
    {
        h += v;
        h += h << 10;
        h ^= h >> 6;
        return h;
    }

    private static void CheckNotNegative(long value)
    {
        if (value < 0)
        {
            ThrowNegativeValue(value);
        }
    }

    /// <summary>The largest double below <paramref name="value"/> (Java's <c>Math.nextAfter(value, -Infinity)</c>).</summary>
    private static double NextDown(double value)
    {
        if (double.IsNaN(value) || double.IsNegativeInfinity(value))
        {
            return value;
        }

        if (value == 0.0)
        {
            return -double.Epsilon;
        }

        long bits = BitConverter.DoubleToInt64Bits(value);
        return BitConverter.Int64BitsToDouble(value > 0 ? bits - 1 : bits + 1);
    }
}
