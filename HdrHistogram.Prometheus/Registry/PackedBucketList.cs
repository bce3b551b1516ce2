using System;
using HdrHistogram.Prometheus.Exposition;

namespace HdrHistogram.Prometheus.Registry;

/// <summary>
/// Buckets with counts, in key order, packed into bytes: per bucket, the step from the previous bucket's key in units
/// that <typeparamref name="TUnits"/> gives for that key (the first bucket: its key, zigzag-encoded), then the count,
/// each as a LEB128 varint (protobuf's). Neighbouring buckets take a step of 1, so a bucket costs 2 to 3 bytes where an
/// array of keys and counts costs 16. A series keeps its running total as two of these: its HDR buckets (keyed by
/// lowest value, in units of the bucket's width, <see cref="HdrWidths"/>) and its native buckets (keyed by index,
/// <see cref="IndexSteps"/>). Merging rewrites the bytes once, in time linear in both, copying the unchanged stretches
/// as they are; reading walks them.
/// </summary>
/// <typeparam name="TUnits">The step units: a struct, so that the walk's calls to it are direct.</typeparam>
internal sealed class PackedBucketList<TUnits>
    where TUnits : struct, IBucketStepUnits
{
    private const int MaxBucketBytes = 20; // two varints of at most 10 bytes

    // The merged bytes while they are written: one array per scraping thread, kept (scrapes of a registry are
    // serialised, and a scrape merges one list at a time).
    [ThreadStatic]
    private static byte[]? s_scratch;

    private byte[] _bytes = Array.Empty<byte>();
    private int _length;

    /// <summary>How many buckets hold a count.</summary>
    public int BucketCount { get; private set; }

    /// <summary>The bytes the list keeps (for the documented cost per series).</summary>
    public int CapacityInBytes => _bytes.Length;

    /// <summary>Walks the buckets in key order.</summary>
    public Reader Read(TUnits units) => new(_bytes.AsSpan(0, _length), units);

    /// <summary>Adds <paramref name="incoming"/> (in ascending key order, each key once) into the list.</summary>
    public void Merge(ReadOnlySpan<KeyedCount> incoming, TUnits units)
    {
        var scratch = s_scratch ??= new byte[4096];
        var writer = new Writer(scratch, units);
        var reader = Read(units);
        int oldStart = reader.Position;
        bool hasOld = reader.Next(out long oldKey, out long oldCount);
        int next = 0;
        while (true)
        {
            long limit = next < incoming.Length ? incoming[next].Key : long.MaxValue;
            if (hasOld && oldKey < limit)
            {
                // Old buckets below the next incoming one keep their bytes, except the first after an inserted bucket,
                // whose step now counts from that bucket.
                if (!writer.NextStepUnchanged)
                {
                    writer.Write(oldKey, oldCount, fromOld: true);
                    oldStart = reader.Position;
                    hasOld = reader.Next(out oldKey, out oldCount);
                }

                int runStart = oldStart;
                long lastKey = 0;
                int lastShift = 0;
                while (hasOld && oldKey < limit)
                {
                    lastKey = oldKey;
                    lastShift = reader.UnitShift;
                    writer.Buckets++;
                    oldStart = reader.Position;
                    hasOld = reader.Next(out oldKey, out oldCount);
                }

                if (oldStart > runStart)
                {
                    writer.Copy(_bytes.AsSpan(runStart, oldStart - runStart), lastKey, lastShift);
                }

                continue;
            }

            if (next == incoming.Length)
            {
                break;
            }

            if (hasOld && oldKey == limit)
            {
                writer.Write(oldKey, oldCount + incoming[next].Count, fromOld: true);
                oldStart = reader.Position;
                hasOld = reader.Next(out oldKey, out oldCount);
            }
            else
            {
                writer.Write(limit, incoming[next].Count, fromOld: false);
            }

            next++;
        }

        s_scratch = writer.Scratch;
        int written = writer.Written;
        if (_bytes.Length < written || _bytes.Length > (2 * written) + 256)
        {
            // An eighth's headroom: a series that keeps finding new buckets does not reallocate every scrape.
            _bytes = new byte[written + (written >> 3)];
        }

        writer.Scratch.AsSpan(0, written).CopyTo(_bytes);
        _length = written;
        BucketCount = writer.Buckets;
    }

    /// <summary>Empties the list (its bytes are kept for the next merge, which trims them if they are far too many).</summary>
    public void Clear()
    {
        _length = 0;
        BucketCount = 0;
    }

    private static ulong ZigZag(long value) => (ulong)((value << 1) ^ (value >> 63));

    private static long UnZigZag(ulong value) => (long)(value >> 1) ^ -(long)(value & 1);

    /// <summary>Writes the merged bytes into the scratch array, growing it as needed.</summary>
    private ref struct Writer
    {
        private readonly TUnits _units;
        private long _previous;
        private int _previousShift;
        private bool _lastWasOld;

        public Writer(byte[] scratch, TUnits units)
        {
            Scratch = scratch;
            _units = units;
        }

        public byte[] Scratch { get; private set; }

        public int Written { get; private set; }

        public int Buckets { get; set; }

        /// <summary>Whether the next old bucket's step is what it was: nothing was written yet, or the last bucket written was the old one before it.</summary>
        public readonly bool NextStepUnchanged => Buckets == 0 || _lastWasOld;

        public void Write(long key, long count, bool fromOld)
        {
            Reserve(MaxBucketBytes);
            ulong step = Buckets == 0 ? ZigZag(key) : (ulong)((key - _previous) >> _previousShift);
            int written = Written + ProtobufOutput.PutVarint(Scratch.AsSpan(Written), step);
            Written = written + ProtobufOutput.PutVarint(Scratch.AsSpan(written), (ulong)count);
            _previousShift = _units.UnitShiftAt(key);
            _previous = key;
            _lastWasOld = fromOld;
            Buckets++;
        }

        /// <summary>Appends old buckets' bytes as they are (already counted in <see cref="Buckets"/>); the last one's key and unit follow.</summary>
        public void Copy(ReadOnlySpan<byte> bytes, long lastKey, int lastShift)
        {
            Reserve(bytes.Length);
            bytes.CopyTo(Scratch.AsSpan(Written));
            Written += bytes.Length;
            _previous = lastKey;
            _previousShift = lastShift;
            _lastWasOld = true;
        }

        private void Reserve(int length)
        {
            if (Scratch.Length - Written < length)
            {
                int size = Scratch.Length * 2;
                while (size - Written < length)
                {
                    size *= 2;
                }

                var grown = new byte[size];
                Scratch.AsSpan(0, Written).CopyTo(grown);
                Scratch = grown;
            }
        }
    }

    /// <summary>A walk over the buckets of a list, in key order.</summary>
    internal ref struct Reader
    {
        private readonly ReadOnlySpan<byte> _bytes;
        private readonly TUnits _units;
        private int _position;
        private long _key;
        private int _unitShift = -1;

        public Reader(ReadOnlySpan<byte> bytes, TUnits units)
        {
            _bytes = bytes;
            _units = units;
        }

        /// <summary>log2 of the step unit at the bucket the walk is at (for HDR buckets, of its width).</summary>
        public readonly int UnitShift => _unitShift;

        /// <summary>Where the next bucket's bytes start.</summary>
        public readonly int Position => _position;

        /// <summary>Moves to the next bucket: its key and its count.</summary>
        public bool Next(out long key, out long count)
        {
            if (_position >= _bytes.Length)
            {
                key = 0;
                count = 0;
                return false;
            }

            ulong step = ReadVarint();
            key = _unitShift < 0 ? UnZigZag(step) : _key + ((long)step << _unitShift);
            count = (long)ReadVarint();
            _unitShift = _units.UnitShiftAt(key);
            _key = key;
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
}
