using System.IO.Compression;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.UnitTests.Encoding.Compression;

/// <summary>
/// The managed deflater for small inputs (<see cref="SmallInputDeflater"/>) and its Huffman code builder: every output
/// inflates to its input with the platform's <see cref="DeflateStream"/> and with the library's inflater; block types
/// are chosen as the format's arithmetic says; codes stay within deflate's length limits and are complete; on real
/// log intervals the output is within 2 % of the platform's zlib at level 9; nothing is allocated once warm.
/// </summary>
public class SmallInputDeflaterTests
{
    private const string RealLogs = "Fixtures/java/real-logs";

    public static TheoryData<string> Shapes() => new() { "random", "zeros", "period-1-to-9", "text", "histogram-like", "fibonacci" };

    [Theory]
    [MemberData(nameof(Shapes))]
    public void Every_length_up_to_the_limit_inflates_to_the_input(string shape)
    {
        var deflater = new SmallInputDeflater();
        var lengths = Enumerable.Range(0, 300).Concat(new[] { 511, 512, 1023, 1024, 1025, 4095, 4096, 4097, 8191, SmallInputDeflater.MaxInputLength });
        foreach (int length in lengths)
        {
            byte[] input = Make(shape, length, seed: length);
            byte[] deflated = Deflate(deflater, input);
            PlatformInflate(deflated).Should().Equal(input, shape + ", " + length + " bytes, platform inflater");
            LibraryInflate(deflated, input).Should().Equal(input, shape + ", " + length + " bytes, library inflater");
        }
    }

    [Fact]
    public void Matches_reach_back_as_far_as_the_input_allows_and_as_long_as_deflate_allows()
    {
        // A block of random bytes repeated at the far end of an 8 KiB input: distances near 8,000, lengths up to 258.
        var random = new Random(7);
        byte[] block = new byte[600];
        random.NextBytes(block);
        byte[] input = new byte[SmallInputDeflater.MaxInputLength];
        random.NextBytes(input);
        block.CopyTo(input, 0);
        block.CopyTo(input, input.Length - block.Length);

        byte[] deflated = Deflate(new SmallInputDeflater(), input);

        PlatformInflate(deflated).Should().Equal(input);
        deflated.Length.Should().BeLessThan(input.Length - 500, "the repeated 600 bytes are coded as matches, not literals");
    }

    [Fact]
    public void Empty_input_is_one_final_fixed_block_holding_only_the_end_of_block_code()
    {
        // BFINAL 1, BTYPE 01, then the 7-bit code 0000000 of symbol 256: bits 1,1,0 and seven zeros.
        Deflate(new SmallInputDeflater(), Array.Empty<byte>()).Should().Equal(0x03, 0x00);
    }

    [Fact]
    public void Incompressible_input_is_one_stored_block()
    {
        var deflater = new SmallInputDeflater();
        foreach (int length in new[] { 1000, 4000, SmallInputDeflater.MaxInputLength })
        {
            byte[] input = Make("random", length, seed: length + 1);
            byte[] deflated = Deflate(deflater, input);

            // Header bits 001 padded to a byte, LEN and NLEN little-endian, then the bytes unchanged (RFC 1951 3.2.4).
            deflated.Length.Should().Be(length + 5, length + " random bytes");
            deflated[0].Should().Be(0x01);
            BitConverter.ToUInt16(deflated, 1).Should().Be((ushort)length);
            BitConverter.ToUInt16(deflated, 3).Should().Be((ushort)~length);
            deflated.Skip(5).Should().Equal(input);
        }
    }

    [Fact]
    public void One_byte_is_a_fixed_block_because_a_stored_block_would_be_longer()
    {
        // Fixed: 3 header bits, the literal (8 or 9 bits), end of block (7 bits) = at most 19 bits, 3 bytes; stored: 6 bytes.
        foreach (byte value in new byte[] { 0, 143, 144, 255 })
        {
            byte[] deflated = Deflate(new SmallInputDeflater(), new[] { value });
            deflated.Length.Should().Be(3);
            BlockType(deflated).Should().Be(1);
            PlatformInflate(deflated).Should().Equal(value);
        }
    }

    [Fact]
    public void A_short_run_of_one_byte_is_a_fixed_block_and_a_long_varied_input_a_dynamic_one()
    {
        var deflater = new SmallInputDeflater();
        BlockType(Deflate(deflater, new byte[] { 7, 7, 7, 7, 7, 7, 7, 7 })).Should().Be(1);
        BlockType(Deflate(deflater, Make("text", 4000, seed: 3))).Should().Be(2);
    }

