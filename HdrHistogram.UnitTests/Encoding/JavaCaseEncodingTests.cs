using System.IO.Compression;
using System.Text.Json;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// Every integer case of the Java reference vectors: our V2 bytes equal Java's, our decoder reads Java's plain and
/// compressed bytes, and every derived histogram of the cases' operations encodes to Java's bytes.
/// </summary>
public class JavaCaseEncodingTests
{
    public static IEnumerable<object[]> Cases => JavaCase.IntegerCaseNames();

    public static IEnumerable<object[]> CasesWithOperations
        => JavaCase.Names(integerOnly: true).Where(n => JavaCase.Load(n).Operations.Any()).Select(n => new object[] { n });

    [Theory]
    [MemberData(nameof(Cases))]
    public void Encoding_the_replayed_histogram_gives_Javas_V2_bytes(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();

        HistogramEncoder.Encode(h).Should().Equal(c.V2);
        HistogramEncoder.GetMaxEncodedLength(h).Should().BeGreaterThanOrEqualTo(c.V2.Length).And.BeLessThanOrEqualTo(h.GetNeededByteBufferCapacity());

        // Every other form writes the same bytes.
        var writer = new FixedBufferWriter(HistogramEncoder.GetMaxEncodedLength(h) + 16);
        HistogramEncoder.Encode(h, writer).Should().Be(c.V2.Length);
        writer.WrittenSpan.ToArray().Should().Equal(c.V2);

        var exact = new byte[c.V2.Length];
        HistogramEncoder.TryEncode(h, exact, out int written).Should().BeTrue("an exactly sized span is enough");
        written.Should().Be(c.V2.Length);
        exact.Should().Equal(c.V2);
        HistogramEncoder.TryEncode(h, new byte[c.V2.Length - 1], out written).Should().BeFalse();
        written.Should().Be(0);

        using var stream = new MemoryStream();
        HistogramEncoder.Encode(h, stream);
        stream.ToArray().Should().Equal(c.V2);

        HistogramEncoder.EncodeToBase64(h).Should().Be(c.Root.GetProperty("v2").GetString());
        var chars = new char[((c.V2.Length + 2) / 3) * 4];
        HistogramEncoder.TryEncodeToBase64(h, chars, out int charsWritten).Should().BeTrue();
        new string(chars, 0, charsWritten).Should().Be(c.Root.GetProperty("v2").GetString());
        HistogramEncoder.TryEncodeToBase64(h, new char[chars.Length - 1], out _).Should().BeFalse();
        var utf8 = new FixedBufferWriter(((HistogramEncoder.GetMaxEncodedLength(h) + 2) / 3 * 4) + 64);
        HistogramEncoder.EncodeToBase64Utf8(h, utf8);
        System.Text.Encoding.ASCII.GetString(utf8.WrittenSpan.ToArray()).Should().Be(c.Root.GetProperty("v2").GetString());

        using var buffer = HdrHistogram.Utilities.ByteBuffer.Allocate(h.GetNeededByteBufferCapacity());
        h.Encode(buffer, HistogramEncoderV2.Instance).Should().Be(c.V2.Length);
        buffer.ToArray().Should().Equal(c.V2);
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decoding_Javas_plain_and_compressed_bytes_gives_Javas_decoded_statistics(string name)
    {
        var c = JavaCase.Load(name);
        var decoder = new HistogramDecoder();
        foreach (var (form, bytes) in new[] { ("v2", c.V2), ("v2Compressed", c.V2Compressed), ("v2CompressedBestCompression", c.V2CompressedBest) })
        {
            var decoded = decoder.Decode(bytes, out int consumed);
            consumed.Should().Be(bytes.Length, form);
            decoded.Should().BeOfType<LongHistogram>("V2 decodes to Java's Histogram by default");
            decoded.AutoResize.Should().BeTrue("decoded histograms always auto-resize, as in Java");
            decoded.ShouldMatchSummary(c.ExpectedDecoded, name + " " + form);
            HistogramEncoder.Encode(decoded).Should().Equal(c.V2, "re-encoding the decoded {0} gives the same bytes", form);

            var roundTrip = c.Root.GetProperty("javaRoundTrip");
            string equalsKey = form switch
            {
                "v2" => "decodedV2EqualsOriginal",
                "v2Compressed" => "decodedCompressedEqualsOriginal",
                _ => "decodedBestCompressionEqualsOriginal",
            };
            bool javaSaysEqual = roundTrip.GetProperty(equalsKey).GetBoolean();
            decoded.Equals(c.Replay()).Should().Be(javaSaysEqual, "Java's {0} for {1}", equalsKey, name);
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Decoding_into_each_count_type_keeps_the_counts(string name)
    {
        var c = JavaCase.Load(name);
        var decoder = new HistogramDecoder();
        var reference = decoder.Decode(c.V2);
        long maxCount = MaxCount(reference);
        foreach (var type in new[] { HistogramCountType.Long, HistogramCountType.Int, HistogramCountType.Short, HistogramCountType.LongConcurrent, HistogramCountType.IntConcurrent })
        {
            long limit = type is HistogramCountType.Short ? short.MaxValue : type is HistogramCountType.Int or HistogramCountType.IntConcurrent ? int.MaxValue : long.MaxValue;
            if (maxCount > limit)
            {
                var act = () => decoder.Decode(c.V2, type);
                act.Should().Throw<HistogramFormatException>().WithMessage("*does not fit*");
                continue;
            }

            var decoded = decoder.Decode(c.V2Compressed, type);
            decoded.Equals(reference).Should().BeTrue("{0} decoded as {1}", name, type);
            HistogramEncoder.Encode(decoded).Should().Equal(c.V2);
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Our_compressed_encoding_decodes_equal_and_inflates_with_ZLibStream_to_our_plain_bytes(string name)
    {
        var c = JavaCase.Load(name);
        var h = c.Replay();
        using var compressor = new HistogramCompressor();
        foreach (var level in new[] { CompressionLevel.Optimal, CompressionLevel.Fastest, CompressionLevel.NoCompression, BestCompression })
        {
            byte[] compressed = compressor.Encode(h, level);
            compressed.AsSpan(0, 4).ToArray().Should().Equal(0x1c, 0x84, 0x93, 0x14);
            EncodingTestSupport.InflateStrictly(compressed).Should().Equal(c.V2, "ZLibStream (which checks the Adler-32) inflates to the plain encoding at {0}", level);

            var decoded = new HistogramDecoder().Decode(compressed);
            decoded.Equals(h).Should().Be(c.Root.GetProperty("javaRoundTrip").GetProperty("decodedCompressedEqualsOriginal").GetBoolean());
            HistogramEncoder.Encode(decoded).Should().Equal(c.V2);
        }

        HistogramEncoder.EncodeCompressed(h).Should().Equal(compressor.Encode(h));
    }

    [Theory]
    [MemberData(nameof(CasesWithOperations))]
    public void Operations_give_Javas_bytes_and_statistics(string name)
    {
        var c = JavaCase.Load(name);
        foreach (var op in c.Operations)
        {
            string opName = op.GetProperty("op").GetString()!;
            string because = name + " " + op.GetProperty("call").GetString();
            var h = c.Replay().Copy();
            if (op.TryGetProperty("javaThrows", out var javaThrows) && javaThrows.GetString() == "java.lang.IllegalStateException")
            {
                // Java's int and short counts throw on overflow; this library's wrap, as 2.5.0's do (a deliberate
                // difference from Java, docs/compatibility.md), and the add does not throw.
                var wraps = () => Apply(c, h, op);
                wraps.Should().NotThrow(because);
                continue;
            }

            if (op.TryGetProperty("javaThrows", out javaThrows))
            {
                byte[] before = HistogramEncoder.Encode(h);
                var snapshot = h.Copy();
                var act = () => Apply(c, h, op);
                act.Should().Throw<Exception>(because).Which.Should().Match<Exception>(
                    e => e is ArgumentException || e is InvalidOperationException || e is IndexOutOfRangeException,
                    "Java threw {0}", javaThrows.GetString());
                HistogramEncoder.Encode(h).Should().Equal(before, "a failed {0} leaves the histogram unchanged", opName);
                h.Equals(snapshot).Should().BeTrue();
                continue;
            }

            if (op.GetProperty("resultType").GetString() == "DoubleHistogram")
            {
                continue;
            }

            var result = Apply(c, h, op);
            var expected = op.GetProperty("result");
            HistogramEncoder.Encode(result).Should().Equal(Convert.FromBase64String(expected.GetProperty("v2").GetString()!), because);
            result.TotalCount.Should().Be(expected.GetProperty("totalCount").GetInt64(), because);
            result.GetMaxValue().Should().Be(expected.GetProperty("maxValue").GetInt64(), because);
            result.GetMinNonZeroValue().Should().Be(expected.GetProperty("minNonZeroValue").GetInt64(), because);
            result.GetMean().Should().Be(expected.GetProperty("mean").GetDouble(), because);
            result.HighestTrackableValue.Should().Be(expected.GetProperty("highestTrackableValue").GetInt64(), because);
            result.NormalizingIndexOffset.Should().Be(expected.GetProperty("v2Header").GetProperty("normalizingIndexOffset").GetInt32(), because);
            foreach (var p in expected.GetProperty("valueAtPercentile").EnumerateArray())
            {
                result.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetInt64(), because);
            }

            // The shifted results carry their normalizing offset through a decode and re-encode, in every count type.
            byte[] v2 = HistogramEncoder.Encode(result);
            var decoder = new HistogramDecoder();
            foreach (var type in new[] { HistogramCountType.Long, HistogramCountType.LongConcurrent })
            {
                var decoded = decoder.Decode(v2, type);
                decoded.NormalizingIndexOffset.Should().Be(result.NormalizingIndexOffset);
                decoded.Equals(result).Should().BeTrue(because);
                HistogramEncoder.Encode(decoded).Should().Equal(v2, because);
                decoded.RecordValue(result.GetMaxValue());
                decoded.GetCountAtValue(result.GetMaxValue()).Should().Be(result.GetCountAtValue(result.GetMaxValue()) + 1, "recording after decoding a shifted histogram lands in the right bucket");
            }
        }
    }

    private static CompressionLevel BestCompression => (CompressionLevel)3; // SmallestSize on .NET 6+

    private static long MaxCount(HistogramBase h)
    {
        long max = 0;
        foreach (var v in h.RecordedValues())
        {
            max = Math.Max(max, v.CountAtValueIteratedTo);
        }

        return max;
    }

    private static HistogramBase Apply(JavaCase c, HistogramBase h, JsonElement op)
    {
        switch (op.GetProperty("op").GetString())
        {
            case "add":
                h.Add(Other(c, op));
                return h;
            case "subtract":
                h.Subtract(Other(c, op));
                return h;
            case "copyCorrectedForCoordinatedOmission":
                return h.CopyCorrectedForCoordinatedOmission(op.GetProperty("expectedIntervalBetweenValueSamples").GetInt64());
            case "addWhileCorrectingForCoordinatedOmission":
                h.AddWhileCorrectingForCoordinatedOmission(Other(c, op), op.GetProperty("expectedIntervalBetweenValueSamples").GetInt64());
                return h;
            case "shiftValuesLeft":
                h.ShiftValuesLeft(op.GetProperty("numberOfBinaryOrdersOfMagnitude").GetInt32());
                return h;
            case "shiftValuesRight":
                h.ShiftValuesRight(op.GetProperty("numberOfBinaryOrdersOfMagnitude").GetInt32());
                return h;
            default:
                throw new NotSupportedException(op.GetProperty("op").GetString());
        }
    }

    private static HistogramBase Other(JavaCase c, JsonElement op)
    {
        if (op.TryGetProperty("otherCase", out var otherCase))
        {
            return JavaCase.Load(otherCase.GetString()!).Replay();
        }

        var other = c.CreateEmpty();
        c.RecordInto(other, op.GetProperty("otherRecordedPrefixPairs").GetInt32());
        if (op.TryGetProperty("otherV2", out var otherV2))
        {
            HistogramEncoder.Encode(other).Should().Equal(Convert.FromBase64String(otherV2.GetString()!), "the prefix histogram matches Java's");
        }

        return other;
    }
}
