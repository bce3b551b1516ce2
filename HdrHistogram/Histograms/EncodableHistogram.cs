using HdrHistogram.Logging;

#pragma warning disable IDE0130 // Public API: keeps the namespace users' code already names.
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

    private string? _tag;

    /// <summary>An optional tag, carried into histogram logs as <c>Tag=</c>.</summary>
    /// <exception cref="System.ArgumentException">
    /// The tag holds a space, a comma, CR or LF, where a log would split it (as 2.5.0 refuses them).
    /// </exception>
    public virtual string? Tag
    {
        get => _tag;
        set
        {
            LogTag.ValidateOnSet(value);
            _tag = value;
        }
    }

    /// <summary>The highest recorded value as a double (the log's <c>Interval_Max</c> column before unit scaling).</summary>
    /// <returns>The maximum value.</returns>
    public abstract double GetMaxValueAsDouble();

    /// <summary>An upper bound on the size of the uncompressed encoding, in bytes.</summary>
    /// <returns>The capacity in bytes.</returns>
    public abstract int GetNeededByteBufferCapacity();
}
