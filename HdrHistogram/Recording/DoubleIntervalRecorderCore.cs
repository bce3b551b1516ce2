namespace HdrHistogram.Recording;

/// <summary>
/// The interval-sampling machinery of <see cref="DoubleRecorder"/> (into <see cref="DoubleConcurrentHistogram"/>s) and
/// <see cref="SingleWriterDoubleRecorder"/> (into <see cref="DoubleHistogram"/>s); see <see cref="IntervalRecorderCoreBase{THistogram}"/>.
/// </summary>
internal sealed class DoubleIntervalRecorderCore : IntervalRecorderCoreBase<DoubleHistogram>
{
    private readonly bool _concurrent;

    /// <summary>Creates the core and the first active histogram; the interval it starts begins now.</summary>
    /// <param name="owner">The public recorder: the containing instance recycled histograms must come from.</param>
    /// <param name="highestToLowestValueRatio">The dynamic range (2 with <paramref name="autoResize"/>).</param>
    /// <param name="numberOfSignificantValueDigits">Decimal digits of precision to maintain.</param>
    /// <param name="autoResize">Whether the histograms' dynamic range grows to fit what is recorded.</param>
    /// <param name="concurrent">Records into <see cref="DoubleConcurrentHistogram"/>s (many writers) instead of <see cref="DoubleHistogram"/>s.</param>
    public DoubleIntervalRecorderCore(object owner, long highestToLowestValueRatio, int numberOfSignificantValueDigits, bool autoResize, bool concurrent)
        : base(owner)
    {
        _concurrent = concurrent;
        Start(Create(highestToLowestValueRatio, numberOfSignificantValueDigits, autoResize), oneWriterAtATime: !concurrent);
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValue</c>).</summary>
    public void RecordValue(double value)
    {
        // The per-value hot path keeps the explicit enter / try / finally its benchmarks measured (not EnterWriterSection).
        long criticalValueAtEnter = EnterWriter();
        try
        {
            ActiveHistogram.RecordValue(value);
        }
        finally
        {
            ExitWriter(criticalValueAtEnter);
        }
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValueWithCount</c>).</summary>
    public void RecordValueWithCount(double value, long count)
    {
        using (EnterWriterSection())
        {
            ActiveHistogram.RecordValueWithCount(value, count);
        }
    }

    /// <summary>Records into the active histogram inside a writer critical section (see the recorder's <c>RecordValueWithExpectedInterval</c>).</summary>
    public void RecordValueWithExpectedInterval(double value, double expectedIntervalBetweenValueSamples)
    {
        using (EnterWriterSection())
        {
            ActiveHistogram.RecordValueWithExpectedInterval(value, expectedIntervalBetweenValueSamples);
        }
    }

    // Java's copy constructor followed by reset: the active histogram's (possibly grown) dynamic range and digits.
    protected override DoubleHistogram CreateLike(DoubleHistogram active)
        => Create(active.GetHighestToLowestValueRatio(), active.NumberOfSignificantValueDigits, active.AutoResize);

    protected override void ResetHistogram(DoubleHistogram histogram) => histogram.Reset();

    protected override void CopyInto(DoubleHistogram source, DoubleHistogram target) => source.CopyInto(target);

    protected override object? GetContainingRecorder(DoubleHistogram histogram) => histogram.ContainingRecorder;

    private DoubleHistogram Create(long highestToLowestValueRatio, int numberOfSignificantValueDigits, bool autoResize)
    {
        DoubleHistogram histogram = _concurrent
            ? new DoubleConcurrentHistogram(highestToLowestValueRatio, numberOfSignificantValueDigits)
            : new DoubleHistogram(highestToLowestValueRatio, numberOfSignificantValueDigits);
        histogram.AutoResize = autoResize;
        histogram.ContainingRecorder = Owner;
        return histogram;
    }
}
