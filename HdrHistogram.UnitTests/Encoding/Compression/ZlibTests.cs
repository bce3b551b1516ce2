using System.Buffers.Binary;
using System.IO.Compression;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.UnitTests.Encoding.Compression;

/// <summary>
/// Tests of the zlib layer under compressed histograms: <see cref="Adler32"/>, <see cref="ZlibInflater"/>,
/// <see cref="ZlibCompressor"/> and <see cref="PooledBufferWriter"/>. System.IO.Compression's ZLibStream
/// serves as the reference implementation in both directions.
/// </summary>
public class ZlibTests
{
    private const string FixtureFolder = "Fixtures/java/cases";

    public static readonly TheoryData<int> Sizes = new() { 0, 1, 2, 3, 4, 7, 40, 100, 257, 1000, 5552, 20_000, 65_535, 65_536, 70_001, 300_000 };

    public static readonly TheoryData<CompressionLevel> Levels = new()
    {
        CompressionLevel.NoCompression, CompressionLevel.Fastest, CompressionLevel.Optimal, CompressionLevel.SmallestSize,
    };

    public enum DataKind
    {
        Random,
        Repetitive,
        Zeros,
        Text,
        HistogramLike,
    }

    // ---------------------------------------------------------------- Adler-32

    [Fact]
    public void Adler32_KnownVectors()
    {
        Assert.Equal(1u, Adler32.Compute(ReadOnlySpan<byte>.Empty));
        Assert.Equal(0x11E60398u, Adler32.Compute(Ascii("Wikipedia")));
        Assert.Equal(0x00620062u, Adler32.Compute(new[] { (byte)'a' }));
        Assert.Equal(0x29750586u, Adler32.Compute(Ascii("message digest")));
    }

    [Fact]
    public void Adler32_MatchesZLibStreamTrailer_ForManyLengths()
    {
        var lengths = new SortedSet<int>();
        for (int n = 1; n <= 300; n++)
        {
            lengths.Add(n);
        }

        foreach (int center in new[] { 511, 512, 1024, 4096, 5536, 5552, 5568, 11_104, 11_072, 16_384, 65_536 })
        {
            for (int delta = -3; delta <= 3; delta++)
            {
                lengths.Add(center + delta);
            }
        }

        lengths.Add(99_999);
        lengths.Add(100_000);

        var random = new Random(1234);
        byte[] data = new byte[100_000];
        random.NextBytes(data);
        byte[] ones = Enumerable.Repeat((byte)0xFF, 100_000).ToArray();
        foreach (int length in lengths)
        {
            foreach (byte[] source in new[] { data, ones })
            {
                ReadOnlySpan<byte> slice = source.AsSpan(0, length);
                byte[] zlib = ZLibStreamCompress(slice.ToArray(), CompressionLevel.Fastest);
                uint expected = BinaryPrimitives.ReadUInt32BigEndian(zlib.AsSpan(zlib.Length - 4));
                Assert.Equal(expected, Adler32.Compute(slice));
            }
        }
    }

    [Fact]
    public void Adler32_MatchesNaiveReference_AndIsIncremental()
    {
        var random = new Random(99);
        for (int trial = 0; trial < 200; trial++)
        {
            int length = random.Next(0, 20_000);
            byte[] data = new byte[length];
            if (trial % 3 == 0)
            {
                data.AsSpan().Fill(0xFF);
            }
            else
            {
                random.NextBytes(data);
            }

            uint expected = NaiveAdler32(data);
            Assert.Equal(expected, Adler32.Compute(data));

            int split1 = random.Next(0, length + 1);
            int split2 = random.Next(split1, length + 1);
            uint incremental = Adler32.Update(Adler32.InitialValue, data.AsSpan(0, split1));
            incremental = Adler32.Update(incremental, data.AsSpan(split1, split2 - split1));
            incremental = Adler32.Update(incremental, data.AsSpan(split2));
            Assert.Equal(expected, incremental);
        }
    }

    // ---------------------------------------------------------------- Round trips

    [Theory]
    [MemberData(nameof(Sizes))]
    public void RoundTrip_OurCompress_OurInflate_AndZLibStream(int size)
    {
        var compressor = new ZlibCompressor();
        var inflater = new ZlibInflater();
        using var writer = new PooledBufferWriter();
        foreach (DataKind kind in Enum.GetValues<DataKind>())
        {
            byte[] data = MakeData(kind, size, seed: size);
            foreach (CompressionLevel level in new[] { CompressionLevel.NoCompression, CompressionLevel.Fastest, CompressionLevel.Optimal, ZlibCompressor.BestCompression })
            {
                writer.Clear();
                int written = compressor.Compress(data, writer, level);
                Assert.Equal(writer.WrittenCount, written);
                byte[] zlib = writer.WrittenSpan.ToArray();

                Assert.Equal(data, InflateExact(inflater, zlib, data.Length));
                Assert.Equal(data, ZLibStreamDecompress(zlib));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Levels))]
    public void RoundTrip_ZLibStreamCompress_OurInflate(CompressionLevel level)
    {
        var inflater = new ZlibInflater();
        foreach (int size in new[] { 0, 1, 5, 64, 1000, 5552, 33_000, 100_000, 300_000 })
        {
            foreach (DataKind kind in Enum.GetValues<DataKind>())
            {
                byte[] data = MakeData(kind, size, seed: size + (int)kind);
                byte[] zlib = ZLibStreamCompress(data, level);
                Assert.Equal(data, InflateExact(inflater, zlib, data.Length));
            }
        }
    }

    [Fact]
    public void Compress_WritesJavaCompatibleHeaders()
    {
        var compressor = new ZlibCompressor();
        byte[] data = MakeData(DataKind.Text, 1000, 1);
        Assert.Equal(new byte[] { 0x78, 0x01 }, CompressToArray(compressor, data, CompressionLevel.NoCompression).AsSpan(0, 2).ToArray());
        Assert.Equal(new byte[] { 0x78, 0x01 }, CompressToArray(compressor, data, CompressionLevel.Fastest).AsSpan(0, 2).ToArray());
        Assert.Equal(new byte[] { 0x78, 0x9C }, CompressToArray(compressor, data, CompressionLevel.Optimal).AsSpan(0, 2).ToArray());
        byte[] best = CompressToArray(compressor, data, ZlibCompressor.BestCompression);
        byte expectedBestFlags = ZlibCompressor.BestCompression == CompressionLevel.SmallestSize ? (byte)0xDA : (byte)0x9C;
        Assert.Equal(new byte[] { 0x78, expectedBestFlags }, best.AsSpan(0, 2).ToArray());

        // Whatever the build, the numeric value of SmallestSize is accepted.
        byte[] smallest = CompressToArray(compressor, data, CompressionLevel.SmallestSize);
        Assert.Equal(data, ZLibStreamDecompress(smallest));
    }

