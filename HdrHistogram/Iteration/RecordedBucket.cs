namespace HdrHistogram.Iteration;

/// <summary>
/// One bucket of a histogram that holds a count: the range of integer values it stands for and its count.
/// </summary>
/// <param name="lowestEquivalentValue">The lowest value of the bucket.</param>
/// <param name="highestEquivalentValue">The highest value of the bucket (inclusive).</param>
/// <param name="count">The bucket's count.</param>
public readonly struct RecordedBucket(long lowestEquivalentValue, long highestEquivalentValue, long count) : IEquatable<RecordedBucket>
{
    /// <summary>The lowest value the bucket stands for.</summary>
    public long LowestEquivalentValue { get; } = lowestEquivalentValue;

    /// <summary>The highest value the bucket stands for (inclusive).</summary>
    public long HighestEquivalentValue { get; } = highestEquivalentValue;

    /// <summary>The count recorded in the bucket.</summary>
    public long Count { get; } = count;

    /// <inheritdoc />
    public bool Equals(RecordedBucket other)
        => LowestEquivalentValue == other.LowestEquivalentValue && HighestEquivalentValue == other.HighestEquivalentValue && Count == other.Count;

    /// <inheritdoc />
    public override bool Equals(object? obj) => obj is RecordedBucket other && Equals(other);

    /// <inheritdoc />
    public override int GetHashCode() => LowestEquivalentValue.GetHashCode() ^ (HighestEquivalentValue.GetHashCode() * 31) ^ (Count.GetHashCode() * 17);

    /// <summary>Whether two buckets are equal.</summary>
    /// <param name="left">The first bucket.</param>
    /// <param name="right">The second bucket.</param>
    /// <returns>Whether range and count are equal.</returns>
    public static bool operator ==(RecordedBucket left, RecordedBucket right) => left.Equals(right);

    /// <summary>Whether two buckets differ.</summary>
    /// <param name="left">The first bucket.</param>
    /// <param name="right">The second bucket.</param>
    /// <returns>Whether range or count differ.</returns>
    public static bool operator !=(RecordedBucket left, RecordedBucket right) => !left.Equals(right);
}
