namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// The decode vectors (Fixtures/java/decode): legacy V1/V0 encodings, plain and compressed, and malformed inputs,
/// decoded the way Java's call in each fixture decoded them.
/// </summary>
public class JavaDecodeFixtureTests
{
    public static IEnumerable<object[]> Fixtures => EncodingTestSupport.DecodeFixtureNames().Select(n => new object[] { n });

    [Theory]
    [MemberData(nameof(Fixtures))]
    public void Decoding_gives_Javas_outcome(string name)
    {
        var f = EncodingTestSupport.DecodeFixture(name);
        byte[] bytes = EncodingTestSupport.Base64(f, "bytes");
        string call = f.GetProperty("decodeCall").GetString()!;
        var (type, accept) = JavaCall(call);

        var decode = () => new HistogramDecoder().DecodeCore(bytes, null, type, accept, 0, out _);
        if (f.GetProperty("javaOutcome").GetString() == "exception")
        {
            decode.Should().Throw<HistogramFormatException>("Java threw {0}: {1}", f.GetProperty("javaException").GetString(), f.GetProperty("javaMessage").GetString());
            return;
        }

        var decoded = decode();
        decoded.Should().BeOfType<LongHistogram>("{0} creates a {1}", call, f.GetProperty("decodedType").GetString());
        decoded.ShouldMatchSummary(f.GetProperty("decodedSummary"), name);
        HistogramEncoder.Encode(decoded).Should().Equal(EncodingTestSupport.Base64(f, "decodedV2"));
        var config = f.GetProperty("decodedConfig");
        decoded.LowestTrackableValue.Should().Be(config.GetProperty("lowestDiscernibleValue").GetInt64());
        decoded.HighestTrackableValue.Should().Be(config.GetProperty("highestTrackableValue").GetInt64());
        decoded.NumberOfSignificantValueDigits.Should().Be(config.GetProperty("numberOfSignificantValueDigits").GetInt32());
        decoded.AutoResize.Should().Be(config.GetProperty("autoResize").GetBoolean());

        if (f.TryGetProperty("sourceV2", out var sourceV2))
        {
            var source = new HistogramDecoder().Decode(Convert.FromBase64String(sourceV2.GetString()!));
            decoded.Equals(source).Should().Be(f.GetProperty("decodedEqualsSource").GetBoolean());
        }

        // The general entry point reads the same data, with the count type the cookie suggests.
        var general = new HistogramDecoder().Decode(bytes);
        general.Equals(decoded).Should().BeTrue();
        HistogramEncoder.Encode(general).Should().Equal(EncodingTestSupport.Base64(f, "decodedV2"));
    }

    [Theory]
    [InlineData("legacy-v1-word2", typeof(ShortHistogram))]
    [InlineData("legacy-v1-word2-compressed", typeof(ShortHistogram))]
    [InlineData("legacy-v1-word4", typeof(IntHistogram))]
    [InlineData("legacy-v1-word4-compressed", typeof(IntHistogram))]
    [InlineData("legacy-v1-word8", typeof(LongHistogram))]
    [InlineData("legacy-v0-word8-full-array", typeof(LongHistogram))]
    [InlineData("v2-compressed-any-type", typeof(LongHistogram))]
    public void The_default_count_type_follows_the_cookie(string name, Type expected)
    {
        byte[] bytes = EncodingTestSupport.Base64(EncodingTestSupport.DecodeFixture(name), "bytes");
        new HistogramDecoder().Decode(bytes).Should().BeOfType(expected);
    }

    [Fact]
    public void The_Java_compatible_entry_points_are_strict_about_compression()
    {
        byte[] plain = EncodingTestSupport.Base64(EncodingTestSupport.DecodeFixture("uncompressed-given-to-compressed-decoder"), "bytes");
        byte[] compressed = EncodingTestSupport.Base64(EncodingTestSupport.DecodeFixture("v2-compressed-any-type"), "bytes");

        var toCompressed = () => HistogramEncoding.DecodeFromCompressedByteBuffer(HdrHistogram.Utilities.ByteBuffer.Wrap(plain), 0);
        toCompressed.Should().Throw<HistogramFormatException>().WithMessage("*does not contain a compressed histogram*");
        var toPlain = () => HistogramEncoding.DecodeFromByteBuffer(HdrHistogram.Utilities.ByteBuffer.Wrap(compressed), 0);
        toPlain.Should().Throw<HistogramFormatException>().WithMessage("*does not contain an uncompressed histogram*");

        // The general decoder reads both.
        var decoder = new HistogramDecoder();
        decoder.Decode(plain).Equals(decoder.Decode(compressed)).Should().BeTrue();
    }

    private static (HistogramCountType Type, HistogramDecoder.Accept Accept) JavaCall(string call)
    {
        var type = call.Split('.')[0] switch
        {
            "Histogram" or "EncodableHistogram" => HistogramCountType.Long,
            "IntCountsHistogram" => HistogramCountType.Int,
            "ShortCountsHistogram" => HistogramCountType.Short,
            _ => throw new NotSupportedException(call),
        };
        var accept = call.Contains("decodeFromCompressedByteBuffer", StringComparison.Ordinal)
            ? HistogramDecoder.Accept.CompressedOnly
            : HistogramDecoder.Accept.UncompressedOnly;
        return (type, accept);
    }
}
