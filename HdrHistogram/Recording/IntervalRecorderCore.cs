namespace HdrHistogram.Recording;

/// <summary>
/// The interval-sampling machinery of <see cref="Recorder"/> and <see cref="SingleWriterRecorder"/> (see
/// <see cref="IntervalRecorderCoreBase{THistogram}"/>), recording into integer histograms a factory creates.
/// </summary>
internal sealed class IntervalRecorderCore : IntervalRecorderCoreBase<HistogramBase>
{
    private readonly HistogramFactoryDelegate _histogramFactory;

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
        : base(owner)
    {
        _histogramFactory = histogramFactory ?? throw new ArgumentNullException(nameof(histogramFactory));
        var first = CreateHistogram(lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits);
        if (autoResize)
        {
            first.AutoResize = true;
        }

        Start(first, oneWriterAtATime: !first.IsThreadSafeForWriters);
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValue</c>).</summary>
    public void RecordValue(long value)
    {
        // The per-value hot path keeps the explicit enter / try / finally its benchmarks measured (not EnterWriterSection).
        long criticalValueAtEnter = EnterWriter();
        try
        {
            // Concurrent histograms under the phaser take the count only (their total is the sum of the counts); the
            // interval's minimum and maximum follow from the counts once the writers have left (OnWritersLeft).
            if (SingleWriter is null)
            {
                ActiveHistogram.RecordCountOnly(value);
            }
            else
            {
                ActiveHistogram.RecordValue(value);
            }
        }
        finally
        {
            ExitWriter(criticalValueAtEnter);
        }
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValueWithCount</c>).</summary>
    public void RecordValueWithCount(long value, long count)
    {
        using (EnterWriterSection())
        {
            ActiveHistogram.RecordValueWithCount(value, count);
        }
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValueWithExpectedInterval</c>).</summary>
    public void RecordValueWithExpectedInterval(long value, long expectedIntervalBetweenValueSamples)
    {
        using (EnterWriterSection())
        {
            ActiveHistogram.RecordValueWithExpectedInterval(value, expectedIntervalBetweenValueSamples);
        }
    }

    protected override HistogramBase CreateLike(HistogramBase active)
    {
        var histogram = CreateHistogram(active.LowestTrackableValue, active.HighestTrackableValue, active.NumberOfSignificantValueDigits);
        histogram.AutoResize = active.AutoResize;
        return histogram;
    }

    protected override void ResetHistogram(HistogramBase histogram) => histogram.Reset();

    // The phaser's writers recorded counts only (RecordValue: HistogramBase.RecordCountOnly); now that they have left,
    // the minimum and maximum follow from the counts.
    protected override void OnWritersLeft(HistogramBase histogram)
    {
        if (SingleWriter is null)
        {
            histogram.CompleteTrackingFromCounts();
        }
    }

    protected override void CopyInto(HistogramBase source, HistogramBase target) => source.CopyInto(target);

    protected override object? GetContainingRecorder(HistogramBase histogram) => histogram.ContainingRecorder;

    private HistogramBase CreateHistogram(long lowestDiscernibleValue, long highestTrackableValue, int numberOfSignificantValueDigits)
    {
        var histogram = _histogramFactory(InstanceId, lowestDiscernibleValue, highestTrackableValue, numberOfSignificantValueDigits)
            ?? throw new InvalidOperationException("The histogram factory returned null.");
        if (histogram.ContainingRecorder is not null)
        {
            throw new InvalidOperationException("The histogram factory must return a new histogram on every call.");
        }

        histogram.ContainingRecorder = Owner;
        return histogram;
    }
}
