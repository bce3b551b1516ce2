using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using HdrHistogram.Plotting.Data;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.RemoteWrite;
using HdrHistogram.Tool.Cli;

namespace HdrHistogram.Tool.Commands;

/// <summary>
/// Runs <c>hdr push</c>: reads the log once (twice with --now: its last interval's end first), adds each interval
/// into its series' running total, and sends the totals as native-histogram samples, --batch to a request. Memory does
/// not grow with the log: one running total per series, one request and --batch native histograms, reused.
/// </summary>
internal sealed class PushRunner
{
    private const string Command = "hdr push";

    private readonly ToolConsole _console;
    private readonly PushSettings _settings;
    private readonly string _name;
    private readonly double _valueScale;
    private readonly Dictionary<string, Series> _tagged = new(StringComparer.Ordinal);
    private readonly List<Series> _series = new();
    private readonly RemoteWriteRequest _request = new();
    private readonly RemoteWriteRequest _single = new();
    private readonly List<NativeHistogram> _pool = new();
    private readonly List<(Series Series, long Timestamp)> _pending = new();
    private readonly Dictionary<string, (long Count, Series Series, long Timestamp)> _refusals = new(StringComparer.Ordinal);
    private Series? _untagged;
    private long _requests;
    private long _accepted;
    private long _refused;
    private long _firstTimestamp = long.MaxValue;
    private long _lastTimestamp = long.MinValue;

    private PushRunner(ToolConsole console, PushSettings settings)
    {
        _console = console;
        _settings = settings;
        _name = Inputs.Name(settings.Path);
        _valueScale = ValueUnit.NanosecondsPer(settings.ValuesIn) * 1e-9;
    }

    /// <summary>Pushes the log; returns the exit code (0: every sample accepted).</summary>
    /// <exception cref="ToolException">The input is not a log or holds no matching interval, the receiver cannot be reached or answers other than to accept or refuse samples, or samples were refused (after the summary is printed).</exception>
    public static int Run(ToolConsole console, PushSettings settings) => new PushRunner(console, settings).Run();

    private int Run()
    {
        long shift = 0;
        if (_settings.Now)
        {
            long last = long.MinValue;
            Read(first: true, (interval, _) => last = Math.Max(last, interval.EndTimeStamp));
            shift = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() - last;
        }

        using (var writer = new PrometheusRemoteWriter(_settings.Url, _settings.Timeout))
        {
            var counting = Read(first: false, (interval, line) => Add(writer, interval, line, shift));
            Flush(writer);
            var units = new UnitChoice(ValueUnit.FromUnits(_settings.ValuesIn, "s"), new[] { _settings.ValuesIn }, _settings.ValuesInAssumed);
            units.HintAboutMagnitude(
                _console,
                Command,
                _name,
                _series.Select(s => s.Total is HistogramBase h && h.TotalCount > 0 ? (double)h.GetMaxValue() : 0.0).DefaultIfEmpty(0.0).Max(),
                _series.Any(s => s.Total is DoubleHistogram),
                counting.MicrosecondsHeader);
        }

        WriteNotes();
        WriteSummary(shift);
        if (_refused > 0)
        {
            throw new ToolException(
                _refused.ToString(CultureInfo.InvariantCulture) + " of " + Count(_accepted + _refused, "sample") + " refused by the receiver (its messages above)");
        }

        return 0;
    }

