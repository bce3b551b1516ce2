using System.Buffers;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>
/// One failure contract for DecodeInto. After any failure (an error in the header, a configuration
/// or type that does not match the target, data beyond the limits, an error in the V2 or fixed-width counts, truncated
/// data, corrupt or truncated compressed data) the target is unchanged, for every target type and every input form.
/// </summary>
public class DecodeIntoFailureContractTests
{
    /// <summary>Each error kind, and a pattern of the message that shows the decoder failed for that reason.</summary>
    private static readonly Dictionary<string, string> ExpectedMessages = new()
    {
        ["header"] = "no valid cookie",
        ["configuration"] = "significant value digits",
        ["wrong-type"] = "DoubleHistogram",
        ["too-large"] = "MaxCountsArrayLength",
        ["counts-truncated-entry"] = "ends inside an encoded count",
        ["counts-too-many"] = "runs past the end of the counts array",
        ["count-too-large"] = "does not fit in the target histogram's",
        ["fixed-count-too-large"] = "does not fit in the target histogram's",
        ["fixed-negative-count"] = "negative count",
        ["truncated"] = "full histogram payload|The stream ends after",
        ["compressed-counts"] = "ends inside an encoded count",
        ["compressed-checksum"] = "Invalid compressed histogram",
        ["compressed-truncated"] = "Invalid compressed histogram",
    };

