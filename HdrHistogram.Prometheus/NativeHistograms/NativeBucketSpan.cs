using System;

namespace HdrHistogram.Prometheus.NativeHistograms;

/// <summary>
/// A run of consecutive native-histogram buckets: <see cref="Offset"/> is the gap from the end of the previous span
/// (for the first span, the index of its first bucket) and <see cref="Length"/> the number of buckets.
/// </summary>
public readonly struct NativeBucketSpan : IEquatable<NativeBucketSpan>
{
    /// <summary>Creates a span.</summary>
    /// <param name="offset">The gap to the previous span, or the first bucket's index for the first span.</param>
    /// <param name="length">The number of buckets in the span.</param>
    public NativeBucketSpan(int offset, uint length)
    {
        Offset = offset;
        Length = length;
    }

    /// <summary>The gap to the previous span, or the first bucket's index for the first span.</summary>
    public int Offset { get; }

    /// <summary>The number of consecutive buckets.</summary>
    public uint Length { get; }

    /// <inheritdoc />
    public bool Equals(NativeBucketSpan other) => Offset == other.Offset && Length == other.Length;

    /// <inheritdoc />
    public override bool Equals(object? obj) => obj is NativeBucketSpan other && Equals(other);

    /// <inheritdoc />
    public override int GetHashCode() => HashCode.Combine(Offset, Length);

    /// <summary>Whether two spans are equal.</summary>
    /// <param name="left">The first span.</param>
    /// <param name="right">The second span.</param>
    /// <returns>Whether offset and length are equal.</returns>
    public static bool operator ==(NativeBucketSpan left, NativeBucketSpan right) => left.Equals(right);

    /// <summary>Whether two spans differ.</summary>
    /// <param name="left">The first span.</param>
    /// <param name="right">The second span.</param>
    /// <returns>Whether offset or length differ.</returns>
    public static bool operator !=(NativeBucketSpan left, NativeBucketSpan right) => !left.Equals(right);
}
