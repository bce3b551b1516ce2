using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using HdrHistogram.Prometheus.Exposition;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// A named histogram metric with its labelled series. Names, labels and unit are checked when the family and each
/// series are created (an <see cref="ArgumentException"/> then), so a scrape never fails half-way.
/// </summary>
public sealed class PrometheusHistogramFamily
{
    private readonly Dictionary<string, PrometheusHistogramSeries> _byKey = new(StringComparer.Ordinal);
    private readonly Func<Recorder> _recorderFactory;
    private PrometheusHistogramSeries[] _series = Array.Empty<PrometheusHistogramSeries>();

    internal PrometheusHistogramFamily(PrometheusHistogramRegistry registry, string name, string help, PrometheusHistogramOptions options)
    {
        PrometheusNames.CheckMetricName(name, nameof(name));
        ArgumentNullException.ThrowIfNull(help);
        var labelNames = (options.LabelNames ?? Array.Empty<string>()).ToArray();
        for (int i = 0; i < labelNames.Length; i++)
        {
            PrometheusNames.CheckLabelName(labelNames[i], nameof(options));
            if (Array.IndexOf(labelNames, labelNames[i], 0, i) >= 0)
            {
                throw new ArgumentException($"The label name '{labelNames[i]}' is given twice.", nameof(options));
            }
        }

        if (options.Unit is not null)
        {
            PrometheusNames.CheckUnit(options.Unit, nameof(options));
        }

        if (!(options.ValueScale > 0) || double.IsInfinity(options.ValueScale))
        {
            throw new ArgumentException($"The value scale must be positive and finite (was {options.ValueScale.ToString(CultureInfo.InvariantCulture)}).", nameof(options));
        }

        if (options.Schema is int schema && (schema < NativeHistograms.NativeHistogramSchema.MinSchema || schema > NativeHistograms.NativeHistogramSchema.MaxSchema))
        {
            throw new ArgumentException($"The native schema must be -4 to 8 (was {schema}).", nameof(options));
        }

        if (options.MaxNativeBuckets is int maxBuckets && maxBuckets < 1)
        {
            throw new ArgumentException($"The most native buckets must be at least 1 (was {maxBuckets}).", nameof(options));
        }

        if (options.ClassicBucketBounds is { } bounds)
        {
            ClassicBucketBounds = CheckBounds(bounds);
        }

        Registry = registry;
        Name = name;
        Help = help;
        Unit = options.Unit;
        LabelNames = labelNames;
        ValueScale = options.ValueScale;
        Schema = options.Schema;
        MaxNativeBuckets = options.MaxNativeBuckets;
        _recorderFactory = options.RecorderFactory ?? throw new ArgumentException("A recorder factory is required.", nameof(options));
        ProtobufHeader = EncodeProtobufHeader();
        TextHeader = System.Text.Encoding.UTF8.GetBytes(EncodeTextHeader());
        TextCreatedHeader = System.Text.Encoding.UTF8.GetBytes(
            $"# HELP {name}_created When the series' counting started, in seconds since the Unix epoch.\n# TYPE {name}_created gauge\n");
        BucketName = System.Text.Encoding.UTF8.GetBytes(name + "_bucket");
        SumName = System.Text.Encoding.UTF8.GetBytes(name + "_sum");
        CountName = System.Text.Encoding.UTF8.GetBytes(name + "_count");
        CreatedName = System.Text.Encoding.UTF8.GetBytes(name + "_created");
        WrittenNames = new[] { name, name + "_bucket", name + "_count", name + "_sum", name + "_created" };
    }

    /// <summary>The metric name.</summary>
    public string Name { get; }

    /// <summary>The help text.</summary>
    public string Help { get; }

    /// <summary>The unit, or null.</summary>
    public string? Unit { get; }

    /// <summary>The label names.</summary>
    public IReadOnlyList<string> LabelNames { get; }

    /// <summary>The factor from recorded to exposed values.</summary>
    public double ValueScale { get; }

    /// <summary>The native schema set by the user, or null when each histogram's precision decides.</summary>
    public int? Schema { get; }

