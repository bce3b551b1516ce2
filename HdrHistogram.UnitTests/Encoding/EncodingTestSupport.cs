using System.Buffers;
using System.IO.Compression;
using System.Text.Json;

namespace HdrHistogram.UnitTests.Encoding;

/// <summary>Fixture access and small test doubles shared by the encoding tests.</summary>
internal static class EncodingTestSupport
{
    public static readonly string[] WorkloadNames = { "latency-1h-3sd", "latency-1h-5sd", "sparse-wide", "int-dense" };

    private static readonly Dictionary<string, JsonElement> DecodeFixtures = new();

    public static IEnumerable<object[]> WorkloadNameData() => WorkloadNames.Select(n => new object[] { n });

    public static byte[] WorkloadBytes(string name) => File.ReadAllBytes(Path.Combine(FixturePaths.Workloads, name + ".hdr"));

    public static byte[] WorkloadCompressedBytes(string name)
        => Convert.FromBase64String(File.ReadAllText(Path.Combine(FixturePaths.Workloads, name + ".compressed.txt")).Trim());

    public static JsonElement Workload(string name)
    {
        using var doc = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.Workloads, "workloads.json")));
        return doc.RootElement.GetProperty("workloads").EnumerateArray().Single(w => w.GetProperty("name").GetString() == name).Clone();
    }

    public static IEnumerable<string> DecodeFixtureNames()
        => Directory.GetFiles(FixturePaths.JavaDecode, "*.json")
            .Select(Path.GetFileNameWithoutExtension)
            .Where(n => n != "decode-index")
            .Select(n => n!)
            .OrderBy(n => n, StringComparer.Ordinal);

    public static JsonElement DecodeFixture(string name)
    {
        lock (DecodeFixtures)
        {
            if (!DecodeFixtures.TryGetValue(name, out var root))
            {
                root = JsonDocument.Parse(File.ReadAllText(Path.Combine(FixturePaths.JavaDecode, name + ".json"))).RootElement;
                DecodeFixtures[name] = root;
            }

            return root;
        }
    }

    public static byte[] Base64(JsonElement element, string property) => Convert.FromBase64String(element.GetProperty(property).GetString()!);

    /// <summary>Inflates the zlib stream of a compressed V2 histogram with .NET's ZLibStream (header and Adler-32 checked).</summary>
    public static byte[] InflateStrictly(byte[] compressed)
    {
        compressed.Length.Should().BeGreaterThan(8);
        int zlibLength = (compressed[4] << 24) | (compressed[5] << 16) | (compressed[6] << 8) | compressed[7];
        zlibLength.Should().Be(compressed.Length - 8);
        compressed[8].Should().Be(0x78);
        using var zlib = new ZLibStream(new MemoryStream(compressed, 8, zlibLength), CompressionMode.Decompress);
        using var inflated = new MemoryStream();
        zlib.CopyTo(inflated);
        return inflated.ToArray();
    }

    /// <summary>Asserts Java's summary statistics (totalCount, min, max, minNonZero, mean, stdDeviation, percentiles), exactly.</summary>
    public static void ShouldMatchSummary(this HistogramBase h, JsonElement summary, string because)
    {
        h.TotalCount.Should().Be(summary.GetProperty("totalCount").GetInt64(), because);
        if (summary.TryGetProperty("minValue", out var min))
        {
            h.GetMinValue().Should().Be(min.GetInt64(), because);
        }

        h.GetMaxValue().Should().Be(summary.GetProperty("maxValue").GetInt64(), because);
        if (summary.TryGetProperty("minNonZeroValue", out var minNonZero))
        {
            h.GetMinNonZeroValue().Should().Be(minNonZero.GetInt64(), because);
        }

        h.GetMean().Should().Be(summary.GetProperty("mean").GetDouble(), because);
        if (summary.TryGetProperty("stdDeviation", out var std))
        {
            h.GetStdDeviation().Should().Be(std.GetDouble(), because);
        }

        foreach (var p in summary.GetProperty("valueAtPercentile").EnumerateArray())
        {
            h.GetValueAtPercentile(p[0].GetDouble()).Should().Be(p[1].GetInt64(), "{0}, percentile {1}", because, p[0].GetDouble());
        }
    }

    /// <summary>Every integer case's uncompressed and compressed encodings, the decode fixtures' inputs and the small workloads.</summary>
    public static IEnumerable<(string Name, byte[] Bytes)> AllEncodedInputs(bool includeLarge)
    {
        foreach (string name in JavaCase.Names(integerOnly: true))
        {
            var c = JavaCase.Load(name);
            yield return (name + "/v2", c.V2);
            yield return (name + "/v2Compressed", c.V2Compressed);
            yield return (name + "/v2CompressedBest", c.V2CompressedBest);
        }

        foreach (string name in DecodeFixtureNames())
        {
            var bytes = Base64(DecodeFixture(name), "bytes");
            if (includeLarge || bytes.Length < 100_000)
            {
                yield return ("decode/" + name, bytes);
            }
        }

        foreach (string name in WorkloadNames)
        {
            if (includeLarge || name != "latency-1h-5sd")
            {
                yield return ("workload/" + name, WorkloadBytes(name));
                yield return ("workload/" + name + ".compressed", WorkloadCompressedBytes(name));
            }
        }
    }
}

