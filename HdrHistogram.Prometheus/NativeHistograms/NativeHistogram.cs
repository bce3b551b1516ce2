using System;

namespace HdrHistogram.Prometheus.NativeHistograms;

/// <summary>
/// A Prometheus native histogram with integer counts: schema, zero bucket, positive spans with per-bucket count deltas,
/// count and sum. An instance is reusable: <see cref="NativeHistogramConverter"/> overwrites it and keeps its buffers,
/// so converting again allocates nothing once the buffers are large enough.
/// </summary>
public sealed class NativeHistogram
{
    private NativeBucketSpan[] _spans = new NativeBucketSpan[4];
    private long[] _deltas = new long[16];
    private int _spanCount;
    private int _bucketCount;
    private int _lastIndex;
    private long _lastCount;

    /// <summary>The bucket schema, -4 to 8.</summary>
    public int Schema { get; private set; }

    /// <summary>The zero bucket's threshold: it holds the values from 0 up to this (inclusive).</summary>
    public double ZeroThreshold { get; private set; }

    /// <summary>The count in the zero bucket.</summary>
    public long ZeroCount { get; private set; }

    /// <summary>The total count: the zero bucket's plus every positive bucket's.</summary>
    public long Count { get; private set; }

    /// <summary>
    /// The sum of the values: each HDR bucket's count at the bucket's middle value (as the HDR mean), added up exactly
    /// in recorded units and then scaled, so the same buckets give the same sum in whatever order they were added.
    /// </summary>
    public double Sum { get; private set; }

    /// <summary>The positive spans, in index order.</summary>
    public ReadOnlySpan<NativeBucketSpan> PositiveSpans => _spans.AsSpan(0, _spanCount);

    /// <summary>The positive buckets' counts, each as the difference from the previous bucket's (the first as is).</summary>
    public ReadOnlySpan<long> PositiveDeltas => _deltas.AsSpan(0, _bucketCount);

    /// <summary>Copies the positive buckets out as (index, count) pairs, in index order.</summary>
    /// <param name="indexes">Receives the bucket indexes; at least <see cref="PositiveDeltas"/>.Length long.</param>
    /// <param name="counts">Receives the bucket counts; as long as <paramref name="indexes"/>.</param>
    /// <returns>The number of buckets written.</returns>
    /// <exception cref="ArgumentException">A destination is too short.</exception>
    public int GetPositiveBuckets(Span<int> indexes, Span<long> counts)
    {
        if (indexes.Length < _bucketCount || counts.Length < _bucketCount)
        {
            throw new ArgumentException("The destinations must hold every positive bucket.", nameof(indexes));
        }

        int bucket = 0;
        int index = 0;
        long count = 0;
        for (int s = 0; s < _spanCount; s++)
        {
            index += _spans[s].Offset;
            for (uint i = 0; i < _spans[s].Length; i++)
            {
                count += _deltas[bucket];
                indexes[bucket] = index;
                counts[bucket] = count;
                bucket++;
                index++;
            }
        }

        return bucket;
    }

    internal void Begin(int schema)
    {
        Schema = schema;
        ZeroThreshold = 0;
        ZeroCount = 0;
        Count = 0;
        Sum = 0;
        _spanCount = 0;
        _bucketCount = 0;
        _lastIndex = 0;
        _lastCount = 0;
    }

    internal void AddToZeroBucket(long count, double threshold)
    {
        ZeroCount += count;
        Count += count;
        if (threshold > ZeroThreshold)
        {
            ZeroThreshold = threshold;
        }
    }

    /// <summary>Adds a count to bucket <paramref name="index"/>; indexes must arrive in non-decreasing order.</summary>
    internal void AddToBucket(int index, long count)
    {
        Count += count;
        if (_bucketCount > 0 && index == _lastIndex)
        {
            _deltas[_bucketCount - 1] += count;
            _lastCount += count;
            return;
        }

        if (_bucketCount == _deltas.Length)
        {
            Array.Resize(ref _deltas, _deltas.Length * 2);
        }

        if (_bucketCount == 0)
        {
            AppendSpan(index);
            _deltas[0] = count;
        }
        else
        {
            int gap = index - _lastIndex - 1;
            if (gap == 0)
            {
                var last = _spans[_spanCount - 1];
                _spans[_spanCount - 1] = new NativeBucketSpan(last.Offset, last.Length + 1);
            }
            else
            {
                AppendSpan(gap);
            }

            _deltas[_bucketCount] = count - _lastCount;
        }

        _bucketCount++;
        _lastIndex = index;
        _lastCount = count;
    }

    /// <summary>Completes the histogram with the sum of its values.</summary>
    internal void End(double sum)
    {
        Sum = sum;
        if (ZeroThreshold < NativeHistogramSchema.DefaultZeroThreshold)
        {
            ZeroThreshold = NativeHistogramSchema.DefaultZeroThreshold;
        }
    }

    private void AppendSpan(int offset)
    {
        if (_spanCount == _spans.Length)
        {
            Array.Resize(ref _spans, _spans.Length * 2);
        }

        _spans[_spanCount++] = new NativeBucketSpan(offset, 1);
    }
}
