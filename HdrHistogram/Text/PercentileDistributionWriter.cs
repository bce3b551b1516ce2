using HdrHistogram.Iteration;

namespace HdrHistogram.Text;

/// <summary>
/// Writes Java's <c>outputPercentileDistribution</c> text and CSV, character for character, whatever the current culture.
/// </summary>
internal static class PercentileDistributionWriter
{
    public static void Write(HistogramBase histogram, TextWriter writer, int percentileTicksPerHalfDistance, double outputValueUnitScalingRatio, bool useCsvFormat)
    {
        if (writer is null)
        {
            throw new ArgumentNullException(nameof(writer));
        }

        if (percentileTicksPerHalfDistance < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(percentileTicksPerHalfDistance), percentileTicksPerHalfDistance, "At least one tick per half distance is needed.");
        }

        // A synchronized histogram is written from a snapshot taken under its lock: consistent, without holding the
        // lock while the text goes out.
        histogram = histogram.SnapshotForReading();

        int digits = histogram.NumberOfSignificantValueDigits;
        WriteHeader(writer, useCsvFormat);

        var iterator = new PercentileIterator(histogram, percentileTicksPerHalfDistance);
        while (iterator.HasNext())
        {
            var step = iterator.Next();
            double value = step.ValueIteratedTo / outputValueUnitScalingRatio;
            double percentile = step.PercentileLevelIteratedTo / 100.0;
            bool last = step.PercentileLevelIteratedTo == 100.0;
            WriteLine(writer, useCsvFormat, digits, value, percentile, step.TotalCountToThisValue, last);
        }

        if (!useCsvFormat)
        {
            WriteFooter(
                writer,
                digits,
                histogram.GetMean() / outputValueUnitScalingRatio,
                histogram.GetStdDeviation() / outputValueUnitScalingRatio,
                histogram.GetMaxValue() / outputValueUnitScalingRatio,
                histogram.TotalCount,
                histogram.BucketCount,
                histogram.SubBucketCount);
        }
    }

    /// <summary>Java: <c>"%12s %14s %10s %14s\n\n"</c>, or the quoted CSV header.</summary>
    public static void WriteHeader(TextWriter writer, bool useCsvFormat)
    {
        if (useCsvFormat)
        {
            writer.Write("\"Value\",\"Percentile\",\"TotalCount\",\"1/(1-Percentile)\"\n");
        }
        else
        {
            writer.Write("       Value     Percentile TotalCount 1/(1-Percentile)\n\n");
        }
    }

    /// <summary>
    /// Java: <c>"%12.{d}f %2.12f %10d %14.2f\n"</c> (text) or <c>"%.{d}f,%.12f,%d,%.2f\n"</c> (CSV); the last line
    /// (percentile 100) has no 1/(1-p) column in text and <c>Infinity</c> in CSV.
    /// </summary>
    public static void WriteLine(TextWriter writer, bool useCsvFormat, int digits, double value, double percentile, long totalCount, bool last)
    {
        if (useCsvFormat)
        {
            JavaFormat.WriteFixed(writer, value, digits);
            writer.Write(',');
            JavaFormat.WriteFixed(writer, percentile, 12);
            writer.Write(',');
            JavaFormat.WriteInteger(writer, totalCount);
            writer.Write(',');
            if (last)
            {
                writer.Write("Infinity");
            }
            else
            {
                JavaFormat.WriteFixed(writer, 1 / (1.0 - percentile), 2);
            }
        }
        else
        {
            JavaFormat.WriteFixed(writer, value, digits, 12);
            writer.Write(' ');
            JavaFormat.WriteFixed(writer, percentile, 12, 2);
            writer.Write(' ');
            JavaFormat.WriteInteger(writer, totalCount, 10);
            if (!last)
            {
                writer.Write(' ');
                JavaFormat.WriteFixed(writer, 1 / (1.0 - percentile), 2, 14);
            }
        }

        writer.Write('\n');
    }

    /// <summary>The three footer lines of the text form.</summary>
    public static void WriteFooter(TextWriter writer, int digits, double mean, double stdDeviation, double max, long totalCount, int bucketCount, int subBucketCount)
    {
        writer.Write("#[Mean    = ");
        JavaFormat.WriteFixed(writer, mean, digits, 12);
        writer.Write(", StdDeviation   = ");
        JavaFormat.WriteFixed(writer, stdDeviation, digits, 12);
        writer.Write("]\n#[Max     = ");
        JavaFormat.WriteFixed(writer, max, digits, 12);
        writer.Write(", Total count    = ");
        JavaFormat.WriteInteger(writer, totalCount, 12);
        writer.Write("]\n#[Buckets = ");
        JavaFormat.WriteInteger(writer, bucketCount, 12);
        writer.Write(", SubBuckets     = ");
        JavaFormat.WriteInteger(writer, subBucketCount, 12);
        writer.Write("]\n");
    }
}
