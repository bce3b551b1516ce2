using System;
using System.Collections.Generic;
using HdrHistogram;

namespace Compat250.Behaviour;

/// <summary>The histogram types and recorders 2.5.0 has, by name, each covering 1 to 3,600,000 at 3 digits.</summary>
internal static class Histograms
{
    public const long Highest = 3_600_000;

    /// <summary>A value beyond every histogram's covered range (its highest equivalent value is about 3.67 million).</summary>
    public const long BeyondRange = 100_000_000;

    public static IEnumerable<KeyValuePair<string, Func<HistogramBase>>> Types()
    {
        yield return Pair<Func<HistogramBase>>("LongHistogram", () => new LongHistogram(1, Highest, 3));
        yield return Pair<Func<HistogramBase>>("IntHistogram", () => new IntHistogram(1, Highest, 3));
        yield return Pair<Func<HistogramBase>>("ShortHistogram", () => new ShortHistogram(1, Highest, 3));
        yield return Pair<Func<HistogramBase>>("LongConcurrentHistogram", () => new LongConcurrentHistogram(1, Highest, 3));
        yield return Pair<Func<HistogramBase>>("IntConcurrentHistogram", () => new IntConcurrentHistogram(1, Highest, 3));
    }

    public static IEnumerable<KeyValuePair<string, Func<Recorder>>> Recorders()
    {
        yield return Pair("Recorder(Long)", () => HistogramFactory.With64BitBucketSize().WithValuesUpTo(Highest).WithPrecisionOf(3).WithThreadSafeReads().Create());
        yield return Pair("Recorder(Int)", () => HistogramFactory.With32BitBucketSize().WithValuesUpTo(Highest).WithPrecisionOf(3).WithThreadSafeReads().Create());
        yield return Pair("Recorder(Short)", () => HistogramFactory.With16BitBucketSize().WithValuesUpTo(Highest).WithPrecisionOf(3).WithThreadSafeReads().Create());
        yield return Pair("Recorder(LongConcurrent)", () => HistogramFactory.With64BitBucketSize().WithValuesUpTo(Highest).WithPrecisionOf(3).WithThreadSafeWrites().WithThreadSafeReads().Create());
        yield return Pair("Recorder(IntConcurrent)", () => HistogramFactory.With32BitBucketSize().WithValuesUpTo(Highest).WithPrecisionOf(3).WithThreadSafeWrites().WithThreadSafeReads().Create());
    }

    public static KeyValuePair<string, T> Pair<T>(string name, T value) => new(name, value);

    /// <summary>What a histogram holds, as text that both libraries produce the same way.</summary>
    public static string Describe(HistogramBase histogram, long value)
        => "total " + histogram.TotalCount + ", count at " + value + " " + histogram.GetCountAtValue(value)
            + ", overflowed " + histogram.HasOverflowed();
}