    /// <summary>Reads the log's intervals in the range and of the tag, in order; the first pass says nothing about the input.</summary>
    private Inputs.CountingStream Read(bool first, Action<EncodableHistogram, int> each)
    {
        var counting = Inputs.OpenLog(_settings.Path, _console, Command);
        var progress = new ProgressReporter(
            _console, Command + ": " + _name + (_settings.Now ? first ? " (its end)" : " (pushing)" : string.Empty), Inputs.Length(_settings.Path), _settings.Progress, _settings.Cancellation);
        long intervals = 0;
        long matched = 0;
        int lines;
        long before;
        using (var reader = new HistogramLogReader(counting, null, leaveOpen: false))
        {
            EncodableHistogram? interval = null;
            try
            {
                while ((interval = reader.NextIntervalHistogram(_settings.StartSec, _settings.EndSec, absoluteRange: false, interval)) is not null)
                {
                    progress.Report(++intervals, counting.BytesRead);
                    if (_settings.Tag is null || string.Equals(interval.Tag ?? string.Empty, _settings.Tag, StringComparison.Ordinal))
                    {
                        matched++;
                        each(interval, reader.LastInterval.LineNumber);
                    }
                }
            }
            catch (HistogramFormatException e)
            {
                throw new ToolException(_name + ": " + e.Message);
            }
            finally
            {
                progress.Done();
            }

            lines = reader.LineNumber;
            before = reader.IntervalsBeforeRange;
        }

        if (!first || !_settings.Now)
        {
            Inputs.CheckLastLine(_console, Command, _name, counting, lines, _settings.Strict);
            Inputs.NoteIntervalsBeforeStart(_console, Command, _name, before, _settings.StartSec, "--start");
        }

        if (matched == 0)
        {
            bool ranged = before > 0 || _settings.StartSec != 0 || _settings.EndSec != double.MaxValue;
            throw new ToolException(Inputs.NoHistograms(_name, counting)
                + (counting.BytesRead > 0 && _settings.Tag is not null ? " with tag '" + _settings.Tag + "'" : string.Empty)
                + (counting.BytesRead > 0 && ranged ? " in the time range" : string.Empty));
        }

        return counting;
    }

    private void Add(PrometheusRemoteWriter writer, EncodableHistogram interval, int line, long shift)
    {
        Series series;
        if (interval.Tag is null)
        {
            series = _untagged ??= NewSeries(null);
        }
        else if (!_tagged.TryGetValue(interval.Tag, out series!))
        {
            series = NewSeries(interval.Tag);
            _tagged.Add(interval.Tag, series);
        }

        series.Add(interval, line);
        long timestamp = interval.EndTimeStamp + shift;
        if (timestamp < DateTimeOffset.MinValue.ToUnixTimeMilliseconds() || timestamp > DateTimeOffset.MaxValue.ToUnixTimeMilliseconds())
        {
            throw new ToolException(_name + ": line " + line.ToString(CultureInfo.InvariantCulture) + ": the interval ends outside the years 1 to 9999");
        }

        if (timestamp <= series.LastTimestamp)
        {
            // A series takes samples in time order only: the counts go out with the series' next sample.
            series.Folded++;
            series.FoldedSinceLastSample = true;
            return;
        }

        series.LastTimestamp = timestamp;
        series.FoldedSinceLastSample = false;
        series.Samples++;
        _firstTimestamp = Math.Min(_firstTimestamp, timestamp);
        _lastTimestamp = Math.Max(_lastTimestamp, timestamp);
        if (_pool.Count == _pending.Count)
        {
            _pool.Add(new NativeHistogram());
        }

        var native = _pool[_pending.Count];
        ToNative(series.Total!, native);
        series.LastCount = native.Count;
        _request.AddHistogram(_settings.MetricName, series.Labels, native, DateTimeOffset.FromUnixTimeMilliseconds(timestamp));
        _pending.Add((series, timestamp));
        if (_pending.Count == _settings.Batch)
        {
            Flush(writer);
        }
    }

    private Series NewSeries(string? tag)
    {
        var labels = new List<KeyValuePair<string, string>>(_settings.Labels);
        if (tag is not null)
        {
            labels.Add(new KeyValuePair<string, string>("tag", tag));
        }

        var series = new Series(tag, labels, Selector(labels));
        _series.Add(series);
        return series;
    }

    private string Selector(List<KeyValuePair<string, string>> labels)
        => labels.Count == 0
            ? _settings.MetricName
            : _settings.MetricName + "{" + string.Join(",", labels.OrderBy(l => l.Key, StringComparer.Ordinal).Select(l => l.Key + "=\"" + PrometheusNames.EscapeLabelValue(l.Value) + "\"")) + "}";

    private void ToNative(EncodableHistogram total, NativeHistogram target)
    {
        if (total is DoubleHistogram d)
        {
            NativeHistogramConverter.Convert(d, _valueScale, target);
        }
        else
        {
            NativeHistogramConverter.Convert((HistogramBase)total, _valueScale, target);
        }
    }