    [Fact]
    public void Too_long_an_input_is_refused()
    {
        var deflater = new SmallInputDeflater();
        Action act = () => deflater.Deflate(new byte[SmallInputDeflater.MaxInputLength + 1], new PooledBufferWriter());
        act.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Levels_that_use_it_and_the_lengths_up_to_which_they_do()
    {
        SmallInputDeflater.MaxInputLengthAt((CompressionLevel)3).Should().Be(SmallInputDeflater.MaxInputLength);
        SmallInputDeflater.MaxInputLengthAt(CompressionLevel.Optimal).Should().Be(1024);
        SmallInputDeflater.MaxInputLengthAt(CompressionLevel.Fastest).Should().Be(0);
        SmallInputDeflater.MaxInputLengthAt(CompressionLevel.NoCompression).Should().Be(0);
    }

    [Theory]
    [InlineData("jHiccup-2.0.6.logV1.hlog")]
    [InlineData("tagged-Log.logV2.hlog")]
    public void Real_log_intervals_compress_within_two_percent_of_zlib_level_9(string log)
    {
        var deflater = new SmallInputDeflater();
        long ours = 0;
        long zlib = 0;
        int intervals = 0;
        foreach (byte[] encoding in IntervalEncodings(log))
        {
            byte[] deflated = Deflate(deflater, encoding);
            PlatformInflate(deflated).Should().Equal(encoding);
            ours += deflated.Length;
            zlib += PlatformDeflate(encoding, (CompressionLevel)3).Length;
            intervals++;
        }

        intervals.Should().BeGreaterThan(40);
        ours.Should().BeLessThanOrEqualTo(zlib + (zlib / 50), "the platform zlib at level 9 gives " + zlib + " bytes for the " + intervals + " intervals");
    }

    [Fact]
    public void Compressing_log_intervals_allocates_nothing_once_warm()
    {
        var deflater = new SmallInputDeflater();
        byte[][] encodings = IntervalEncodings("jHiccup-2.0.6.logV1.hlog").ToArray();
        using var writer = new PooledBufferWriter(16 * 1024);
        foreach (byte[] encoding in encodings)
        {
            writer.Clear();
            deflater.Deflate(encoding, writer);
        }

        long least = long.MaxValue;
        for (int attempt = 0; attempt < 3; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            foreach (byte[] encoding in encodings)
            {
                writer.Clear();
                deflater.Deflate(encoding, writer);
            }

            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        least.Should().Be(0);
    }

    [Fact]
    public void Huffman_codes_of_a_hand_worked_example()
    {
        // Frequencies 1, 1, 2, 4 give the tree ((a b) c) d: lengths 3, 3, 2, 1; canonical codes 110, 111, 10, 0.
        var builder = new HuffmanCodeBuilder();
        byte[] lengths = new byte[4];
        ushort[] codes = new ushort[4];

        long bits = builder.Build(new[] { 1, 1, 2, 4 }, 15, lengths, codes);

        lengths.Should().Equal(3, 3, 2, 1);
        codes.Should().Equal(Reversed(0b110, 3), Reversed(0b111, 3), Reversed(0b10, 2), Reversed(0b0, 1));
        bits.Should().Be((1 * 3) + (1 * 3) + (2 * 2) + (4 * 1));
    }

    [Theory]
    [InlineData(286, 15)]
    [InlineData(30, 15)]
    [InlineData(19, 7)]
    public void Fibonacci_frequencies_get_codes_no_longer_than_the_limit_and_the_code_stays_complete(int symbols, int maxLength)
    {
        // Fibonacci weights give the deepest possible Huffman tree: one more level per symbol.
        int[] frequencies = new int[symbols];
        int count = Math.Min(symbols, 25);
        long previous = 1;
        long current = 1;
        for (int i = 0; i < count; i++)
        {
            frequencies[i] = (int)current;
            (previous, current) = (current, previous + current);
        }

        byte[] lengths = new byte[symbols];
        ushort[] codes = new ushort[symbols];
        long bits = new HuffmanCodeBuilder().Build(frequencies, maxLength, lengths, codes);

        lengths.Take(count).Should().OnlyContain(length => length >= 1 && length <= maxLength);
        lengths.Skip(count).Count(length => length != 0).Should().Be(0);
        lengths.Take(count).Sum(length => Math.Pow(2, -length)).Should().Be(1.0, "a complete prefix code (Kraft sum 1)");
        bits.Should().Be(Enumerable.Range(0, count).Sum(i => (long)frequencies[i] * lengths[i]));
        Enumerable.Range(0, count).Select(i => (codes[i], lengths[i])).Should().OnlyHaveUniqueItems();
    }

    [Fact]
    public void One_symbol_or_none_still_gets_a_complete_two_symbol_code()
    {
        var builder = new HuffmanCodeBuilder();
        byte[] lengths = new byte[30];
        ushort[] codes = new ushort[30];

        builder.Build(new int[30], 15, lengths, codes);
        lengths.Take(2).Should().Equal(1, 1);
        lengths.Skip(2).Should().OnlyContain(length => length == 0);

        int[] one = new int[30];
        one[17] = 5;
        builder.Build(one, 15, lengths, codes).Should().Be(5);
        lengths[0].Should().Be(1);
        lengths[17].Should().Be(1);
        lengths.Count(length => length != 0).Should().Be(2);
        codes[0].Should().Be(0);
        codes[17].Should().Be(1);
    }

    private static ushort Reversed(int code, int length)
    {
        int reversed = 0;
        for (int i = 0; i < length; i++)
        {
            reversed = (reversed << 1) | ((code >> i) & 1);
        }

        return (ushort)reversed;
    }

    private static int BlockType(byte[] deflated) => (deflated[0] >> 1) & 3;

    private static byte[] Deflate(SmallInputDeflater deflater, byte[] input)
    {
        using var writer = new PooledBufferWriter();
        int written = deflater.Deflate(input, writer);
        written.Should().Be(writer.WrittenCount);
        return writer.WrittenSpan.ToArray();
    }

    private static byte[] PlatformInflate(byte[] deflated)
    {
        using var inflater = new DeflateStream(new MemoryStream(deflated), CompressionMode.Decompress);
        var output = new MemoryStream();
        inflater.CopyTo(output);
        return output.ToArray();
    }

    private static byte[] PlatformDeflate(byte[] input, CompressionLevel level)
    {
        var output = new MemoryStream();
        using (var deflater = new DeflateStream(output, level, leaveOpen: true))
        {
            deflater.Write(input, 0, input.Length);
        }

        return output.ToArray();
    }

    /// <summary>Inflates with the library's inflater: the raw deflate data framed as a zlib stream with the input's Adler-32.</summary>
    private static byte[] LibraryInflate(byte[] deflated, byte[] input)
    {
        byte[] zlib = new byte[2 + deflated.Length + 4];
        zlib[0] = 0x78;
        zlib[1] = 0xDA;
        deflated.CopyTo(zlib, 2);
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(zlib.AsSpan(2 + deflated.Length), Adler32.Compute(input));
        byte[] output = new byte[input.Length + 1];
        InflateStatus status = new ZlibInflater().Inflate(zlib, output, out int consumed, out int written);
        status.Should().Be(InflateStatus.Completed);
        consumed.Should().Be(zlib.Length);
        return output.AsSpan(0, written).ToArray();
    }

    /// <summary>The uncompressed V2 encoding of every interval of a real log.</summary>
    private static IEnumerable<byte[]> IntervalEncodings(string log)
    {
        using var reader = new HistogramLogReader(File.OpenRead(Path.Combine(AppContext.BaseDirectory, RealLogs, log)));
        foreach (HistogramBase interval in reader.ReadHistograms())
        {
            yield return HistogramEncoder.Encode(interval);
        }
    }

    private static byte[] Make(string shape, int length, int seed)
    {
        var random = new Random(seed);
        byte[] data = new byte[length];
        switch (shape)
        {
            case "random":
                random.NextBytes(data);
                break;
            case "zeros":
                break;
            case "period-1-to-9":
                int period = 1 + (seed % 9);
                for (int i = 0; i < length; i++)
                {
                    data[i] = (byte)(i % period * 37);
                }

                break;
            case "text":
                byte[] words = System.Text.Encoding.ASCII.GetBytes("latency histogram the value of percentile 99.9 count bucket max ");
                for (int i = 0; i < length; i++)
                {
                    data[i] = words[(i + (random.Next(4) == 0 ? random.Next(words.Length) : 0)) % words.Length];
                }

                break;
            case "histogram-like":
                // Zig-zag LEB128 counts: mostly 02 (a count of 1) between small odd zero-run markers, some larger counts.
                for (int i = 0; i < length; i++)
                {
                    int r = random.Next(100);
                    data[i] = r < 50 ? (byte)0x02 : r < 80 ? (byte)(2 * random.Next(1, 40) + 1) : (byte)random.Next(256);
                }

                break;
            default:
                // Byte i % 20 appears with Fibonacci frequency: deep Huffman trees that the 15-bit limit must flatten.
                int[] fibonacci = { 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181, 6765 };
                int total = fibonacci.Sum();
                for (int i = 0; i < length; i++)
                {
                    int pick = random.Next(total);
                    int symbol = 0;
                    while (pick >= fibonacci[symbol])
                    {
                        pick -= fibonacci[symbol];
                        symbol++;
                    }

                    data[i] = (byte)(symbol * 13);
                }

                break;
        }

        return data;
    }
}
