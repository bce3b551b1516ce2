using System.Buffers;
using System.Buffers.Binary;
using System.IO.Compression;
using System.Text.Json;
using System.Threading;
using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// DoubleHistogram encoding (Java's 16-byte wrapper around the internal histogram's V2 encoding, plain and compressed)
/// against the Java reference vectors: every case's replayed histogram encodes to Java's bytes, Java's plain and
/// compressed bytes decode to the replayed histogram with Java's decoded statistics, operation results match Java's
/// bytes; decoding into existing histograms, dispatch on the cookie, streams and sequences, Java's log payloads.
/// </summary>
public class DoubleEncodingTests
{
    public static IEnumerable<object[]> Cases => JavaCase.DoubleCaseNames();

    private static CompressionLevel BestCompression => (CompressionLevel)3; // SmallestSize on .NET 6+

    [Fact]
    public void The_reference_set_has_double_cases_with_normalizing_offsets()
    {
        var names = Cases.Select(c => (string)c[0]).ToList();
        names.Should().HaveCount(5);
        names.Select(n => JavaCase.Load(n).Root.GetProperty("v2Header").GetProperty("inner").GetProperty("normalizingIndexOffset").GetInt32())
            .Should().Contain(o => o != 0, "the byte comparison covers the internal histogram's normalizing offset");
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Encoding_the_replayed_histogram_gives_Javas_v2_bytes_in_every_form(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        string base64 = c.Root.GetProperty("v2").GetString()!;

        HistogramEncoder.Encode(h).Should().Equal(c.V2);
        int max = HistogramEncoder.GetMaxEncodedLength(h);
        max.Should().BeGreaterThanOrEqualTo(c.V2.Length).And.BeLessThanOrEqualTo(h.GetNeededByteBufferCapacity() + 16);

        var writer = new FixedBufferWriter(max + 16);
        HistogramEncoder.Encode(h, writer).Should().Be(c.V2.Length);
        writer.WrittenSpan.ToArray().Should().Equal(c.V2);

        var exact = new byte[c.V2.Length];
        HistogramEncoder.TryEncode(h, exact, out int written).Should().BeTrue("an exactly sized span is enough");
        written.Should().Be(c.V2.Length);
        exact.Should().Equal(c.V2);
        var tooShort = new byte[c.V2.Length - 1];
        HistogramEncoder.TryEncode(h, tooShort, out written).Should().BeFalse();
        written.Should().Be(0);
        tooShort.Should().OnlyContain(b => b == 0, "nothing is written when the encoding does not fit");
        HistogramEncoder.TryEncode(h, new byte[10], out _).Should().BeFalse("not even the wrapper fits");

        using var stream = new MemoryStream();
        HistogramEncoder.Encode(h, stream);
        stream.ToArray().Should().Equal(c.V2);

        HistogramEncoder.EncodeToBase64(h).Should().Be(base64);
        var chars = new char[base64.Length];
        HistogramEncoder.TryEncodeToBase64(h, chars, out int charsWritten).Should().BeTrue();
        new string(chars, 0, charsWritten).Should().Be(base64);
        HistogramEncoder.TryEncodeToBase64(h, new char[chars.Length - 1], out _).Should().BeFalse();
        var utf8 = new FixedBufferWriter(((max + 2) / 3 * 4) + 64);
        HistogramEncoder.EncodeToBase64Utf8(h, utf8);
        System.Text.Encoding.ASCII.GetString(utf8.WrittenSpan.ToArray()).Should().Be(base64);

        // Java's ByteBuffer entry point; the wrapper is not part of GetNeededByteBufferCapacity (as in Java).
        using var buffer = ByteBuffer.Allocate(h.GetNeededByteBufferCapacity() + 16);
        h.EncodeIntoByteBuffer(buffer).Should().Be(c.V2.Length);
        buffer.ToArray().Should().Equal(c.V2);

        // Through the common base type, as a log writer holds it.
        EncodableHistogram encodable = h;
        HistogramEncoder.Encode(encodable).Should().Equal(c.V2);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void The_wrapper_carries_the_digits_and_the_configured_ratio(string name)
    {
        var c = JavaCase.Load(name);
        var header = c.Root.GetProperty("v2Header");
        byte[] v2 = HistogramEncoder.Encode(c.ReplayDouble());
        BinaryPrimitives.ReadInt32BigEndian(v2).Should().Be(0x0c72124e);
        BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(4)).Should().Be(header.GetProperty("numberOfSignificantValueDigits").GetInt32());
        BinaryPrimitives.ReadInt64BigEndian(v2.AsSpan(8)).Should().Be(header.GetProperty("configuredHighestToLowestValueRatio").GetInt64());
        BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(16)).Should().Be(0x1c849313);
        BinaryPrimitives.ReadInt32BigEndian(v2.AsSpan(24)).Should().Be(header.GetProperty("inner").GetProperty("normalizingIndexOffset").GetInt32());
        BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(v2.AsSpan(48)))
            .Should().Be(header.GetProperty("inner").GetProperty("integerToDoubleValueConversionRatio").GetDouble());
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decoding_Javas_plain_and_compressed_bytes_gives_the_replayed_histogram_and_Javas_decoded_statistics(string name)
    {
        var c = JavaCase.Load(name);
        var replayed = c.ReplayDouble();
        var decoder = new HistogramDecoder();
        foreach (var (form, bytes) in new[] { ("v2", c.V2), ("v2Compressed", c.V2Compressed), ("v2CompressedBestCompression", c.V2CompressedBest) })
        {
            string because = name + " " + form;
            var decoded = decoder.DecodeDouble(bytes, out int consumed);
            consumed.Should().Be(bytes.Length, because);
            decoded.Should().BeOfType<DoubleHistogram>();
            decoded.AutoResize.Should().BeTrue("decoded histograms always auto-resize, as in Java");
            decoded.IntegerValuesHistogram.Should().BeOfType<LongHistogram>("Java decodes the internal histogram as a Histogram");
            decoded.Equals(replayed).Should().BeTrue(because);
            decoded.GetHighestToLowestValueRatio().Should().Be(replayed.GetHighestToLowestValueRatio(), because);
            decoded.IntegerValuesHistogram.NormalizingIndexOffset.Should().Be(replayed.IntegerValuesHistogram.NormalizingIndexOffset, because);
            decoded.CurrentLowestTrackableNonZeroValue.Should().Be(replayed.CurrentLowestTrackableNonZeroValue, because);
            decoded.CurrentHighestTrackableValue.Should().Be(replayed.CurrentHighestTrackableValue, because);
            ShouldMatchDoubleSummary(decoded, c.ExpectedDecoded, because);
            HistogramEncoder.Encode(decoded).Should().Equal(c.V2, "re-encoding the decoded {0} gives Java's bytes", form);

            var any = decoder.DecodeAny(bytes, out int anyConsumed);
            anyConsumed.Should().Be(bytes.Length);
            any.Should().BeOfType<DoubleHistogram>().Which.Equals(replayed).Should().BeTrue(because);
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decoded_histograms_keep_recording_like_the_replayed_one(string name)
    {
        // The decoded covered range and scale are the replayed histogram's, so further recordings (including ones
        // that move or extend the range) land exactly where they land in the replayed histogram.
        var c = JavaCase.Load(name);
        var replayed = c.ReplayDouble();
        replayed.AutoResize = true;
        var decoded = HistogramEncoding.DecodeDouble(c.V2);
        foreach (double v in new[] { 0.0, 1.0, 0.001, 123.456, 1e-9, 7.5e6 })
        {
            replayed.RecordValue(v);
            decoded.RecordValue(v);
        }

        decoded.Equals(replayed).Should().BeTrue();
        HistogramEncoder.Encode(decoded).Should().Equal(HistogramEncoder.Encode(replayed));
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Our_compressed_encoding_decodes_equal_and_inflates_with_ZLibStream(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.ReplayDouble();
        using var compressor = new HistogramCompressor();
        foreach (var level in new[] { CompressionLevel.Optimal, CompressionLevel.Fastest, CompressionLevel.NoCompression, BestCompression })
        {
            byte[] compressed = compressor.Encode(h, level);
            compressed.AsSpan(0, 16).ToArray().Should().Equal(c.V2.AsSpan(0, 16).ToArray().Select((b, i) => i == 3 ? (byte)0x4f : b), "the wrapper, with the compressed cookie");
            BinaryPrimitives.ReadInt32BigEndian(compressed.AsSpan(16)).Should().Be(0x1c849314);
            c.V2Compressed.Length.Should().Be(24 + BinaryPrimitives.ReadInt32BigEndian(c.V2Compressed.AsSpan(20)), "Java lays it out the same way");
            EncodingTestSupport.InflateStrictly(compressed.AsSpan(16).ToArray())
                .Should().Equal(c.V2.AsSpan(16).ToArray(), "ZLibStream (which checks the Adler-32) inflates to the internal histogram's plain encoding at {0}", level);

            var decoded = new HistogramDecoder().DecodeDouble(compressed);
            decoded.Equals(h).Should().BeTrue();
            HistogramEncoder.Encode(decoded).Should().Equal(c.V2);
        }

        byte[] reference = compressor.Encode(h);
        HistogramEncoder.EncodeCompressed(h).Should().Equal(reference);
        Convert.FromBase64String(HistogramEncoder.EncodeCompressedToBase64(h)).Should().Equal(reference);
        Convert.FromBase64String(compressor.EncodeToBase64(h)).Should().Equal(reference);

        var writer = new FixedBufferWriter(reference.Length + 64);
        HistogramEncoder.EncodeCompressed(h, writer).Should().Be(reference.Length);
        writer.WrittenSpan.ToArray().Should().Equal(reference);
        var utf8 = new FixedBufferWriter((reference.Length * 2) + 64);
        compressor.EncodeToBase64Utf8(h, utf8);
        Convert.FromBase64String(System.Text.Encoding.ASCII.GetString(utf8.WrittenSpan.ToArray())).Should().Equal(reference);

        var exact = new byte[reference.Length];
        HistogramEncoder.TryEncodeCompressed(h, exact, out int written).Should().BeTrue();
        written.Should().Be(reference.Length);
        exact.Should().Equal(reference);
        HistogramEncoder.TryEncodeCompressed(h, new byte[reference.Length - 1], out written).Should().BeFalse();
        written.Should().Be(0);

        using var stream = new MemoryStream();
        HistogramEncoder.EncodeCompressed(h, stream);
        stream.ToArray().Should().Equal(reference);

        using var buffer = ByteBuffer.Allocate(reference.Length + 16);
        h.EncodeIntoCompressedByteBuffer(buffer).Should().Be(reference.Length);
        buffer.ToArray().Should().Equal(reference);
        buffer.Position = 0;
        HistogramEncoding.DecodeDoubleFromCompressedByteBuffer(buffer).Equals(h).Should().BeTrue();
        buffer.Position.Should().Be(reference.Length);
    }

    [Fact]
    public void Operation_results_encode_to_Javas_bytes()
    {
        int compared = 0;
        foreach (string name in Cases.Select(c => (string)c[0]))
        {
            var c = JavaCase.Load(name);
            foreach (var op in c.Operations)
            {
                if (op.TryGetProperty("otherV2", out var otherV2))
                {
                    var prefix = c.CreateEmptyDouble();
                    c.RecordInto(prefix, op.GetProperty("otherRecordedPrefixPairs").GetInt32());
                    HistogramEncoder.Encode(prefix).Should().Equal(Convert.FromBase64String(otherV2.GetString()!), "the prefix histogram of {0} encodes to Java's bytes", name);
                }

                if (op.TryGetProperty("javaThrows", out _))
                {
                    continue;
                }

                string because = name + " " + op.GetProperty("call").GetString();
                var result = c.ApplyDouble(op);
                byte[] expected = Convert.FromBase64String(op.GetProperty("result").GetProperty("v2").GetString()!);
                HistogramEncoder.Encode(result).Should().Equal(expected, because);

                // (Java's subtract leaves the maximum and minimum as they were, a decode recomputes them: compare
                // the decoded histograms by their bytes and counts.)
                var decoded = new HistogramDecoder().DecodeDouble(expected);
                HistogramEncoder.Encode(decoded).Should().Equal(expected, because);
                decoded.TotalCount.Should().Be(result.TotalCount, because);
                var fromCompressed = new HistogramDecoder().DecodeDouble(HistogramEncoder.EncodeCompressed(result));
                fromCompressed.Equals(decoded).Should().BeTrue(because);
                HistogramEncoder.Encode(fromCompressed).Should().Equal(expected, because);
                compared++;
            }
        }

        compared.Should().BeGreaterThan(0);
    }

    [Fact]
    public void Java_log_payloads_of_DoubleHistograms_decode_through_every_kind_dispatching_entry_point()
    {
        var (payloads, intervals) = DoubleLogPayloads();
        var decoder = new HistogramDecoder();
        for (int i = 0; i < payloads.Count; i++)
        {
            byte[] expected = Convert.FromBase64String(intervals[i].GetProperty("decodedV2").GetString()!);
            byte[] bytes = Convert.FromBase64String(payloads[i]);

            HistogramEncoder.Encode(decoder.DecodeAnyFromBase64(payloads[i])).Should().Equal(expected);
            HistogramEncoder.Encode(decoder.DecodeAnyFromBase64(payloads[i].AsSpan())).Should().Equal(expected);
            HistogramEncoder.Encode(decoder.DecodeAnyFromBase64Utf8(System.Text.Encoding.ASCII.GetBytes(payloads[i]))).Should().Equal(expected);
            HistogramEncoder.Encode(decoder.DecodeDoubleFromBase64(payloads[i])).Should().Equal(expected);
            HistogramEncoder.Encode(decoder.DecodeDoubleFromBase64Utf8(System.Text.Encoding.ASCII.GetBytes(payloads[i]))).Should().Equal(expected);
            HistogramEncoder.Encode(HistogramEncoding.DecodeAnyFromBase64(payloads[i])).Should().Equal(expected);
            HistogramEncoder.Encode(HistogramEncoding.DecodeDoubleFromBase64(payloads[i])).Should().Equal(expected);

            using var buffer = ByteBuffer.Allocate(bytes.Length + 8);
            buffer.Put(bytes, 0, bytes.Length);
            buffer.Position = 0;
            var viaBuffer = HistogramEncoding.DecodeAnyFromCompressedByteBuffer(buffer, 0);
            buffer.Position.Should().Be(bytes.Length);
            viaBuffer.Should().BeOfType<DoubleHistogram>();
            HistogramEncoder.Encode(viaBuffer).Should().Equal(expected);
            viaBuffer.GetMaxValueAsDouble().Should().Be(intervals[i].GetProperty("maxValueAsDouble").GetDouble());
        }
    }

    [Fact]
    public void The_integer_and_double_entry_points_say_what_the_data_holds()
    {
        var decoder = new HistogramDecoder();
        byte[] doubleBytes = JavaCase.Load("double-auto-sd3-ms").V2;
        byte[] integerBytes = EncodingTestSupport.WorkloadBytes("int-dense");

        Action act = () => decoder.Decode(doubleBytes);
        act.Should().Throw<HistogramFormatException>().WithMessage("*holds a DoubleHistogram*DecodeDouble*").Which.ByteOffset.Should().Be(0);
        act = () => decoder.DecodeDouble(integerBytes);
        act.Should().Throw<HistogramFormatException>().WithMessage("*holds an integer histogram*").Which.ByteOffset.Should().Be(0);
        act = () => decoder.DecodeDouble(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8 });
        act.Should().Throw<HistogramFormatException>().WithMessage("*does not contain a DoubleHistogram*no valid cookie*");

        decoder.DecodeAny(doubleBytes).Should().BeOfType<DoubleHistogram>();
        decoder.DecodeAny(integerBytes).Should().BeOfType<LongHistogram>("integer V2 data decodes as Java's Histogram by default");
        decoder.DecodeAny(integerBytes, HistogramCountType.Short).Should().BeOfType<ShortHistogram>();
        HistogramEncoding.DecodeAny(doubleBytes).Should().BeOfType<DoubleHistogram>();
        HistogramEncoding.DecodeAny(integerBytes).Should().BeAssignableTo<HistogramBase>();

        // Java's strict ByteBuffer entry points: plain and compressed are not interchangeable.
        byte[] doubleCompressed = JavaCase.Load("double-auto-sd3-ms").V2Compressed;
        using var plain = ByteBuffer.Allocate(doubleBytes.Length);
        plain.Put(doubleBytes, 0, doubleBytes.Length);
        plain.Position = 0;
        act = () => HistogramEncoding.DecodeAnyFromCompressedByteBuffer(plain, 0);
        act.Should().Throw<HistogramFormatException>().WithMessage("*not contain a compressed DoubleHistogram*");
        act = () => HistogramEncoding.DecodeDoubleFromCompressedByteBuffer(plain);
        act.Should().Throw<HistogramFormatException>();
        plain.Position.Should().Be(0, "a failed decode leaves the position unchanged");
        HistogramEncoding.DecodeDoubleFromByteBuffer(plain).Equals(JavaCase.Load("double-auto-sd3-ms").ReplayDouble()).Should().BeTrue();
        plain.Position.Should().Be(doubleBytes.Length);

        using var compressed = ByteBuffer.Allocate(doubleCompressed.Length);
        compressed.Put(doubleCompressed, 0, doubleCompressed.Length);
        compressed.Position = 0;
        act = () => HistogramEncoding.DecodeDoubleFromByteBuffer(compressed);
        act.Should().Throw<HistogramFormatException>().WithMessage("*not contain an uncompressed DoubleHistogram*");
        HistogramEncoding.DecodeAnyFromCompressedByteBuffer(compressed, 0).Should().BeOfType<DoubleHistogram>();
    }

    [Fact]
    public void Streams_and_sequences_decode_like_spans_and_read_exactly_one_histogram()
    {
        var decoder = new HistogramDecoder();
        foreach (string name in Cases.Select(c => (string)c[0]))
        {
            var c = JavaCase.Load(name);
            foreach (byte[] bytes in new[] { c.V2, c.V2Compressed, c.V2CompressedBest })
            {
                var stream = new TrickleStream(bytes, 1);
                HistogramEncoder.Encode(decoder.DecodeDouble(stream)).Should().Equal(c.V2);
                stream.Position.Should().Be(bytes.Length, "exactly the histogram's bytes are read");
                HistogramEncoder.Encode(decoder.DecodeAny(new TrickleStream(bytes, 7))).Should().Equal(c.V2);
                HistogramEncoder.Encode(HistogramEncoding.DecodeDouble(new MemoryStream(bytes))).Should().Equal(c.V2);
                HistogramEncoder.Encode(decoder.DecodeDouble(Segment.Split(bytes, 1))).Should().Equal(c.V2);
                HistogramEncoder.Encode(decoder.DecodeAny(Segment.Split(bytes, 13))).Should().Equal(c.V2);
                HistogramEncoder.Encode(decoder.DecodeDouble(new ReadOnlySequence<byte>(bytes))).Should().Equal(c.V2);
            }
        }

        // Consecutive histograms of both kinds in one stream, each read exactly.
        var first = JavaCase.Load("double-auto-sd3-ms");
        var second = JavaCase.Load("double-zero-and-values-sd2");
        byte[] integer = EncodingTestSupport.WorkloadBytes("int-dense");
        byte[] all = first.V2Compressed.Concat(integer).Concat(second.V2).Concat(first.V2).ToArray();
        var trickle = new TrickleStream(all, 3);
        HistogramEncoder.Encode(decoder.DecodeAny(trickle)).Should().Equal(first.V2);
        HistogramEncoder.Encode(decoder.DecodeAny(trickle)).Should().Equal(integer);
        HistogramEncoder.Encode(decoder.DecodeDouble(trickle)).Should().Equal(second.V2);
        var target = new DoubleHistogram(3);
        decoder.DecodeInto(trickle, target);
        HistogramEncoder.Encode(target).Should().Equal(first.V2);
        trickle.Position.Should().Be(all.Length);

        var sequenceTarget = new DoubleHistogram(3);
        decoder.DecodeInto(Segment.Split(first.V2Compressed, 5), sequenceTarget);
        HistogramEncoder.Encode(sequenceTarget).Should().Equal(first.V2);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decoding_into_a_fresh_or_reused_histogram_gives_the_same_histogram(string name)
    {
        var c = JavaCase.Load(name);
        var decoder = new HistogramDecoder();
        int digits = c.Root.GetProperty("v2Header").GetProperty("numberOfSignificantValueDigits").GetInt32();
        var replayed = c.ReplayDouble();
        foreach (byte[] bytes in new[] { c.V2, c.V2Compressed })
        {
            // The smallest dynamic range (2) grows to the data's: the result is exactly the decoded histogram.
            var target = new DoubleHistogram(digits);
            target.RecordValue(12345.678);
            target.Tag = "old";
            target.StartTimeStamp = 42;
            decoder.DecodeInto(bytes, target, out int consumed);
            consumed.Should().Be(bytes.Length);
            target.Equals(replayed).Should().BeTrue();
            target.AutoResize.Should().BeTrue();
            target.Tag.Should().BeNull();
            target.StartTimeStamp.Should().Be(0);
            target.GetHighestToLowestValueRatio().Should().Be(replayed.GetHighestToLowestValueRatio());
            HistogramEncoder.Encode(target).Should().Equal(c.V2);

            // Reused (already covering the range): the same again.
            decoder.DecodeInto(bytes, target);
            HistogramEncoder.Encode(target).Should().Equal(c.V2);

            // Base64 forms.
            var fromText = new DoubleHistogram(digits);
            decoder.DecodeFromBase64Into(Convert.ToBase64String(bytes).AsSpan(), fromText);
            HistogramEncoder.Encode(fromText).Should().Equal(c.V2);
            decoder.DecodeFromBase64Utf8Into(System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(bytes)), fromText);
            HistogramEncoder.Encode(fromText).Should().Equal(c.V2);

            // A concurrent target stays concurrent, with the same content, and keeps recording.
            var concurrent = new DoubleConcurrentHistogram(digits);
            decoder.DecodeInto(bytes, concurrent);
            concurrent.IntegerValuesHistogram.Should().BeOfType<LongConcurrentHistogram>();
            concurrent.Equals(replayed).Should().BeTrue();
            HistogramEncoder.Encode(concurrent).Should().Equal(c.V2);
            concurrent.RecordValue(replayed.GetMaxValue());
            concurrent.TotalCount.Should().Be(replayed.TotalCount + 1);

            // A target with a wider dynamic range keeps it (its internal histogram never shrinks): same content.
            var wide = new DoubleHistogram(1L << 40, digits);
            decoder.DecodeInto(bytes, wide);
            wide.Equals(replayed).Should().BeTrue();
            wide.GetHighestToLowestValueRatio().Should().Be(1L << 40);
            wide.IntegerToDoubleValueConversionRatio.Should().Be(replayed.IntegerToDoubleValueConversionRatio);
            ShouldMatchDoubleSummary(wide, c.ExpectedDecoded, name + " into a wide target");
            decoder.DecodeDouble(HistogramEncoder.Encode(wide)).Equals(replayed).Should().BeTrue("a wide target re-encodes with its own ratio and the same content");
        }
    }

    [Fact]
    public void Decoding_into_a_histogram_of_other_digits_is_a_format_error_that_leaves_it_unchanged()
    {
        var c = JavaCase.Load("double-auto-sd3-ms");
        var target = new DoubleHistogram(2);
        target.RecordValue(5.0);
        Action act = () => new HistogramDecoder().DecodeInto(c.V2, target);
        act.Should().Throw<HistogramFormatException>().WithMessage("*digits (3)*target DoubleHistogram's (2)*").Which.ByteOffset.Should().Be(4);
        target.TotalCount.Should().Be(1);
        target.RecordValue(5.0);
        target.GetCountAtValue(5.0).Should().Be(2);
    }

    [Fact]
    public void The_min_bar_option_does_not_apply_to_the_internal_histogram()
    {
        var c = JavaCase.Load("double-ratio-1e6-sd2");
        var decoder = new HistogramDecoder(new HistogramDecoderOptions { MinBarForHighestTrackableValue = 1L << 50 });
        HistogramEncoder.Encode(decoder.DecodeDouble(c.V2)).Should().Equal(c.V2);
        decoder.Decode(EncodingTestSupport.WorkloadBytes("int-dense")).HighestTrackableValue.Should().BeGreaterThanOrEqualTo(1L << 50, "integer histograms still get it");
    }

    [Fact]
    public void A_legacy_V1_internal_histogram_decodes_as_Java_2_2_2_decodes_it()
    {
        // Java's decoder hands the bytes after the wrapper to the integer decoder, which reads V1 too.
        var c = JavaCase.Load("double-auto-sd3-ms");
        var expected = c.ReplayDouble();
        var inner = expected.IntegerValuesHistogram;
        int relevant = inner.CountsArrayIndex(inner.GetMaxValue()) + 1;
        var bytes = new byte[16 + 40 + (relevant * 8)];
        c.V2.AsSpan(0, 16 + 40).CopyTo(bytes);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(16), 0x1c849381);
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(20), relevant * 8);
        for (int i = 0; i < relevant; i++)
        {
            BinaryPrimitives.WriteInt64BigEndian(bytes.AsSpan(56 + (i * 8)), inner.GetCountAtIndex(i));
        }

        var decoded = new HistogramDecoder().DecodeDouble(bytes);
        decoded.Equals(expected).Should().BeTrue();
        HistogramEncoder.Encode(decoded).Should().Equal(c.V2);
    }

