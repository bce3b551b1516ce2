namespace HdrHistogram.Encoding;

/// <summary>The generation of the encoding a cookie announces.</summary>
internal enum EncodingVersion
{
    /// <summary>HdrHistogram 1.x: 32-byte header, fixed-width counts of the whole counts array.</summary>
    V0,

    /// <summary>HdrHistogram 2.0.x-2.1.6: 40-byte header, fixed-width counts up to the maximum value.</summary>
    V1,

    /// <summary>HdrHistogram 2.1.7+: 40-byte header, ZigZag LEB128 counts with zero runs.</summary>
    V2,
}

/// <summary>What a cookie says about the bytes that follow it.</summary>
/// <param name="Cookie">The cookie.</param>
/// <param name="Version">The encoding it announces.</param>
/// <param name="Compressed">Whether the encoding is compressed.</param>
/// <param name="WordSize">Bytes per count for V0/V1 (2, 4 or 8); 0 for V2.</param>
internal readonly record struct CookieInfo(int Cookie, EncodingVersion Version, bool Compressed, int WordSize)
{
    /// <summary>The size of the uncompressed header (32 for V0, else 40).</summary>
    public int HeaderLength => Version == EncodingVersion.V0 ? EncodingCookies.V0HeaderLength : EncodingCookies.V2HeaderLength;

    /// <summary>Classifies <paramref name="cookie"/> as Java 2.2.2 does, or throws the format error for it.</summary>
    /// <exception cref="HistogramFormatException">The cookie is not one of a histogram encoding this library reads.</exception>
    public static CookieInfo Parse(int cookie, DecodeErrors errors)
    {
        (EncodingVersion version, bool compressed) = EncodingCookies.GetBase(cookie) switch
        {
            EncodingCookies.V2Base => (EncodingVersion.V2, false),
            EncodingCookies.V2CompressedBase => (EncodingVersion.V2, true),
            EncodingCookies.V1Base => (EncodingVersion.V1, false),
            EncodingCookies.V1CompressedBase => (EncodingVersion.V1, true),
            EncodingCookies.V0Base => (EncodingVersion.V0, false),
            EncodingCookies.V0CompressedBase => (EncodingVersion.V0, true),
            _ => throw NotAHistogram(cookie, errors),
        };
        if (version == EncodingVersion.V2)
        {
            // Java 2.2.2 does not check the word-size nibble of a V2 cookie: 0x1c849303 decodes too.
            return new CookieInfo(cookie, version, compressed, 0);
        }

        int wordSize = EncodingCookies.GetLegacyWordSize(cookie);
        if (wordSize != 2 && wordSize != 4 && wordSize != 8)
        {
            throw errors.At(
                "The " + version.ToString() + " cookie " + Hex(cookie) + " announces a word size of "
                + wordSize.ToString(CultureInfo.InvariantCulture) + " bytes; it must be 2, 4 or 8",
                0);
        }

        return new CookieInfo(cookie, version, compressed, wordSize);
    }

    public static string Hex(int value) => "0x" + value.ToString("x8", CultureInfo.InvariantCulture);

    private static HistogramFormatException NotAHistogram(int cookie, DecodeErrors errors)
        => cookie == EncodingCookies.DoubleHistogram || cookie == EncodingCookies.DoubleHistogramCompressed
            ? errors.At(
                "The data holds a DoubleHistogram (cookie " + Hex(cookie) + "), not an integer histogram: decode it with "
                + "HistogramDecoder.DecodeDouble or DecodeAny",
                0)
            : errors.At("The data does not contain a histogram: no valid cookie found (" + Hex(cookie) + ")", 0);
}

