using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Histograms;

/// <summary>
/// Where a <see cref="SynchronizedHistogram"/> takes its lock: every public operation (and every operation of another
/// histogram, an encoder, the decoder or a log writer that reads or fills it) waits while another thread holds
/// <see cref="SynchronizedHistogram.SyncRoot"/>; the same operations on plain histograms do not; and an operation
/// enters the lock once.
/// </summary>
public class SynchronizedHistogramLockTests
{
    private const long Highest = 3_600_000_000;

    private static readonly byte[] EncodedPlain = HistogramEncoder.Encode(Filled(new LongHistogram(1, Highest, 3)));

    /// <summary>Each operation, on a subject histogram and a plain partner holding the same values.</summary>
    private static readonly (string Name, Action<HistogramBase, HistogramBase> Run)[] Operations =
    {
        ("RecordValue", (h, _) => h.RecordValue(7)),
        ("RecordValueWithCount", (h, _) => h.RecordValueWithCount(7, 3)),
        ("RecordValueWithExpectedInterval", (h, _) => h.RecordValueWithExpectedInterval(100_000, 10_000)),
        ("Reset", (h, _) => h.Reset()),
        ("HasOverflowed", (h, _) => h.HasOverflowed()),
        ("Copy", (h, _) => h.Copy()),
        ("CopyCorrectedForCoordinatedOmission", (h, _) => h.CopyCorrectedForCoordinatedOmission(10_000)),
        ("CopyInto a plain histogram", (h, plain) => h.CopyInto(plain)),
        ("a plain histogram's CopyInto it", (h, plain) => plain.CopyInto(h)),
        ("Add a plain histogram", (h, plain) => h.Add(plain)),
        ("a plain histogram's Add of it", (h, plain) => plain.Add(h)),
        ("Subtract a plain histogram", (h, plain) => h.Subtract(plain)),
        ("a plain histogram's Subtract of it", (h, plain) => plain.Subtract(h)),
        ("AddWhileCorrectingForCoordinatedOmission a plain histogram", (h, plain) => h.AddWhileCorrectingForCoordinatedOmission(plain, 10_000)),
        ("a plain histogram's AddWhileCorrectingForCoordinatedOmission of it", (h, plain) => plain.AddWhileCorrectingForCoordinatedOmission(h, 10_000)),
        ("ShiftValuesLeft", (h, _) => h.ShiftValuesLeft(1)),
        ("ShiftValuesRight", (h, _) => h.ShiftValuesRight(1)),
        ("GetMinValue", (h, _) => h.GetMinValue()),
        ("GetMean", (h, _) => h.GetMean()),
        ("GetStdDeviation", (h, _) => h.GetStdDeviation()),
        ("GetValueAtPercentile", (h, _) => h.GetValueAtPercentile(99)),
        ("GetValuesAtPercentiles", (h, _) => h.GetValuesAtPercentiles(new[] { 50.0, 99.0 }, new long[2])),
        ("GetPercentileAtOrBelowValue", (h, _) => h.GetPercentileAtOrBelowValue(150_000)),
        ("GetCountAtValue", (h, _) => h.GetCountAtValue(100_000)),
        ("GetCountBetweenValues", (h, _) => h.GetCountBetweenValues(1, 1_000_000)),
        ("Equals a plain histogram", (h, plain) => h.Equals(plain)),
        ("a plain histogram's Equals of it", (h, plain) => plain.Equals(h)),
        ("GetHashCode", (h, _) => h.GetHashCode()),
        ("StartTimeStamp", (h, _) => h.StartTimeStamp = 5),
        ("Tag", (h, _) => h.Tag = "A"),
        ("HistogramEncoder.Encode", (h, _) => HistogramEncoder.Encode(h)),
        ("HistogramEncoder.EncodeCompressed", (h, _) => HistogramEncoder.EncodeCompressed(h)),
        ("Encode with the 2.5.0 V2 encoder", (h, _) => h.Encode(ByteBuffer.Allocate(h.GetNeededByteBufferCapacity()), HistogramEncoderV2.Instance)),
        ("HistogramDecoder.DecodeInto it", (h, _) => new HistogramDecoder().DecodeInto(EncodedPlain, h)),
        ("HistogramLogWriter.OutputIntervalHistogram", (h, _) => HeldLock.WriteLogLine(h)),
        ("RecordedValues", (h, _) => h.RecordedValues().GetEnumerator().MoveNext()),
        ("OutputPercentileDistribution", (h, _) => h.OutputPercentileDistribution(System.IO.TextWriter.Null)),
    };

    public static TheoryData<string> OperationNames => new(System.Linq.Enumerable.Select(Operations, o => o.Name));

    [Theory]
    [MemberData(nameof(OperationNames))]
    public void An_operation_waits_while_another_thread_holds_the_synchronized_histograms_lock(string operation)
        => HeldLock.ShouldWaitFor<HistogramBase>(
            () => Filled(new SynchronizedHistogram(1, Highest, 3)),
            () => Filled(new LongHistogram(1, Highest, 3)),
            h => ((SynchronizedHistogram)h).SyncRoot,
            Array.Find(Operations, o => o.Name == operation).Run);

    [Theory]
    [MemberData(nameof(OperationNames))]
    public void The_same_operation_on_plain_histograms_does_not_wait_for_a_synchronized_histograms_lock(string operation)
        => HeldLock.ShouldNotWaitFor<HistogramBase>(
            new SynchronizedHistogram(1, Highest, 3).SyncRoot,
            () => Filled(new LongHistogram(1, Highest, 3)),
            Array.Find(Operations, o => o.Name == operation).Run);

    [Fact]
    public void Writing_a_synchronized_histogram_to_a_log_or_encoding_it_enters_its_lock_once()
    {
        var h = Filled(new DepthProbe());
        var reference = Filled(new LongHistogram(1, Highest, 3));

        string line = HeldLock.WriteLogLine(h);
        h.DepthSeen.Should().Be(1, "the log writer takes the lock once, and the encoding inside it takes it no more");
        new HistogramDecoder().DecodeFromBase64(line.Split(',')[3]).Should().Be(reference);

        HistogramEncoder.Encode(h).Should().Equal(HistogramEncoder.Encode(reference));
        h.DepthSeen.Should().Be(1);
        HistogramEncoder.EncodeCompressed(h).Should().Equal(HistogramEncoder.EncodeCompressed(reference));
        h.DepthSeen.Should().Be(1);

        // The probe counts every entry: under the caller's own lock the writer's entry is the second.
        lock (h.SyncRoot)
        {
            HeldLock.WriteLogLine(h).Should().Be(line);
        }

        h.DepthSeen.Should().Be(2);
    }

    private static T Filled<T>(T histogram)
        where T : HistogramBase
    {
        histogram.RecordValueWithCount(100_000, 2);
        histogram.RecordValue(200_000);
        return histogram;
    }

    /// <summary>
    /// A synchronized histogram that records how many times the current thread holds its lock when the library reads
    /// its maximum, which a log line and an encoding read under the lock together with the counts.
    /// </summary>
    private sealed class DepthProbe : SynchronizedHistogram
    {
        public DepthProbe()
            : base(1, Highest, 3)
        {
        }

        public int DepthSeen { get; private set; } = -1;

        public override double GetMaxValueAsDouble()
        {
            DepthSeen = HeldLock.DepthHeldByCurrentThread(SyncRoot);
            return base.GetMaxValueAsDouble();
        }
    }
}
