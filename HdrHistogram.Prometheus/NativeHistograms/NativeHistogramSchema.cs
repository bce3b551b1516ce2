using System;

namespace HdrHistogram.Prometheus.NativeHistograms;

/// <summary>
/// The bucket arithmetic of Prometheus native histograms: schema <c>s</c> (-4 to 8) splits each power of two into
/// 2^s buckets, bucket <c>i</c> covering (2^((i-1)·2^-s), 2^(i·2^-s)], upper bound inclusive.
/// </summary>
public static class NativeHistogramSchema
{
    /// <summary>The coarsest schema Prometheus accepts.</summary>
    public const int MinSchema = -4;

    /// <summary>The finest schema Prometheus accepts.</summary>
    public const int MaxSchema = 8;

    /// <summary>
    /// The zero bucket's width when the histogram has no coarser zero bucket of its own (2^-128, the Prometheus
    /// clients' default): a positive threshold marks the histogram as native even before anything is recorded.
    /// </summary>
    public const double DefaultZeroThreshold = 2.938735877055719e-39;

    // For each positive schema, the 2^s bucket boundaries within [0.5, 1): 0.5·2^(j/2^s).
    private static readonly double[][] Boundaries = CreateBoundaries();

    /// <summary>
    /// The finest schema whose buckets are no finer than an HDR histogram's with <paramref name="subBucketCount"/>
    /// sub-buckets: the bucket growth 2^(2^-s) is at least the HDR bucket's largest relative width, 1 + 2/subBucketCount.
    /// </summary>
    /// <param name="subBucketCount">The HDR histogram's <see cref="HistogramBase.SubBucketCount"/> (a power of two, at least 2).</param>
    /// <returns>A schema from -4 to 8.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="subBucketCount"/> is below 2.</exception>
    public static int ForSubBucketCount(int subBucketCount)
    {
        if (subBucketCount < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(subBucketCount), subBucketCount, "An HDR histogram has at least 2 sub-buckets.");
        }

        double hdrGrowth = 1.0 + (2.0 / subBucketCount);
        for (int schema = MaxSchema; schema > MinSchema; schema--)
        {
            if (Growth(schema) >= hdrGrowth)
            {
                return schema;
            }
        }