    /// <summary>
    /// Sends the pending samples. A refused request (400: Prometheus refuses the whole request for one sample it cannot
    /// take) is sent again sample by sample, so that the samples it can take are taken and the counts are per sample.
    /// </summary>
    private void Flush(PrometheusRemoteWriter writer)
    {
        if (_pending.Count == 0)
        {
            return;
        }

        var result = Send(writer, _request);
        if (result.Succeeded)
        {
            foreach (var (series, _) in _pending)
            {
                Accept(series);
            }
        }
        else if (_pending.Count == 1)
        {
            Refuse(result, _pending[0].Series, _pending[0].Timestamp);
        }
        else
        {
            for (int i = 0; i < _pending.Count; i++)
            {
                var (series, timestamp) = _pending[i];
                _single.Clear();
                _single.AddHistogram(_settings.MetricName, series.Labels, _pool[i], DateTimeOffset.FromUnixTimeMilliseconds(timestamp));
                var one = Send(writer, _single);
                if (one.Succeeded)
                {
                    Accept(series);
                }
                else
                {
                    Refuse(one, series, timestamp);
                }
            }
        }

        _request.Clear();
        _pending.Clear();
    }

    /// <summary>Sends one request; anything but an acceptance or a refusal of its samples (400) stops the push.</summary>
    private RemoteWriteResult Send(PrometheusRemoteWriter writer, RemoteWriteRequest request)
    {
        var result = writer.SendAsync(request, _settings.Cancellation).AsTask().GetAwaiter().GetResult();
        _settings.Cancellation.ThrowIfCancellationRequested();
        _requests++;
        if (result.Succeeded || result.StatusCode == 400)
        {
            return result;
        }

        string done = _accepted == 0 ? " (nothing was pushed)" : " (" + Count(_accepted, "sample") + " accepted before; the push stops here)";
        if (result.StatusCode == 0)
        {
            throw new ToolException("cannot push to " + _settings.Url + ": " + result.Message + done);
        }

        string message = string.IsNullOrWhiteSpace(result.Message) ? "(no message)" : result.Message.Trim();
        string hint = message.Contains("native histograms are disabled", StringComparison.OrdinalIgnoreCase)
            ? " (Prometheus takes native histograms when started with --enable-feature=native-histograms)"
            : string.Empty;
        throw new ToolException(_settings.Url + " answered " + result.StatusCode.ToString(CultureInfo.InvariantCulture) + ": " + message + hint + done);
    }

    private void Accept(Series series)
    {
        _accepted++;
        series.Accepted++;
    }

    private void Refuse(RemoteWriteResult result, Series series, long timestamp)
    {
        _refused++;
        series.Refused++;
        string message = string.IsNullOrWhiteSpace(result.Message) ? "(no message)" : result.Message.Trim();
        if (_refusals.TryGetValue(message, out var seen))
        {
            _refusals[message] = (seen.Count + 1, seen.Series, seen.Timestamp);
            return;
        }

        _refusals.Add(message, (1, series, timestamp));
        _console.Error.WriteLine(Command + ": refused: " + series.Selector + " at " + Iso(timestamp) + ": the receiver said '" + message + "'");
    }