    [Fact]
    public void Compress_EmptyInput_IsAValidZlibStream()
    {
        byte[] zlib = CompressToArray(new ZlibCompressor(), Array.Empty<byte>(), CompressionLevel.Optimal);
        Assert.Equal(new byte[] { 0, 0, 0, 1 }, zlib.AsSpan(zlib.Length - 4).ToArray());
        Assert.Empty(ZLibStreamDecompress(zlib));
        Assert.Empty(InflateExact(new ZlibInflater(), zlib, 0));
    }

    [Fact]
    public void Compress_AppendsToExistingContent_AndReturnsBytesWritten()
    {
        var compressor = new ZlibCompressor();
        using var writer = new PooledBufferWriter();
        writer.GetSpan(3)[0] = 42;
        writer.Advance(3);
        byte[] first = MakeData(DataKind.Text, 5000, 1);
        byte[] second = MakeData(DataKind.Random, 3000, 2);
        int n1 = compressor.Compress(first, writer, CompressionLevel.Optimal);
        int n2 = compressor.Compress(second, writer, CompressionLevel.Fastest);
        Assert.Equal(3 + n1 + n2, writer.WrittenCount);
        Assert.Equal(42, writer.WrittenSpan[0]);
        Assert.Equal(first, ZLibStreamDecompress(writer.WrittenSpan.Slice(3, n1).ToArray()));
        Assert.Equal(second, ZLibStreamDecompress(writer.WrittenSpan.Slice(3 + n1, n2).ToArray()));
    }

    [Fact]
    public void Compress_RejectsBadArguments()
    {
        var compressor = new ZlibCompressor();
        Assert.Throws<ArgumentNullException>(() => compressor.Compress(new byte[1], null!, CompressionLevel.Optimal));
        using var writer = new PooledBufferWriter();
        Assert.Throws<ArgumentOutOfRangeException>(() => compressor.Compress(new byte[1], writer, (CompressionLevel)42));
    }

    [Fact]
    public void Compress_AllocationPerCall_DoesNotGrowWithInputSize()
    {
        var compressor = new ZlibCompressor();
        using var writer = new PooledBufferWriter(1 << 20);
        long small = MinAllocationPerCall(compressor, writer, MakeData(DataKind.HistogramLike, 1000, 1));
        long large = MinAllocationPerCall(compressor, writer, MakeData(DataKind.HistogramLike, 200_000, 2));
        long larger = MinAllocationPerCall(compressor, writer, MakeData(DataKind.HistogramLike, 1_000_000, 3));

        // A small input goes through the managed deflater, which allocates nothing; a large one through the platform's
        // DeflateStream, which costs one small object per call: the same for 1 MB as for 200 KB, never per byte.
        Assert.Equal(0, small);
        Assert.Equal(large, larger);
        Assert.InRange(large, 0, 1024);
    }

    [Fact]
    public void Inflate_DoesNotAllocate()
    {
        var inflater = new ZlibInflater();
        byte[] data = MakeData(DataKind.Text, 50_000, 3);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        byte[] output = new byte[data.Length];
        Assert.Equal(0, AllocationMeter.Measure(() => inflater.Inflate(zlib, output, out _, out _), iterations: 10));
    }

    // ---------------------------------------------------------------- Block types

