using System.Runtime.ExceptionServices;
using System.Threading;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// Observes whether an operation takes a lock: the operation runs on another thread while this one holds the lock,
/// and either finishes (it took no such lock) or waits (it is blocked on it) and finishes once the lock is released.
/// </summary>
/// <remarks>
/// Nothing is timed: the holder waits until the operation's thread has finished or is in a wait. The operation is
/// run once before the observation (on other objects, by the caller) so that no first-call work (JIT, type loading)
/// can be mistaken for a wait.
/// </remarks>
internal static class HeldLock
{
    /// <summary>
    /// Runs <paramref name="operation"/> once on fresh histograms (first-call work), then on fresh ones again while
    /// this thread holds the lock <paramref name="gate"/> gives for the first of them, and expects it to wait.
    /// </summary>
    /// <typeparam name="T">The histogram type the operation takes.</typeparam>
    public static void ShouldWaitFor<T>(Func<T> createSubject, Func<T> createPartner, Func<T, object> gate, Action<T, T> operation)
    {
        operation(createSubject(), createPartner());
        var subject = createSubject();
        var partner = createPartner();
        FinishesWhileHeld(gate(subject), () => operation(subject, partner)).Should().BeFalse("the operation takes the histogram's lock");
    }

    /// <summary>
    /// Runs <paramref name="operation"/> once on fresh histograms (first-call work), then on fresh ones again while
    /// this thread holds <paramref name="gate"/>, and expects it to finish without waiting.
    /// </summary>
    /// <typeparam name="T">The histogram type the operation takes.</typeparam>
    public static void ShouldNotWaitFor<T>(object gate, Func<T> create, Action<T, T> operation)
    {
        operation(create(), create());
        var subject = create();
        var partner = create();
        FinishesWhileHeld(gate, () => operation(subject, partner)).Should().BeTrue("the operation takes no such lock");
    }

    /// <summary>Writes <paramref name="histogram"/> as one interval line of a histogram log, with its own timestamps.</summary>
    /// <returns>The line, without its line feed.</returns>
    public static string WriteLogLine(EncodableHistogram histogram)
    {
        using var stream = new MemoryStream();
        using (var writer = new HistogramLogWriter(stream, leaveOpen: true))
        {
            writer.OutputIntervalHistogram(histogram);
        }

        return System.Text.Encoding.UTF8.GetString(stream.ToArray()).TrimEnd('\n');
    }

    /// <summary>Runs <paramref name="operation"/> while <paramref name="gate"/> is held by this thread.</summary>
    /// <returns><c>true</c> when the operation finished while the lock was held; <c>false</c> when it waited.</returns>
    public static bool FinishesWhileHeld(object gate, Action operation)
    {
        Exception? failure = null;
        int finished = 0;
        var thread = new Thread(() =>
        {
            try
            {
                operation();
            }
            catch (Exception e)
            {
                failure = e;
            }

            Volatile.Write(ref finished, 1);
        })
        { IsBackground = true };

        bool finishedWhileHeld;
        lock (gate)
        {
            thread.Start();
            while (Volatile.Read(ref finished) == 0 && (thread.ThreadState & ThreadState.WaitSleepJoin) == 0)
            {
                Thread.Yield();
            }

            finishedWhileHeld = Volatile.Read(ref finished) == 1;
        }

        thread.Join();
        if (failure is not null)
        {
            ExceptionDispatchInfo.Capture(failure).Throw();
        }

        return finishedWhileHeld;
    }

    /// <summary>
    /// How many times the current thread holds <paramref name="gate"/>: the lock is released until this thread no
    /// longer holds it, counting, then taken again as many times.
    /// </summary>
    public static int DepthHeldByCurrentThread(object gate)
    {
        int depth = 0;
        while (Monitor.IsEntered(gate))
        {
            Monitor.Exit(gate);
            depth++;
        }

        for (int i = 0; i < depth; i++)
        {
            Monitor.Enter(gate);
        }

        return depth;
    }
}
