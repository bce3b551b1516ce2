#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
namespace HdrHistogram;

public partial class DoubleHistogram
{
    /// <summary>
    /// Records <paramref name="count"/> at every value of Java's correction loop
    /// <c>for (m = first; m &gt;= interval; m -= interval)</c>, in the same double arithmetic and with identical
    /// counts, total, minimum, maximum and range moves, but in time proportional to the buckets the values fall in,
    /// not to the number of values (Java's loop takes hours for a large value with a small interval).
    /// </summary>
    /// <remarks>
    /// <para>
    /// Every double of a binade [2^e, 2^(e+1)) is a multiple of that binade's ulp u, so a step whose result stays in
    /// the binade rounds m - interval to a multiple of u: it subtracts the interval rounded to a multiple of u, the
    /// same amount every time, except when the interval lies exactly halfway between two multiples. Then the tie
    /// goes to the even multiple, so every result is even, and from an even m the step is constant too. Hence, from
    /// a value whose next two steps are equal, the loop's values are exactly the arithmetic sequence a - k * step as
    /// long as they stay above the binade's lowest value (a result reaching that value may have been rounded in the
    /// binade below: it is taken by a plain step, as are the first steps in each binade).
    /// </para>
    /// <para>
    /// Within such a run, the values that fall in one bucket of the internal histogram form a contiguous stretch
    /// (the conversion to integer values is monotonic), found by a galloping search: the first is recorded at its
    /// own value (which moves the covered range when needed, exactly where the loop moves it), the others as one
    /// multiplied count at the last of them (so the tracked minimum is the loop's). A stretch never includes a value
    /// below the covered range, so no range move happens inside one. For <see cref="DoubleConcurrentHistogram"/>
    /// every record goes through its thread-safe path; the stretches are computed from the range at that moment.
    /// </para>
    /// </remarks>
    private void RecordMissingValues(double first, long count, double interval)
    {
        double start = first;
        while (start >= interval)
        {
            // The loop's values from here on: start - k * step for k = 0..runLength, exactly.
            long runLength = ArithmeticRun(start, interval, out double step);
            long k = 0;
            while (k <= runLength)
            {
                double value = start - (k * step);
                RecordCountAtValue(count, value);
                long last = LastInSameBucket(start, step, k, runLength, value);
                if (last > k)
                {
                    // Long counts wrap as repeated adds would (the internal histogram always has long counts).
                    RecordCountAtValue(unchecked(count * (last - k)), start - (last * step));
                }

                k = last + 1;
            }

            start = start - (runLength * step) - interval;
        }
    }

    /// <summary>
    /// How many steps after <paramref name="start"/> the loop's values are exactly <c>start - k * step</c> and still
    /// at least <paramref name="interval"/>; 0 (a single plain step) near a binade's lowest value or when the first
    /// step differs from the next (a tie rounded from an odd multiple).
    /// </summary>
    private static long ArithmeticRun(double start, double interval, out double step)
    {
        step = 0;
        double next = start - interval;
        if (!(next >= interval))
        {
            return 0;
        }

        BinadeOf(start, out double lowest, out double ulp);
        double afterNext = next - interval;
        if (!(next > lowest && afterNext > lowest) || start - next != next - afterNext)
        {
            return 0;
        }

        // In units of the binade's ulp everything is an exact integer below 2^53: start - lowest, the step and
        // (when it lies in this binade) the interval's distance from the binade's lowest value.
        step = start - next;
        long startUnits = (long)((start - lowest) / ulp);
        long stepUnits = (long)(step / ulp);
        long steps = (startUnits - 1) / stepUnits; // start - k * step > lowest
        if (interval > lowest)
        {
            long intervalUnits = (long)((interval - lowest) / ulp);
            steps = Math.Min(steps, (startUnits - intervalUnits) / stepUnits); // start - k * step >= interval
        }

        return steps;
    }

    /// <summary>The lowest value of <paramref name="value"/>'s binade and the binade's ulp (subnormals: 0 and the smallest double).</summary>
    private static void BinadeOf(double value, out double lowest, out double ulp)
    {
        long exponentBits = (BitConverter.DoubleToInt64Bits(value) >> 52) & 0x7FF;
        if (exponentBits == 0)
        {
            lowest = 0;
            ulp = double.Epsilon;
            return;
        }

        lowest = BitConverter.Int64BitsToDouble(exponentBits << 52);
        ulp = exponentBits > 52
            ? BitConverter.Int64BitsToDouble((exponentBits - 52) << 52)
            : BitConverter.Int64BitsToDouble(1L << (int)(exponentBits - 1)); // a subnormal ulp
    }

    /// <summary>
    /// The largest k' in [<paramref name="k"/>, <paramref name="runLength"/>] whose value <c>start - k' * step</c> is
    /// in the covered range and in the same internal bucket as <paramref name="value"/> (the run's k-th value, just
    /// recorded). Galloping, then binary search: the cost grows with the logarithm of the stretch.
    /// </summary>
    private long LastInSameBucket(double start, double step, long k, long runLength, double value)
    {
        double rangeLowest = _currentLowestValueInAutoRange;
        double ratio = _doubleToIntegerValueConversionRatio;
        long bucketLowest = _integerValuesHistogram.LowestEquivalentValue((long)(value * ratio));
        long good = k;
        long distance = 1;
        long bad = -1;
        while (true)
        {
            long probe = distance > runLength - good ? runLength + 1 : good + distance;
            if (probe > runLength)
            {
                bad = runLength + 1;
                break;
            }

            double candidate = start - (probe * step);
            if (!(candidate >= rangeLowest && (long)(candidate * ratio) >= bucketLowest))
            {
                bad = probe;
                break;
            }

            good = probe;
            distance <<= 1;
        }

        // good satisfies the condition, bad does not (or is past the run).
        while (bad - good > 1)
        {
            long middle = good + ((bad - good) / 2);
            double candidate = start - (middle * step);
            if (candidate >= rangeLowest && (long)(candidate * ratio) >= bucketLowest)
            {
                good = middle;
            }
            else
            {
                bad = middle;
            }
        }

        return good;
    }
}
