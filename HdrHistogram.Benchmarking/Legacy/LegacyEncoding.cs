using System;
using System.IO;
using System.IO.Compression;
using System.Reflection;

namespace HdrHistogram.Benchmarking.Legacy;

/// <summary>
/// Baseline for the serialization benchmarks: V2 encoding and decoding written the way upstream HdrHistogram.NET 2.x
/// does it (written for this project from the description in the fork's reference notes, not copied), on
/// <see cref="LegacyByteBuffer"/>:
/// <list type="bullet">
/// <item>encode finds the maximum by scanning the counts (upstream's <c>GetMaxValue()</c> walks the recorded values
/// on every encode), copies the counts up to it into a new <c>long[]</c>, writes the header with a small array
/// allocated per <c>PutInt</c>/<c>PutLong</c>/<c>PutDouble</c>, and the ZigZag LEB128 counts one <c>Put(byte)</c> at a
/// time;</item>
/// <item>compressed encode encodes into a new intermediate buffer of the histogram's full capacity
/// (<c>counts x word size + 32</c>), copies that whole buffer (<c>ToArray</c>), deflates all of it, zero tail included,
/// through a <see cref="DeflateStream"/> into a <see cref="MemoryStream"/> behind a hand-written zlib header
/// <c>58 85</c> with no Adler-32 trailer, copies the result out (<c>MemoryStream.ToArray</c>) and copies it again into
/// the target;</item>
/// <item>decode reads the header into an object, constructs the histogram by reflection (always a
/// <see cref="LongHistogram"/>), reads each count through a delegate, then rescans the counts for the total, minimum
/// and maximum; compressed decode copies the whole input (<c>ToArray</c>), inflates it with a <see cref="DeflateStream"/>
/// into a new header buffer and a new payload buffer, then decodes those.</item>
/// </list>
/// The shortcuts it takes are in the baseline's favour: the maximum is found by a plain scan of the counts (upstream
/// iterates allocating enumerator objects), and inflating loops until the payload is complete (upstream trusts one
/// <c>Read</c>).
/// </summary>
internal static class LegacyEncoding
{
    private const int EncodingCookieV2 = 0x1c849303 | 0x10;
    private const int CompressedEncodingCookieV2 = 0x1c849304 | 0x10;
    private const int HeaderSize = 40;
    private const int Rfc1950HeaderLength = 2;

    private static readonly Type[] ConstructorArgumentTypes = [typeof(long), typeof(long), typeof(int)];

    /// <summary>Upstream's <c>GetNeededByteBufferCapacity</c>: counts length x word size + 32 (too small for dense short/int counts, not for these workloads).</summary>
    public static int GetNeededByteBufferCapacity(HistogramBase histogram) => (histogram.CountsArrayLength * WordSizeInBytes(histogram)) + 32;

    /// <summary>Encodes <paramref name="histogram"/> (uncompressed V2) at the buffer's position; returns the bytes written.</summary>
    public static int Encode(HistogramBase histogram, LegacyByteBuffer buffer)
    {
        long[] counts = GetRelevantCounts(histogram);
        int initialPosition = buffer.Position;
        buffer.PutInt(EncodingCookieV2);
        int payloadLengthPosition = buffer.Position;
        buffer.PutInt(0);
        buffer.PutInt(0);
        buffer.PutInt(histogram.NumberOfSignificantValueDigits);
        buffer.PutLong(histogram.LowestTrackableValue);
        buffer.PutLong(histogram.HighestTrackableValue);
        buffer.PutDouble(1.0);
        int payloadLength = FillBufferFromCounts(buffer, counts);
        buffer.PutInt(payloadLengthPosition, payloadLength);
        return buffer.Position - initialPosition;
    }

    /// <summary>Encodes <paramref name="histogram"/> compressed at the buffer's position; returns the bytes written.</summary>
    public static int EncodeCompressed(HistogramBase histogram, LegacyByteBuffer targetBuffer)
    {
        var intermediate = LegacyByteBuffer.Allocate(GetNeededByteBufferCapacity(histogram));
        Encode(histogram, intermediate);

        int initialPosition = targetBuffer.Position;
        targetBuffer.PutInt(CompressedEncodingCookieV2);
        int lengthPosition = targetBuffer.Position;
        targetBuffer.PutInt(0);
        byte[] compressed;
        using (var uncompressed = new MemoryStream(intermediate.ToArray()))
        {
            compressed = Compress(uncompressed);
        }

        targetBuffer.BlockCopy(compressed, 0, targetBuffer.Position, compressed.Length);
        targetBuffer.PutInt(lengthPosition, compressed.Length);
        int written = compressed.Length + 8;
        targetBuffer.Position = initialPosition + written;
        return written;
    }

