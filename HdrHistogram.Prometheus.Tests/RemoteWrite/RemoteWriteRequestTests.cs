using System;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using HdrHistogram.Prometheus.NativeHistograms;
using HdrHistogram.Prometheus.RemoteWrite;
using Xunit;

namespace HdrHistogram.Prometheus.Tests.RemoteWrite;

/// <summary>
/// The WriteRequest as a receiver decodes it (the test's own reader, from the proto's field numbers): labels sorted by
/// name with <c>__name__</c>, and every field of the native histogram sample as computed by hand and as the
/// <see cref="NativeHistogram"/> given holds it.
/// </summary>
public class RemoteWriteRequestTests
{
    // 2024-01-02T03:04:05.678Z: 1,704,067,200 s at 2024-01-01, plus a day and 3:04:05.
    private static readonly DateTimeOffset Time = new(2024, 1, 2, 3, 4, 5, 678, TimeSpan.Zero);
    private const long TimeMilliseconds = 1_704_164_645_678;

    private static NativeHistogram HandComputed()
    {
        // The converter's own hand-computed case (NativeHistogramConverterTests): zero bucket 2, buckets 0, 2552 and
        // 2957 at schema 8 holding 3, 6 and 4.
        var histogram = new LongHistogram(1, 1_000_000, 3);
        histogram.RecordValueWithCount(0, 2);
        histogram.RecordValueWithCount(1, 3);
        histogram.RecordValueWithCount(1000, 5);
        histogram.RecordValueWithCount(1001, 1);
        histogram.RecordValueWithCount(3000, 4);
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1.0, native);
        return native;
    }

    [Fact]
    public void A_series_decodes_to_its_sorted_labels_and_the_hand_computed_sample()
    {
        var native = HandComputed();
        var request = new RemoteWriteRequest();
        request.AddHistogram("http_seconds", new Dictionary<string, string> { ["route"] = "/b", ["job"] = "jé", ["a"] = "x" }, native, Time);

        request.SeriesCount.Should().Be(1);
        var decoded = PbWriteRequest.Parse(request.Body.Span);
        var series = decoded.TimeSeries.Should().ContainSingle().Subject;
        series.Labels.Should().Equal(
            new KeyValuePair<string, string>("__name__", "http_seconds"),
            new KeyValuePair<string, string>("a", "x"),
            new KeyValuePair<string, string>("job", "jé"),
            new KeyValuePair<string, string>("route", "/b"));
        var sample = series.Histograms.Should().ContainSingle().Subject;
        sample.CountInt.Should().Be(15);
        sample.Sum.Should().Be(0 + 3 + 5000 + 1001 + (4 * 3001));
        sample.Schema.Should().Be(8);
        sample.ZeroThreshold.Should().Be(NativeHistogramSchema.DefaultZeroThreshold);
        sample.ZeroCountInt.Should().Be(2);
        sample.PositiveSpans.Should().Equal((0, 1u), (2551, 1u), (404, 1u));
        sample.PositiveDeltas.Should().Equal(3L, 3L, -2L);
        sample.ResetHint.Should().Be(0);
        sample.Timestamp.Should().Be(TimeMilliseconds);
    }

    [Fact]
    public void Every_field_equals_the_native_histogram_given()
    {
        // Values in nanoseconds exposed in seconds: bucket indexes below zero (a negative first offset) and many spans.
        var histogram = new LongHistogram(1, 3_600_000_000_000, 3);
        var random = new Random(11);
        for (int i = 0; i < 5000; i++)
        {
            histogram.RecordValue((long)Math.Exp(random.NextDouble() * 25));
        }

        histogram.RecordValueWithCount(0, 7);
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(histogram, 1e-9, native, schema: 3);

        var request = new RemoteWriteRequest();
        request.AddHistogram("job_seconds", Array.Empty<KeyValuePair<string, string>>(), native, Time);

        var sample = PbWriteRequest.Parse(request.Body.Span).TimeSeries.Single().Histograms.Single();
        native.PositiveSpans[0].Offset.Should().BeNegative("the case covers a negative offset");
        sample.CountInt.Should().Be((ulong)native.Count).And.Be((ulong)histogram.TotalCount);
        sample.Sum.Should().Be(native.Sum);
        sample.Schema.Should().Be(3);
        sample.ZeroThreshold.Should().Be(native.ZeroThreshold);
        sample.ZeroCountInt.Should().Be((ulong)native.ZeroCount).And.Be(7);
        sample.PositiveSpans.Should().Equal(native.PositiveSpans.ToArray().Select(s => (s.Offset, s.Length)));
        sample.PositiveDeltas.Should().Equal(native.PositiveDeltas.ToArray());
        sample.Timestamp.Should().Be(TimeMilliseconds);
    }

    [Fact]
    public void An_empty_histogram_has_no_buckets_and_a_count_of_zero()
    {
        var native = new NativeHistogram();
        NativeHistogramConverter.Convert(new LongHistogram(1, 1000, 2), 1.0, native);
        var request = new RemoteWriteRequest();
        request.AddHistogram("idle", new[] { new KeyValuePair<string, string>("job", "j") }, native, Time);

        var sample = PbWriteRequest.Parse(request.Body.Span).TimeSeries.Single().Histograms.Single();
        sample.CountInt.Should().Be(0);
        sample.ZeroCountInt.Should().Be(0);
        sample.PositiveSpans.Should().BeEmpty();
        sample.PositiveDeltas.Should().BeEmpty();
        sample.Timestamp.Should().Be(TimeMilliseconds);
    }

    [Fact]
    public void Series_follow_each_other_and_clear_starts_the_body_over()
    {
        var native = HandComputed();
        var request = new RemoteWriteRequest();
        request.AddHistogram("first", new[] { new KeyValuePair<string, string>("k", "1") }, native, Time);
        request.AddHistogram("second", new[] { new KeyValuePair<string, string>("k", "2") }, native, Time.AddSeconds(1));

        request.SeriesCount.Should().Be(2);
        var decoded = PbWriteRequest.Parse(request.Body.Span);
        decoded.TimeSeries.Select(s => s.Labels[0].Value).Should().Equal("first", "second");
        decoded.TimeSeries.Select(s => s.Histograms.Single().Timestamp).Should().Equal(TimeMilliseconds, TimeMilliseconds + 1000);

        request.Clear();
        request.SeriesCount.Should().Be(0);
        request.Body.Length.Should().Be(0);
        request.AddHistogram("second", new[] { new KeyValuePair<string, string>("k", "2") }, native, Time.AddSeconds(1));
        var fresh = new RemoteWriteRequest();
        fresh.AddHistogram("second", new[] { new KeyValuePair<string, string>("k", "2") }, native, Time.AddSeconds(1));
        request.Body.ToArray().Should().Equal(fresh.Body.ToArray());
    }

    [Theory]
    [InlineData("route")]
    [InlineData("__name__")]
    public void A_label_name_given_twice_is_refused_and_nothing_is_written(string twice)
    {
        var native = HandComputed();
        var request = new RemoteWriteRequest();
        request.AddHistogram("kept", Array.Empty<KeyValuePair<string, string>>(), native, Time);
        var before = request.Body.ToArray();
        var labels = new List<KeyValuePair<string, string>> { new("route", "/a"), new(twice, "/b") };

        var add = () => request.AddHistogram("refused", labels, native, Time);

        add.Should().Throw<ArgumentException>().WithMessage($"*{twice}*");
        request.SeriesCount.Should().Be(1);
        request.Body.ToArray().Should().Equal(before);
    }
}
