namespace HdrHistogram.Encoding;

/// <summary>
/// The kind of histogram <see cref="HistogramDecoder"/> creates for decoded data (Java's decoders take the histogram
/// class as a parameter in the same way). Decoding into an existing histogram keeps that histogram's type.
/// </summary>
public enum HistogramCountType
{
    /// <summary>
    /// Follows the data: <see cref="LongHistogram"/> for V2 (as Java's <c>Histogram.decodeFromByteBuffer</c>); for the
    /// legacy V1/V0 encodings, the word size in the cookie: <see cref="ShortHistogram"/> for 2-byte counts,
    /// <see cref="IntHistogram"/> for 4-byte and <see cref="LongHistogram"/> for 8-byte counts.
    /// </summary>
    Default = 0,

    /// <summary>A <see cref="LongHistogram"/> (64-bit counts).</summary>
    Long,

    /// <summary>An <see cref="IntHistogram"/> (32-bit counts); a larger count in the data is a format error.</summary>
    Int,

    /// <summary>A <see cref="ShortHistogram"/> (16-bit counts); a larger count in the data is a format error.</summary>
    Short,

    /// <summary>A <see cref="LongConcurrentHistogram"/>.</summary>
    LongConcurrent,

    /// <summary>An <see cref="IntConcurrentHistogram"/>; a count above <see cref="int.MaxValue"/> in the data is a format error.</summary>
    IntConcurrent,

    /// <summary>A <see cref="PackedHistogram"/> (64-bit counts stored sparsely).</summary>
    Packed,

    /// <summary>A <see cref="PackedConcurrentHistogram"/>.</summary>
    PackedConcurrent,

    /// <summary>A <see cref="SynchronizedHistogram"/> (64-bit counts, every operation under one lock).</summary>
    Synchronized,
}