    /// <summary>Decodes an uncompressed V2 histogram at the buffer's position.</summary>
    public static HistogramBase Decode(LegacyByteBuffer buffer, long minBarForHighestTrackableValue)
    {
        var header = Header.Read(buffer);
        HistogramBase histogram = Create(header, minBarForHighestTrackableValue);
        int filled = FillCountsFromBuffer(histogram, buffer, header.PayloadLengthInBytes);
        histogram.EstablishInternalTrackingValues(filled);
        return histogram;
    }

    /// <summary>Decodes a compressed V2 histogram at the buffer's position.</summary>
    public static HistogramBase DecodeCompressed(LegacyByteBuffer buffer, long minBarForHighestTrackableValue)
    {
        int cookie = buffer.GetInt();
        if (cookie != CompressedEncodingCookieV2)
        {
            throw new InvalidDataException("Not a compressed V2 histogram.");
        }

        int compressedLength = buffer.GetInt();
        using var input = new MemoryStream(buffer.ToArray(), buffer.Position + Rfc1950HeaderLength, compressedLength - Rfc1950HeaderLength);
        using var inflater = new DeflateStream(input, CompressionMode.Decompress, leaveOpen: true);
        var headerBuffer = LegacyByteBuffer.Allocate(HeaderSize);
        ReadFully(inflater, headerBuffer, HeaderSize);
        var header = Header.Read(headerBuffer);
        HistogramBase histogram = Create(header, minBarForHighestTrackableValue);
        var payload = LegacyByteBuffer.Allocate(header.PayloadLengthInBytes);
        ReadFully(inflater, payload, header.PayloadLengthInBytes);
        int filled = FillCountsFromBuffer(histogram, payload, header.PayloadLengthInBytes);
        histogram.EstablishInternalTrackingValues(filled);
        return histogram;
    }

    private static int WordSizeInBytes(HistogramBase histogram) => histogram switch
    {
        ShortHistogram => 2,
        IntHistogram or IntConcurrentHistogram => 4,
        _ => 8,
    };

    private static long[] GetRelevantCounts(HistogramBase histogram)
    {
        long max = GetMaxValueByScanning(histogram);
        int length = histogram.CountsArrayIndex(max) + 1;
        var counts = new long[length];
        for (int i = 0; i < length; i++)
        {
            counts[i] = histogram.GetCountAtIndex(i);
        }

        return counts;
    }

    /// <summary>The recorded-values walk of upstream's <c>GetMaxValue()</c>: up to the last recorded value, every encode.</summary>
    private static long GetMaxValueByScanning(HistogramBase histogram)
    {
        long total = histogram.TotalCount;
        long seen = 0;
        int last = 0;
        for (int i = 0; i < histogram.CountsArrayLength && seen < total; i++)
        {
            long count = histogram.GetCountAtIndex(i);
            if (count != 0)
            {
                seen += count;
                last = i;
            }
        }

        return histogram.HighestEquivalentValue(histogram.ValueFromIndex(last));
    }

    private static int FillBufferFromCounts(LegacyByteBuffer buffer, long[] counts)
    {
        int start = buffer.Position;
        int index = 0;
        while (index < counts.Length)
        {
            long count = counts[index++];
            if (count < 0)
            {
                throw new InvalidOperationException("Cannot encode a negative count.");
            }

            long zeros = 0;
            if (count == 0)
            {
                zeros = 1;
                while (index < counts.Length && counts[index] == 0)
                {
                    zeros++;
                    index++;
                }
            }

            LegacyZigZag.PutLong(buffer, zeros > 1 ? -zeros : count);
        }

        return buffer.Position - start;
    }

    private static HistogramBase Create(Header header, long minBarForHighestTrackableValue)
    {
        ConstructorInfo constructor = typeof(LongHistogram).GetConstructor(ConstructorArgumentTypes)
            ?? throw new InvalidOperationException("LongHistogram has no (long, long, int) constructor.");
        long highest = Math.Max(header.HighestTrackableValue, minBarForHighestTrackableValue);
        return (HistogramBase)constructor.Invoke([header.LowestTrackableUnitValue, highest, header.NumberOfSignificantValueDigits]);
    }

