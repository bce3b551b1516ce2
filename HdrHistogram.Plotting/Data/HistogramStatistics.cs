using System;
using System.Collections.Generic;

namespace HdrHistogram.Plotting.Data;

/// <summary>Queries that integer histograms and DoubleHistograms both answer, and the series built from them.</summary>
internal static class HistogramStatistics
{
    /// <summary>Distribution points per decade of 1/(1-p): enough for a smooth curve, few enough for a small SVG.</summary>
    private const int PointsPerDecade = 20;

    public static long TotalCount(EncodableHistogram h) => h is DoubleHistogram d ? d.TotalCount : ((HistogramBase)h).TotalCount;

    public static double ValueAtPercentile(EncodableHistogram h, double percentile)
        => h is DoubleHistogram d ? d.GetValueAtPercentile(percentile) : ((HistogramBase)h).GetValueAtPercentile(percentile);

    /// <summary>Recorded values at or below <paramref name="value"/> (to the top of its bucket).</summary>
    public static long CountAtOrBelow(EncodableHistogram h, double value)
        => h is DoubleHistogram d ? d.GetCountBetweenValues(0, value) : ((HistogramBase)h).GetCountBetweenValues(0, (long)value);

    public static double Max(EncodableHistogram h) => h is DoubleHistogram d ? d.GetMaxValue() : ((HistogramBase)h).GetMaxValue();

    public static SeriesSummary Summary(EncodableHistogram h, int intervals, double? spanSec) => new()
    {
        Count = TotalCount(h),
        Intervals = intervals,
        SpanSec = spanSec,
        Min = PrintedMin(h),
        P50 = ValueAtPercentile(h, 50),
        P90 = ValueAtPercentile(h, 90),
        P99 = ValueAtPercentile(h, 99),
        P999 = ValueAtPercentile(h, 99.9),
        P9999 = ValueAtPercentile(h, 99.99),
        Max = Max(h),
        Mean = h is DoubleHistogram dm ? dm.GetMean() : ((HistogramBase)h).GetMean(),
        StdDeviation = h is DoubleHistogram ds ? ds.GetStdDeviation() : ((HistogramBase)h).GetStdDeviation(),
        Decimals = h is DoubleHistogram dd ? dd.NumberOfSignificantValueDigits : ((HistogramBase)h).NumberOfSignificantValueDigits,
    };

    /// <summary>
    /// The value of the 0% line of the percentile distribution <c>hdr process</c> prints (Java's percentile iteration
    /// reports the top of the lowest bucket); the minimum itself when nothing was recorded.
    /// </summary>
    public static double PrintedMin(EncodableHistogram h)
    {
        if (h is DoubleHistogram d)
        {
            foreach (var step in d.Percentiles(1))
            {
                return step.ValueIteratedTo;
            }

            return d.GetMinValue();
        }

        var integer = (HistogramBase)h;
        foreach (var step in integer.Percentiles(1))
        {
            return step.ValueIteratedTo;
        }

        return integer.GetMinValue();
    }

    /// <summary>
    /// The distribution at evenly spaced points of log10(1/(1-p)), from 0% up to the percentile one value below the top
    /// (beyond it the curve is flat), ending with the maximum at 100%.
    /// </summary>
    public static List<PercentilePoint> Distribution(EncodableHistogram h)
    {
        long count = TotalCount(h);
        var points = new List<PercentilePoint>();
        double lastDecade = Math.Log10(Math.Max(count, 1));
        int steps = (int)Math.Ceiling(lastDecade * PointsPerDecade);
        for (int i = 0; i <= steps; i++)
        {
            double decade = Math.Min(lastDecade, (double)i / PointsPerDecade);
            double percentile = 100.0 * (1.0 - Math.Pow(10, -decade));
            double value = ValueAtPercentile(h, percentile);
            points.Add(new PercentilePoint(percentile, value, CountAtOrBelow(h, value)));
        }

        points.Add(new PercentilePoint(100.0, Max(h), count));
        return points;
    }

    /// <summary>Sums intervals into one histogram shaped like the first, resizing as needed.</summary>
    public static EncodableHistogram StartSum(EncodableHistogram first)
    {
        if (first is DoubleHistogram d)
        {
            var sum = d.Copy();
            sum.Reset();
            sum.AutoResize = true;
            return sum;
        }

        var integerSum = ((HistogramBase)first).Copy();
        integerSum.Reset();
        integerSum.AutoResize = true;
        return integerSum;
    }

    /// <summary>Adds <paramref name="h"/> to <paramref name="sum"/>; false when one is a DoubleHistogram and the other is not.</summary>
    public static bool TryAdd(EncodableHistogram sum, EncodableHistogram h)
    {
        switch (sum, h)
        {
            case (DoubleHistogram ds, DoubleHistogram dh):
                ds.Add(dh);
                return true;
            case (HistogramBase bs, HistogramBase bh):
                bs.Add(bh);
                return true;
            default:
                return false;
        }
    }
}
