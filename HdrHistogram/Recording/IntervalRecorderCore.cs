using System;
using System.Threading;

namespace HdrHistogram;

/// <summary>
/// The interval-sampling machinery <see cref="Recorder"/> and <see cref="SingleWriterRecorder"/> share (Java's
/// recorders, which differ only in the histograms they record into): an active histogram writers record into
/// inside a <see cref="WriterReaderPhaser"/> critical section, and an inactive one the reader swaps in.
/// </summary>
/// <remarks>
/// Taking an interval, as Java does: under the reader lock, reset the inactive histogram (a recycled one, or a new
/// one of the active one's configuration), make it the active one, stamp the interval's end and the next one's
/// start, then flip the phase, which returns once every writer that might still be recording into the histogram
/// just swapped out has left its critical section. From then on nothing writes to it: it is the interval.
/// </remarks>
internal sealed class IntervalRecorderCore
{
    private readonly object _gate = new();
    private readonly object _owner;
    private readonly HistogramFactoryDelegate _histogramFactory;
    private HistogramBase _activeHistogram;
    private HistogramBase? _inactiveHistogram;

    /// <summary>Creates the core and the first active histogram; the interval it starts begins now.</summary>
    /// <param name="owner">The public recorder: the containing instance recycled histograms must come from.</param>
    /// <param name="lowestDiscernibleValue">The lowest value that can be discerned from 0.</param>
    /// <param name="highestTrackableValue">The highest value to be tracked.</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain.</param>
    /// <param name="autoResize">Switches auto-resize on for the histograms (otherwise the factory's choice stands).</param>
    /// <param name="histogramFactory">Creates the histograms.</param>
    public IntervalRecorderCore(
        object owner,
        long lowestDiscernibleValue,
        long highestTrackableValue,
        int numberOfSignificantValueDigits,
        bool autoResize,
        HistogramFactoryDelegate histogramFactory)
    {
        _owner = owner;
        _histogramFactory = histogramFactory ?? throw new ArgumentNullException(nameof(histogramFactory));
        InstanceId = HistogramBase.NextInstanceId();
        _activeHistogram = CreateHistogram(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits);
        if (autoResize)
        {
            _activeHistogram.AutoResize = true;
        }

        _activeHistogram.StartTimeStamp = NowMilliseconds();
    }

    /// <summary>The phaser writers enter around every record.</summary>
    public WriterReaderPhaser Phaser { get; } = new();

    /// <summary>The recorder's identity, given to every histogram it creates (Java's recorder instance id).</summary>
    public long InstanceId { get; }

    /// <summary>The histogram writers record into; read only inside a writer critical section.</summary>
    public HistogramBase ActiveHistogram => Volatile.Read(ref _activeHistogram);

    public HistogramBase GetIntervalHistogram(HistogramBase? histogramToRecycle)
    {
        lock (_gate)
        {
            if (histogramToRecycle is not null)
            {
                ValidateFitAsReplacementHistogram(histogramToRecycle);
            }

            _inactiveHistogram = histogramToRecycle;
            PerformIntervalSample();
            var sampledHistogram = _inactiveHistogram!;

            // Once handed out, the sample is the caller's until it is recycled.
            _inactiveHistogram = null;
            return sampledHistogram;
        }
    }

    public void GetIntervalHistogramInto(HistogramBase targetHistogram)
    {
        if (targetHistogram is null)
        {
            throw new ArgumentNullException(nameof(targetHistogram));
        }

        lock (_gate)
        {
            PerformIntervalSample();
            _inactiveHistogram!.CopyInto(targetHistogram);
        }
    }

    public void Reset()
    {
        lock (_gate)
        {
            // The inactive histogram is reset at every sample, so sampling twice clears both.
            PerformIntervalSample();
            PerformIntervalSample();
        }
    }

    private static long NowMilliseconds() => DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();

    private void PerformIntervalSample()
    {
        Phaser.ReaderLock();
        try
        {
            var previousActive = _activeHistogram;
            if (_inactiveHistogram is null)
            {
                // Same configuration as the active histogram, including the range it may have grown to.
                _inactiveHistogram = CreateHistogram(
                    previousActive.LowestTrackableValue,
                    previousActive.HighestTrackableValue,
                    previousActive.NumberOfSignificantValueDigits);
                _inactiveHistogram.AutoResize = previousActive.AutoResize;
            }

            _inactiveHistogram.Reset();

            Volatile.Write(ref _activeHistogram, _inactiveHistogram);
            _inactiveHistogram = previousActive;

            long now = NowMilliseconds();
            _activeHistogram.StartTimeStamp = now;
            _inactiveHistogram.EndTimeStamp = now;

            // Wait until no writer that might have seen the previous active histogram is still recording into it.
            Phaser.FlipPhase();
        }
        finally
        {
            Phaser.ReaderUnlock();
        }
    }

    private HistogramBase CreateHistogram(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        var histogram = _histogramFactory(InstanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits)
            ?? throw new InvalidOperationException("The histogram factory returned null.");
        if (histogram.ContainingRecorder is not null)
        {
            throw new InvalidOperationException("The histogram factory must return a new histogram on every call.");
        }

        histogram.ContainingRecorder = _owner;
        return histogram;
    }

    /// <summary>Java's check: only a histogram this recorder handed out (and that is not in use again) may be recycled.</summary>
    private void ValidateFitAsReplacementHistogram(HistogramBase histogramToRecycle)
    {
        if (!ReferenceEquals(histogramToRecycle.ContainingRecorder, _owner))
        {
            throw new ArgumentException(
                "The replacement histogram must have been obtained via a previous GetIntervalHistogram() call from this "
                + _owner.GetType().Name + " instance.",
                nameof(histogramToRecycle));
        }

        if (ReferenceEquals(histogramToRecycle, _activeHistogram))
        {
            throw new ArgumentException(
                "The replacement histogram was already recycled and is being recorded into again; recycle each interval histogram once.",
                nameof(histogramToRecycle));
        }
    }
}
