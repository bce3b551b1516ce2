using System.Buffers.Binary;
using Xunit.Abstractions;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// Malformed and hostile encoded histograms, integer and DoubleHistogram: whatever the bytes, decoding either succeeds
/// (giving a histogram that re-encodes and decodes to itself) or raises <see cref="HistogramFormatException"/> saying
/// what is wrong and where; it never allocates by a length it has not checked, and a histogram decoded into is left
/// unchanged and usable. The fuzz tests (every truncation, random corruption) run for both kinds here; the cases of
/// each format's fields follow, in HostileInputTests.Encodings.cs (the integer encodings: V0, V1, V2, compressed) and
/// HostileInputTests.DoubleHistogram.cs (the DoubleHistogram wrapper).
/// </summary>
public partial class HostileInputTests
{
    // Keeps fuzzed headers that declare a huge (valid) range from allocating tens of MB per input.
    private static readonly HistogramDecoderOptions FuzzOptions = new() { MaxCountsArrayLength = 1 << 18 };

    private static readonly HistogramCountType[] CountTypes =
    {
        HistogramCountType.Default, HistogramCountType.Long, HistogramCountType.Int, HistogramCountType.Short, HistogramCountType.LongConcurrent, HistogramCountType.IntConcurrent,
    };

    private readonly ITestOutputHelper _output;

    public HostileInputTests(ITestOutputHelper output)
    {
        _output = output;
    }

