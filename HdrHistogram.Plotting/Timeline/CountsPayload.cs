using System;
using System.Buffers;
using System.Collections.Generic;
using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Plotting.Timeline;

/// <summary>
/// The counts of a histogram as the payload of its V2 encoding (without the 40-byte header): the counts of logical
/// indexes 0 to the maximum's, each a ZigZag LEB128 number, a run of k &gt;= 2 zero counts written as -k. A timeline
/// bucket keeps its merged counts this way (a few bytes per recorded bucket instead of eight per slot), the report's
/// page decodes the same bytes, and two payloads of one layout add without a histogram.
/// </summary>
internal static class CountsPayload
{
    /// <summary>The payload of <paramref name="histogram"/>'s counts.</summary>
    public static byte[] Encode(HistogramBase histogram)
    {
        int relevantLength = V2Encoder.GetRelevantLength(histogram);
        byte[] scratch = ArrayPool<byte>.Shared.Rent(V2Encoder.GetMaxEncodedLength(relevantLength));
        try
        {
            int length = histogram.EncodeUncompressed(scratch, out _);
            return scratch.AsSpan(EncodingCookies.V2HeaderLength, length - EncodingCookies.V2HeaderLength).ToArray();
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>The counts of two payloads of one layout added, as one payload.</summary>
    public static byte[] Add(byte[] a, byte[] b)
    {
        var writer = new Writer(a.Length + b.Length);
        var left = new Reader(a);
        var right = new Reader(b);
        bool hasLeft = left.Next(out int leftIndex, out long leftCount);
        bool hasRight = right.Next(out int rightIndex, out long rightCount);
        while (hasLeft || hasRight)
        {
            if (hasLeft && (!hasRight || leftIndex < rightIndex))
            {
                writer.Put(leftIndex, leftCount);
                hasLeft = left.Next(out leftIndex, out leftCount);
            }
            else if (hasRight && (!hasLeft || rightIndex < leftIndex))
            {
                writer.Put(rightIndex, rightCount);
                hasRight = right.Next(out rightIndex, out rightCount);
            }
            else
            {
                writer.Put(leftIndex, leftCount + rightCount);
                hasLeft = left.Next(out leftIndex, out leftCount);
                hasRight = right.Next(out rightIndex, out rightCount);
            }
        }

        return writer.ToArray();
    }

    /// <summary>
    /// Adds the counts of <paramref name="payload"/> to <paramref name="target"/> (of the payload's layout, growing as
    /// needed) without updating its total, minimum or maximum: <see cref="Complete"/> does, once every payload is in.
    /// </summary>
    /// <returns>What was added: its total, and its highest and lowest non-zero logical indexes (-1 for none; index 0, values below the unit, is not a non-zero value's).</returns>
    public static Added AddTo(byte[] payload, HistogramBase target)
    {
        int maxIndex = LastIndex(payload);
        if (maxIndex < 0)
        {
            return Added.None;
        }

        target.EnsureHighestTrackableValue(target.HighestEquivalentValue(target.ValueFromIndex(maxIndex)));
        var reader = new Reader(payload);
        long total = 0;
        int minNonZeroIndex = -1;
        while (reader.Next(out int index, out long count))
        {
            target.SetCountAtIndex(index, target.GetCountAtIndex(index) + count);
            total += count;
            if (minNonZeroIndex < 0 && index != 0)
            {
                minNonZeroIndex = index;
            }
        }

        return new Added(total, maxIndex, minNonZeroIndex);
    }

    /// <summary>
    /// Sets the total, minimum and maximum of <paramref name="target"/>, empty before, from what <see cref="AddTo"/>
    /// added to it (as a scan of its counts would: <c>EstablishInternalTrackingValues</c>).
    /// </summary>
    public static void Complete(HistogramBase target, Added added) => target.SetInternalTrackingValues(added.Total, added.MaxIndex, added.MinNonZeroIndex);

    /// <summary>What payloads added to a histogram: their total, highest and lowest non-zero logical indexes.</summary>
    /// <param name="Total">The sum of the counts.</param>
    /// <param name="MaxIndex">The highest index with a count; -1 for none.</param>
    /// <param name="MinNonZeroIndex">The lowest index above 0 with a count; -1 for none.</param>
    public readonly record struct Added(long Total, int MaxIndex, int MinNonZeroIndex)
    {
        /// <summary>Nothing.</summary>
        public static Added None { get; } = new(0, -1, -1);

        /// <summary>Both together.</summary>
        public Added Plus(Added other) => new(
            Total + other.Total,
            Math.Max(MaxIndex, other.MaxIndex),
            MinNonZeroIndex < 0 ? other.MinNonZeroIndex : other.MinNonZeroIndex < 0 ? MinNonZeroIndex : Math.Min(MinNonZeroIndex, other.MinNonZeroIndex));
    }

    /// <summary>The sum of the payload's counts.</summary>
    public static long TotalCount(byte[] payload)
    {
        long total = 0;
        var reader = new Reader(payload);
        while (reader.Next(out _, out long count))
        {
            total += count;
        }

        return total;
    }

    /// <summary>Every (logical index, count) with a count, in index order.</summary>
    public static IEnumerable<(int Index, long Count)> Entries(byte[] payload)
    {
        var reader = new Reader(payload);
        while (reader.Next(out int index, out long count))
        {
            yield return (index, count);
        }
    }

    /// <summary>The highest logical index with a non-zero count, or -1.</summary>
    private static int LastIndex(byte[] payload)
    {
        int last = -1;
        var reader = new Reader(payload);
        while (reader.Next(out int index, out _))
        {
            last = index;
        }

        return last;
    }

    /// <summary>Reads a payload's non-zero counts in index order.</summary>
    private struct Reader
    {
        private readonly byte[] _payload;
        private int _position;
        private int _index;

        public Reader(byte[] payload)
        {
            _payload = payload;
            _position = 0;
            _index = 0;
        }

        /// <summary>The next non-zero count and its logical index; false at the end.</summary>
        /// <exception cref="HistogramFormatException">The payload ends inside a number.</exception>
        public bool Next(out int index, out long count)
        {
            while (_position < _payload.Length)
            {
                if (!ZigZagEncoding.TryReadLong(_payload.AsSpan(_position), out long value, out int read))
                {
                    throw new HistogramFormatException("a timeline bucket's counts end inside a number");
                }

                _position += read;
                if (value < 0)
                {
                    _index += (int)-value;
                    continue;
                }

                int at = _index++;
                if (value > 0)
                {
                    index = at;
                    count = value;
                    return true;
                }
            }

            index = -1;
            count = 0;
            return false;
        }
    }

    /// <summary>Writes non-zero counts by increasing index, the gaps as zero runs.</summary>
    private sealed class Writer
    {
        private byte[] _buffer;
        private int _length;
        private int _nextIndex;

        public Writer(int capacity)
        {
            _buffer = new byte[Math.Max(capacity + ZigZagEncoding.MaxBytesPerLong, 16)];
        }

        public void Put(int index, long count)
        {
            int zeros = index - _nextIndex;
            if (zeros == 1)
            {
                Write(0);
            }
            else if (zeros > 1)
            {
                Write(-zeros);
            }

            Write(count);
            _nextIndex = index + 1;
        }

        public byte[] ToArray() => _buffer.AsSpan(0, _length).ToArray();

        private void Write(long value)
        {
            if (_buffer.Length - _length < ZigZagEncoding.MaxBytesPerLong)
            {
                Array.Resize(ref _buffer, _buffer.Length * 2);
            }

            _length += ZigZagEncoding.WriteLong(_buffer.AsSpan(_length), value);
        }
    }
}
