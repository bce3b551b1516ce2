using System;
using System.Buffers;
using System.Text;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// One labelled series of a family: a recorder whose intervals are added, at each scrape, into the series' running
/// total, which is what is exposed.
/// </summary>
public abstract class PrometheusHistogramSeries
{
    // The running total's version (bumped when an interval adds to it) and the versions the native and classic forms
    // were computed from: the family's schema, scale and bounds are fixed, so an unchanged total needs no recomputing.
    private long _version;
    private long _nativeVersion = -1;
    private long _classicVersion = -1;
    private long _sizesVersion = -1;

    // The scratch native histogram of the series that do not keep theirs: one per scraping thread (scrapes of a
    // registry are serialised, and each series' native form is written before the next is converted).
    [ThreadStatic]
    private static NativeHistogram? s_scratchNative;

    private NativeHistogram? _keptNative;

    private protected PrometheusHistogramSeries(PrometheusHistogramFamily family, string[] labelValues, DateTimeOffset created)
    {
        Family = family;
        LabelValues = labelValues;
        Created = created;
        ProtobufLabels = EncodeProtobufLabels(family, labelValues);
        TextLabels = System.Text.Encoding.UTF8.GetBytes(EncodeTextLabels(family, labelValues));
    }

    /// <summary>The family the series belongs to.</summary>
    public PrometheusHistogramFamily Family { get; }

    /// <summary>The label values, in the order of the family's label names.</summary>
    public ReadOnlyMemory<string> LabelValues { get; }

    /// <summary>When the series was created (its <c>_created</c> timestamp).</summary>
    public DateTimeOffset Created { get; }

    internal byte[] ProtobufLabels { get; }

    internal byte[] TextLabels { get; }


    internal long[] ClassicCounts { get; set; } = Array.Empty<long>();

    internal long ClassicTotal { get; set; }

    internal double ClassicSum { get; set; }

    /// <summary>The encoded size of the native form as of <see cref="MarkSizesCurrent"/>.</summary>
    internal int HistogramSize { get; set; }

    /// <summary>The encoded size of the native form's packed deltas, as of <see cref="MarkSizesCurrent"/>.</summary>
    internal int DeltasSize { get; set; }

    /// <summary>Whether the running total changed since the encoded sizes were last computed (or they never were).</summary>
    internal bool SizesAreStale => _sizesVersion != _version;

    internal int MetricSize { get; set; }

    /// <summary>
    /// A copy of the running total as of the last scrape (a <see cref="HistogramBase"/> or a
    /// <see cref="DoubleHistogram"/>), for checks and debugging; allocates.
    /// </summary>
    /// <returns>The copy.</returns>
    public EncodableHistogram CopyTotal()
    {
        lock (Family.Registry.SyncRoot)
        {
            return CopyTotalCore();
        }
    }

    /// <summary>Adds what was recorded since the last collection into the running total.</summary>
    internal abstract void Collect();

    /// <summary>
    /// Whether the running total changed since the native form was last taken with <see cref="RefreshNative"/> (so
    /// its encoded sizes must be computed again).
    /// </summary>
    internal bool NativeIsStale => _nativeVersion != _version;

    /// <summary>
    /// Whether the series keeps its native form between scrapes. One whose conversion is a short walk over buckets it
    /// keeps anyway (<see cref="RecorderSeries"/>) converts into a scratch histogram each time it is asked instead, so
    /// that its memory is only its running total.
    /// </summary>
    private protected virtual bool KeepsNative => true;

    /// <summary>Records that <see cref="HistogramSize"/> and <see cref="DeltasSize"/> are those of the current total.</summary>
    internal void MarkSizesCurrent() => _sizesVersion = _version;

    /// <summary>The native form of the running total, converted anew, after which <see cref="NativeIsStale"/> is false.</summary>
    /// <returns>The native form; a scratch histogram, valid until the next series is asked, unless <see cref="KeepsNative"/>.</returns>
    internal NativeHistogram RefreshNative()
    {
        var native = NativeTarget();
        ConvertNative(native);
        _nativeVersion = _version;
        return native;
    }

