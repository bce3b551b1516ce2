namespace HdrHistogram.Logging;

/// <summary>
/// An interval line met by a <see cref="HistogramLogScanner"/>: its columns, timestamps and line number, and its
/// histogram, decoded only if asked for (Java's lazy <c>EncodableHistogramSupplier</c>). It exists only while
/// <see cref="HistogramLogScanHandler.OnInterval"/> runs: a <c>ref struct</c> cannot be kept beyond it.
/// </summary>
public readonly ref struct HistogramLogInterval
{
    private readonly HistogramLogReader _reader;
    private readonly long _token;

    internal HistogramLogInterval(HistogramLogReader reader, HistogramLogEntry entry, long token)
    {
        _reader = reader;
        Entry = entry;
        _token = token;
    }

    /// <summary>The line's tag, raw columns, absolute timestamps (Java's reader rules) and line number.</summary>
    public HistogramLogEntry Entry { get; }

    /// <summary>
    /// Decodes the interval's histogram: a new <see cref="LongHistogram"/> or <see cref="DoubleHistogram"/> (by the
    /// payload's cookie), with the entry's timestamps and tag.
    /// </summary>
    /// <returns>The histogram.</returns>
    /// <exception cref="HistogramFormatException">The payload is malformed (with the line number).</exception>
    /// <exception cref="System.InvalidOperationException">The handler that was given this interval has returned.</exception>
    public EncodableHistogram Decode() => _reader.DecodeScannedInterval(_token);

    /// <summary>
    /// Decodes the interval's histogram into <paramref name="target"/> (a <see cref="HistogramBase"/> for an integer
    /// payload, a <see cref="DoubleHistogram"/> for a double one), as
    /// <see cref="HistogramLogReader.TryReadNextInto(EncodableHistogram, out HistogramLogEntry)"/> does: nothing is
    /// allocated once the target covers the interval's range.
    /// </summary>
    /// <param name="target">The histogram to overwrite.</param>
    /// <exception cref="System.ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The payload is malformed, or the target cannot take it (with the line number).</exception>
    /// <exception cref="System.InvalidOperationException">The handler that was given this interval has returned.</exception>
    public void DecodeInto(EncodableHistogram target) => _reader.DecodeScannedIntervalInto(_token, target);
}
