using System.Collections.Concurrent;
using System.Diagnostics;
using System.Threading;

namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>One deterministic record call: a value and how many times to record it.</summary>
internal readonly record struct Sample(long Value, long Count);

/// <summary>
/// Runs writer threads over known, deterministic samples while a reader works on the same recorder or histogram
/// as fast as it can, and checks the end state against a reference histogram recorded single-threaded.
/// </summary>
/// <remarks>
/// Every run is bounded by its sample count. The writers pause at a few checkpoints until the reader has completed
/// another round, so that reads demonstrably interleave with writes even on a loaded two-core machine. A reader that
/// completes no round within <see cref="CheckpointTimeout"/> fails the run (a <see cref="TimeoutException"/>) rather
/// than letting the writers go on unobserved: a round takes microseconds to milliseconds, so the bound only catches a
/// reader that is stuck.
/// </remarks>
internal static class ConcurrencyHarness
{
    public const int Checkpoints = 8;

    /// <summary>The highest trackable value of the stress runs' fixed-range histograms and recorders (an hour in microseconds).</summary>
    public const long Highest = 3_600_000_000;

    /// <summary>The stress runs' precision.</summary>
    public const int Digits = 3;

    /// <summary>How many samples each writer of a stress run records.</summary>
    public const int SamplesPerThread = 40_000;

    public static readonly TimeSpan CheckpointTimeout = TimeSpan.FromSeconds(30);

    /// <summary>Values spread log-uniformly over [1, <paramref name="maxValue"/>], counts 1 to 3; different per thread.</summary>
    public static Sample[] SpreadSamples(int thread, int length, long maxValue)
    {
        var random = new Random(1000 + thread);
        var samples = new Sample[length];
        double logMax = Math.Log(maxValue);
        for (int i = 0; i < length; i++)
        {
            long value = Math.Min(maxValue, (long)Math.Exp(random.NextDouble() * logMax));
            samples[i] = new Sample(value, 1 + ((i + thread) % 3));
        }

        return samples;
    }

    /// <summary>
    /// Values whose magnitude grows with the index, from 1 up to about 2^<paramref name="maxMagnitude"/>, so that an
    /// auto-resizing histogram grows many times while every thread records.
    /// </summary>
    public static Sample[] GrowingSamples(int thread, int length, int maxMagnitude)
    {
        var random = new Random(2000 + thread);
        var samples = new Sample[length];
        for (int i = 0; i < length; i++)
        {
            long magnitude = 1L << (int)((long)maxMagnitude * i / length);
            samples[i] = new Sample(magnitude + (long)(random.NextDouble() * magnitude), 1 + ((i + thread) % 3));
        }

        return samples;
    }

    public static Sample[][] PerThread(int threads, Func<int, Sample[]> samplesOfThread)
        => Enumerable.Range(0, threads).Select(samplesOfThread).ToArray();

    /// <summary>What the samples add up to, recorded single-threaded.</summary>
    public static LongHistogram Reference(IEnumerable<Sample[]> perThread, long lowest, int digits)
    {
        var reference = new LongHistogram(lowest, 2 * lowest, digits) { AutoResize = true };
        foreach (var samples in perThread)
        {
            foreach (var s in samples)
            {
                reference.RecordValueWithCount(s.Value, s.Count);
            }
        }

        return reference;
    }

    /// <summary>Records one sample, alternating between the single-value and the counted record call.</summary>
    public static void Record(IRecorder recorder, Sample s)
    {
        if (s.Count == 1)
        {
            recorder.RecordValue(s.Value);
        }
        else
        {
            recorder.RecordValueWithCount(s.Value, s.Count);
        }
    }

    /// <summary>
    /// Writers record <paramref name="perThread"/> into <paramref name="recorder"/> (one thread per sample array)
    /// while the reader takes intervals with <paramref name="takeInterval"/>, recycling each previous interval,
    /// and accumulates them into a <see cref="LongHistogram"/>. After the writers finish, one last interval is
    /// added. Returns the accumulation and the number of intervals taken.
    /// </summary>
    public static (LongHistogram Accumulated, int Intervals) RecordWhileTakingIntervals(
        IRecorder recorder, Func<HistogramBase?, HistogramBase> takeInterval, Sample[][] perThread)
    {
        LongHistogram? accumulated = null;
        HistogramBase? recycle = null;
        long previousEnd = 0;
        int intervals = 0;

        void AddInterval(HistogramBase interval)
        {
            ShouldFollow(interval, ref previousEnd);
            accumulated ??= new LongHistogram(interval.LowestTrackableValue, 2 * interval.LowestTrackableValue, interval.NumberOfSignificantValueDigits)
            {
                AutoResize = true,
            };
            accumulated.Add(interval);
            recycle = interval;
            intervals++;
        }

        RunWritersWithReader(
            perThread,
            RecordingInto(recorder),
            () => AddInterval(takeInterval(recycle)));

        AddInterval(takeInterval(recycle));
        return (accumulated!, intervals);
    }