    public static IEnumerable<object[]> Cases()
    {
        foreach (string target in new[] { "long", "int", "short", "long-concurrent", "int-concurrent", "double", "double-concurrent" })
        {
            foreach (string error in ExpectedMessages.Keys)
            {
                bool narrow = target is "int" or "short" or "int-concurrent";
                if (error is "count-too-large" or "fixed-count-too-large" && !narrow)
                {
                    continue; // only a narrow count type has a count the data can exceed
                }

                foreach (string form in new[] { "span", "sequence", "stream", "trickle-stream", "base64", "base64-utf8" })
                {
                    yield return new object[] { target, error, form };
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void A_failed_DecodeInto_leaves_the_target_unchanged(string targetType, string error, string form)
    {
        bool isDouble = targetType.StartsWith("double", StringComparison.Ordinal);
        EncodableHistogram target = CreateTarget(targetType);
        byte[] data = BadData(targetType, isDouble, error);
        var before = Snapshot(target);

        // The limit is below the data's counts array length.
        using var decoder = error == "too-large"
            ? new HistogramDecoder(new HistogramDecoderOptions { MaxCountsArrayLength = 100 })
            : new HistogramDecoder();
        Action decode = (form, target) switch
        {
            ("span", HistogramBase h) => () => decoder.DecodeInto(data, h),
            ("sequence", HistogramBase h) => () => decoder.DecodeInto(TwoSegments(data), h),
            ("stream", HistogramBase h) => () => decoder.DecodeInto(new MemoryStream(data), h),
            ("trickle-stream", HistogramBase h) => () => decoder.DecodeInto(new TrickleStream(data, 3), h),
            ("base64", HistogramBase h) => () => decoder.DecodeFromBase64Into(Convert.ToBase64String(data), h),
            ("base64-utf8", HistogramBase h) => () => decoder.DecodeFromBase64Utf8Into(System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(data)), h),
            ("span", DoubleHistogram d) => () => decoder.DecodeInto(data, d),
            ("sequence", DoubleHistogram d) => () => decoder.DecodeInto(TwoSegments(data), d),
            ("stream", DoubleHistogram d) => () => decoder.DecodeInto(new MemoryStream(data), d),
            ("trickle-stream", DoubleHistogram d) => () => decoder.DecodeInto(new TrickleStream(data, 3), d),
            ("base64", DoubleHistogram d) => () => decoder.DecodeFromBase64Into(Convert.ToBase64String(data), d),
            ("base64-utf8", DoubleHistogram d) => () => decoder.DecodeFromBase64Utf8Into(System.Text.Encoding.ASCII.GetBytes(Convert.ToBase64String(data)), d),
            _ => throw new ArgumentOutOfRangeException(nameof(form)),
        };

        decode.Should().Throw<HistogramFormatException>().Which.Message.Should().MatchRegex(ExpectedMessages[error]);
        Snapshot(target).Should().Equal(before);

        // And it still works: a valid decode afterwards fills it.
        using var validDecoder = new HistogramDecoder();
        byte[] good = HistogramEncoder.Encode(Source(targetType, isDouble, wide: true));
        if (target is HistogramBase hb)
        {
            validDecoder.DecodeInto(good, hb);
            hb.TotalCount.Should().Be(1 + 5 + 7);
            hb.GetCountAtValue(300).Should().Be(5);
        }
        else
        {
            validDecoder.DecodeInto(good, (DoubleHistogram)target);
            ((DoubleHistogram)target).TotalCount.Should().Be(1 + 5 + 7);
            ((DoubleHistogram)target).GetCountAtValue(3.0).Should().Be(5);
        }
    }

    /// <summary>
    /// DecodeInto checks the counts in a separate lean pass (vectorized over blocks of one-byte entries) before it
    /// touches the target; a decode into a new histogram does not. On random payloads, valid and not, both must agree:
    /// the same data fails with the same message, or succeeds with the same histogram, and a failed DecodeInto leaves
    /// its target unchanged.
    /// </summary>
    [Trait("Category", "Heavy")]
    [Theory]
    [InlineData("long")]
    [InlineData("int")]
    [InlineData("short")]
    public void The_pre_check_of_the_counts_agrees_with_the_decoder_on_random_payloads(string type)
    {
        var random = new Random(15_05 + type.Length);
        var countType = type switch { "long" => HistogramCountType.Long, "int" => HistogramCountType.Int, _ => HistogramCountType.Short };
        long highest = 1L << 40;
        int logicalLength = HostileInputTests.CountsLength(1, highest, 2);
        using var decoder = new HistogramDecoder();
        int failures = 0;
        // Every round's target starts the same, so one snapshot is what each failed round must leave behind.
        var before = Snapshot(NewTarget(type, highest));
        for (int round = 0; round < 1500; round++)
        {
            var values = new List<long>();
            long covered = 0;
            int entries = random.Next(1, 300);
            for (int i = 0; i < entries; i++)
            {
                long value = random.Next(12) switch
                {
                    0 or 1 or 2 or 3 => random.Next(0, 64),                      // one byte
                    4 => -random.Next(1, 65),                                   // a short zero run, one byte
                    5 => random.Next(64, 8192),                                 // two bytes
                    6 => -random.Next(65, 200),                                 // a longer zero run
                    7 => random.Next(150) != 0 ? 5 : random.Next(2) == 0 ? 40_000 : 3_000_000_000, // rarely too large for short / int counts
                    8 => random.Next(100) == 0 ? -(1L << 40) : -random.Next(1, 10), // a zero run beyond int.MaxValue, rarely
                    9 => random.Next(100) == 0 ? -(logicalLength - covered + 1) : 1, // exactly one past the end, rarely
                    _ => random.Next(0, 64),
                };
                values.Add(value);
                covered += value < 0 ? -value : 1;
            }

            byte[] payload = HostileInputTests.Entries(values.ToArray());
            if (random.Next(10) == 0 && payload.Length > 1)
            {
                payload = payload.AsSpan(0, payload.Length - 1).ToArray(); // perhaps cut inside the last entry
            }

            byte[] data = HostileInputTests.V2(payload, digits: 2, highest: highest);
            var target = NewTarget(type, highest);

            string? expectedError = null;
            HistogramBase? expected = null;
            try
            {
                expected = decoder.Decode(data, countType);
            }
            catch (HistogramFormatException e)
            {
                expectedError = e.Message;
            }

            string? actualError = null;
            try
            {
                decoder.DecodeInto(data, target);
            }
            catch (HistogramFormatException e)
            {
                actualError = e.Message;
            }

            actualError.Should().Be(expectedError, "round {0}", round);
            if (expectedError is null)
            {
                HistogramEncoder.Encode(target).ShouldEqualSequence(HistogramEncoder.Encode(expected!), "round {0}", round);
            }
            else
            {
                failures++;
                Snapshot(target).ShouldEqualSequence(before, "round {0}", round);
            }
        }

        failures.Should().BeInRange(150, 1350, "the random payloads are a mix of valid and invalid ones");
    }

    private static HistogramBase NewTarget(string type, long highest)
    {
        var target = HistogramKinds.Create(type, 1, highest, 2);
        target.RecordValueWithCount(12345, 7);
        return target;
    }

    private static EncodableHistogram CreateTarget(string type)
    {
        EncodableHistogram h;
        switch (type)
        {
            case "double":
            case "double-concurrent":
                var d = type == "double" ? new DoubleHistogram(1_000_000, 2) : new DoubleConcurrentHistogram(1_000_000, 2);
                d.RecordValueWithCount(0.25, 3);
                d.RecordValueWithCount(12.5, 4);
                d.Tag = "before";
                d.StartTimeStamp = 1000;
                d.EndTimeStamp = 2000;
                h = d;
                break;
            default:
                var i = HistogramKinds.Create(type, 1, 100_000, 2);
                i.RecordValueWithCount(3, 3);
                i.RecordValueWithCount(9000, 4);
                i.ShiftValuesLeft(1);
                i.Tag = "before";
                i.StartTimeStamp = 1000;
                i.EndTimeStamp = 2000;
                h = i;
                break;
        }

        return h;
    }

    /// <summary>A valid source: its range is wider than the target's (so a decode would grow the target).</summary>
    private static EncodableHistogram Source(string type, bool isDouble, bool wide, long bigCount = 7)
    {
        if (isDouble)
        {
            var d = new DoubleHistogram(1_000_000, 2);
            d.RecordValue(1.0);
            d.RecordValueWithCount(3.0, 5);
            d.RecordValueWithCount(wide ? 90_000.0 : 9.0, bigCount);
            return d;
        }

        var h = new LongHistogram(1, wide ? 1L << 40 : 10_000, 2);
        h.RecordValue(1);
        h.RecordValueWithCount(300, 5);
        h.RecordValueWithCount(wide ? 1L << 39 : 9000, bigCount);
        return h;
    }

    private static byte[] BadData(string type, bool isDouble, string error)
    {
        int wrapper = isDouble ? 16 : 0;
        byte[] data = HistogramEncoder.Encode(Source(type, isDouble, wide: true));
        if (error == "header")
        {
            data[wrapper + 3] ^= 0x55; // an unknown cookie (the internal histogram's for a DoubleHistogram)
            return data;
        }

        if (error == "configuration")
        {
            EncodableHistogram other = isDouble ? new DoubleHistogram(1_000_000, 3) : new LongHistogram(1, 1L << 40, 3);
            if (other is DoubleHistogram od)
            {
                od.RecordValue(2.0);
            }
            else
            {
                ((HistogramBase)other).RecordValue(2);
            }

            return HistogramEncoder.Encode(other);
        }

        if (error == "counts-truncated-entry")
        {
            data[^1] |= 0x80; // the last payload byte gets its continuation bit: the payload ends inside an entry
            return data;
        }

        if (error == "counts-too-many")
        {
            // A zero run of 1,000,000 slots appended (payload length raised to match): past the counts array.
            byte[] run = { 0xFF, 0x88, 0x7A }; // zigzag(-1_000_000) = 1_999_999, LEB128
            var longer = data.Concat(run).ToArray();
            int payloadLength = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(longer.AsSpan(wrapper + 4));
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(longer.AsSpan(wrapper + 4), payloadLength + run.Length);
            return longer;
        }

        if (error == "count-too-large")
        {
            return HistogramEncoder.Encode(Source(type, isDouble, wide: true, bigCount: type == "short" ? 40_000 : 3_000_000_000));
        }

        if (error == "wrong-type")
        {
            // A DoubleHistogram's encoding for an integer target, an integer histogram's for a DoubleHistogram.
            return isDouble ? HistogramEncoder.Encode(Source(type, isDouble: false, wide: true)) : HistogramEncoder.Encode(Source(type, isDouble: true, wide: true));
        }

        if (error == "too-large")
        {
            return data; // valid, but its range needs a counts array longer than the decoder's limit
        }

        if (error is "fixed-count-too-large" or "fixed-negative-count")
        {
            // V1 (fixed-width 64-bit counts), with the same header as the V2 data (an internal histogram's for a DoubleHistogram).
            int digits = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(data.AsSpan(wrapper + 12));
            long highest = System.Buffers.Binary.BinaryPrimitives.ReadInt64BigEndian(data.AsSpan(wrapper + 24));
            long bad = error == "fixed-negative-count" ? -5 : type == "short" ? 40_000 : 3_000_000_000;
            byte[] v1 = HostileInputTests.V1(8, new long[] { 0, 1, 5, bad, 2 }, digits: digits, highest: highest);
            if (isDouble)
            {
                // The wrapper's conversion ratio goes into the internal header, as the encoder writes it.
                data.AsSpan(wrapper + 32, 8).CopyTo(v1.AsSpan(32));
                return data.AsSpan(0, wrapper).ToArray().Concat(v1).ToArray();
            }

            return v1;
        }

        if (error == "truncated")
        {
            return data.AsSpan(0, data.Length - 2).ToArray();
        }

        if (error == "compressed-checksum")
        {
            byte[] compressed = Compress(data, isDouble);
            compressed[^1] ^= 0x01; // the Adler-32 of valid data no longer matches: found only after the whole payload
            return compressed;
        }

        if (error == "compressed-truncated")
        {
            // A compressed histogram whose zlib stream is cut short (the framing's length says so).
            byte[] compressed = Compress(data, isDouble);
            byte[] cut = compressed.AsSpan(0, compressed.Length - 6).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(wrapper + 4), cut.Length - wrapper - 8);
            return cut;
        }

        // compressed-counts: a compressed histogram whose inflated counts end inside an entry.
        data[^1] |= 0x80;
        return Compress(data, isDouble);
    }

    /// <summary>Java's compressed form of <paramref name="plain"/>: cookie, length, zlib stream (wrapped for a DoubleHistogram).</summary>
    private static byte[] Compress(byte[] plain, bool isDouble)
    {
        int wrapper = isDouble ? 16 : 0;
        var zlib = new MemoryStream();
        using (var z = new System.IO.Compression.ZLibStream(zlib, System.IO.Compression.CompressionLevel.Optimal, leaveOpen: true))
        {
            z.Write(plain, wrapper, plain.Length - wrapper);
        }

        var output = new MemoryStream();
        var head = new byte[wrapper + 8];
        plain.AsSpan(0, wrapper).CopyTo(head);
        if (isDouble)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(head, EncodingCookies.DoubleHistogramCompressed);
        }

        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(head.AsSpan(wrapper), EncodingCookies.V2Compressed);
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(head.AsSpan(wrapper + 4), (int)zlib.Length);
        output.Write(head);
        output.Write(zlib.ToArray());
        return output.ToArray();
    }

    private static ReadOnlySequence<byte> TwoSegments(byte[] data)
    {
        int half = data.Length / 2;
        var first = new Segment(data.AsMemory(0, half), 0);
        var last = first.Append(data.AsMemory(half));
        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private static List<string> Snapshot(EncodableHistogram h)
    {
        var s = new List<string>
        {
            Convert.ToBase64String(HistogramEncoder.Encode(h)),
            h.Tag ?? "<null>",
            h.StartTimeStamp.ToString(System.Globalization.CultureInfo.InvariantCulture),
            h.EndTimeStamp.ToString(System.Globalization.CultureInfo.InvariantCulture),
        };
        if (h is HistogramBase b)
        {
            s.Add(FormattableString.Invariant($"{b.TotalCount} {b.GetMaxValue()} {b.GetMinNonZeroValue()} {b.HighestTrackableValue} {b.NormalizingIndexOffset} {b.AutoResize} {b.CountsArrayLength}"));
            s.AddRange(b.AllValues().Select(v => FormattableString.Invariant($"{v.ValueIteratedTo}:{v.CountAtValueIteratedTo}")));
        }
        else
        {
            var d = (DoubleHistogram)h;
            s.Add(FormattableString.Invariant($"{d.TotalCount} {d.GetMaxValue()} {d.GetMinNonZeroValue()} {d.GetHighestToLowestValueRatio()} {d.AutoResize} {d.GetMean()}"));
            s.AddRange(d.RecordedValues().Select(v => FormattableString.Invariant($"{v.ValueIteratedTo}:{v.CountAtValueIteratedTo}")));
        }

        return s;
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
