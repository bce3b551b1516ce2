using System.Globalization;

namespace HdrHistogram.Tool.Commands;

/// <summary>Adds a log's intervals of one tag together (summary, push): integer histograms or DoubleHistograms, not both.</summary>
internal static class IntervalSum
{
    /// <summary>
    /// Adds <paramref name="interval"/> into <paramref name="sum"/>, which starts, on the first interval, as an empty
    /// auto-resizing histogram of the interval's kind and precision.
    /// </summary>
    /// <param name="sum">The sum so far, or null before the first interval.</param>
    /// <param name="interval">The interval read from the log.</param>
    /// <param name="tag">The intervals' tag, or null (for the message).</param>
    /// <param name="lineNumber">The interval's line (for the message).</param>
    /// <returns>The sum.</returns>
    /// <exception cref="HistogramFormatException">The tag's intervals mix integer histograms and DoubleHistograms.</exception>
    public static EncodableHistogram Add(EncodableHistogram? sum, EncodableHistogram interval, string? tag, int lineNumber)
    {
        if (sum is null)
        {
            if (interval is DoubleHistogram firstDouble)
            {
                var empty = firstDouble.Copy();
                empty.Reset();
                empty.AutoResize = true;
                sum = empty;
            }
            else
            {
                var empty = ((HistogramBase)interval).Copy();
                empty.Reset();
                empty.AutoResize = true;
                sum = empty;
            }
        }

        if (sum is DoubleHistogram doubleSum && interval is DoubleHistogram doubleInterval)
        {
            doubleSum.Add(doubleInterval);
        }
        else if (sum is HistogramBase integerSum && interval is HistogramBase integerInterval)
        {
            integerSum.Add(integerInterval);
        }
        else
        {
            throw new HistogramFormatException(
                "line " + lineNumber.ToString(CultureInfo.InvariantCulture) + ": the " + (tag is null ? "untagged" : "'" + tag + "'")
                + " intervals mix integer histograms and DoubleHistograms, which cannot be added together");
        }

        return sum;
    }
}
