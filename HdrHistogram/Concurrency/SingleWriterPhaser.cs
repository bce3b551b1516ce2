namespace HdrHistogram.Concurrency;

/// <summary>
/// The recorders' writer/reader handshake for one writer thread at a time, without an atomic instruction on the
/// writer's side: the <see cref="WriterReaderPhaser"/>'s job (tell the reader when no writer still records into the
/// histogram it swapped out) for <see cref="SingleWriterRecorder"/>, a <see cref="Recorder"/> over histograms that are
/// not thread-safe, and <see cref="SingleWriterDoubleRecorder"/>.
/// </summary>
/// <remarks>
/// <para>
/// The writer marks itself inside (a plain store), reads the active histogram, records, counts its exit and marks
/// itself outside (release stores). The reader publishes the new active histogram, then runs a process-wide memory
/// barrier (<see cref="ProcessWideBarrier"/>, once per interval), which puts a full barrier into
/// the writer's instruction stream somewhere: either before the writer's "inside" store, and then the writer's
/// following read sees the new histogram; or after it, and then the reader sees "inside" (or a later store) and waits
/// until the writer is outside or has counted one more exit. So the writer pays two ordinary stores and a load where
/// the phaser costs two atomic increments (full fences), and the reader a barrier.
/// </para>
/// <para>
/// Writers that break the one-at-a-time rule corrupt the (not thread-safe) histogram anyway; here they cannot block the
/// reader either: once every writer has left, the "inside" flag reads 0 (each writer's last store is its 0).
/// </para>
/// </remarks>
internal sealed class SingleWriterPhaser
{
    private int _writerInside;
    private int _writerExits;

    /// <summary>Whether the runtime has what the handshake needs (the process-wide barrier); otherwise use a <see cref="WriterReaderPhaser"/>.</summary>
    public static bool IsSupported => ProcessWideBarrier.IsAvailable;

    /// <summary>Enters the writer's critical section: before it reads the active histogram.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriterEnter() => Volatile.Write(ref _writerInside, 1);

    /// <summary>Leaves the writer's critical section: after its last write to the histogram.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void WriterExit()
    {
        Volatile.Write(ref _writerExits, unchecked(_writerExits + 1));
        Volatile.Write(ref _writerInside, 0);
    }

    /// <summary>
    /// Called by the reader (under the reader lock) once it has published the new active histogram: returns when no
    /// writer can still be recording into the previous one, and every write the writer made to it is visible.
    /// </summary>
    public void WaitForWriterToLeavePreviousTarget()
    {
        ProcessWideBarrier.Execute();
        if (Volatile.Read(ref _writerInside) == 0)
        {
            return;
        }

        // The writer is (or was, a moment ago) inside: wait for that section's exit, or for the writer to be outside.
        int exits = Volatile.Read(ref _writerExits);
        var spinner = default(SpinWait);
        while (Volatile.Read(ref _writerInside) != 0 && Volatile.Read(ref _writerExits) == exits)
        {
            spinner.SpinOnce();
        }
    }
}