    [Fact]
    public void Encoding_a_concurrent_histogram_while_writers_extend_its_range_gives_consistent_encodings()
    {
        var h = new DoubleConcurrentHistogram(2);
        h.RecordValue(1.0);
        using var stop = new CancellationTokenSource();
        Exception? writerFailure = null;
        var writers = Enumerable.Range(0, 2).Select(w => new Thread(() =>
        {
            try
            {
                var random = new Random(w);
                double value = 1.0;
                while (!stop.IsCancellationRequested)
                {
                    // Values drifting up and down over 12 orders of magnitude keep moving and growing the range.
                    value *= random.Next(2) == 0 ? 1.7 : 1 / 1.6;
                    value = Math.Min(Math.Max(value, 1e-6), 1e6);
                    h.RecordValue(value);
                }
            }
            catch (Exception e)
            {
                writerFailure = e;
            }
        })).ToList();
        writers.ForEach(t => t.Start());
        try
        {
            var decoder = new HistogramDecoder();
            using var compressor = new HistogramCompressor();
            var deadline = DateTime.UtcNow.AddMilliseconds(500);
            int encodings = 0;
            while (DateTime.UtcNow < deadline || encodings < 20)
            {
                // Every encoding's wrapper matches the internal histogram it was written with: it decodes.
                decoder.DecodeDouble(HistogramEncoder.Encode(h)).TotalCount.Should().BeGreaterThan(0);
                decoder.DecodeDouble(compressor.Encode(h)).TotalCount.Should().BeGreaterThan(0);
                encodings++;
            }
        }
        finally
        {
            stop.Cancel();
            writers.ForEach(t => t.Join());
        }

        writerFailure.Should().BeNull();
        var final = new HistogramDecoder().DecodeDouble(HistogramEncoder.Encode(h));
        final.Equals(h).Should().BeTrue();
    }