    /// <summary>
    /// <paramref name="takeInterval"/>, checking that every interval it hands out is exactly of
    /// <paramref name="expectedType"/>, the histogram type the recorder was built to produce.
    /// </summary>
    /// <typeparam name="T">The histogram type the recorder's intervals are declared as.</typeparam>
    public static Func<T?, T> TakingIntervalsOfType<T>(Func<T?, T> takeInterval, Type expectedType)
        where T : EncodableHistogram
        => recycle =>
        {
            var interval = takeInterval(recycle);
            interval.Should().BeOfType(expectedType);
            return interval;
        };

    /// <summary>
    /// Checks an interval taken from a recorder: its timestamps are set and ordered, and it starts where the previous
    /// interval (ending at <paramref name="previousEnd"/>, 0 for none) ended; then moves <paramref name="previousEnd"/> on.
    /// </summary>
    public static void ShouldFollow(EncodableHistogram interval, ref long previousEnd)
    {
        interval.StartTimeStamp.Should().BeGreaterThan(0);
        interval.EndTimeStamp.Should().BeGreaterThanOrEqualTo(interval.StartTimeStamp);
        if (previousEnd != 0)
        {
            interval.StartTimeStamp.Should().Be(previousEnd, "each interval starts when the previous one was taken");
        }

        previousEnd = interval.EndTimeStamp;
    }

    /// <summary>The writer for <see cref="RunWritersWithReader"/> that records every sample of its chunk into <paramref name="recorder"/>.</summary>
    public static Action<int, ArraySegment<Sample>> RecordingInto(IRecorder recorder) => (_, samples) =>
    {
        foreach (var s in samples)
        {
            Record(recorder, s);
        }
    };

    /// <summary>
    /// Starts one writer thread per sample array, each running <paramref name="write"/> over its samples in
    /// <see cref="Checkpoints"/> chunks, and runs <paramref name="readRound"/> in a loop on this thread until every
    /// writer is done. Rethrows the first exception any thread saw. Returns the number of read rounds.
    /// </summary>
    public static int RunWritersWithReader(Sample[][] perThread, Action<int, ArraySegment<Sample>> write, Action readRound)
    {
        var failures = new ConcurrentQueue<Exception>();
        long readRounds = 0;
        int writersRunning = perThread.Length;
        using var start = new Barrier(perThread.Length + 1);
        var threads = new Thread[perThread.Length];
        for (int t = 0; t < perThread.Length; t++)
        {
            int thread = t;
            threads[t] = new Thread(() =>
            {
                try
                {
                    start.SignalAndWait();
                    var samples = perThread[thread];
                    int chunk = (samples.Length + Checkpoints - 1) / Checkpoints;
                    for (int offset = 0; offset < samples.Length; offset += chunk)
                    {
                        WaitForAnotherRound(ref readRounds);
                        write(thread, new ArraySegment<Sample>(samples, offset, Math.Min(chunk, samples.Length - offset)));
                    }
                }
                catch (Exception e)
                {
                    failures.Enqueue(e);
                }
                finally
                {
                    Interlocked.Decrement(ref writersRunning);
                }
            })
            {
                IsBackground = true,
                Name = "writer " + t,
            };
            threads[t].Start();
        }

        start.SignalAndWait();
        try
        {
            while (Volatile.Read(ref writersRunning) > 0)
            {
                readRound();
                Interlocked.Increment(ref readRounds);
            }
        }
        catch (Exception e)
        {
            failures.Enqueue(e);
            Interlocked.Exchange(ref readRounds, long.MaxValue / 2); // Release the writers.
        }

        foreach (var thread in threads)
        {
            thread.Join();
        }

        if (failures.TryDequeue(out var failure))
        {
            throw new AggregateException("A writer or the reader failed.", failures.Prepend(failure));
        }

        return (int)Math.Min(int.MaxValue, Interlocked.Read(ref readRounds));
    }

    /// <summary>Every recorded value and its count, in value order.</summary>
    public static List<(long Value, long Count)> Buckets(HistogramBase histogram)
        => histogram.RecordedValues().Select(v => (v.ValueIteratedTo, v.CountAtValueIteratedTo)).ToList();

    /// <summary>Asserts that <paramref name="actual"/> holds exactly the counts of <paramref name="expected"/>, value by value.</summary>
    public static void ShouldHoldExactly(HistogramBase actual, HistogramBase expected)
    {
        actual.TotalCount.Should().Be(expected.TotalCount);
        Buckets(actual).Should().Equal(Buckets(expected));
        actual.GetMaxValue().Should().Be(expected.GetMaxValue());
        actual.GetMinNonZeroValue().Should().Be(expected.GetMinNonZeroValue());
    }

    private static void WaitForAnotherRound(ref long readRounds)
    {
        long seen = Interlocked.Read(ref readRounds);
        var deadline = Stopwatch.StartNew();
        var spinner = default(SpinWait);
        while (Interlocked.Read(ref readRounds) == seen)
        {
            if (deadline.Elapsed >= CheckpointTimeout)
            {
                throw new TimeoutException($"The reader completed no round within {CheckpointTimeout.TotalSeconds} s of a writer's checkpoint: the writes would go on without reads between them.");
            }

            spinner.SpinOnce();
        }
    }
}