    /// <summary>What the refusals mean (once per kind), and the samples that were not sent on their own.</summary>
    private void WriteNotes()
    {
        foreach (var (message, refusal) in _refusals)
        {
            if (refusal.Count > 1)
            {
                _console.Error.WriteLine(Command + ": refused: " + (refusal.Count - 1).ToString(CultureInfo.InvariantCulture) + " more with '" + message + "'");
            }
        }

        var messages = _refusals.Keys.ToList();
        if (messages.Any(m => m.Contains("out of bounds", StringComparison.OrdinalIgnoreCase) || m.Contains("too old", StringComparison.OrdinalIgnoreCase)))
        {
            _console.Error.WriteLine(
                Command + ": note: the receiver refused samples as too old ('out of bounds'): Prometheus takes native-histogram "
                + "samples only while they fit its head block, from about an hour before the newest sample it holds (the head "
                + "spans the last two to three hours), so a log older than that is refused. The samples were from "
                + Iso(_firstTimestamp) + " to " + Iso(_lastTimestamp)
                + (_settings.Now ? ": even with --now, only about the last hour of a longer log fits." : "; --now shifts them so that the last interval ends now."));
        }

        if (messages.Any(m => m.Contains("out of order", StringComparison.OrdinalIgnoreCase) || m.Contains("duplicate sample", StringComparison.OrdinalIgnoreCase)))
        {
            _console.Error.WriteLine(
                Command + ": note: the receiver refused samples as 'out of order' or duplicates: Prometheus takes a series' "
                + "samples only in time order, each after the newest it holds, so a series that already has samples at "
                + "these times or later (the same log pushed before?) refuses them"
                + (_settings.Now ? "; another --label value (e.g. --label run=2) makes new series." : "; --now pushes them at new times, or another --label value (e.g. --label run=2) makes new series."));
        }

        foreach (var series in _series.Where(s => s.Folded > 0))
        {
            _console.Error.WriteLine(
                Command + ": note: " + series.Selector + ": " + Count(series.Folded, "interval") + " ended no later than an earlier one of the series, "
                + "so no sample was sent at their end (a series takes samples in time order only); their counts went out with the series' next sample"
                + (series.FoldedSinceLastSample ? ", except the last ones', which no later sample followed" : string.Empty));
        }
    }

    private void WriteSummary(long shift)
    {
        var o = _console.Out;
        foreach (var series in _series)
        {
            o.Write(series.Selector + ": " + Count(series.Samples, "sample") + " (" + series.Accepted.ToString(CultureInfo.InvariantCulture) + " accepted, "
                + series.Refused.ToString(CultureInfo.InvariantCulture) + " refused), the last at " + Iso(series.LastTimestamp)
                + " with count " + series.LastCount.ToString(CultureInfo.InvariantCulture) + "\n");
        }

        o.Write("Pushed " + _name + " to " + _settings.Url + ": " + Count(_accepted + _refused, "sample") + " in "
            + Count(_requests, "request") + ", " + _accepted.ToString(CultureInfo.InvariantCulture) + " accepted, "
            + _refused.ToString(CultureInfo.InvariantCulture) + " refused"
            + (_settings.Now ? "; times shifted by " + (shift / 1000.0).ToString("+0.000;-0.000", CultureInfo.InvariantCulture) + " s (--now)" : string.Empty)
            + "\n");
    }

    private static string Count(long n, string noun) => n.ToString(CultureInfo.InvariantCulture) + " " + noun + (n == 1 ? string.Empty : "s");

    private static string Iso(long milliseconds)
        => DateTimeOffset.FromUnixTimeMilliseconds(milliseconds).UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture);

    /// <summary>One series: a tag's running total and what was sent of it.</summary>
    private sealed class Series
    {
        public Series(string? tag, IReadOnlyList<KeyValuePair<string, string>> labels, string selector)
        {
            Tag = tag;
            Labels = labels;
            Selector = selector;
        }

        public string? Tag { get; }

        public IReadOnlyList<KeyValuePair<string, string>> Labels { get; }

        /// <summary>The series as PromQL selects it, e.g. <c>hdr_log_latency_seconds{tag="db"}</c>.</summary>
        public string Selector { get; }

        /// <summary>Every interval so far, added together: a HistogramBase, or a DoubleHistogram for DoubleHistogram intervals.</summary>
        public EncodableHistogram? Total { get; private set; }

        public long LastTimestamp { get; set; } = long.MinValue;

        public long LastCount { get; set; }

        public long Samples { get; set; }

        public long Accepted { get; set; }

        public long Refused { get; set; }

        /// <summary>Intervals that ended no later than the series' previous sample: no sample of their own.</summary>
        public long Folded { get; set; }

        public bool FoldedSinceLastSample { get; set; }

        public void Add(EncodableHistogram interval, int lineNumber) => Total = IntervalSum.Add(Total, interval, Tag, lineNumber);
    }
}