    internal static void ShouldMatchDoubleSummary(DoubleHistogram h, JsonElement summary, string because)
    {
        h.TotalCount.Should().Be(summary.GetProperty("totalCount").GetInt64(), because);
        h.GetMinValue().Should().Be(summary.GetProperty("minValue").GetDouble(), because);
        h.GetMaxValue().Should().Be(summary.GetProperty("maxValue").GetDouble(), because);
        h.GetMinNonZeroValue().Should().Be(summary.GetProperty("minNonZeroValue").GetDouble(), because);
        h.GetMean().Should().Be(summary.GetProperty("mean").GetDouble(), because);
        h.GetStdDeviation().Should().Be(summary.GetProperty("stdDeviation").GetDouble(), because);
        foreach (var p in summary.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetDouble(), "{0}, percentile {1}", because, p[0].GetDouble());
        }
    }

    /// <summary>The payload column and Java's report of every interval of the DoubleHistogram log.</summary>
    internal static (List<string> Payloads, List<JsonElement> Intervals) DoubleLogPayloads()
    {
        string path = Path.Combine(FixturePaths.JavaLogs, "double-histogram.hlog");
        var expected = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.JavaLogs, "double-histogram.expected.json")));
        var intervals = expected.RootElement.GetProperty("intervals").EnumerateArray().ToList();
        var payloads = File.ReadAllLines(path)
            .Where(l => l.Length > 0 && l[0] != '#' && l[0] != '"')
            .Select(l => l.Substring(l.LastIndexOf(',') + 1))
            .ToList();
        payloads.Should().HaveCount(intervals.Count);
        intervals.Should().OnlyContain(i => i.GetProperty("histogramType").GetString() == "DoubleHistogram");
        return (payloads, intervals);
    }

    /// <summary>Every DoubleHistogram encoding of the reference data: the cases' three forms, operation results, log payloads.</summary>
    internal static IEnumerable<(string Name, byte[] Bytes)> AllDoubleInputs()
    {
        foreach (string name in JavaCase.DoubleCaseNames().Select(c => (string)c[0]))
        {
            var c = JavaCase.Load(name);
            yield return (name + "/v2", c.V2);
            yield return (name + "/v2Compressed", c.V2Compressed);
            yield return (name + "/v2CompressedBest", c.V2CompressedBest);
            int index = 0;
            foreach (var op in c.Operations)
            {
                if (op.TryGetProperty("result", out var result))
                {
                    yield return (name + "/op" + index + "/result", Convert.FromBase64String(result.GetProperty("v2").GetString()!));
                }

                if (op.TryGetProperty("otherV2", out var otherV2))
                {
                    yield return (name + "/op" + index + "/other", Convert.FromBase64String(otherV2.GetString()!));
                }

                index++;
            }
        }

        var (payloads, _) = DoubleLogPayloads();
        for (int i = 0; i < payloads.Count; i++)
        {
            yield return ("double-histogram.hlog/" + i, Convert.FromBase64String(payloads[i]));
        }
    }
}
