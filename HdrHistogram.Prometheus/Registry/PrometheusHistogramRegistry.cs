using System;
using System.Buffers;
using System.Collections.Generic;
using HdrHistogram.Prometheus.Exposition;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// The histogram families a process exposes. Each scrape adds every series' recorder interval since the previous
/// scrape into that series' running total and writes the totals: nothing recorded is lost or counted twice, whatever
/// is recorded concurrently (it lands in the next scrape). Scrapes are serialised; recording never waits for them.
/// Writing allocates nothing once every series' buffers have grown to their size.
/// </summary>
public sealed class PrometheusHistogramRegistry
{
    /// <summary>The name of the <see cref="RequestDurations"/> family.</summary>
    public const string RequestDurationsName = "http_server_request_duration_seconds";

    private static readonly string[] RequestDurationLabels = { "route", "status" };
    private readonly TimeProvider _timeProvider;
    private PrometheusHistogramFamily[] _families = Array.Empty<PrometheusHistogramFamily>();
    private PrometheusHistogramFamily? _requestDurations;

    /// <summary>Creates an empty registry.</summary>
    /// <param name="timeProvider">The clock for the series' created timestamps; the system clock by default.</param>
    public PrometheusHistogramRegistry(TimeProvider? timeProvider = null)
    {
        _timeProvider = timeProvider ?? TimeProvider.System;
    }

    /// <summary>
    /// The process-wide registry that the standalone listener and HdrHistogram.Prometheus.AspNetCore's
    /// <c>MapHdrMetrics</c> and middleware use unless given another.
    /// </summary>
    public static PrometheusHistogramRegistry Default { get; } = new();

    /// <summary>
    /// The family the request-duration middleware records into by default: <c>http_server_request_duration_seconds</c>,
    /// labels <c>route</c> and <c>status</c>, nanoseconds recorded and seconds exposed; created on first use.
    /// </summary>
    public PrometheusHistogramFamily RequestDurations
    {
        get
        {
            lock (SyncRoot)
            {
                return _requestDurations ??= CreateHistogram(
                    RequestDurationsName,
                    "Duration of HTTP requests handled, by route pattern and status code.",
                    new PrometheusHistogramOptions { LabelNames = RequestDurationLabels, Unit = "seconds", ValueScale = 1e-9 });
            }
        }
    }

    internal object SyncRoot { get; } = new();

    /// <summary>Creates a histogram family.</summary>
    /// <param name="name">The metric name (<c>[a-zA-Z_:][a-zA-Z0-9_:]*</c>).</param>
    /// <param name="help">The help text.</param>
    /// <param name="options">Labels, unit, scale, schema, classic buckets; defaults when null.</param>
    /// <returns>The family.</returns>
    /// <exception cref="ArgumentException">A name, label name, unit, scale, schema or bound is invalid, or a name the
    /// family writes (its own, or its <c>_bucket</c>, <c>_count</c>, <c>_sum</c> or <c>_created</c> series) is one that
    /// another family of the registry writes: a scrape would then hold two metrics of one name.</exception>
    public PrometheusHistogramFamily CreateHistogram(string name, string help, PrometheusHistogramOptions? options = null)
    {
        var family = new PrometheusHistogramFamily(this, name, help, options ?? new PrometheusHistogramOptions());
        lock (SyncRoot)
        {
            foreach (var existing in _families)
            {
                if (existing.Name == name)
                {
                    throw new ArgumentException($"A family named {name} exists.", nameof(name));
                }

                foreach (string written in family.WrittenNames)
                {
                    if (Array.IndexOf(existing.WrittenNames, written) >= 0)
                    {
                        throw new ArgumentException(
                            $"The family {name} would write {written}, which the family {existing.Name} writes: "
                            + "a histogram writes its name and the name followed by _bucket, _count, _sum and _created.",
                            nameof(name));
                    }
                }
            }

            var grown = new PrometheusHistogramFamily[_families.Length + 1];
            _families.CopyTo(grown, 0);
            grown[^1] = family;
            _families = grown;
        }

        return family;
    }

    /// <summary>Scrapes every family into <paramref name="output"/> in <paramref name="format"/>.</summary>
    /// <param name="output">The destination.</param>
    /// <param name="format">The exposition format.</param>
    public void Write(IBufferWriter<byte> output, PrometheusExpositionFormat format)
    {
        ArgumentNullException.ThrowIfNull(output);
        lock (SyncRoot)
        {
            foreach (var family in _families)
            {
                if (format == PrometheusExpositionFormat.Protobuf)
                {
                    ProtobufExposition.WriteFamily(output, family);
                }
                else
                {
                    TextExposition.WriteFamily(output, family);
                }
            }
        }
    }

    /// <summary>
    /// Takes every series' interval into its total, as a scrape does, and adds each total to <paramref name="request"/>
    /// as a native histogram sample at <paramref name="timestamp"/>, labelled with the family's name, the series' labels
    /// and <paramref name="extraLabels"/> (a series' own label of the same name wins); with <paramref name="classic"/>,
    /// also its classic histogram as float samples, as the text format exposes it.
    /// </summary>
    internal void AddTotals(RemoteWrite.RemoteWriteRequest request, DateTimeOffset timestamp, Dictionary<string, string> extraLabels, List<KeyValuePair<string, string>> labels, bool classic)
    {
        lock (SyncRoot)
        {
            foreach (var family in _families)
            {
                foreach (var series in family.Series)
                {
                    series.Collect();
                    labels.Clear();
                    var values = series.LabelValues.Span;
                    for (int i = 0; i < values.Length; i++)
                    {
                        labels.Add(new KeyValuePair<string, string>(family.LabelNames[i], values[i]));
                    }

                    foreach (var extra in extraLabels)
                    {
                        if (!ContainsName(family.LabelNames, extra.Key))
                        {
                            labels.Add(extra);
                        }
                    }

                    request.AddHistogram(family.Name, labels, series.RefreshNative(), timestamp);
                    if (classic)
                    {
                        AddClassic(request, family, series, labels, timestamp);
                    }
                }
            }
        }
    }

    internal DateTimeOffset Now() => _timeProvider.GetUtcNow();

    /// <summary>The classic form of a series' total as float samples: <c>_bucket</c> per <c>le</c>, <c>_sum</c>, <c>_count</c>.</summary>
    private static void AddClassic(RemoteWrite.RemoteWriteRequest request, PrometheusHistogramFamily family, PrometheusHistogramSeries series, List<KeyValuePair<string, string>> labels, DateTimeOffset timestamp)
    {
        series.UpdateClassic(family.Bounds, family.ValueScale);
        var counts = series.ClassicCounts;
        var bounds = family.BoundTexts;
        for (int b = 0; b < bounds.Length; b++)
        {
            labels.Add(new KeyValuePair<string, string>("le", bounds[b]));
            request.AddSample(family.WrittenNames[1], labels, counts[b], timestamp);
            labels.RemoveAt(labels.Count - 1);
        }

        request.AddSample(family.WrittenNames[3], labels, series.ClassicSum, timestamp);
        request.AddSample(family.WrittenNames[2], labels, series.ClassicTotal, timestamp);
    }

    private static bool ContainsName(IReadOnlyList<string> names, string name)
    {
        for (int i = 0; i < names.Count; i++)
        {
            if (names[i] == name)
            {
                return true;
            }
        }

        return false;
    }
}
