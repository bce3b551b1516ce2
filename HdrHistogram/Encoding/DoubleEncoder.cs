using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Encoding;

/// <summary>
/// Java's DoubleHistogram encoding (<c>DoubleHistogram.encodeIntoByteBuffer</c>), byte for byte: a 16-byte
/// big-endian wrapper (cookie <c>0x0c72124e</c>, significant digits, configured highest-to-lowest value ratio)
/// followed by the internal integer histogram's uncompressed V2 encoding, which carries the current conversion ratio
/// and normalizing offset. The compressed form (cookie <c>0x0c72124f</c>) wraps the internal histogram's compressed
/// V2 encoding instead (see <see cref="HistogramCompressor"/>). Also dispatches between the two histogram kinds.
/// </summary>
internal static class DoubleEncoder
{
    /// <summary>The size of the wrapper: cookie, digits, ratio.</summary>
    public const int WrapperLength = 16;

    /// <summary>Whether <paramref name="cookie"/> is one of the two DoubleHistogram cookies.</summary>
    public static bool IsDoubleCookie(int cookie)
        => cookie == EncodingCookies.DoubleHistogram || cookie == EncodingCookies.DoubleHistogramCompressed;

    /// <summary>The most bytes the uncompressed encoding of <paramref name="histogram"/> can take right now.</summary>
    public static int GetMaxEncodedLength(DoubleHistogram histogram)
        => WrapperLength + V2Encoder.GetMaxEncodedLength(V2Encoder.GetRelevantLength(histogram.IntegerValuesHistogram));

    /// <summary>The most bytes the uncompressed encoding of either kind of histogram can take right now.</summary>
    public static int GetMaxEncodedLength(EncodableHistogram histogram) => histogram switch
    {
        HistogramBase integer => V2Encoder.GetMaxEncodedLength(V2Encoder.GetRelevantLength(integer)),
        DoubleHistogram doubles => GetMaxEncodedLength(doubles),
        _ => throw Unsupported(histogram),
    };

    /// <summary>
    /// Encodes either kind of histogram at the start of <paramref name="destination"/>, through the histogram's own
    /// <see cref="EncodableHistogram.EncodeUncompressed"/> (which a synchronized or concurrent histogram runs under its lock).
    /// </summary>
    /// <returns>The number of bytes written, or -1 when the encoding does not fit.</returns>
    public static int Encode(EncodableHistogram histogram, Span<byte> destination) => histogram switch
    {
        HistogramBase or DoubleHistogram => histogram.EncodeUncompressed(destination, out _),
        _ => throw Unsupported(histogram),
    };

    /// <summary>Encodes <paramref name="histogram"/> uncompressed at the start of <paramref name="destination"/>.</summary>
    /// <returns>The number of bytes written, or -1 when the encoding does not fit (then nothing is written).</returns>
    /// <exception cref="InvalidOperationException">The histogram holds a negative count.</exception>
    public static int Encode(DoubleHistogram histogram, Span<byte> destination) => histogram.EncodeUncompressed(destination, out _);

    /// <summary>Writes the 16-byte wrapper.</summary>
    public static void WriteWrapper(Span<byte> destination, int cookie, int digits, long ratio)
    {
        BinaryPrimitives.WriteInt32BigEndian(destination, cookie);
        BinaryPrimitives.WriteInt32BigEndian(destination.Slice(4), digits);
        BinaryPrimitives.WriteInt64BigEndian(destination.Slice(8), ratio);
    }

    /// <summary>
    /// Encodes <paramref name="histogram"/> as it is, its configured ratio and internal histogram read together (see
    /// <see cref="DoubleHistogram.EncodeUncompressed"/>, which runs it).
    /// </summary>
    /// <returns>The number of bytes written, or -1 when the encoding does not fit (then nothing is written).</returns>
    internal static int EncodeAsIs(DoubleHistogram histogram, Span<byte> destination)
    {
        if (destination.Length < WrapperLength)
        {
            return -1;
        }

        int written = V2Encoder.Encode(histogram.IntegerValuesHistogram, destination.Slice(WrapperLength));
        if (written < 0)
        {
            return -1;
        }

        WriteWrapper(destination, EncodingCookies.DoubleHistogram, histogram.NumberOfSignificantValueDigits, histogram.GetHighestToLowestValueRatio());
        return WrapperLength + written;
    }

    private static ArgumentException Unsupported(EncodableHistogram histogram)
        => histogram is null
            ? new ArgumentNullException(nameof(histogram))
            : new ArgumentException("Unsupported histogram type " + histogram.GetType().Name + ".", nameof(histogram));
}
