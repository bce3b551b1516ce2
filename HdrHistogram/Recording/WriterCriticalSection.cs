namespace HdrHistogram.Recording;

/// <summary>
/// A writer critical section of a recorder's core, for a <c>using</c> block: created by
/// <see cref="IntervalRecorderCoreBase{THistogram}.EnterWriterSection"/>, left when disposed (the
/// <see cref="IntervalRecorderCoreBase{THistogram}.EnterWriter"/> / <see cref="IntervalRecorderCoreBase{THistogram}.ExitWriter"/>
/// pair, with the exit in a <c>finally</c>). A struct, so entering one allocates nothing.
/// </summary>
/// <typeparam name="THistogram">The kind of histogram the core records into.</typeparam>
internal readonly struct WriterCriticalSection<THistogram> : IDisposable
    where THistogram : EncodableHistogram
{
    private readonly IntervalRecorderCoreBase<THistogram> _core;
    private readonly long _criticalValueAtEnter;

    /// <summary>Wraps a section already entered.</summary>
    /// <param name="core">The core whose section was entered.</param>
    /// <param name="criticalValueAtEnter">What <see cref="IntervalRecorderCoreBase{THistogram}.EnterWriter"/> returned.</param>
    public WriterCriticalSection(IntervalRecorderCoreBase<THistogram> core, long criticalValueAtEnter)
    {
        _core = core;
        _criticalValueAtEnter = criticalValueAtEnter;
    }

    /// <summary>Leaves the section.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Dispose() => _core.ExitWriter(_criticalValueAtEnter);
}
