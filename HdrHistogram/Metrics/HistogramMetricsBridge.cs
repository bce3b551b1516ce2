using System.Collections.Generic;
using System.Diagnostics.Metrics;

namespace HdrHistogram.Metrics;

/// <summary>
/// Bridges <see cref="System.Diagnostics.Metrics"/> histograms into a histogram log: a <see cref="MeterListener"/>
/// that records every measurement of the chosen <see cref="Histogram{T}"/> instruments into a <see cref="Recorder"/>,
/// and on a timer writes each instrument's interval histogram, tagged with the instrument, to a
/// <see cref="HistogramLogWriter"/>.
/// </summary>
/// <remarks>
/// <para>
/// The measurement callback is the hot path of the instrumented service: it never allocates and never throws. A
/// measurement that cannot be recorded (negative, however small, NaN, or beyond <see cref="long"/> after scaling) is
/// dropped and counted in <see cref="DroppedMeasurements"/>. Every recorded measurement lands in exactly one written
/// interval: intervals are taken with the recorders' phase flip, which waits for measurements in flight.
/// </para>
/// <para>
/// Integer measurements are recorded as they are (times the unit scale, if one is given); floating-point
/// measurements are multiplied by the subscription's unit scale and rounded, e.g. a scale of 1e6 records
/// milliseconds as nanoseconds.
/// </para>
/// </remarks>
public sealed class HistogramMetricsBridge : IDisposable
{
    private readonly HistogramLogWriter _writer;
    private readonly HistogramMetricsBridgeOptions _options;
    private readonly List<Subscription> _subscriptions = new();
    private readonly MeterListener _listener = new();
    private readonly object _writeLock = new();
    private Timer? _timer;
    private long _droppedMeasurements;
    private bool _started;
    private bool _disposed;

    /// <summary>Creates a bridge that writes to <paramref name="writer"/>; subscribe to instruments, then <see cref="Start"/> it.</summary>
    /// <param name="writer">The log the interval histograms go to; the bridge serialises its writes to it.</param>
    /// <param name="options">Interval, precision and header settings; defaults when null.</param>
    /// <exception cref="ArgumentNullException"><paramref name="writer"/> is null.</exception>
    public HistogramMetricsBridge(HistogramLogWriter writer, HistogramMetricsBridgeOptions? options = null)
    {
        _writer = writer ?? throw new ArgumentNullException(nameof(writer));
        _options = options ?? new HistogramMetricsBridgeOptions();
        if (_options.Interval <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(options), _options.Interval, "The interval must be positive.");
        }