    /// <summary>The kinds of encoded histogram: "integer" (any count type) and "double" (DoubleHistogram).</summary>
    public static TheoryData<string> Kinds => new() { "integer", "double" };

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(Kinds))]
    public void Every_truncation_of_every_encoding_is_a_format_error_and_leaves_a_target_unchanged(string kind)
    {
        var decoder = new HistogramDecoder(FuzzOptions);
        var random = new Random(20240601);
        var targets = new Targets(kind, decoder);
        int inputs = 0;
        foreach (var (name, bytes) in Inputs(kind, includeLarge: true))
        {
            var target = targets.For(name, bytes);
            var before = StateOf(target);
            foreach (int length in PrefixLengths(bytes.Length, random, allUpTo: 8192))
            {
                string what = name + " cut to " + length + " bytes";
                var prefix = bytes.AsMemory(0, length);
                var e = ExpectFormatError(() => DecodeAs(kind, decoder, prefix.Span), what);
                if (kind == "double" && length >= 4)
                {
                    e.Message.Should().Contain("DoubleHistogram", what);
                }

                ExpectFormatError(() => decoder.DecodeAny(prefix.Span), what);
                inputs++;
                if (target is null)
                {
                    continue;
                }

                ExpectFormatError(() => DecodeInto(decoder, prefix.Span, target), what + " into a histogram");
                StateOf(target).Should().Be(before, "a failed decode leaves the target unchanged: {0}", what);
                if (length % 17 == 0)
                {
                    ExpectFormatError(() => DecodeAs(kind, decoder, new TrickleStream(prefix.ToArray(), 5)), what + " (stream)");
                    ExpectFormatError(() => DecodeInto(decoder, new TrickleStream(prefix.ToArray(), 5), target), what + " (stream into a histogram)");
                    ExpectFormatError(() => DecodeFromBase64Into(decoder, Convert.ToBase64String(bytes, 0, length), target), what + " (base64 into a histogram)");
                    StateOf(target).Should().Be(before, "a failed decode leaves the target unchanged: {0} (stream, base64)", what);
                }
            }

            if (target is not null)
            {
                // After all those failures the target is still consistent: the whole input decodes into it exactly.
                // (A DoubleHistogram target keeps the widest range it has seen: compare content, through fresh decodes.)
                DecodeInto(decoder, bytes, target);
                var expected = DecodeAs(kind, decoder, bytes);
                DecodeAs(kind, decoder, Encode(target)).Equals(expected).Should().BeTrue(name);
                IntegerOrDoubleHistogram.Of(target).IntegerToDoubleValueConversionRatio.Should().Be(IntegerOrDoubleHistogram.Of(expected).IntegerToDoubleValueConversionRatio, name);
            }
        }

        _output.WriteLine(inputs + " truncated inputs");
    }

    [Trait("Category", "Heavy")]
    [Theory]
    [MemberData(nameof(Kinds))]
    public void Random_byte_corruption_never_raises_anything_but_a_format_error(string kind)
    {
        var decoder = new HistogramDecoder(FuzzOptions);

        // Half the inputs are decoded into a reused histogram of their seed's configuration (no counts array allocated
        // per input, so tens of thousands of inputs take seconds), the others by every entry point into new histograms.
        // The fuzz harness (HdrHistogram.Fuzz, a step of CI) mutates these seeds and more for longer.
        var seeds = Inputs(kind, includeLarge: false).Where(i => i.Bytes.Length <= 25_000).ToArray();
        var targets = new Targets(kind, decoder, shared: false);
        var seedTargets = seeds.Select(seed => targets.For(seed.Name, seed.Bytes)).ToArray();
        var random = new Random(1234567);
        const int Iterations = 30_000;
        int decoded = 0;
        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        for (int i = 0; i < Iterations; i++)
        {
            int seedIndex = random.Next(seeds.Length);
            var (name, original) = seeds[seedIndex];
            byte[] input = Corrupt(original, random);
            string what = name + " corrupted (iteration " + i + ")";
            var target = seedTargets[seedIndex];
            var before = StateOf(target);
            int path = random.Next(10);
            var countType = CountTypes[random.Next(CountTypes.Length)];
            EncodableHistogram? result = null;
            var error = FormatErrorOf(
                () => result = path switch
                {
                    < 5 when target is not null => DecodeInto(decoder, input, target),
                    < 7 => DecodeAs(kind, decoder, input, countType),
                    < 9 => decoder.DecodeAny(input),
                    _ => DecodeAs(kind, decoder, new TrickleStream(input, 11)),
                },
                what);
            if (error is not null)
            {
                StateOf(target).Should().Be(before, "a failed decode leaves the target unchanged: {0}", what);
                continue;
            }

            // Whatever decoded is a consistent histogram: it re-encodes, decodes to itself and answers queries.
            decoded++;
            byte[] again = Encode(result!);
            var back = DecodeAs(result is DoubleHistogram ? "double" : "integer", decoder, again);
            back.Equals(result).Should().BeTrue(what);
            Encode(back).Should().Equal(again, what);
            var answers = IntegerOrDoubleHistogram.Of(result!);
            _ = answers.Mean + answers.StdDeviation + answers.MaxValueAsDouble + Convert.ToDouble(answers.ValueAtPercentile(99), System.Globalization.CultureInfo.InvariantCulture);
        }

        _output.WriteLine(Iterations + " corrupted inputs in " + stopwatch.ElapsedMilliseconds + " ms, " + decoded + " still decoded");
    }

    [Trait("Category", "Heavy")]
    [Fact]
    public void Truncations_with_matching_length_fields_decode_or_fail_cleanly()
    {
        var decoder = new HistogramDecoder(FuzzOptions);
        var random = new Random(7);
        int inputs = 0;
        int decoded = 0;
        var stopwatch = System.Diagnostics.Stopwatch.StartNew();
        foreach (var (name, bytes) in EncodingTestSupport.AllEncodedInputs(includeLarge: false))
        {
            int cookie = BinaryPrimitives.ReadInt32BigEndian(bytes);
            bool compressed = (cookie & ~0xF0) is 0x1c849304 or 0x1c849302 or 0x1c849309;
            bool lengthPrefixed = compressed || (cookie & ~0xF0) is 0x1c849303 or 0x1c849301;
            if (!lengthPrefixed || bytes.Length < 40)
            {
                continue;
            }

            int prefix = compressed ? 8 : 40;
            int declared = BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(4));

            // Decoding into one reused histogram keeps this test from allocating a counts array per input.
            if (!TryDecode(decoder, bytes, name, out var target))
            {
                continue;
            }

            foreach (int length in PrefixLengths(Math.Min(declared, bytes.Length - prefix), random, allUpTo: 1024))
            {
                // Cut the payload (or zlib stream) and make the length field agree: the lie is now consistent.
                byte[] cut = bytes.AsSpan(0, prefix + length).ToArray();
                BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
                inputs++;
                if (FormatErrorOf(() => decoder.DecodeInto(cut, target!), name + " with a consistent length of " + length) is null)
                {
                    decoded++;
                    if (compressed)
                    {
                        length.Should().Be(declared - 4, "only cutting exactly the Adler-32 trailer leaves a valid (legacy) zlib stream: {0}", name);
                    }

                    HistogramEncoder.GetMaxEncodedLength(target!).Should().BePositive();
                }
            }
        }

        _output.WriteLine(inputs + " consistently truncated inputs in " + stopwatch.ElapsedMilliseconds + " ms, " + decoded + " decoded");
    }

    /// <summary>Every encoding of a kind the fuzz tests start from: Java's and ours, plain and compressed.</summary>
    private static IEnumerable<(string Name, byte[] Bytes)> Inputs(string kind, bool includeLarge)
        => kind == "double" ? DoubleInputs() : EncodingTestSupport.AllEncodedInputs(includeLarge);

    /// <summary>
    /// <paramref name="original"/> with one to four bytes flipped, randomized or set to 0 or 255 (half of them in the
    /// first 64 bytes, where every field of the headers is a length, a configuration or a type), one time in eight cut short.
    /// </summary>
    private static byte[] Corrupt(byte[] original, Random random)
    {
        byte[] bytes = (byte[])original.Clone();
        int flips = 1 + random.Next(4);
        for (int f = 0; f < flips; f++)
        {
            int position = random.Next(2) == 0 ? random.Next(Math.Min(bytes.Length, 64)) : random.Next(bytes.Length);
            bytes[position] = random.Next(3) switch
            {
                0 => (byte)(bytes[position] ^ (1 << random.Next(8))),
                1 => (byte)random.Next(256),
                _ => random.Next(2) == 0 ? (byte)0 : (byte)0xFF,
            };
        }

        return random.Next(8) == 0 ? bytes.AsSpan(0, random.Next(bytes.Length + 1)).ToArray() : bytes;
    }

    private static IEnumerable<int> PrefixLengths(int length, Random random, int allUpTo = 4096)
    {
        if (length <= allUpTo)
        {
            return Enumerable.Range(0, length);
        }

        // All short prefixes (the headers) and the last 64, plus a sample of the rest.
        return Enumerable.Range(0, 128)
            .Concat(Enumerable.Range(length - 64, 64))
            .Concat(Enumerable.Range(0, Math.Min(400, allUpTo / 4)).Select(_ => 128 + random.Next(length - 192)))
            .Distinct();
    }

    /// <summary>What a failed decode must leave as it was: the count, the count at 1, the maximum and the range covered.</summary>
    private static (long Total, long AtOne, double Max, int Capacity)? StateOf(EncodableHistogram? target)
    {
        if (target is null)
        {
            return null;
        }

        var h = IntegerOrDoubleHistogram.Of(target);
        return (h.TotalCount, h.CountAtValue(h.Parse("1")), h.MaxValueAsDouble, h.NeededByteBufferCapacity);
    }

    private static EncodableHistogram DecodeAs(string kind, HistogramDecoder decoder, ReadOnlySpan<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => kind == "double" ? decoder.DecodeDouble(source) : decoder.Decode(source, countType);

    private static EncodableHistogram DecodeAs(string kind, HistogramDecoder decoder, Stream source)
        => kind == "double" ? decoder.DecodeDouble(source) : decoder.Decode(source);

    private static EncodableHistogram DecodeInto(HistogramDecoder decoder, ReadOnlySpan<byte> source, EncodableHistogram target)
    {
        if (target is DoubleHistogram d)
        {
            decoder.DecodeInto(source, d);
        }
        else
        {
            decoder.DecodeInto(source, (HistogramBase)target);
        }

        return target;
    }

    private static void DecodeInto(HistogramDecoder decoder, Stream source, EncodableHistogram target)
    {
        if (target is DoubleHistogram d)
        {
            decoder.DecodeInto(source, d);
        }
        else
        {
            decoder.DecodeInto(source, (HistogramBase)target);
        }
    }

    private static void DecodeFromBase64Into(HistogramDecoder decoder, string base64, EncodableHistogram target)
    {
        if (target is DoubleHistogram d)
        {
            decoder.DecodeFromBase64Into(base64.AsSpan(), d);
        }
        else
        {
            decoder.DecodeFromBase64Into(base64.AsSpan(), (HistogramBase)target);
        }
    }

    private static byte[] Encode(EncodableHistogram h) => h is DoubleHistogram d ? HistogramEncoder.Encode(d) : HistogramEncoder.Encode((HistogramBase)h);

    /// <summary>Runs a decode: null when it succeeded, its format error when it failed; any other exception fails the test.</summary>
    private static HistogramFormatException? FormatErrorOf(Action decode, string what)
    {
        try
        {
            decode();
            return null;
        }
        catch (HistogramFormatException e)
        {
            e.Message.Should().NotBeNullOrEmpty();
            return e;
        }
        catch (Exception e)
        {
            Assert.Fail(what + ": " + e.GetType().Name + " instead of HistogramFormatException: " + e);
            return null;
        }
    }

    private static HistogramFormatException ExpectFormatError(Action decode, string what)
        => FormatErrorOf(decode, what) ?? throw new Xunit.Sdk.XunitException(what + ": decoded without error");

    private static HistogramFormatException ExpectFormatError(HistogramDecoder decoder, ReadOnlyMemory<byte> input, string what, HistogramCountType type = HistogramCountType.Default)
        => ExpectFormatError(() => decoder.Decode(input.Span, type), what);

    private static bool TryDecode(HistogramDecoder decoder, ReadOnlyMemory<byte> input, string what, out HistogramBase? histogram, HistogramCountType type = HistogramCountType.Default)
    {
        HistogramBase? decoded = null;
        bool ok = FormatErrorOf(() => decoded = decoder.Decode(input.Span, type), what) is null;
        histogram = decoded;
        return ok;
    }

    /// <summary>The histograms the fuzz tests decode into, holding a 1 so that a change shows.</summary>
    private sealed class Targets(string kind, HistogramDecoder decoder, bool shared = true)
    {
        private readonly Dictionary<int, DoubleHistogram> _byDigits = new();

        /// <summary>
        /// For a DoubleHistogram input, one of its precision (shared: the one of that precision, which keeps the
        /// widest range it has seen); for an integer input, one of its configuration, none where the whole input
        /// exceeds the limits.
        /// </summary>
        public EncodableHistogram? For(string name, byte[] bytes)
        {
            EncodableHistogram? target;
            if (kind == "double")
            {
                int digits = BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(4));
                if (!shared || !_byDigits.TryGetValue(digits, out var d))
                {
                    d = new DoubleHistogram(digits);
                    _byDigits[digits] = d;
                }

                target = d;
            }
            else
            {
                target = TryDecode(decoder, bytes, name, out var h) ? h : null;
            }

            if (target is not null)
            {
                var t = IntegerOrDoubleHistogram.Of(target);
                t.RecordValue(t.Parse("1"));
            }

            return target;
        }
    }
}
