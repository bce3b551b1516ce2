using System;
using HdrHistogram.Iteration;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.NativeHistograms;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// The running total of a series as its recorded HDR buckets, in value order, packed into bytes: per bucket, the step
/// from the previous bucket's lowest value in units of that bucket's width (the first bucket: its lowest value), then
/// the count, each as an unsigned LEB128 varint (protobuf's). Neighbouring buckets take a step of 1, so a bucket costs
/// 2 to 3 bytes where an array of values and counts costs 16 or more; the widths come from the HDR layout (every
/// bucket's lowest value is a multiple of its width, and widths only grow with the value, so every step is a whole
/// number). Merging an interval rewrites the bytes once, in time linear in both; reading walks them.
/// </summary>
internal sealed class RecordedBucketTotal
{
    private const int MaxBucketBytes = 20; // two varints of at most 10 bytes

    // The merged bytes while they are written: one array per scraping thread, kept (scrapes of a registry are
    // serialised, and a scrape merges one series at a time).
    [ThreadStatic]
    private static byte[]? s_scratch;

    private byte[] _bytes = Array.Empty<byte>();
    private int _length;

    /// <summary>How many buckets hold a count.</summary>
    public int BucketCount { get; private set; }

    /// <summary>The bytes the total keeps (for the documented cost per series).</summary>
    public int CapacityInBytes => _bytes.Length;

    /// <summary>Walks the buckets in value order, with <paramref name="layout"/>'s bucket widths.</summary>
    public Reader Read(HistogramBase layout) => new(_bytes.AsSpan(0, _length), layout);

    /// <summary>Adds <paramref name="incoming"/> (recorded buckets of the same layout, in value order) into the total.</summary>
    public void Merge(ReadOnlySpan<RecordedBucket> incoming, HistogramBase layout)
    {
        var scratch = s_scratch ??= new byte[4096];
        int written = 0;
        int buckets = 0;
        long previous = -1;
        long previousWidth = 0;
        var reader = Read(layout);
        bool hasTotal = reader.Next(out long totalLowest, out long totalCount);
        int next = 0;
        while (hasTotal || next < incoming.Length)
        {
            long lowest;
            long count;
            if (hasTotal && (next == incoming.Length || totalLowest < incoming[next].LowestEquivalentValue))
            {
                (lowest, count) = (totalLowest, totalCount);
                hasTotal = reader.Next(out totalLowest, out totalCount);
            }
            else if (hasTotal && totalLowest == incoming[next].LowestEquivalentValue)
            {
                (lowest, count) = (totalLowest, totalCount + incoming[next++].Count);
                hasTotal = reader.Next(out totalLowest, out totalCount);
            }
            else
            {
                (lowest, count) = (incoming[next].LowestEquivalentValue, incoming[next++].Count);
            }

            if (scratch.Length - written < MaxBucketBytes)
            {
                Array.Resize(ref scratch, scratch.Length * 2);
                s_scratch = scratch;
            }

            written += ProtobufOutput.PutVarint(scratch.AsSpan(written), previous < 0 ? (ulong)lowest : (ulong)((lowest - previous) / previousWidth));
            written += ProtobufOutput.PutVarint(scratch.AsSpan(written), (ulong)count);
            previousWidth = layout.SizeOfEquivalentValueRange(lowest);
            previous = lowest;
            buckets++;
        }

        if (_bytes.Length < written || _bytes.Length > (2 * written) + 256)
        {
            // An eighth's headroom: a series that keeps finding new buckets does not reallocate every scrape.
            _bytes = new byte[written + (written >> 3)];
        }

        scratch.AsSpan(0, written).CopyTo(_bytes);
        _length = written;
        BucketCount = buckets;
    }

    /// <summary>A walk over the buckets of a total, in value order.</summary>
    internal ref struct Reader
    {
        private readonly ReadOnlySpan<byte> _bytes;
        private readonly HistogramBase _layout;
        private int _position;
        private long _lowest;
        private long _width;

        public Reader(ReadOnlySpan<byte> bytes, HistogramBase layout)
        {
            _bytes = bytes;
            _layout = layout;
            _lowest = -1;
        }

        /// <summary>The width of the bucket the walk is at (its highest value is its lowest plus this, less one).</summary>
        public readonly long Width => _width;

        /// <summary>Moves to the next bucket: its lowest value and its count.</summary>
        public bool Next(out long lowest, out long count)
        {
            if (_position >= _bytes.Length)
            {
                lowest = 0;
                count = 0;
                return false;
            }

            ulong step = ReadVarint();
            lowest = _lowest < 0 ? (long)step : _lowest + ((long)step * _width);
            count = (long)ReadVarint();
            _width = _layout.SizeOfEquivalentValueRange(lowest);
            _lowest = lowest;
            return true;
        }

        private ulong ReadVarint()
        {
            ulong value = 0;
            int shift = 0;
            byte b;
            do
            {
                b = _bytes[_position++];
                value |= (ulong)(b & 0x7F) << shift;
                shift += 7;
            }
            while (b >= 0x80);

            return value;
        }
    }

    /// <summary>
    /// A walk over the buckets of a total with each one's native bucket index at a schema: computed once per native
    /// bucket (a value within the current native bucket's upper bound keeps its index).
    /// </summary>
    internal ref struct NativeWalk
    {
        private Reader _reader;
        private readonly double _scale;
        private readonly int _schema;
        private int _index;
        private double _upper;

        public NativeWalk(Reader reader, double scale, int schema)
        {
            _reader = reader;
            _scale = scale;
            _schema = schema;
            _upper = -1;
        }

        /// <summary>The width of the bucket the walk is at.</summary>
        public readonly long Width => _reader.Width;

        /// <summary>Moves to the next bucket: its lowest value, count and native index (0 for the zero bucket).</summary>
        public bool Next(out long lowest, out long count, out int nativeIndex)
        {
            if (!_reader.Next(out lowest, out count))
            {
                nativeIndex = 0;
                return false;
            }

            if (lowest == 0)
            {
                nativeIndex = 0;
                return true;
            }

            double value = lowest * _scale;
            if (!(value <= _upper))
            {
                // Buckets walked in value order mostly land in the next native bucket: try it before searching.
                double nextUpper = _upper < 0 ? -1 : NativeHistogramSchema.UpperBound(_index + 1, _schema);
                if (value <= nextUpper)
                {
                    _index++;
                    _upper = nextUpper;
                }
                else
                {
                    _index = NativeHistogramSchema.BucketIndex(value, _schema);
                    _upper = NativeHistogramSchema.UpperBound(_index, _schema);
                }
            }

            nativeIndex = _index;
            return true;
        }
    }
}