        _listener.InstrumentPublished = OnInstrumentPublished;
        _listener.SetMeasurementEventCallback<long>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<int>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<short>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<byte>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<double>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<float>(static (instrument, value, tags, state) => ((Subscription)state!).Record(value));
        _listener.SetMeasurementEventCallback<decimal>(static (instrument, value, tags, state) => ((Subscription)state!).Record((double)value));
    }

    /// <summary>
    /// The number of measurements that could not be recorded: negative ones (however small: -0.25, or -1 at a unit
    /// scale of 0.001, is dropped, not rounded to 0), NaN, and those beyond <see cref="long.MaxValue"/> after scaling.
    /// </summary>
    public long DroppedMeasurements => Interlocked.Read(ref _droppedMeasurements);

    /// <summary>The last exception a timed interval write raised (for example an I/O error), or null.</summary>
    public Exception? LastWriteError { get; private set; }

    /// <summary>
    /// Subscribes to the histogram instrument <paramref name="instrumentName"/> of the meter <paramref name="meterName"/>
    /// (it may be created before or after the bridge starts).
    /// </summary>
    /// <param name="meterName">The meter's name.</param>
    /// <param name="instrumentName">The instrument's name.</param>
    /// <param name="unitScale">Multiplies every measurement before it is recorded (e.g. 1e6 to record milliseconds as nanoseconds).</param>
    /// <param name="tag">The log tag of this instrument's intervals; by default the instrument name with characters a tag cannot hold replaced by '_'.</param>
    /// <returns>This bridge, for chaining.</returns>
    /// <exception cref="InvalidOperationException">The bridge has already started.</exception>
    public HistogramMetricsBridge Subscribe(string meterName, string instrumentName, double unitScale = 1.0, string? tag = null)
    {
        if (meterName is null)
        {
            throw new ArgumentNullException(nameof(meterName));
        }

        if (instrumentName is null)
        {
            throw new ArgumentNullException(nameof(instrumentName));
        }

        if (!(unitScale > 0) || double.IsInfinity(unitScale))
        {
            throw new ArgumentOutOfRangeException(nameof(unitScale), unitScale, "The unit scale must be a positive finite number.");
        }

        if (_started)
        {
            throw new InvalidOperationException("Subscribe before starting the bridge.");
        }

        var recorder = new Recorder(_options.NumberOfSignificantValueDigits);
        _subscriptions.Add(new Subscription(this, meterName, instrumentName, unitScale, tag ?? ToTag(instrumentName), recorder));
        return this;
    }

    /// <summary>Writes the log header (unless turned off), starts listening and starts the interval timer.</summary>
    /// <exception cref="InvalidOperationException">The bridge has already started.</exception>
    public void Start()
    {
        if (_started)
        {
            throw new InvalidOperationException("The bridge has already started.");
        }

        _started = true;
        long now = NowMilliseconds();
        lock (_writeLock)
        {
            if (_options.WriteLogHeader)
            {
                _writer.OutputLogFormatVersion();
                _writer.OutputStartTime(now);
                _writer.BaseTime = now;
                _writer.OutputBaseTime(now);
                _writer.OutputLegend();
            }
        }

        foreach (var subscription in _subscriptions)
        {
            subscription.Recorder.Reset();
        }

        _listener.Start();
        _timer = new Timer(static state => ((HistogramMetricsBridge)state!).OnTimer(), this, _options.Interval, _options.Interval);
    }

    /// <summary>Takes an interval histogram from every subscription now and writes it to the log.</summary>
    public void WriteIntervals()
    {
        lock (_writeLock)
        {
            if (_disposed)
            {
                return;
            }

            foreach (var subscription in _subscriptions)
            {
                var interval = subscription.Recorder.GetIntervalHistogram(subscription.Recycled);
                subscription.Recycled = interval;
                interval.Tag = subscription.Tag;
                _writer.OutputIntervalHistogram(
                    (interval.StartTimeStamp - _writer.BaseTime) / 1000.0,
                    (interval.EndTimeStamp - _writer.BaseTime) / 1000.0,
                    interval,
                    _options.MaxValueUnitRatio);
            }
        }
    }

    /// <summary>Stops listening and the timer, then writes the last interval of every subscription.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _timer?.Dispose();
        _listener.Dispose();
        if (_started)
        {
            WriteIntervals();
        }

        lock (_writeLock)
        {
            _disposed = true;
        }
    }

    private void OnInstrumentPublished(Instrument instrument, MeterListener listener)
    {
        if (!IsHistogram(instrument))
        {
            return;
        }

        foreach (var subscription in _subscriptions)
        {
            if (subscription.InstrumentName == instrument.Name && subscription.MeterName == instrument.Meter.Name)
            {
                listener.EnableMeasurementEvents(instrument, subscription);
                return;
            }
        }
    }

    private void OnTimer()
    {
        try
        {
            WriteIntervals();
        }
#pragma warning disable CA1031 // A timer callback must not take the process down; the error is kept for the owner.
        catch (Exception e)
#pragma warning restore CA1031
        {
            LastWriteError = e;
        }
    }

    private void CountDropped() => Interlocked.Increment(ref _droppedMeasurements);

    private static bool IsHistogram(Instrument instrument)
    {
        var type = instrument.GetType();
        return type.IsGenericType && type.GetGenericTypeDefinition() == typeof(Histogram<>);
    }

    private static long NowMilliseconds() => DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();

    // Java's log tags cannot hold ',', ' ', '\r' or '\n'.
    private static string ToTag(string instrumentName)
    {
        char[] chars = instrumentName.ToCharArray();
        for (int i = 0; i < chars.Length; i++)
        {
            if (chars[i] is ',' or ' ' or '\r' or '\n')
            {
                chars[i] = '_';
            }
        }

        return chars.Length == 0 ? "_" : new string(chars);
    }

    /// <summary>One subscribed instrument: its recorder, scale and tag.</summary>
    /// <param name="owner">The bridge that counts the dropped measurements.</param>
    /// <param name="meterName">The instrument's meter.</param>
    /// <param name="instrumentName">The instrument.</param>
    /// <param name="unitScale">The factor from the instrument's unit to the histogram's.</param>
    /// <param name="tag">The tag of the instrument's log lines.</param>
    /// <param name="recorder">The recorder its measurements go to.</param>
    private sealed class Subscription(HistogramMetricsBridge owner, string meterName, string instrumentName, double unitScale, string tag, Recorder recorder)
    {
        private const double TwoToThe63 = 9223372036854775808.0;

        private readonly HistogramMetricsBridge _owner = owner;
        private readonly double _unitScale = unitScale;

        public string MeterName { get; } = meterName;

        public string InstrumentName { get; } = instrumentName;

        public string Tag { get; } = tag;

        public Recorder Recorder { get; } = recorder;

        public HistogramBase? Recycled { get; set; }

        public void Record(long value)
        {
            if (value < 0)
            {
                _owner.CountDropped();
                return;
            }

            if (_unitScale == 1.0)
            {
                Recorder.RecordValue(value);
                return;
            }

            RecordScaled(value);
        }

        public void Record(double value)
        {
            // The sign is checked before scaling and rounding: -0.25, or -1 at a scale of 0.001, would otherwise round
            // to 0 and be recorded. NaN fails the comparison too; negative zero is zero and is recorded.
            if (!(value >= 0))
            {
                _owner.CountDropped();
                return;
            }

            RecordScaled(value);
        }

        // value is neither negative nor NaN.
        private void RecordScaled(double value)
        {
            double scaled = Math.Round(value * _unitScale);

            // Every long can be recorded (histograms auto-resize up to long.MaxValue); infinity and values of 2^63
            // and beyond cannot.
            if (!(scaled < TwoToThe63))
            {
                _owner.CountDropped();
                return;
            }

            Recorder.RecordValue((long)scaled);
        }
    }
}