    private static int FillCountsFromBuffer(HistogramBase histogram, LegacyByteBuffer buffer, int length)
    {
        long maxAllowableCount = histogram.MaxAllowableCount;
        Action<int, long> setCount = (index, count) =>
        {
            if (count > maxAllowableCount)
            {
                throw new InvalidDataException("A count does not fit the histogram.");
            }

            histogram.SetCountAtIndex(index, count);
        };
        return ReadCounts(buffer, length, histogram.CountsArrayLength, setCount);
    }

    private static int ReadCounts(LegacyByteBuffer buffer, int length, int countsArrayLength, Action<int, long> setCount)
    {
        int end = buffer.Position + length;
        int index = 0;
        while (buffer.Position < end)
        {
            long count = LegacyZigZag.GetLong(buffer);
            if (count < 0)
            {
                long zeros = -count;
                if (zeros > int.MaxValue || index + zeros > countsArrayLength)
                {
                    throw new InvalidDataException("A zero run passes the end of the counts.");
                }

                index += (int)zeros;
            }
            else
            {
                setCount(index++, count);
            }
        }

        return index;
    }

    private static byte[] Compress(Stream input)
    {
        using var output = new MemoryStream();
        output.WriteByte(0x58);
        output.WriteByte(0x85);
        using (var deflater = new DeflateStream(output, CompressionMode.Compress, leaveOpen: true))
        {
            input.CopyTo(deflater);
        }

        return output.ToArray();
    }

    private static void ReadFully(Stream source, LegacyByteBuffer target, int length)
    {
        int start = target.Position;
        int read = 0;
        while (read < length)
        {
            target.Position = start + read;
            int n = target.ReadFrom(source, length - read);
            if (n == 0)
            {
                throw new InvalidDataException("The compressed data ends early.");
            }

            read += n;
        }

        target.Position = start;
    }

    /// <summary>The V2 header, read into an object as upstream's <c>V1Header</c> does.</summary>
    private sealed class Header
    {
        public int Cookie { get; private init; }

        public int PayloadLengthInBytes { get; private init; }

        public int NormalizingIndexOffset { get; private init; }

        public int NumberOfSignificantValueDigits { get; private init; }

        public long LowestTrackableUnitValue { get; private init; }

        public long HighestTrackableValue { get; private init; }

        public double IntegerToDoubleValueConversionRatio { get; private init; }

        public static Header Read(LegacyByteBuffer buffer)
        {
            int cookie = buffer.GetInt();
            if (cookie != EncodingCookieV2)
            {
                throw new InvalidDataException("Not an uncompressed V2 histogram.");
            }

            return new Header
            {
                Cookie = cookie,
                PayloadLengthInBytes = buffer.GetInt(),
                NormalizingIndexOffset = buffer.GetInt(),
                NumberOfSignificantValueDigits = buffer.GetInt(),
                LowestTrackableUnitValue = buffer.GetLong(),
                HighestTrackableValue = buffer.GetLong(),
                IntegerToDoubleValueConversionRatio = buffer.GetDouble(),
            };
        }
    }
}

/// <summary>ZigZag LEB128 (up to 9 bytes) one <see cref="LegacyByteBuffer.Put"/>/<see cref="LegacyByteBuffer.Get"/> at a time, as upstream's <c>ZigZagEncoding</c>.</summary>
internal static class LegacyZigZag
{
    public static void PutLong(LegacyByteBuffer buffer, long value)
    {
        ulong v = (ulong)((value << 1) ^ (value >> 63));
        for (int i = 0; i < 8; i++)
        {
            if ((v >> 7) == 0)
            {
                buffer.Put((byte)v);
                return;
            }

            buffer.Put((byte)((v & 0x7F) | 0x80));
            v >>= 7;
        }

        buffer.Put((byte)v);
    }

    public static long GetLong(LegacyByteBuffer buffer)
    {
        ulong v = 0;
        int shift = 0;
        for (int i = 0; i < 8; i++)
        {
            byte b = buffer.Get();
            v |= (ulong)(b & 0x7F) << shift;
            if ((b & 0x80) == 0)
            {
                return (long)(v >> 1) ^ -(long)(v & 1);
            }

            shift += 7;
        }

        v |= (ulong)buffer.Get() << 56;
        return (long)(v >> 1) ^ -(long)(v & 1);
    }
}
