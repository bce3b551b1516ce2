namespace HdrHistogram;

/// <summary>
/// What every histogram kind shares for interval logging (Java's <c>EncodableHistogram</c>): a time range, a tag and
/// a maximum. Integer histograms derive from it through <see cref="HistogramBase"/>; histogram logs hand back
/// intervals as this type.
/// </summary>
public abstract class EncodableHistogram
{
    private protected EncodableHistogram()
    {
    }

    /// <summary>Start of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set).</summary>
    public virtual long StartTimeStamp { get; set; }

    /// <summary>End of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set).</summary>
    public virtual long EndTimeStamp { get; set; }

    /// <summary>An optional tag, carried into histogram logs as <c>Tag=</c>.</summary>
    public virtual string? Tag { get; set; }

    /// <summary>The highest recorded value as a double (the log's <c>Interval_Max</c> column before unit scaling).</summary>
    /// <returns>The maximum value.</returns>
    public abstract double GetMaxValueAsDouble();

    /// <summary>An upper bound on the size of the uncompressed encoding, in bytes.</summary>
    /// <returns>The capacity in bytes.</returns>
    public abstract int GetNeededByteBufferCapacity();
}
