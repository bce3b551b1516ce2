namespace HdrHistogram.Recording;

/// <summary>
/// The interval-sampling machinery every recorder shares (Java's recorders, which differ only in the histograms they
/// record into): an active histogram writers record into inside a <see cref="Utilities.WriterReaderPhaser"/> critical section,
/// and an inactive one the reader swaps in. <see cref="IntervalRecorderCore"/> specializes it for integer histograms
/// (<see cref="Recorder"/>, <see cref="SingleWriterRecorder"/>), <see cref="DoubleIntervalRecorderCore"/> for
/// DoubleHistograms (<see cref="DoubleRecorder"/>, <see cref="SingleWriterDoubleRecorder"/>).
/// </summary>
/// <typeparam name="THistogram">The kind of histogram recorded into.</typeparam>
/// <remarks>
/// Taking an interval, as Java does: under the reader lock, reset the inactive histogram (a recycled one, or a new
/// one of the active one's configuration), make it the active one, stamp the interval's end and the next one's
/// start, then flip the phase, which returns once every writer that might still be recording into the histogram
/// just swapped out has left its critical section. From then on nothing writes to it: it is the interval.
/// </remarks>
internal abstract class IntervalRecorderCoreBase<THistogram>
    where THistogram : EncodableHistogram
{
    private readonly object _gate = new();
    private readonly object _owner;
    private THistogram _activeHistogram = null!;
    private THistogram? _inactiveHistogram;

    /// <summary>Creates the core; the derived constructor must then call <see cref="Start"/> with the first active histogram.</summary>
    /// <param name="owner">The public recorder: the containing instance recycled histograms must come from.</param>
    protected IntervalRecorderCoreBase(object owner)
    {
        _owner = owner;
        InstanceId = HistogramBase.NextInstanceId();
    }

    /// <summary>The phaser writers enter around every record, unless <see cref="SingleWriter"/> is set.</summary>
    public WriterReaderPhaser Phaser { get; } = new();

    /// <summary>
    /// The handshake writers enter around every record instead of <see cref="Phaser"/> when the histograms are not
    /// thread-safe (so one writer at a time) and the runtime supports it; null otherwise. Set once, by <see cref="Start"/>.
    /// </summary>
    public SingleWriterPhaser? SingleWriter { get; private set; }

    /// <summary>The recorder's identity, given to every histogram it creates (Java's recorder instance id).</summary>
    public long InstanceId { get; }

    /// <summary>The histogram writers record into; read only inside a writer critical section.</summary>
    public THistogram ActiveHistogram => Volatile.Read(ref _activeHistogram);

    /// <summary>The recorder that owns the histograms.</summary>
    protected object Owner => _owner;

    public THistogram GetIntervalHistogram(THistogram? histogramToRecycle)
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

    public void GetIntervalHistogramInto(THistogram targetHistogram)
    {
        if (targetHistogram is null)
        {
            throw new ArgumentNullException(nameof(targetHistogram));
        }

        lock (_gate)
        {
            PerformIntervalSample();
            CopyInto(_inactiveHistogram!, targetHistogram);
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

    /// <summary>
    /// Enters a writer critical section: <see cref="SingleWriter"/>'s when set, else <see cref="Phaser"/>'s. Pass the
    /// result to <see cref="ExitWriter"/> (in a <c>finally</c>) after the last write to <see cref="ActiveHistogram"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long EnterWriter()
    {
        if (SingleWriter is { } singleWriter)
        {
            singleWriter.WriterEnter();
            return 0;
        }

        return Phaser.WriterCriticalSectionEnter();
    }

    /// <summary>Leaves the writer critical section <see cref="EnterWriter"/> entered.</summary>
    /// <param name="criticalValueAtEnter">What <see cref="EnterWriter"/> returned.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ExitWriter(long criticalValueAtEnter)
    {
        if (SingleWriter is { } singleWriter)
        {
            singleWriter.WriterExit();
        }
        else
        {
            Phaser.WriterCriticalSectionExit(criticalValueAtEnter);
        }
    }

    /// <summary>
    /// Enters a writer critical section as <see cref="EnterWriter"/> does, for a <c>using</c> block that leaves it: the
    /// form the records other than the per-value one share.
    /// </summary>
    /// <returns>The section; dispose it after the last write to <see cref="ActiveHistogram"/>.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public WriterCriticalSection<THistogram> EnterWriterSection() => new(this, EnterWriter());

    /// <summary>Makes <paramref name="first"/> (owned by this recorder) the active histogram; its interval begins now.</summary>
    /// <param name="first">The first active histogram.</param>
    /// <param name="oneWriterAtATime">
    /// Whether the histograms are not thread-safe, so that only one writer may record at a time: the writers then use
    /// the cheaper <see cref="SingleWriterPhaser"/> where the runtime supports it.
    /// </param>
    protected void Start(THistogram first, bool oneWriterAtATime)
    {
        SingleWriter = oneWriterAtATime && SingleWriterPhaser.IsSupported ? new SingleWriterPhaser() : null;
        _activeHistogram = first;
        first.StartTimeStamp = NowMilliseconds();
    }

    /// <summary>Creates a new histogram of the active one's configuration (including the range it may have grown to), adopted by this recorder.</summary>
    protected abstract THistogram CreateLike(THistogram active);

    /// <summary>Called once no writer can record into <paramref name="histogram"/> any more (it is the sampled interval).</summary>
    protected virtual void OnWritersLeft(THistogram histogram)
    {
    }

    /// <summary>Clears the histogram's counts.</summary>
    protected abstract void ResetHistogram(THistogram histogram);

    /// <summary>Copies the sampled interval into the caller's target.</summary>
    protected abstract void CopyInto(THistogram source, THistogram target);

    /// <summary>The recorder that created the histogram, if any.</summary>
    protected abstract object? GetContainingRecorder(THistogram histogram);

    private static long NowMilliseconds() => DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();

    private void PerformIntervalSample()
    {
        Phaser.ReaderLock();
        try
        {
            var previousActive = _activeHistogram;
            _inactiveHistogram ??= CreateLike(previousActive);
            ResetHistogram(_inactiveHistogram);

            Volatile.Write(ref _activeHistogram, _inactiveHistogram);
            _inactiveHistogram = previousActive;

            long now = NowMilliseconds();
            _activeHistogram.StartTimeStamp = now;
            _inactiveHistogram.EndTimeStamp = now;

            // Wait until no writer that might have seen the previous active histogram is still recording into it.
            if (SingleWriter is { } singleWriter)
            {
                singleWriter.WaitForWriterToLeavePreviousTarget();
            }
            else
            {
                Phaser.FlipPhase();
            }

            OnWritersLeft(_inactiveHistogram);
        }
        finally
        {
            Phaser.ReaderUnlock();
        }
    }

    /// <summary>
    /// Java's check: only a histogram this recorder handed out (and that is not in use again) may be recycled; a failure
    /// throws <see cref="InvalidOperationException"/>, as 2.5.0's Recorder does (Java's <c>IllegalArgumentException</c>).
    /// </summary>
    private void ValidateFitAsReplacementHistogram(THistogram histogramToRecycle)
    {
        if (!ReferenceEquals(GetContainingRecorder(histogramToRecycle), _owner))
        {
            throw new InvalidOperationException(
                "The replacement histogram (histogramToRecycle) must have been obtained via a previous GetIntervalHistogram() call from this "
                + _owner.GetType().Name + " instance.");
        }

        if (ReferenceEquals(histogramToRecycle, _activeHistogram))
        {
            throw new InvalidOperationException(
                "The replacement histogram (histogramToRecycle) was already recycled and is being recorded into again; recycle each interval histogram once.");
        }
    }
}