/// <summary>
/// A validated uncompressed header (V0 32 bytes, V1/V2 40 bytes): every field checked, the counts array length the
/// decoded histogram needs computed, the payload length bounded, before anything is allocated.
/// </summary>
/// <param name="Cookie">What the cookie says.</param>
/// <param name="PayloadLength">Payload bytes that follow the header: from the header for V1/V2; the whole counts array for V0.</param>
/// <param name="NormalizingIndexOffset">The normalizing index offset.</param>
/// <param name="NumberOfSignificantValueDigits">The number of significant value digits.</param>
/// <param name="LowestDiscernibleValue">The lowest discernible value.</param>
/// <param name="HighestTrackableValue">The larger of the encoded value and the decoder's minimum bar.</param>
/// <param name="IntegerToDoubleValueConversionRatio">The integer-to-double value conversion ratio.</param>
/// <param name="CountsArrayLength">The counts array length of a histogram of this configuration: the payload may fill no more counts.</param>
internal readonly record struct EncodedHeader(
    CookieInfo Cookie,
    int PayloadLength,
    int NormalizingIndexOffset,
    int NumberOfSignificantValueDigits,
    long LowestDiscernibleValue,
    long HighestTrackableValue,
    double IntegerToDoubleValueConversionRatio,
    int CountsArrayLength)
{
    public int HeaderLength => Cookie.HeaderLength;

    /// <summary>Parses and validates the header at the start of <paramref name="data"/>; offsets in errors are relative to its start.</summary>
    /// <exception cref="HistogramFormatException">The header is incomplete or a field is invalid.</exception>
    public static EncodedHeader Parse(ReadOnlySpan<byte> data, CookieInfo cookie, long minBarForHighestTrackableValue, int maxCountsArrayLength, DecodeErrors errors)
    {
        int headerLength = cookie.HeaderLength;
        if (data.Length < headerLength)
        {
            throw errors.At(
                "The data ends inside the " + headerLength.ToString(CultureInfo.InvariantCulture) + "-byte " + cookie.Version.ToString()
                + " header: only " + data.Length.ToString(CultureInfo.InvariantCulture) + " byte(s)",
                data.Length);
        }

        bool v0 = cookie.Version == EncodingVersion.V0;
        int payloadLength = v0 ? 0 : BinaryPrimitives.ReadInt32BigEndian(data.Slice(4));
        int normalizingIndexOffset = v0 ? 0 : BinaryPrimitives.ReadInt32BigEndian(data.Slice(8));
        int digitsOffset = v0 ? 4 : 12;
        int lowestOffset = v0 ? 8 : 16;
        int highestOffset = v0 ? 16 : 24;
        int digits = BinaryPrimitives.ReadInt32BigEndian(data.Slice(digitsOffset));
        long lowest = BinaryPrimitives.ReadInt64BigEndian(data.Slice(lowestOffset));
        long encodedHighest = BinaryPrimitives.ReadInt64BigEndian(data.Slice(highestOffset));
        double ratio = v0 ? 1.0 : BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(data.Slice(32)));

        if (payloadLength < 0)
        {
            throw errors.At("The payload length is negative (" + Str(payloadLength) + ")", 4);
        }

        if (digits < 0 || digits > 5)
        {
            throw errors.At("The number of significant value digits is " + Str(digits) + "; it must be between 0 and 5", digitsOffset);
        }

        if (lowest < 1 || lowest > long.MaxValue / 2)
        {
            throw errors.At("The lowest discernible value is " + Str(lowest) + "; it must be between 1 and long.MaxValue / 2", lowestOffset);
        }

        if (encodedHighest < 2 * lowest)
        {
            throw errors.At(
                "The highest trackable value (" + Str(encodedHighest) + ") is less than twice the lowest discernible value (" + Str(lowest) + ")",
                highestOffset);
        }

        if (!v0 && !(ratio > 0 && ratio <= double.MaxValue))
        {
            throw errors.At(
                "The integer-to-double conversion ratio is " + ratio.ToString("R", CultureInfo.InvariantCulture) + "; it must be finite and positive",
                32);
        }

        long highest = Math.Max(encodedHighest, minBarForHighestTrackableValue);
        string? problem = HistogramBase.CheckConfiguration(lowest, highest, digits, out int countsArrayLength);
        if (problem is not null)
        {
            throw errors.At("Invalid histogram configuration: " + problem, digitsOffset);
        }

        if (countsArrayLength > maxCountsArrayLength)
        {
            throw errors.At(
                "The histogram's range (lowest " + Str(lowest) + ", highest " + Str(highest) + ", " + Str(digits)
                + " digits) needs a counts array of " + Str(countsArrayLength) + " entries, more than MaxCountsArrayLength ("
                + Str(maxCountsArrayLength) + ")",
                highestOffset);
        }

        if (normalizingIndexOffset <= -countsArrayLength || normalizingIndexOffset >= countsArrayLength)
        {
            throw errors.At(
                "The normalizing index offset (" + Str(normalizingIndexOffset) + ") is outside the counts array (length "
                + Str(countsArrayLength) + ")",
                8);
        }

        switch (cookie.Version)
        {
            case EncodingVersion.V2:
                // Every entry stands for at least one count and takes at most 9 bytes.
                if (payloadLength > (long)countsArrayLength * 9)
                {
                    throw errors.At(
                        "The payload length (" + Str(payloadLength) + ") exceeds the most a counts array of length "
                        + Str(countsArrayLength) + " can need (9 bytes per count)",
                        4);
                }

                break;
            case EncodingVersion.V1:
                if (payloadLength % cookie.WordSize != 0 || payloadLength / cookie.WordSize > countsArrayLength)
                {
                    throw errors.At(
                        "The payload length (" + Str(payloadLength) + ") is not a whole number of " + Str(cookie.WordSize)
                        + "-byte counts within the counts array (length " + Str(countsArrayLength) + ")",
                        4);
                }

                break;
            default:
                // V0 has no payload length: the payload is the whole counts array.
                payloadLength = countsArrayLength * cookie.WordSize;
                break;
        }

        return new EncodedHeader(cookie, payloadLength, normalizingIndexOffset, digits, lowest, highest, ratio, countsArrayLength);
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}

/// <summary>
/// Builds the format errors of one decode call: offsets in the input itself become
/// <see cref="HistogramFormatException.ByteOffset"/>; offsets in decompressed data are named in the message.
/// </summary>
internal readonly struct DecodeErrors
{
    private readonly bool _decompressed;

    private DecodeErrors(bool decompressed)
    {
        _decompressed = decompressed;
    }

    /// <summary>Errors in the input as given.</summary>
    public static DecodeErrors Input => new(false);

    /// <summary>Errors in the data inflated from a compressed histogram's zlib stream.</summary>
    public static DecodeErrors Decompressed => new(true);

    public HistogramFormatException At(string message, long offset)
        => _decompressed
            ? new HistogramFormatException(message + " (in the decompressed histogram at offset " + offset.ToString(CultureInfo.InvariantCulture) + ")")
            : new HistogramFormatException(message, offset);
}