    /// <summary>The most populated native buckets a series exposes (its schema is lowered to fit), or null for no limit.</summary>
    public int? MaxNativeBuckets { get; }

    /// <summary>The classic buckets' upper bounds (without +Inf); null until set or derived from the first series.</summary>
    public IReadOnlyList<double>? ClassicBucketBounds { get; private set; }

    internal PrometheusHistogramRegistry Registry { get; }

    internal byte[] ProtobufHeader { get; }

    internal byte[] TextHeader { get; }

    internal byte[] TextCreatedHeader { get; }

    internal byte[] BucketName { get; }

    internal byte[] SumName { get; }

    internal byte[] CountName { get; }

    internal byte[] CreatedName { get; }

    /// <summary>Every metric name a scrape of the family writes, in the text format and in protobuf.</summary>
    internal string[] WrittenNames { get; }

    internal double[] Bounds { get; private set; } = Array.Empty<double>();

    internal byte[][] BoundLabels { get; private set; } = Array.Empty<byte[]>();

    /// <summary>Each classic bucket's <c>le</c> as the text format writes it, <c>+Inf</c> last.</summary>
    internal string[] BoundTexts { get; private set; } = Array.Empty<string>();

    internal PrometheusHistogramSeries[] Series => _series;

    /// <summary>Adds a series fed by <paramref name="recorder"/>; what it recorded before is counted too.</summary>
    /// <param name="recorder">The recorder; the registry takes its intervals from now on (do not take them elsewhere).</param>
    /// <param name="labelValues">One value per label name.</param>
    /// <returns>The series.</returns>
    /// <exception cref="ArgumentException">The label values do not match the names, or the series exists.</exception>
    public PrometheusHistogramSeries Add(Recorder recorder, params string[] labelValues)
    {
        ArgumentNullException.ThrowIfNull(recorder);
        return AddSeries(labelValues, (values, created) => new RecorderSeries(this, values, created, recorder));
    }

    /// <summary>Adds a series fed by <paramref name="recorder"/>; what it recorded before is counted too.</summary>
    /// <param name="recorder">The recorder; the registry takes its intervals from now on (do not take them elsewhere).</param>
    /// <param name="labelValues">One value per label name.</param>
    /// <returns>The series.</returns>
    /// <exception cref="ArgumentException">The label values do not match the names, or the series exists.</exception>
    public PrometheusHistogramSeries Add(DoubleRecorder recorder, params string[] labelValues)
    {
        ArgumentNullException.ThrowIfNull(recorder);
        return AddSeries(labelValues, (values, created) => new DoubleRecorderSeries(this, values, created, recorder));
    }

    /// <summary>
    /// The recorder of the series with <paramref name="labelValues"/>, created (by the options' recorder factory)
    /// and added on first use.
    /// </summary>
    /// <param name="labelValues">One value per label name.</param>
    /// <returns>The series' recorder.</returns>
    /// <exception cref="ArgumentException">The label values do not match the names, or the series exists with a double recorder.</exception>
    public Recorder GetOrCreateRecorder(params string[] labelValues)
    {
        ArgumentNullException.ThrowIfNull(labelValues);
        lock (Registry.SyncRoot)
        {
            if (_byKey.TryGetValue(Key(labelValues), out var existing))
            {
                return existing is RecorderSeries recorderSeries
                    ? recorderSeries.Recorder
                    : throw new ArgumentException("That series is fed by a double recorder.", nameof(labelValues));
            }

            var recorder = _recorderFactory();
            Add(recorder, labelValues);
            return recorder;
        }
    }

