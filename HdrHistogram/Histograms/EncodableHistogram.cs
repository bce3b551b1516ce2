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
    public virtual long StartTimeStamp
    {
        get => StartTimeStampValue;
        set => StartTimeStampValue = value;
    }

    /// <summary>End of the interval the histogram covers, in milliseconds since the Unix epoch (0 when not set).</summary>
    public virtual long EndTimeStamp
    {
        get => EndTimeStampValue;
        set => EndTimeStampValue = value;
    }

    /// <summary>An optional tag, carried into histogram logs as <c>Tag=</c>.</summary>
    /// <exception cref="System.ArgumentException">
    /// The tag holds a space, a comma, CR or LF, where a log would split it (as 2.5.0 refuses them).
    /// </exception>
    public virtual string? Tag
    {
        get => TagValue;
        set
        {
            LogTag.ValidateOnSet(value);
            TagValue = value;
        }
    }

    /// <summary>
    /// The stored start timestamp, read and written by the operations of the library itself (copies, adds, resets,
    /// encodings), which run whole under whatever lock the histogram's type takes at its public boundary.
    /// </summary>
    internal long StartTimeStampValue { get; set; }

    /// <summary>The stored end timestamp (see <see cref="StartTimeStampValue"/>).</summary>
    internal long EndTimeStampValue { get; set; }

    /// <summary>The stored tag (see <see cref="StartTimeStampValue"/>); a value set here is one already validated, or null.</summary>
    internal string? TagValue { get; set; }

    /// <summary>The highest recorded value as a double (the log's <c>Interval_Max</c> column before unit scaling).</summary>
    /// <returns>The maximum value.</returns>
    public abstract double GetMaxValueAsDouble();

    /// <summary>An upper bound on the size of the uncompressed encoding, in bytes.</summary>
    /// <returns>The capacity in bytes.</returns>
    public abstract int GetNeededByteBufferCapacity();

    /// <summary>
    /// Encodes the histogram uncompressed at the start of <paramref name="destination"/> (Java's
    /// <c>encodeIntoByteBuffer</c>: the V2 encoding, or a DoubleHistogram's 16-byte wrapper and its internal
    /// histogram's V2 encoding) and reads the fields a log line writes beside it, all from one moment. Every encoder,
    /// compressor and log writer reads a histogram through this one member: the synchronized types override it to
    /// hold their lock, once, for the whole encoding.
    /// </summary>
    /// <param name="destination">Receives the encoding.</param>
    /// <param name="fields">The tag and the maximum, from the same moment as the encoding.</param>
    /// <returns>The number of bytes written, or -1 when the encoding does not fit (then nothing is written).</returns>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    internal abstract int EncodeUncompressed(Span<byte> destination, out LogLineFields fields);
}