    /// <summary>
    /// The native form of the running total as of the last <see cref="RefreshNative"/>: the kept one, or converted
    /// again into the scratch histogram.
    /// </summary>
    /// <returns>The native form (see <see cref="RefreshNative"/>).</returns>
    internal NativeHistogram CurrentNative()
    {
        if (KeepsNative && !NativeIsStale)
        {
            return _keptNative!;
        }

        return RefreshNative();
    }

    /// <summary>Brings <see cref="ClassicCounts"/> up to date with the running total (recomputes only when the total changed since).</summary>
    internal void UpdateClassic(double[] bounds, double scale)
    {
        if (_classicVersion != _version)
        {
            ComputeClassic(bounds, scale);
            _classicVersion = _version;
        }
    }

    /// <summary>Converts the running total into <paramref name="target"/> (at the family's schema and scale).</summary>
    internal abstract void ConvertNative(NativeHistogram target);

    private NativeHistogram NativeTarget()
        => KeepsNative ? _keptNative ??= new NativeHistogram() : s_scratchNative ??= new NativeHistogram();

    /// <summary>Fills <see cref="ClassicCounts"/> with cumulative counts per bound (and +Inf last), the count and the sum.</summary>
    internal abstract void ComputeClassic(double[] bounds, double scale);

    /// <summary>Records that the running total changed: the exposed forms are recomputed at their next use.</summary>
    private protected void MarkChanged() => _version++;

    internal abstract EncodableHistogram CopyTotalCore();

    internal abstract (double Low, double High) RecordedRange();

    private protected void ComputeClassic(HdrHistogram.Iteration.RecordedBucketEnumerator buckets, double[] bounds, double scale)
    {
        var counts = PrepareClassicCounts(bounds.Length + 1);
        long total = 0;
        double sum = 0;
        int b = 0;
        foreach (var bucket in buckets)
        {
            long low = bucket.LowestEquivalentValue;
            long width = bucket.HighestEquivalentValue - low + 1;
            double value = low * scale;
            while (b < bounds.Length && bounds[b] < value)
            {
                b++;
            }

            counts[b] += bucket.Count;
            total += bucket.Count;
            sum += bucket.Count * (double)(low + (width >> 1)) * scale;
        }

        CompleteClassic(counts, total, sum);
    }

    /// <summary><see cref="ClassicCounts"/>, sized to <paramref name="length"/> and zeroed.</summary>
    private protected long[] PrepareClassicCounts(int length)
    {
        var counts = ClassicCounts;
        if (counts.Length != length)
        {
            counts = new long[length];
            ClassicCounts = counts;
        }
        else
        {
            Array.Clear(counts);
        }

        return counts;
    }

    /// <summary>Makes the per-bucket <paramref name="counts"/> cumulative and stores the count and sum.</summary>
    private protected void CompleteClassic(long[] counts, long total, double sum)
    {
        for (int i = 1; i < counts.Length; i++)
        {
            counts[i] += counts[i - 1];
        }

        ClassicTotal = total;
        ClassicSum = sum;
    }

    private static byte[] EncodeProtobufLabels(PrometheusHistogramFamily family, string[] labelValues)
    {
        var writer = new ArrayBufferWriter<byte>();
        for (int i = 0; i < labelValues.Length; i++)
        {
            byte[] name = System.Text.Encoding.UTF8.GetBytes(family.LabelNames[i]);
            byte[] value = System.Text.Encoding.UTF8.GetBytes(labelValues[i]);
            int size = ProtobufOutput.LengthDelimitedSize(1, name.Length) + ProtobufOutput.LengthDelimitedSize(2, value.Length);
            ProtobufOutput.WriteLengthPrefix(writer, 1, size);
            ProtobufOutput.WriteBytesField(writer, 1, name);
            ProtobufOutput.WriteBytesField(writer, 2, value);
        }

        return writer.WrittenSpan.ToArray();
    }

    private static string EncodeTextLabels(PrometheusHistogramFamily family, string[] labelValues)
    {
        var builder = new StringBuilder();
        for (int i = 0; i < labelValues.Length; i++)
        {
            if (i > 0)
            {
                builder.Append(',');
            }

            builder.Append(family.LabelNames[i]).Append("=\"").Append(PrometheusNames.EscapeLabelValue(labelValues[i])).Append('"');
        }

        return builder.ToString();
    }
}
