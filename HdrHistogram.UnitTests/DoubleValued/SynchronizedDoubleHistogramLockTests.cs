namespace HdrHistogram.UnitTests.DoubleValued;

/// <summary>
/// Where a <see cref="SynchronizedDoubleHistogram"/> takes its lock: every public operation (and every operation of
/// another histogram, an encoder, the decoder or a log writer that reads or fills it) waits while another thread holds
/// <see cref="SynchronizedDoubleHistogram.SyncRoot"/>, and the same operations on plain double histograms do not.
/// </summary>
public class SynchronizedDoubleHistogramLockTests
{
    private static readonly byte[] EncodedPlain = HistogramEncoder.Encode(Filled(new DoubleHistogram(3)));

    /// <summary>Each operation, on a subject histogram and a plain partner holding the same values.</summary>
    private static readonly (string Name, Action<DoubleHistogram, DoubleHistogram> Run)[] Operations =
    {
        ("RecordValue", (h, _) => h.RecordValue(7.5)),
        ("RecordValueWithCount", (h, _) => h.RecordValueWithCount(7.5, 3)),
        ("RecordValueWithExpectedInterval", (h, _) => h.RecordValueWithExpectedInterval(10.0, 1.0)),
        ("Reset", (h, _) => h.Reset()),
        ("Copy", (h, _) => h.Copy()),
        ("CopyCorrectedForCoordinatedOmission", (h, _) => h.CopyCorrectedForCoordinatedOmission(9.0)),
        ("CopyInto a plain histogram", (h, plain) => h.CopyInto(plain)),
        ("a plain histogram's CopyInto it", (h, plain) => plain.CopyInto(h)),
        ("Add a plain histogram", (h, plain) => h.Add(plain)),
        ("a plain histogram's Add of it", (h, plain) => plain.Add(h)),
        ("Subtract a plain histogram", (h, plain) => h.Subtract(plain)),
        ("a plain histogram's Subtract of it", (h, plain) => plain.Subtract(h)),
        ("AddWhileCorrectingForCoordinatedOmission a plain histogram", (h, plain) => h.AddWhileCorrectingForCoordinatedOmission(plain, 9.0)),
        ("a plain histogram's AddWhileCorrectingForCoordinatedOmission of it", (h, plain) => plain.AddWhileCorrectingForCoordinatedOmission(h, 9.0)),
        ("GetMinValue", (h, _) => h.GetMinValue()),
        ("GetMaxValue", (h, _) => h.GetMaxValue()),
        ("GetMinNonZeroValue", (h, _) => h.GetMinNonZeroValue()),
        ("GetMean", (h, _) => h.GetMean()),
        ("GetStdDeviation", (h, _) => h.GetStdDeviation()),
        ("GetValueAtPercentile", (h, _) => h.GetValueAtPercentile(99)),
        ("GetValuesAtPercentiles", (h, _) => h.GetValuesAtPercentiles(new[] { 50.0, 99.0 }, new double[2])),
        ("GetPercentileAtOrBelowValue", (h, _) => h.GetPercentileAtOrBelowValue(15.0)),
        ("GetCountAtValue", (h, _) => h.GetCountAtValue(10.0)),
        ("GetCountBetweenValues", (h, _) => h.GetCountBetweenValues(1.0, 100.0)),
        ("LowestEquivalentValue", (h, _) => h.LowestEquivalentValue(10.0)),
        ("HighestEquivalentValue", (h, _) => h.HighestEquivalentValue(10.0)),
        ("ValuesAreEquivalent", (h, _) => h.ValuesAreEquivalent(10.0, 10.001)),
        ("Equals a plain histogram", (h, plain) => h.Equals(plain)),
        ("a plain histogram's Equals of it", (h, plain) => plain.Equals(h)),
        ("GetHashCode", (h, _) => h.GetHashCode()),
        ("EndTimeStamp", (h, _) => h.EndTimeStamp = 5),
        ("Tag", (h, _) => h.Tag = "A"),
        ("HistogramEncoder.Encode", (h, _) => HistogramEncoder.Encode(h)),
        ("HistogramEncoder.EncodeCompressed", (h, _) => HistogramEncoder.EncodeCompressed(h)),
        ("HistogramDecoder.DecodeInto it", (h, _) => new HistogramDecoder().DecodeInto(EncodedPlain, h)),
        ("HistogramLogWriter.OutputIntervalHistogram", (h, _) => HeldLock.WriteLogLine(h)),
        ("RecordedValues", (h, _) => h.RecordedValues().GetEnumerator().MoveNext()),
        ("Percentiles", (h, _) => h.Percentiles(5).GetEnumerator().MoveNext()),
        ("OutputPercentileDistribution", (h, _) => h.OutputPercentileDistribution(System.IO.TextWriter.Null)),
    };

    public static TheoryData<string> OperationNames => new(System.Linq.Enumerable.Select(Operations, o => o.Name));

    [Theory]
    [MemberData(nameof(OperationNames))]
    public void An_operation_waits_while_another_thread_holds_the_synchronized_histograms_lock(string operation)
        => HeldLock.ShouldWaitFor<DoubleHistogram>(
            () => Filled(new SynchronizedDoubleHistogram(3)),
            () => Filled(new DoubleHistogram(3)),
            h => ((SynchronizedDoubleHistogram)h).SyncRoot,
            Array.Find(Operations, o => o.Name == operation).Run);

    [Theory]
    [MemberData(nameof(OperationNames))]
    public void The_same_operation_on_plain_histograms_does_not_wait_for_a_synchronized_histograms_lock(string operation)
        => HeldLock.ShouldNotWaitFor<DoubleHistogram>(
            new SynchronizedDoubleHistogram(3).SyncRoot,
            () => Filled(new DoubleHistogram(3)),
            Array.Find(Operations, o => o.Name == operation).Run);

    [Fact]
    public void A_decode_into_a_synchronized_histogram_gives_what_a_plain_target_gets()
    {
        var decoder = new HistogramDecoder();
        var target = new SynchronizedDoubleHistogram(3);
        target.RecordValue(1e9);
        decoder.DecodeInto(EncodedPlain, target);

        var plainTarget = new DoubleHistogram(3);
        plainTarget.RecordValue(1e9);
        decoder.DecodeInto(EncodedPlain, plainTarget);

        target.Should().Be(plainTarget);
        HistogramEncoder.Encode(target).Should().Equal(EncodedPlain);
    }

    private static T Filled<T>(T histogram)
        where T : DoubleHistogram
    {
        histogram.RecordValueWithCount(10.0, 2);
        histogram.RecordValue(20.0);
        return histogram;
    }
}