    private PrometheusHistogramSeries AddSeries(string[] labelValues, Func<string[], DateTimeOffset, PrometheusHistogramSeries> create)
    {
        ArgumentNullException.ThrowIfNull(labelValues);
        if (labelValues.Length != LabelNames.Count)
        {
            throw new ArgumentException($"{Name} has {LabelNames.Count} label names; {labelValues.Length} values were given.", nameof(labelValues));
        }

        var values = (string[])labelValues.Clone();
        foreach (var value in values)
        {
            ArgumentNullException.ThrowIfNull(value, nameof(labelValues));
        }

        lock (Registry.SyncRoot)
        {
            string key = Key(values);
            if (_byKey.ContainsKey(key))
            {
                throw new ArgumentException($"{Name} already has a series with these label values.", nameof(labelValues));
            }

            var series = create(values, Registry.Now());
            if (ClassicBucketBounds is null)
            {
                var (low, high) = series.RecordedRange();
                ClassicBucketBounds = DefaultBounds(low * ValueScale, high * ValueScale);
            }

            if (Bounds.Length == 0)
            {
                Bounds = ClassicBucketBounds.ToArray();
                BoundTexts = Bounds.Select(TextNumbers.Format).Append("+Inf").ToArray();
                BoundLabels = Bounds.Select(b => System.Text.Encoding.UTF8.GetBytes($",le=\"{TextNumbers.Format(b)}\"")).ToArray();
            }

            _byKey.Add(key, series);
            var grown = new PrometheusHistogramSeries[_series.Length + 1];
            _series.CopyTo(grown, 0);
            grown[^1] = series;
            _series = grown;
            return series;
        }
    }

    /// <summary>1-2-5 steps per decade from the decade at or below <paramref name="low"/> to the one at or above <paramref name="high"/>.</summary>
    internal static double[] DefaultBounds(double low, double high)
    {
        int first = (int)Math.Floor(Math.Log10(low));
        int last = (int)Math.Ceiling(Math.Log10(high));
        var bounds = new List<double>();
        for (int decade = first; decade <= last; decade++)
        {
            foreach (int step in new[] { 1, 2, 5 })
            {
                double bound = double.Parse(string.Create(CultureInfo.InvariantCulture, $"{step}e{decade}"), CultureInfo.InvariantCulture);
                if (bound >= low / 10 && bound <= high * 5)
                {
                    bounds.Add(bound);
                }
            }
        }

        return bounds.ToArray();
    }

    private static double[] CheckBounds(IReadOnlyList<double> bounds)
    {
        var array = bounds.ToArray();
        for (int i = 0; i < array.Length; i++)
        {
            if (double.IsNaN(array[i]) || double.IsInfinity(array[i]) || (i > 0 && array[i] <= array[i - 1]))
            {
                throw new ArgumentException("Classic bucket bounds must be finite and strictly ascending (+Inf is added).", nameof(bounds));
            }
        }

        return array;
    }

    /// <summary>
    /// The series' key: each value preceded by its length, so that no two lists of label values share a key, whatever
    /// characters the values hold (a separator alone would let <c>("a\0b", "c")</c> and <c>("a", "b\0c")</c> meet).
    /// </summary>
    private static string Key(string[] values)
    {
        var builder = new StringBuilder();
        foreach (string value in values)
        {
            ArgumentNullException.ThrowIfNull(value, "labelValues");
            builder.Append(value.Length.ToString(CultureInfo.InvariantCulture)).Append(':').Append(value);
        }

        return builder.ToString();
    }

    private byte[] EncodeProtobufHeader()
    {
        var writer = new System.Buffers.ArrayBufferWriter<byte>();
        ProtobufOutput.WriteBytesField(writer, 1, System.Text.Encoding.UTF8.GetBytes(Name));
        ProtobufOutput.WriteBytesField(writer, 2, System.Text.Encoding.UTF8.GetBytes(Help));
        ProtobufOutput.WriteVarintField(writer, 3, 4); // MetricType HISTOGRAM
        if (Unit is not null)
        {
            ProtobufOutput.WriteBytesField(writer, 5, System.Text.Encoding.UTF8.GetBytes(Unit));
        }

        return writer.WrittenSpan.ToArray();
    }

    private string EncodeTextHeader()
    {
        var builder = new StringBuilder();
        builder.Append("# HELP ").Append(Name).Append(' ').Append(PrometheusNames.EscapeHelp(Help)).Append('\n');
        builder.Append("# TYPE ").Append(Name).Append(" histogram\n");
        if (Unit is not null)
        {
            builder.Append("# UNIT ").Append(Name).Append(' ').Append(Unit).Append('\n');
        }

        return builder.ToString();
    }
}