/// <summary>A reusable fixed-capacity <see cref="IBufferWriter{T}"/> that never allocates after construction.</summary>
internal sealed class FixedBufferWriter : IBufferWriter<byte>
{
    private readonly byte[] _buffer;

    public FixedBufferWriter(int capacity)
    {
        _buffer = new byte[capacity];
    }

    public int WrittenCount { get; private set; }

    public ReadOnlySpan<byte> WrittenSpan => new(_buffer, 0, WrittenCount);

    public void Clear() => WrittenCount = 0;

    public void Advance(int count)
    {
        if (count < 0 || count > _buffer.Length - WrittenCount)
        {
            throw new InvalidOperationException("Advance past the end.");
        }

        WrittenCount += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        CheckHint(sizeHint);
        return new Memory<byte>(_buffer, WrittenCount, _buffer.Length - WrittenCount);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        CheckHint(sizeHint);
        return new Span<byte>(_buffer, WrittenCount, _buffer.Length - WrittenCount);
    }

    private void CheckHint(int sizeHint)
    {
        if (sizeHint > _buffer.Length - WrittenCount)
        {
            throw new InvalidOperationException("FixedBufferWriter is too small for a span of " + sizeHint + " bytes.");
        }
    }
}

/// <summary>
/// A read-only stream over bytes that returns at most <c>chunk</c> bytes per read (1 = one byte at a time); with
/// <c>nothingEveryOtherRead</c>, every other read returns nothing, as a file being written does when the reader has
/// caught up with the writer.
/// </summary>
internal sealed class TrickleStream : ForwardOnlyReadStream
{
    private readonly byte[] _data;
    private readonly int _chunk;
    private readonly bool _nothingEveryOtherRead;
    private bool _nothingNext;

    public TrickleStream(byte[] data, int chunk = 1, bool nothingEveryOtherRead = false)
    {
        _data = data;
        _chunk = chunk;
        _nothingEveryOtherRead = nothingEveryOtherRead;
        _nothingNext = nothingEveryOtherRead;
    }

    public int ReadCalls { get; private set; }

    /// <summary>Whether every byte has been handed out.</summary>
    public bool AllRead => ReadPosition == _data.Length;

    public override int Read(byte[] buffer, int offset, int count)
    {
        ReadCalls++;
        if (_nothingEveryOtherRead)
        {
            _nothingNext = !_nothingNext;
            if (!_nothingNext)
            {
                return 0;
            }
        }

        int n = Math.Min(Math.Min(count, _chunk), _data.Length - ReadPosition);
        Buffer.BlockCopy(_data, ReadPosition, buffer, offset, n);
        ReadPosition += n;
        return n;
    }
}

/// <summary>Builds multi-segment <see cref="ReadOnlySequence{T}"/>s.</summary>
internal sealed class Segment : ReadOnlySequenceSegment<byte>
{
    private Segment(ReadOnlyMemory<byte> memory, long runningIndex)
    {
        Memory = memory;
        RunningIndex = runningIndex;
    }

    /// <summary>Splits <paramref name="data"/> into segments of <paramref name="segmentLength"/> bytes.</summary>
    public static ReadOnlySequence<byte> Split(byte[] data, int segmentLength)
    {
        if (data.Length == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        var first = new Segment(data.AsMemory(0, Math.Min(segmentLength, data.Length)), 0);
        var last = first;
        for (int offset = segmentLength; offset < data.Length; offset += segmentLength)
        {
            var next = new Segment(data.AsMemory(offset, Math.Min(segmentLength, data.Length - offset)), offset);
            last.Next = next;
            last = next;
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }
}
