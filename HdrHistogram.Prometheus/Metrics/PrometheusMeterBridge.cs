using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics.Metrics;
using HdrHistogram.Prometheus.Registry;

namespace HdrHistogram.Prometheus.Metrics;

/// <summary>
/// Feeds <see cref="System.Diagnostics.Metrics"/> histogram instruments into a registry: each subscribed instrument
/// becomes a family whose series (one <see cref="Recorder"/> per combination of the chosen tags) receive the
/// instrument's measurements, multiplied by a scale into integers (1e6 for milliseconds recorded as nanoseconds).
/// </summary>
public sealed class PrometheusMeterBridge : IDisposable
{
    private readonly PrometheusHistogramRegistry _registry;
    private readonly MeterListener _listener = new();
    private readonly ConcurrentDictionary<(string Meter, string Instrument), Subscription> _subscriptions = new();
    private long _dropped;

    /// <summary>Creates a bridge into <paramref name="registry"/> (the default registry when null).</summary>
    /// <param name="registry">The registry the families are created in.</param>
    public PrometheusMeterBridge(PrometheusHistogramRegistry? registry = null)
    {
        _registry = registry ?? PrometheusHistogramRegistry.Default;
        _listener.InstrumentPublished = (instrument, listener) =>
        {
            if (_subscriptions.TryGetValue((instrument.Meter.Name, instrument.Name), out var subscription))
            {
                listener.EnableMeasurementEvents(instrument, subscription);
            }
        };
        _listener.SetMeasurementEventCallback<double>(static (_, value, tags, state) => ((Subscription)state!).Record(value, tags));
        _listener.SetMeasurementEventCallback<float>(static (_, value, tags, state) => ((Subscription)state!).Record(value, tags));
        _listener.SetMeasurementEventCallback<long>(static (_, value, tags, state) => ((Subscription)state!).Record(value, tags));
        _listener.SetMeasurementEventCallback<int>(static (_, value, tags, state) => ((Subscription)state!).Record(value, tags));
    }

    /// <summary>Measurements that could not be recorded (negative, not finite, or beyond the recorders' range).</summary>
    public long DroppedMeasurements => System.Threading.Interlocked.Read(ref _dropped);

    /// <summary>
    /// Subscribes an instrument, exposed as family <paramref name="metricName"/>. Call before <see cref="Start"/>.
    /// </summary>
    /// <param name="meterName">The meter's name.</param>
    /// <param name="instrumentName">The instrument's name.</param>
    /// <param name="metricName">The family's name.</param>
    /// <param name="help">The family's help text.</param>
    /// <param name="recordScale">Multiplies each measurement before it is recorded as an integer (1e6: ms to ns).</param>
    /// <param name="options">The family's options; its <see cref="PrometheusHistogramOptions.LabelNames"/> are the tags
    /// that make a series (a missing tag is the empty value), its recorder factory makes the recorders.</param>
    /// <returns>The family.</returns>
    /// <exception cref="ArgumentException">A name or option is invalid (see <see cref="PrometheusHistogramRegistry.CreateHistogram"/>).</exception>
    public PrometheusHistogramFamily Subscribe(string meterName, string instrumentName, string metricName, string help, double recordScale = 1.0, PrometheusHistogramOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(meterName);
        ArgumentNullException.ThrowIfNull(instrumentName);
        if (!(recordScale > 0) || double.IsInfinity(recordScale))
        {
            throw new ArgumentOutOfRangeException(nameof(recordScale), recordScale, "The record scale must be positive and finite.");
        }

        var family = _registry.CreateHistogram(metricName, help, options);
        _subscriptions[(meterName, instrumentName)] = new Subscription(this, family, recordScale);
        return family;
    }

    /// <summary>Starts listening (instruments published before and after).</summary>
    public void Start() => _listener.Start();

    /// <summary>Stops listening.</summary>
    public void Dispose() => _listener.Dispose();

    private sealed class Subscription
    {
        private readonly PrometheusMeterBridge _owner;
        private readonly PrometheusHistogramFamily _family;
        private readonly double _scale;
        private readonly string[] _labelNames;
        private readonly ConcurrentDictionary<string, Recorder> _recorders = new(StringComparer.Ordinal);
        private Recorder? _unlabelled;

        public Subscription(PrometheusMeterBridge owner, PrometheusHistogramFamily family, double scale)
        {
            _owner = owner;
            _family = family;
            _scale = scale;
            _labelNames = new List<string>(family.LabelNames).ToArray();
        }

        public void Record(double value, ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            double scaled = value * _scale;
            if (!(scaled >= 0) || scaled >= long.MaxValue)
            {
                System.Threading.Interlocked.Increment(ref _owner._dropped);
                return;
            }

            try
            {
                RecorderFor(tags).RecordValue((long)Math.Round(scaled));
            }
            catch (ArgumentOutOfRangeException)
            {
                System.Threading.Interlocked.Increment(ref _owner._dropped);
            }
            catch (IndexOutOfRangeException)
            {
                System.Threading.Interlocked.Increment(ref _owner._dropped);
            }
        }

        private Recorder RecorderFor(ReadOnlySpan<KeyValuePair<string, object?>> tags)
        {
            if (_labelNames.Length == 0)
            {
                return _unlabelled ??= _family.GetOrCreateRecorder();
            }

            var values = new string[_labelNames.Length];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = string.Empty;
                foreach (var tag in tags)
                {
                    if (tag.Key == _labelNames[i])
                    {
                        values[i] = Convert.ToString(tag.Value, System.Globalization.CultureInfo.InvariantCulture) ?? string.Empty;
                        break;
                    }
                }
            }

            string key = string.Join('\u0000', values);
            return _recorders.TryGetValue(key, out var recorder) ? recorder : _recorders.GetOrAdd(key, _ => _family.GetOrCreateRecorder(values));
        }
    }
}