        return MinSchema;
    }

    /// <summary>The finest schema no finer than an HDR histogram with <paramref name="numberOfSignificantValueDigits"/> digits.</summary>
    /// <param name="numberOfSignificantValueDigits">0 to 5, as for the histograms.</param>
    /// <returns>A schema from -4 to 8 (8 for 3 or more digits, 6 for 2, 3 for 1, 0 for 0).</returns>
    /// <exception cref="ArgumentOutOfRangeException">The digits are outside 0 to 5.</exception>
    public static int ForSignificantDigits(int numberOfSignificantValueDigits)
        => ForSubBucketCount(SubBucketCountForDigits(numberOfSignificantValueDigits));

    /// <summary>The ratio of one bucket's upper bound to its lower bound at <paramref name="schema"/>: 2^(2^-schema).</summary>
    /// <param name="schema">A schema from -4 to 8.</param>
    /// <returns>The growth factor.</returns>
    public static double Growth(int schema)
    {
        CheckSchema(schema);
        return Math.Pow(2.0, Math.Pow(2.0, -schema));
    }

    /// <summary>
    /// The worst-case relative error of a quantile that Prometheus' <c>histogram_quantile</c> reports from a converted
    /// histogram, against the value at that rank in the HDR histogram (the recorded value itself where the HDR bucket
    /// holds one value): max(g − 1, 1 − 1/(g·h)), g the schema's <see cref="Growth"/> and h = 1 + 2/subBucketCount the
    /// HDR bucket's largest relative width. Values in the zero bucket are excluded (reported as 0 or within the zero
    /// threshold).
    /// </summary>
    /// <param name="schema">The native schema the histogram was converted at.</param>
    /// <param name="subBucketCount">The HDR histogram's sub-bucket count.</param>
    /// <returns>The bound, as a fraction (0.0037 for schema 8 at 3 digits, 0.0224 for schema 5 at 3 digits).</returns>
    public static double MaxRelativeQuantileError(int schema, int subBucketCount)
    {
        double g = Growth(schema);
        double h = 1.0 + (2.0 / subBucketCount);
        return Math.Max(g - 1.0, 1.0 - (1.0 / (g * h)));
    }

    /// <summary>
    /// The index at a schema <paramref name="steps"/> lower of the bucket that holds bucket <paramref name="index"/>:
    /// each step down merges buckets 2j-1 and 2j into bucket j (their upper bounds are <c>2^(i·2^-schema)</c>), so
    /// the index is divided by 2^steps, rounded up.
    /// </summary>
    /// <param name="index">A bucket index at some schema.</param>
    /// <param name="steps">How many schemas lower, 0 or more.</param>
    /// <returns>The bucket index at the lower schema.</returns>
    public static int LowerIndex(int index, int steps) => -(-index >> steps);

    /// <summary>The index of the bucket holding <paramref name="value"/> (the bucket whose upper bound is the first at or above it).</summary>
    /// <param name="value">A positive, finite value.</param>
    /// <param name="schema">A schema from -4 to 8.</param>
    /// <returns>The bucket index.</returns>
    /// <exception cref="ArgumentOutOfRangeException">The value is not positive and finite, or the schema is outside -4 to 8.</exception>
    public static int BucketIndex(double value, int schema)
    {
        CheckSchema(schema);
        if (!(value > 0) || double.IsInfinity(value))
        {
            throw new ArgumentOutOfRangeException(nameof(value), value, "Only positive finite values have a positive bucket.");
        }

        // value = fraction · 2^exponent, fraction in [0.5, 1).
        int exponentAdjust = 0;
        if (value < 2.2250738585072014E-308)
        {
            value *= 18446744073709551616.0; // 2^64: subnormals become normal.
            exponentAdjust = -64;
        }

        long bits = BitConverter.DoubleToInt64Bits(value);
        int exponent = (int)((bits >> 52) & 0x7FF) - 1022 + exponentAdjust;
        double fraction = BitConverter.Int64BitsToDouble((bits & 0x000F_FFFF_FFFF_FFFFL) | 0x3FE0_0000_0000_0000L);

        if (schema > 0)
        {
            double[] bounds = Boundaries[schema];
            int j = LowerBound(bounds, fraction);
            return j + ((exponent - 1) * bounds.Length);
        }

        int key = exponent;
        if (fraction == 0.5)
        {
            key--;
        }

        int shift = -schema;
        int offset = (1 << shift) - 1;
        return (key + offset) >> shift;
    }

    /// <summary>
    /// The upper bound (inclusive) of bucket <paramref name="index"/>: 2^(index·2^-schema), computed as Prometheus
    /// computes it (for a positive schema, the table of 2^s boundaries within [0.5, 1) scaled by a power of two), so
    /// that it is exactly the bound <see cref="BucketIndex"/> compares with: a value is in bucket <c>i</c> exactly when
    /// it is above <c>UpperBound(i - 1)</c> and at most <c>UpperBound(i)</c>. The last bucket's bound is
    /// <see cref="double.MaxValue"/> rather than 2^1024.
    /// </summary>
    /// <param name="index">The bucket index.</param>
    /// <param name="schema">A schema from -4 to 8.</param>
    /// <returns>The upper bound.</returns>
    public static double UpperBound(int index, int schema)
    {
        CheckSchema(schema);
        if (schema > 0)
        {
            double[] bounds = Boundaries[schema];
            int position = index & (bounds.Length - 1);
            int power = (index >> schema) + 1;
            return position == 0 && power == 1025 ? double.MaxValue : Math.ScaleB(bounds[position], power);
        }

        int exponent = index << -schema;
        return exponent == 1024 ? double.MaxValue : Math.ScaleB(1.0, exponent);
    }

    internal static int SubBucketCountForDigits(int numberOfSignificantValueDigits)
    {
        if (numberOfSignificantValueDigits < 0 || numberOfSignificantValueDigits > 5)
        {
            throw new ArgumentOutOfRangeException(nameof(numberOfSignificantValueDigits), numberOfSignificantValueDigits, "Significant digits must be 0 to 5.");
        }

        long largestValueWithSingleUnitResolution = 2 * (long)Math.Pow(10, numberOfSignificantValueDigits);
        int magnitude = (int)Math.Ceiling(Math.Log2(largestValueWithSingleUnitResolution));
        return 1 << Math.Max(magnitude, 1);
    }

    internal static void CheckSchema(int schema)
    {
        if (schema < MinSchema || schema > MaxSchema)
        {
            throw new ArgumentOutOfRangeException(nameof(schema), schema, "A native histogram schema is -4 to 8.");
        }
    }

    private static int LowerBound(double[] bounds, double fraction)
    {
        int lo = 0;
        int hi = bounds.Length;
        while (lo < hi)
        {
            int mid = (lo + hi) >> 1;
            if (bounds[mid] < fraction)
            {
                lo = mid + 1;
            }
            else
            {
                hi = mid;
            }
        }

        return lo;
    }

    private static double[][] CreateBoundaries()
    {
        var all = new double[MaxSchema + 1][];
        for (int schema = 1; schema <= MaxSchema; schema++)
        {
            int n = 1 << schema;
            var bounds = new double[n];
            for (int j = 0; j < n; j++)
            {
                bounds[j] = 0.5 * Math.Pow(2.0, (double)j / n);
            }

            all[schema] = bounds;
        }

        return all;
    }
}