    [Fact]
    public void StoredBlocks_FromNoCompression_Inflate()
    {
        byte[] data = MakeData(DataKind.Random, 150_000, 5);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.NoCompression);
        Assert.Equal(0, (zlib[2] >> 1) & 3);
        Assert.Equal(data, InflateExact(new ZlibInflater(), zlib, data.Length));
    }

    [Fact]
    public void StoredBlock_HandBuilt_Inflates()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: false, DeflateBitWriter.StoredBlock);
        bits.AlignToByte();
        bits.Bytes(5, 0, 0xFA, 0xFF);
        bits.Bytes(Ascii("hello"));
        bits.BlockHeader(final: true, DeflateBitWriter.StoredBlock);
        bits.AlignToByte();
        bits.Bytes(0, 0, 0xFF, 0xFF);
        byte[] expected = Ascii("hello");
        byte[] zlib = bits.ToZlib(expected);
        Assert.Equal(expected, ZLibStreamDecompress(zlib));
        Assert.Equal(expected, InflateExact(new ZlibInflater(), zlib, expected.Length));
    }

    [Fact]
    public void FixedHuffmanBlocks_FromZlib_Inflate()
    {
        var inflater = new ZlibInflater();
        foreach (string text in new[] { "a", "abcabcabcabc", "hello hello hello hello world" })
        {
            byte[] data = Ascii(text);
            foreach (CompressionLevel level in new[] { CompressionLevel.Fastest, CompressionLevel.Optimal })
            {
                byte[] zlib = ZLibStreamCompress(data, level);
                Assert.Equal(1, (zlib[2] >> 1) & 3);
                Assert.Equal(data, InflateExact(inflater, zlib, data.Length));
            }
        }
    }

    [Fact]
    public void FixedHuffmanBlock_HandBuilt_WithOverlappingMatches()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.FixedCodeBlock);
        bits.FixedLiteral('a');
        bits.FixedLiteral('b');
        bits.FixedLiteralLength(258); // length 4
        bits.FixedDistance(1); // distance 2
        bits.FixedLiteralLength(285); // length 258
        bits.FixedDistance(0); // distance 1
        bits.FixedLiteral('x');
        bits.FixedLiteral('y');
        bits.FixedLiteral('z');
        bits.FixedLiteralLength(266); // lengths 13-14: one extra bit
        bits.Bits(1, 1); // length 14
        bits.FixedDistance(2); // distance 3
        bits.FixedLiteralLength(256);
        var expected = new StringBuilder("ababab").Append('b', 258).Append("xyz");
        for (int i = 0; i < 14; i++)
        {
            expected.Append("xyz"[i % 3]);
        }

        byte[] expectedBytes = Ascii(expected.ToString());
        byte[] zlib = bits.ToZlib(expectedBytes);
        Assert.Equal(expectedBytes, ZLibStreamDecompress(zlib));
        Assert.Equal(expectedBytes, InflateExact(new ZlibInflater(), zlib, expectedBytes.Length));
    }

    [Fact]
    public void DynamicHuffmanBlocks_FromZlib_Inflate()
    {
        byte[] data = MakeData(DataKind.Text, 20_000, 7);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        Assert.Equal(2, (zlib[2] >> 1) & 3);
        Assert.Equal(data, InflateExact(new ZlibInflater(), zlib, data.Length));
    }

    [Fact]
    public void DynamicHuffmanBlock_HandBuilt_WithCodesUpTo15Bits()
    {
        // Skewed codes (lengths 1, 2, ..., 15, 15) so that the longest codes miss the lookup tables.
        byte[] literalLengths = new byte[259];
        int[] litSymbols = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 256, 257, 258 };
        for (int i = 0; i < litSymbols.Length; i++)
        {
            literalLengths[litSymbols[i]] = (byte)Math.Min(i + 1, 15);
        }

        byte[] distanceLengths = new byte[16];
        for (int i = 0; i < 16; i++)
        {
            distanceLengths[i] = (byte)Math.Min(i + 1, 15);
        }

        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, distanceLengths);
        uint[] litCodes = CanonicalCodes(literalLengths);
        uint[] distCodes = CanonicalCodes(distanceLengths);
        var expected = new List<byte>();
        for (int round = 0; round < 25; round++)
        {
            for (int i = 0; i < 13; i++)
            {
                bits.Huffman(litCodes[litSymbols[i]], literalLengths[litSymbols[i]]);
                expected.Add((byte)litSymbols[i]);
            }
        }

        int[] distanceBase = { 1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193 };
        int[] distanceExtra = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6 };
        for (int d = 0; d < 16; d++)
        {
            int length = 3 + (d % 2);
            bits.Huffman(litCodes[257 + (d % 2)], literalLengths[257 + (d % 2)]);
            bits.Huffman(distCodes[d], distanceLengths[d]);
            int extraValue = distanceExtra[d] == 0 ? 0 : 1;
            bits.Bits((uint)extraValue, distanceExtra[d]);
            int distance = distanceBase[d] + extraValue;
            for (int i = 0; i < length; i++)
            {
                expected.Add(expected[expected.Count - distance]);
            }
        }

        bits.Huffman(litCodes[256], literalLengths[256]);
        byte[] expectedBytes = expected.ToArray();
        byte[] zlib = bits.ToZlib(expectedBytes);
        Assert.Equal(expectedBytes, ZLibStreamDecompress(zlib));
        Assert.Equal(expectedBytes, InflateExact(new ZlibInflater(), zlib, expectedBytes.Length));
    }

    [Fact]
    public void DynamicBlock_WithOnlyEndOfBlock_AndNoDistanceCodes_IsAccepted()
    {
        // A single literal/length code of length 1 and no distance codes: incomplete codes zlib allows.
        byte[] literalLengths = new byte[257];
        literalLengths[256] = 1;
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[1]);
        bits.Huffman(0, 1);
        byte[] zlib = bits.ToZlib(Array.Empty<byte>());
        Assert.Empty(ZLibStreamDecompress(zlib));
        Assert.Empty(InflateExact(new ZlibInflater(), zlib, 0));
    }

    [Fact]
    public void DynamicBlock_WithSingleDistanceCode_DecodesIt_AndRejectsTheUnusedCode()
    {
        byte[] literalLengths = new byte[258];
        literalLengths['a'] = 1;
        literalLengths[256] = 2;
        literalLengths[257] = 2;
        byte[] distanceLengths = { 1 };
        uint[] codes = CanonicalCodes(literalLengths);

        DeflateBitWriter Build(uint distanceCode)
        {
            var bits = new DeflateBitWriter();
            bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
            bits.DynamicHeader(literalLengths, distanceLengths);
            bits.Huffman(codes['a'], 1);
            bits.Huffman(codes[257], 2);
            bits.Huffman(distanceCode, 1);
            bits.Huffman(codes[256], 2);
            return bits;
        }

        byte[] expected = Ascii("aaaa");
        byte[] valid = Build(0).ToZlib(expected);
        Assert.Equal(expected, ZLibStreamDecompress(valid));
        Assert.Equal(expected, InflateExact(new ZlibInflater(), valid, expected.Length));
        AssertRejected(Build(1).ToZlib(expected), "invalid distance code", 100);
    }

    // ---------------------------------------------------------------- Legacy form, trailer

    [Fact]
    public void LegacyForm_Header5885_WithoutTrailer_Inflates()
    {
        var inflater = new ZlibInflater();
        foreach (int size in new[] { 1, 40, 1000, 70_000 })
        {
            byte[] data = MakeData(DataKind.HistogramLike, size, size);
            var stream = new MemoryStream();
            stream.WriteByte(0x58);
            stream.WriteByte(0x85);
            using (var deflate = new DeflateStream(stream, CompressionLevel.Optimal, leaveOpen: true))
            {
                deflate.Write(data);
            }

            byte[] legacy = stream.ToArray();
            Assert.True(ZlibInflater.IsZlibHeader(legacy));
            byte[] output = new byte[size];
            Assert.Equal(InflateStatus.Completed, inflater.Inflate(legacy, output, out int consumed, out int written));
            Assert.Equal(legacy.Length, consumed);
            Assert.Equal(size, written);
            Assert.Equal(data, output);
        }
    }

    [Fact]
    public void Trailer_CorruptedAdler32_IsRejected()
    {
        byte[] data = MakeData(DataKind.Text, 3000, 11);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        for (int i = zlib.Length - 4; i < zlib.Length; i++)
        {
            byte[] corrupted = (byte[])zlib.Clone();
            corrupted[i] ^= 0x10;
            var ex = AssertRejected(corrupted, "Adler-32 checksum mismatch", data.Length);
            Assert.Equal(zlib.Length - 4, ex.ByteOffset);
        }
    }

    [Fact]
    public void Trailer_BytesAfterChecksum_AreLeftUnconsumed()
    {
        byte[] data = MakeData(DataKind.Text, 3000, 12);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        byte[] extended = zlib.Concat(new byte[] { 1, 2, 3, 4, 5 }).ToArray();
        byte[] output = new byte[data.Length];
        Assert.Equal(InflateStatus.Completed, new ZlibInflater().Inflate(extended, output, out int consumed, out int written));
        Assert.Equal(zlib.Length, consumed);
        Assert.Equal(data.Length, written);
    }

    [Theory]
    [InlineData(DataKind.Text, CompressionLevel.Optimal, 2000)]
    [InlineData(DataKind.Random, CompressionLevel.Optimal, 1000)]
    [InlineData(DataKind.Random, CompressionLevel.NoCompression, 300)]
    [InlineData(DataKind.Repetitive, CompressionLevel.Fastest, 5000)]
    [InlineData(DataKind.HistogramLike, CompressionLevel.SmallestSize, 4000)]
    [InlineData(DataKind.Text, CompressionLevel.Fastest, 10)]
    [InlineData(DataKind.Zeros, CompressionLevel.Optimal, 0)]
    public void Truncation_AtEveryLength_FailsExceptWhereOnlyTheTrailerIsMissing(DataKind kind, CompressionLevel level, int size)
    {
        byte[] data = MakeData(kind, size, 13);
        byte[] zlib = ZLibStreamCompress(data, level);
        var inflater = new ZlibInflater();
        byte[] output = new byte[data.Length];
        for (int cut = zlib.Length; cut >= 0; cut--)
        {
            byte[] slice = zlib.AsSpan(0, cut).ToArray();
            if (cut == zlib.Length || cut == zlib.Length - 4)
            {
                Assert.Equal(InflateStatus.Completed, inflater.Inflate(slice, output, out int consumed, out int written));
                Assert.Equal(cut, consumed);
                Assert.Equal(data.Length, written);
                Assert.Equal(data, output);
            }
            else
            {
                var ex = Assert.Throws<HistogramFormatException>(() => inflater.Inflate(slice, output, out _, out _));
                Assert.InRange(ex.ByteOffset, 0, cut);
            }
        }
    }

    // ---------------------------------------------------------------- OutputFull

    [Theory]
    [InlineData(CompressionLevel.NoCompression)]
    [InlineData(CompressionLevel.Fastest)]
    [InlineData(CompressionLevel.Optimal)]
    public void OutputFull_WhenOutputIsSmallerThanTheData(CompressionLevel level)
    {
        var inflater = new ZlibInflater();
        byte[] data = MakeData(DataKind.Text, 100_000, 17);
        byte[] zlib = ZLibStreamCompress(data, level);
        foreach (int size in new[] { 0, 1, 2, 39, 40, 41, 257, 5000, 65_535, 65_536, 99_999 })
        {
            byte[] output = new byte[size];
            Assert.Equal(InflateStatus.OutputFull, inflater.Inflate(zlib, output, out int consumed, out int written));
            Assert.Equal(size, written);
            Assert.InRange(consumed, 2, zlib.Length);
            Assert.Equal(data.AsSpan(0, size).ToArray(), output);
        }

        byte[] exact = new byte[data.Length];
        Assert.Equal(InflateStatus.Completed, inflater.Inflate(zlib, exact, out int exactConsumed, out int exactWritten));
        Assert.Equal(zlib.Length, exactConsumed);
        Assert.Equal(data.Length, exactWritten);

        byte[] larger = new byte[data.Length + 100];
        Assert.Equal(InflateStatus.Completed, inflater.Inflate(zlib, larger, out int largerConsumed, out int largerWritten));
        Assert.Equal(zlib.Length, largerConsumed);
        Assert.Equal(data.Length, largerWritten);
        Assert.Equal(data, larger.AsSpan(0, data.Length).ToArray());
    }

    [Fact]
    public void OutputFull_InsideAnOverlappingMatch_WritesTheExactPrefix()
    {
        byte[] data = Ascii("abc" + new string('z', 1000) + string.Concat(Enumerable.Repeat("0123456789", 100)));
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        var inflater = new ZlibInflater();
        for (int size = 0; size < data.Length; size += 7)
        {
            byte[] output = new byte[size];
            Assert.Equal(InflateStatus.OutputFull, inflater.Inflate(zlib, output, out _, out int written));
            Assert.Equal(size, written);
            Assert.Equal(data.AsSpan(0, size).ToArray(), output);
        }
    }

    [Fact]
    public void HeaderThenWholeStream_WithOneInflater_AsTheHistogramDecoderDoes()
    {
        var inflater = new ZlibInflater();
        byte[] data = MakeData(DataKind.HistogramLike, 20_000, 19);
        byte[] zlib = ZLibStreamCompress(data, CompressionLevel.Optimal);
        for (int i = 0; i < 3; i++)
        {
            byte[] header = new byte[40];
            Assert.Equal(InflateStatus.OutputFull, inflater.Inflate(zlib, header, out _, out int headerWritten));
            Assert.Equal(40, headerWritten);
            Assert.Equal(data.AsSpan(0, 40).ToArray(), header);
            Assert.Equal(data, InflateExact(inflater, zlib, data.Length));
        }
    }

    // ---------------------------------------------------------------- Malformed input

    [Theory]
    [InlineData(new byte[0], "ends before its 2-byte header")]
    [InlineData(new byte[] { 0x78 }, "ends before its 2-byte header")]
    [InlineData(new byte[] { 0x77, 0x9C, 3, 0 }, "compression method")]
    [InlineData(new byte[] { 0x88, 0x98, 3, 0 }, "window")]
    [InlineData(new byte[] { 0x78, 0x9D, 3, 0 }, "check bits")]
    [InlineData(new byte[] { 0x78, 0xBB, 3, 0 }, "preset dictionary")]
    [InlineData(new byte[] { 0x78, 0x9C }, "ends before")]
    [InlineData(new byte[] { 0x78, 0x9C, 0x03 }, "ends before")]
    public void Header_Problems_AreRejected(byte[] stream, string message)
    {
        AssertRejected(stream, message);
    }

    [Fact]
    public void IsZlibHeader_ChecksAllHeaderRules()
    {
        Assert.True(ZlibInflater.IsZlibHeader(new byte[] { 0x78, 0x01 }));
        Assert.True(ZlibInflater.IsZlibHeader(new byte[] { 0x78, 0x9C }));
        Assert.True(ZlibInflater.IsZlibHeader(new byte[] { 0x78, 0xDA }));
        Assert.True(ZlibInflater.IsZlibHeader(new byte[] { 0x58, 0x85 }));
        Assert.True(ZlibInflater.IsZlibHeader(new byte[] { 0x08, 0x1D }));
        Assert.False(ZlibInflater.IsZlibHeader(new byte[] { 0x78 }));
        Assert.False(ZlibInflater.IsZlibHeader(ReadOnlySpan<byte>.Empty));
        Assert.False(ZlibInflater.IsZlibHeader(new byte[] { 0x78, 0x9D }));
        Assert.False(ZlibInflater.IsZlibHeader(new byte[] { 0x88, 0x98 }));
        Assert.False(ZlibInflater.IsZlibHeader(new byte[] { 0x78, 0xBB }));
        Assert.False(ZlibInflater.IsZlibHeader(new byte[] { 0x1C, 0x84 }));
    }

    [Fact]
    public void BlockType3_IsRejected()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.ReservedBlockType);
        bits.Bytes(0, 0, 0, 0);
        AssertRejected(bits.ToZlib(Array.Empty<byte>()), "block type 3");
    }

    [Fact]
    public void StoredBlock_LengthMismatch_IsRejected()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.StoredBlock);
        bits.AlignToByte();
        bits.Bytes(5, 0, 0xFA, 0xFE);
        bits.Bytes(Ascii("hello"));
        var ex = AssertRejected(bits.ToZlib(Ascii("hello")), "LEN/NLEN", 5);
        Assert.Equal(3, ex.ByteOffset);
    }

    [Fact]
    public void StoredBlock_Truncated_IsRejected()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.StoredBlock);
        bits.AlignToByte();
        bits.Bytes(10, 0, 0xF5, 0xFF);
        bits.Bytes(Ascii("hello"));
        AssertRejected(bits.ToZlib(null), "ends before", 10);
    }

    [Fact]
    public void Distance_BeyondTheStartOfTheOutput_IsRejected()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.FixedCodeBlock);
        bits.FixedLiteral('a');
        bits.FixedLiteralLength(257);
        bits.FixedDistance(1); // distance 2, but only 1 byte written
        bits.FixedLiteralLength(256);
        AssertRejected(bits.ToZlib(null), "before the start of the output", 100);

        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.FixedCodeBlock);
        bits.FixedLiteralLength(257);
        bits.FixedDistance(0); // distance 1 with nothing written yet
        bits.FixedLiteralLength(256);
        AssertRejected(bits.ToZlib(null), "before the start of the output", 100);
    }

    [Theory]
    [InlineData(286)]
    [InlineData(287)]
    public void FixedCode_ReservedLiteralLengthSymbols_AreRejected(int symbol)
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.FixedCodeBlock);
        bits.FixedLiteral('a');
        bits.FixedLiteralLength(symbol);
        bits.FixedDistance(0);
        bits.FixedLiteralLength(256);
        AssertRejected(bits.ToZlib(null), "invalid literal/length code", 100);
    }

    [Theory]
    [InlineData(30)]
    [InlineData(31)]
    public void FixedCode_ReservedDistanceSymbols_AreRejected(int symbol)
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.FixedCodeBlock);
        bits.FixedLiteral('a');
        bits.FixedLiteralLength(257);
        bits.FixedDistance(symbol);
        bits.FixedLiteralLength(256);
        AssertRejected(bits.ToZlib(null), "invalid distance code", 100);
    }

    [Fact]
    public void DynamicBlock_TooManyCodes_AreRejected()
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.Bits(30, 5); // HLIT = 287
        bits.Bits(0, 5);
        bits.Bits(15, 4);
        bits.Bytes(new byte[20]);
        AssertRejected(bits.ToZlib(null), "too many");

        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.Bits(0, 5);
        bits.Bits(30, 5); // HDIST = 31
        bits.Bits(15, 4);
        bits.Bytes(new byte[20]);
        AssertRejected(bits.ToZlib(null), "too many");
    }

    [Fact]
    public void DynamicBlock_BadCodeLengthCodes_AreRejected()
    {
        // Over-subscribed: four code-length symbols of length 1.
        var bits = DynamicPrefix(257, 1, new[] { 1, 1, 1, 1 });
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "code-length code (over-subscribed)");

        // Incomplete: a single code-length symbol of length 2.
        bits = DynamicPrefix(257, 1, new[] { 2 });
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "code-length code (incomplete)");

        // Empty: no code-length symbols at all.
        bits = DynamicPrefix(257, 1, new[] { 0, 0, 0, 0 });
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "code-length code (incomplete)");
    }

    [Fact]
    public void DynamicBlock_BadCodeLengthSequences_AreRejected()
    {
        // Code-length code: symbol 0 -> "0", symbol 16 -> "1" (order 16, 17, 18, 0).
        var bits = DynamicPrefix(257, 1, new[] { 1, 0, 0, 1 });
        bits.Huffman(1, 1); // repeat previous, but there is none
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "repeats a code length before giving one");

        // Code-length code: symbol 0 -> "0", symbol 18 -> "1": 138 + 138 zeros > 258 lengths.
        bits = DynamicPrefix(257, 1, new[] { 0, 0, 1, 1 });
        bits.Huffman(1, 1);
        bits.Bits(127, 7);
        bits.Huffman(1, 1);
        bits.Bits(127, 7);
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "past the end of its code lengths");

        // 138 + 120 zeros: exactly 258 lengths, all zero: no end-of-block code.
        bits = DynamicPrefix(257, 1, new[] { 0, 0, 1, 1 });
        bits.Huffman(1, 1);
        bits.Bits(127, 7);
        bits.Huffman(1, 1);
        bits.Bits(109, 7);
        bits.Bytes(new byte[40]);
        AssertRejected(bits.ToZlib(null), "no end-of-block code");
    }

    [Fact]
    public void DynamicBlock_BadLiteralAndDistanceCodes_AreRejected()
    {
        // Over-subscribed literal/length code: three codes of length 1.
        byte[] literalLengths = new byte[257];
        literalLengths['a'] = 1;
        literalLengths['b'] = 1;
        literalLengths[256] = 1;
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[1]);
        bits.Bytes(new byte[8]);
        AssertRejected(bits.ToZlib(null), "literal/length code (over-subscribed)");

        // Incomplete literal/length code that is not a single length-1 code.
        literalLengths = new byte[257];
        literalLengths['a'] = 2;
        literalLengths[256] = 2;
        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[1]);
        bits.Bytes(new byte[8]);
        AssertRejected(bits.ToZlib(null), "literal/length code (incomplete)");

        // Incomplete distance code (two codes of length 2).
        literalLengths = new byte[258];
        literalLengths['a'] = 1;
        literalLengths[256] = 2;
        literalLengths[257] = 2;
        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[] { 2, 2 });
        bits.Bytes(new byte[8]);
        AssertRejected(bits.ToZlib(null), "distance code (incomplete)");

        // Over-subscribed distance code.
        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[] { 1, 1, 1 });
        bits.Bytes(new byte[8]);
        AssertRejected(bits.ToZlib(null), "distance code (over-subscribed)");

        // No distance codes at all, but a match.
        uint[] codes = CanonicalCodes(literalLengths);
        bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.DynamicHeader(literalLengths, new byte[1]);
        bits.Huffman(codes['a'], 1);
        bits.Huffman(codes[257], 2);
        bits.Bytes(new byte[8]);
        AssertRejected(bits.ToZlib(null), "invalid distance code", 100);
    }

    [Fact]
    public void NonFinalBlocksWithoutEnd_AreRejectedAsTruncated()
    {
        // Endless empty stored blocks that never set BFINAL: the input runs out and that is an error.
        var bits = new DeflateBitWriter();
        for (int i = 0; i < 100; i++)
        {
            bits.BlockHeader(final: false, DeflateBitWriter.StoredBlock);
            bits.AlignToByte();
            bits.Bytes(0, 0, 0xFF, 0xFF);
        }

        AssertRejected(bits.ToZlib(null), "ends before");
    }

    [Fact]
    public async Task RandomByteFlips_OnlyEverThrowHistogramFormatException()
    {
        var random = new Random(20240601);
        var bases = new List<(byte[] Zlib, int Length)>();
        foreach (DataKind kind in Enum.GetValues<DataKind>())
        {
            foreach (int size in new[] { 0, 1, 30, 300, 3000 })
            {
                byte[] data = MakeData(kind, size, size * 7);
                foreach (CompressionLevel level in new[] { CompressionLevel.NoCompression, CompressionLevel.Fastest, CompressionLevel.Optimal })
                {
                    bases.Add((ZLibStreamCompress(data, level), size));
                }
            }
        }

        const int Inputs = 25_000;
        var task = Task.Run(() =>
        {
            var inflater = new ZlibInflater();
            var counts = new int[3];
            for (int i = 0; i < Inputs; i++)
            {
                (byte[] original, int length) = bases[random.Next(bases.Count)];
                byte[] mutated = (byte[])original.Clone();
                int flips = random.Next(1, 4);
                for (int f = 0; f < flips; f++)
                {
                    // Mostly past the header, where the deflate decoder gets to see the damage.
                    int position = random.Next(4) == 0 ? random.Next(mutated.Length) : random.Next(Math.Min(2, mutated.Length - 1), mutated.Length);
                    mutated[position] ^= (byte)random.Next(1, 256);
                }

                if (random.Next(8) == 0)
                {
                    Array.Resize(ref mutated, random.Next(mutated.Length + 1));
                }

                byte[] output = new byte[length + random.Next(0, 64)];
                try
                {
                    InflateStatus status = inflater.Inflate(mutated, output, out int consumed, out int written);
                    Assert.InRange(consumed, 0, mutated.Length);
                    Assert.InRange(written, 0, output.Length);
                    if (status == InflateStatus.OutputFull)
                    {
                        Assert.Equal(output.Length, written);
                    }

                    counts[(int)status]++;
                    if (status == InflateStatus.Completed && consumed == mutated.Length && consumed >= 6)
                    {
                        // Accepted with a checksum: zlib itself must agree on the content.
                        Assert.Equal(output.AsSpan(0, written).ToArray(), ZLibStreamDecompress(mutated));
                    }
                }
                catch (HistogramFormatException ex)
                {
                    Assert.InRange(ex.ByteOffset, 0, mutated.Length);
                    counts[2]++;
                }
            }

            return counts;
        });

        // A decoder stuck in a loop shows up as a TimeoutException here.
        int[] result = await task.WaitAsync(TimeSpan.FromMinutes(2));
        Assert.Equal(Inputs, result.Sum());
        Assert.True(result[2] > Inputs / 2, "most damaged streams should be rejected");
    }

    [Fact]
    public async Task RandomDamage_WithoutTrailer_AcceptsOnlyWhatZlibDecodesTheSame()
    {
        // Without the checksum nothing hides a wrongly accepted stream: whenever the inflater completes, raw
        // inflate by System.IO.Compression must produce the very same bytes. Half the inputs are damaged
        // legacy-form streams, half random bits after a valid header (mostly dynamic-block headers).
        var random = new Random(777);
        var bases = new List<(byte[] Stream, int Length)>();
        foreach (DataKind kind in new[] { DataKind.Random, DataKind.Text, DataKind.HistogramLike })
        {
            foreach (int size in new[] { 1, 100, 2000 })
            {
                byte[] data = MakeData(kind, size, size + 3);
                foreach (CompressionLevel level in new[] { CompressionLevel.NoCompression, CompressionLevel.Fastest, CompressionLevel.Optimal })
                {
                    var stream = new MemoryStream();
                    stream.WriteByte(0x58);
                    stream.WriteByte(0x85);
                    using (var deflate = new DeflateStream(stream, level, leaveOpen: true))
                    {
                        deflate.Write(data);
                    }

                    bases.Add((stream.ToArray(), size));
                }
            }
        }

        const int Inputs = 20_000;
        var task = Task.Run(() =>
        {
            var inflater = new ZlibInflater();
            int completed = 0;
            for (int i = 0; i < Inputs; i++)
            {
                byte[] damaged;
                int outputSize;
                if (i % 2 == 0)
                {
                    (byte[] original, int length) = bases[random.Next(bases.Count)];
                    damaged = (byte[])original.Clone();
                    for (int f = random.Next(1, 4); f > 0; f--)
                    {
                        damaged[random.Next(2, damaged.Length)] ^= (byte)(1 << random.Next(8));
                    }

                    outputSize = length + random.Next(0, 50);
                }
                else
                {
                    damaged = new byte[random.Next(3, 120)];
                    random.NextBytes(damaged);
                    damaged[0] = 0x78;
                    damaged[1] = 0x9C;
                    if (random.Next(4) != 0)
                    {
                        damaged[2] = (byte)((damaged[2] & ~6) | 4);
                    }

                    outputSize = random.Next(0, 1000);
                }

                byte[] output = new byte[outputSize];
                try
                {
                    if (inflater.Inflate(damaged, output, out int consumed, out int written) == InflateStatus.Completed && consumed == damaged.Length)
                    {
                        completed++;
                        using var raw = new DeflateStream(new MemoryStream(damaged, 2, damaged.Length - 2), CompressionMode.Decompress);
                        var expected = new MemoryStream();
                        raw.CopyTo(expected);
                        Assert.Equal(expected.ToArray(), output.AsSpan(0, written).ToArray());
                    }
                }
                catch (HistogramFormatException ex)
                {
                    Assert.InRange(ex.ByteOffset, 0, damaged.Length);
                }
            }

            return completed;
        });

        int accepted = await task.WaitAsync(TimeSpan.FromMinutes(2));
        Assert.InRange(accepted, 1, Inputs - 1);
    }

    // ---------------------------------------------------------------- Java payloads

    public static TheoryData<string> JavaCases()
    {
        var data = new TheoryData<string>();
        string folder = Path.Combine(AppContext.BaseDirectory, FixtureFolder);
        if (Directory.Exists(folder))
        {
            foreach (string file in Directory.GetFiles(folder, "*.json").OrderBy(f => f, StringComparer.Ordinal))
            {
                data.Add(Path.GetFileName(file));
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(JavaCases))]
    public void JavaCompressedPayloads_Inflate_ToTheUncompressedV2Bytes(string caseFile)
    {
        using JsonDocument json = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, FixtureFolder, caseFile)));
        JsonElement root = json.RootElement;
        if (!root.TryGetProperty("v2Compressed", out _))
        {
            return;
        }

        // A DoubleHistogram wraps the integer histogram behind a 16-byte prefix (cookie, digits, ratio).
        bool isDouble = root.GetProperty("histogramType").GetString() == "DoubleHistogram";
        int prefix = isDouble ? 16 : 0;
        byte[] v2 = Convert.FromBase64String(root.GetProperty("v2").GetString()!);
        byte[] expected = v2.AsSpan(prefix).ToArray();
        Assert.Equal(0x1C849313u, BinaryPrimitives.ReadUInt32BigEndian(expected));

        var inflater = new ZlibInflater();
        foreach ((string property, byte flags) in new[] { ("v2Compressed", (byte)0x9C), ("v2CompressedBestCompression", (byte)0xDA) })
        {
            byte[] compressed = Convert.FromBase64String(root.GetProperty(property).GetString()!);
            Assert.Equal(0x1C849314u, BinaryPrimitives.ReadUInt32BigEndian(compressed.AsSpan(prefix)));
            int length = BinaryPrimitives.ReadInt32BigEndian(compressed.AsSpan(prefix + 4));
            Assert.Equal(compressed.Length, prefix + 8 + length);
            byte[] zlib = compressed.AsSpan(prefix + 8, length).ToArray();
            Assert.Equal(new byte[] { 0x78, flags }, zlib.AsSpan(0, 2).ToArray());

            byte[] header = new byte[40];
            InflateStatus headerStatus = inflater.Inflate(zlib, header, out _, out int headerWritten);
            Assert.Equal(expected.Length > 40 ? InflateStatus.OutputFull : InflateStatus.Completed, headerStatus);
            Assert.Equal(40, headerWritten);
            Assert.Equal(expected.AsSpan(0, 40).ToArray(), header);

            Assert.Equal(expected, InflateExact(inflater, zlib, expected.Length));

            // And our own compressor's output of the same bytes is what Java would accept: standard zlib.
            byte[] ours = CompressToArray(new ZlibCompressor(), expected, CompressionLevel.Optimal);
            Assert.Equal(expected, ZLibStreamDecompress(ours));
        }
    }

    // ---------------------------------------------------------------- PooledBufferWriter

    [Fact]
    public void PooledBufferWriter_GetSpan_HonoursSizeHints()
    {
        using var writer = new PooledBufferWriter();
        Assert.Equal(0, writer.WrittenCount);
        Assert.True(writer.GetSpan().Length >= 1);
        Assert.True(writer.GetSpan(0).Length >= 1);
        Assert.True(writer.GetSpan(1000).Length >= 1000);
        Assert.True(writer.GetMemory(5000).Length >= 5000);
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetSpan(-1));
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.GetMemory(-1));
    }

    [Fact]
    public void PooledBufferWriter_GrowsAndKeepsContent()
    {
        using var writer = new PooledBufferWriter(4);
        var expected = new List<byte>();
        var random = new Random(5);
        for (int i = 0; i < 200; i++)
        {
            int count = random.Next(0, 3000);
            Span<byte> span = writer.GetSpan(count);
            for (int j = 0; j < count; j++)
            {
                span[j] = (byte)(i + j);
                expected.Add((byte)(i + j));
            }

            writer.Advance(count);
            Assert.Equal(expected.Count, writer.WrittenCount);
        }

        Assert.Equal(expected.ToArray(), writer.WrittenSpan.ToArray());
        Assert.Equal(expected.ToArray(), writer.WrittenMemory.ToArray());
        Assert.Equal(writer.Capacity - writer.WrittenCount, writer.FreeCapacity);
    }

    [Fact]
    public void PooledBufferWriter_Advance_Validates()
    {
        using var writer = new PooledBufferWriter();
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
        Assert.Throws<InvalidOperationException>(() => writer.Advance(1));
        int free = writer.GetSpan(10).Length;
        writer.Advance(free);
        Assert.Throws<InvalidOperationException>(() => writer.Advance(1));
        writer.Advance(0);
        Assert.Equal(free, writer.WrittenCount);
    }

    [Fact]
    public void PooledBufferWriter_Clear_AndDispose()
    {
        var writer = new PooledBufferWriter(16);
        writer.GetSpan(3).Fill(7);
        writer.Advance(3);
        int capacity = writer.Capacity;
        writer.Clear();
        Assert.Equal(0, writer.WrittenCount);
        Assert.Equal(capacity, writer.Capacity);
        Assert.True(writer.WrittenSpan.IsEmpty);

        writer.Dispose();
        writer.Dispose();
        Assert.Throws<ObjectDisposedException>(() => writer.GetSpan(1));
        Assert.Throws<ObjectDisposedException>(() => writer.Advance(0));
        Assert.Throws<ObjectDisposedException>(() => writer.Clear());
        Assert.Throws<ArgumentOutOfRangeException>(() => new PooledBufferWriter(-1));
    }

    // ---------------------------------------------------------------- Helpers

    private static byte[] Ascii(string text) => System.Text.Encoding.ASCII.GetBytes(text);

    private static HistogramFormatException AssertRejected(byte[] zlib, string messagePart, int outputSize = 0)
    {
        var inflater = new ZlibInflater();
        byte[] output = new byte[outputSize];
        var ex = Assert.Throws<HistogramFormatException>(() => inflater.Inflate(zlib, output, out _, out _));
        Assert.Contains(messagePart, ex.Message, StringComparison.Ordinal);
        Assert.InRange(ex.ByteOffset, 0, zlib.Length);
        return ex;
    }

    private static DeflateBitWriter DynamicPrefix(int literalLengthCount, int distanceCount, int[] codeLengthLengths)
    {
        var bits = new DeflateBitWriter();
        bits.BlockHeader(final: true, DeflateBitWriter.DynamicCodeBlock);
        bits.Bits((uint)(literalLengthCount - 257), 5);
        bits.Bits((uint)(distanceCount - 1), 5);
        bits.Bits((uint)(codeLengthLengths.Length - 4), 4);
        foreach (int length in codeLengthLengths)
        {
            bits.Bits((uint)length, 3);
        }

        return bits;
    }

    private static byte[] InflateExact(ZlibInflater inflater, byte[] zlib, int length)
    {
        byte[] output = new byte[length];
        Assert.Equal(InflateStatus.Completed, inflater.Inflate(zlib, output, out int consumed, out int written));
        Assert.Equal(zlib.Length, consumed);
        Assert.Equal(length, written);
        return output;
    }

    private static byte[] CompressToArray(ZlibCompressor compressor, byte[] data, CompressionLevel level)
    {
        using var writer = new PooledBufferWriter();
        compressor.Compress(data, writer, level);
        return writer.WrittenSpan.ToArray();
    }

    private static long MinAllocationPerCall(ZlibCompressor compressor, PooledBufferWriter writer, byte[] data)
    {
        long min = long.MaxValue;
        for (int i = 0; i < 8; i++)
        {
            writer.Clear();
            long before = GC.GetAllocatedBytesForCurrentThread();
            compressor.Compress(data, writer, CompressionLevel.Optimal);
            min = Math.Min(min, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return min;
    }

    private static byte[] ZLibStreamCompress(byte[] data, CompressionLevel level)
    {
        if (data.Length == 0)
        {
            // ZLibStream writes nothing at all (not even a header) when given no data.
            return new byte[] { 0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01 };
        }

        var stream = new MemoryStream();
        using (var zlib = new ZLibStream(stream, level, leaveOpen: true))
        {
            zlib.Write(data);
        }

        return stream.ToArray();
    }

    private static byte[] ZLibStreamDecompress(byte[] zlib)
    {
        using var input = new ZLibStream(new MemoryStream(zlib), CompressionMode.Decompress);
        var output = new MemoryStream();
        input.CopyTo(output);
        return output.ToArray();
    }

    private static uint NaiveAdler32(byte[] data)
    {
        uint a = 1;
        uint b = 0;
        foreach (byte value in data)
        {
            a = (a + value) % 65521;
            b = (b + a) % 65521;
        }

        return (b << 16) | a;
    }

    private static byte[] MakeData(DataKind kind, int size, int seed)
    {
        var random = new Random(seed);
        byte[] data = new byte[size];
        switch (kind)
        {
            case DataKind.Random:
                random.NextBytes(data);
                break;
            case DataKind.Repetitive:
                byte[] pattern = new byte[random.Next(1, 40)];
                random.NextBytes(pattern);
                for (int i = 0; i < size; i++)
                {
                    data[i] = pattern[i % pattern.Length];
                }

                break;
            case DataKind.Zeros:
                break;
            case DataKind.Text:
                string[] words = { "latency", "histogram", "the", "value", "of", "percentile", "99.9", "count", "\n", "bucket", "max" };
                int position = 0;
                while (position < size)
                {
                    byte[] word = Ascii(words[random.Next(words.Length)] + " ");
                    int count = Math.Min(word.Length, size - position);
                    word.AsSpan(0, count).CopyTo(data.AsSpan(position));
                    position += count;
                }

                break;
            default:
                // Mostly small even numbers and zero runs, like zig-zag encoded histogram counts.
                for (int i = 0; i < size; i++)
                {
                    int r = random.Next(100);
                    data[i] = r < 40 ? (byte)0 : r < 85 ? (byte)(2 * random.Next(1, 20)) : (byte)random.Next(256);
                }

                break;
        }

        return data;
    }

    /// <summary>Canonical Huffman codes (RFC 1951 3.2.2) for the given code lengths, most significant bit first.</summary>
    private static uint[] CanonicalCodes(byte[] lengths)
    {
        int[] counts = new int[16];
        foreach (byte length in lengths)
        {
            counts[length]++;
        }

        counts[0] = 0;
        uint[] next = new uint[16];
        uint code = 0;
        for (int bits = 1; bits < 16; bits++)
        {
            code = (code + (uint)counts[bits - 1]) << 1;
            next[bits] = code;
        }

        uint[] codes = new uint[lengths.Length];
        for (int symbol = 0; symbol < lengths.Length; symbol++)
        {
            if (lengths[symbol] != 0)
            {
                codes[symbol] = next[lengths[symbol]]++;
            }
        }

        return codes;
    }

    /// <summary>Builds deflate bit streams by hand (least significant bit first, Huffman codes most significant bit first).</summary>
    private sealed class DeflateBitWriter
    {
        /// <summary>The block types of a block header's BTYPE field.</summary>
        public const uint StoredBlock = 0, FixedCodeBlock = 1, DynamicCodeBlock = 2, ReservedBlockType = 3;

        private static readonly int[] CodeLengthOrder = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
        private readonly List<byte> _bytes = new();
        private ulong _pending;
        private int _pendingCount;

        public void Bits(uint value, int count)
        {
            _pending |= (ulong)value << _pendingCount;
            _pendingCount += count;
            while (_pendingCount >= 8)
            {
                _bytes.Add((byte)_pending);
                _pending >>= 8;
                _pendingCount -= 8;
            }
        }

        /// <summary>A block header: BFINAL (the last block of the stream) and BTYPE.</summary>
        public void BlockHeader(bool final, uint type)
        {
            Bits(final ? 1u : 0u, 1);
            Bits(type, 2);
        }

        public void Huffman(uint code, int length)
        {
            for (int i = length - 1; i >= 0; i--)
            {
                Bits((code >> i) & 1, 1);
            }
        }

        public void AlignToByte()
        {
            if (_pendingCount > 0)
            {
                Bits(0, 8 - _pendingCount);
            }
        }

        public void Bytes(params byte[] values)
        {
            AlignToByte();
            _bytes.AddRange(values);
        }

        public void FixedLiteral(char c) => FixedLiteralLength(c);

        public void FixedLiteralLength(int symbol)
        {
            if (symbol < 144)
            {
                Huffman((uint)(0x30 + symbol), 8);
            }
            else if (symbol < 256)
            {
                Huffman((uint)(0x190 + symbol - 144), 9);
            }
            else if (symbol < 280)
            {
                Huffman((uint)(symbol - 256), 7);
            }
            else
            {
                Huffman((uint)(0xC0 + symbol - 280), 8);
            }
        }

        public void FixedDistance(int symbol) => Huffman((uint)symbol, 5);

        /// <summary>
        /// Writes HLIT, HDIST, HCLEN and the code lengths, using a code-length code where symbols 0-15 have
        /// 5-bit codes (10000 + length), 16 has "00", 17 "010" and 18 "011".
        /// </summary>
        public void DynamicHeader(byte[] literalLengths, byte[] distanceLengths)
        {
            Bits((uint)(literalLengths.Length - 257), 5);
            Bits((uint)(distanceLengths.Length - 1), 5);
            Bits(15, 4);
            foreach (int symbol in CodeLengthOrder)
            {
                Bits(symbol == 16 ? 2u : symbol >= 17 ? 3u : 5u, 3);
            }

            foreach (byte length in literalLengths.Concat(distanceLengths))
            {
                Huffman(0x10u + length, 5);
            }
        }

        /// <summary>Finishes the stream: header 78 9c, the bits, and the Adler-32 of <paramref name="content"/> (none if null).</summary>
        public byte[] ToZlib(byte[]? content)
        {
            AlignToByte();
            var result = new List<byte> { 0x78, 0x9C };
            result.AddRange(_bytes);
            if (content is not null)
            {
                uint adler = NaiveAdler32(content);
                result.Add((byte)(adler >> 24));
                result.Add((byte)(adler >> 16));
                result.Add((byte)(adler >> 8));
                result.Add((byte)adler);
            }

            return result.ToArray();
        }
    }
}
