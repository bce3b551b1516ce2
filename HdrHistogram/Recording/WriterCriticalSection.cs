using System.Runtime.CompilerServices;

namespace HdrHistogram;

/// <summary>
/// A writer critical section of a <see cref="WriterReaderPhaser"/>, entered by
/// <see cref="WriterReaderPhaser.EnterWriterCriticalSection"/> and left by <see cref="Dispose"/>: lets a writer say
/// <c>using var section = phaser.EnterWriterCriticalSection();</c> instead of an enter / try / finally / exit block.
/// A ref struct, so it costs what the two calls cost and nothing is allocated.
/// </summary>
internal readonly ref struct WriterCriticalSection
{
    private readonly WriterReaderPhaser _phaser;
    private readonly long _criticalValueAtEnter;

    internal WriterCriticalSection(WriterReaderPhaser phaser, long criticalValueAtEnter)
    {
        _phaser = phaser;
        _criticalValueAtEnter = criticalValueAtEnter;
    }

    /// <summary>Leaves the critical section.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Dispose() => _phaser.WriterCriticalSectionExit(_criticalValueAtEnter);
}
