namespace HdrHistogram.Encoding;

// DoubleHistogram decoding, and decoding whichever kind the data holds (the cookie says which).
public sealed partial class HistogramDecoder
{
    /// <summary>The longest prefix needed to learn an encoding's total length: a DoubleHistogram wrapper and a V2 header.</summary>
    internal const int MaxPrefixLength = DoubleEncoder.WrapperLength + EncodingCookies.V2HeaderLength;

    /// <summary>Which kind of histogram a decode call expects.</summary>
    internal enum DecodeKind
    {
        /// <summary>An integer histogram (a DoubleHistogram cookie is a format error).</summary>
        Integer,

        /// <summary>A DoubleHistogram (an integer histogram cookie is a format error).</summary>
        Double,

        /// <summary>Whichever the cookie announces (Java's <c>EncodableHistogram.decodeFromCompressedByteBuffer</c>).</summary>
        Any,
    }

    /// <summary>
    /// Decodes the DoubleHistogram at the start of <paramref name="source"/> (Java's
    /// <c>DoubleHistogram.decodeFromByteBuffer</c> and <c>decodeFromCompressedByteBuffer</c>; plain or compressed,
    /// the cookie says which); bytes after it are ignored.
    /// </summary>
    /// <param name="source">An encoded DoubleHistogram: the 16-byte wrapper (cookie <c>0x0c72124e</c> or <c>0x0c72124f</c>, significant digits, highest-to-lowest value ratio) and the internal integer histogram's encoding.</param>
    /// <returns>
    /// The decoded histogram, as Java's decoder makes it: its internal <see cref="LongHistogram"/> holds the encoded
    /// counts, conversion ratio and normalizing offset, its dynamic range is the encoded one, and
    /// <see cref="DoubleHistogram.AutoResize"/> is on. It equals the encoded histogram and re-encodes to the same bytes.
    /// </returns>
    /// <exception cref="HistogramFormatException">
    /// The data is not a valid DoubleHistogram encoding (an integer histogram's too: decode those with
    /// <see cref="Decode(ReadOnlySpan{byte}, HistogramCountType)"/> or <see cref="DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/>),
    /// or exceeds the options' limits. The wrapper must satisfy Java's constructor constraints (ratio at least 2,
    /// digits 0 to 5, ratio × 10^digits below 2^61), and the internal histogram must be the one such a
    /// DoubleHistogram has: lowest discernible value 1, highest trackable value <c>integerValueRange - 1</c>, the same
    /// digits, and a conversion ratio that gives a finite covered range.
    /// </exception>
    /// <remarks><see cref="HistogramDecoderOptions.MinBarForHighestTrackableValue"/> does not apply to the internal histogram, whose range the wrapper fixes.</remarks>
    public DoubleHistogram DecodeDouble(ReadOnlySpan<byte> source)
        => DecodeDoubleCore(source, null, Accept.Any, out _);

    /// <summary>Decodes the DoubleHistogram at the start of <paramref name="source"/> (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>) and says how many bytes it took.</summary>
    /// <param name="source">An encoded DoubleHistogram, possibly followed by other data.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid DoubleHistogram encoding, or exceeds the options' limits.</exception>
    public DoubleHistogram DecodeDouble(ReadOnlySpan<byte> source, out int bytesConsumed)
        => DecodeDoubleCore(source, null, Accept.Any, out bytesConsumed);

    /// <summary>Decodes the DoubleHistogram at the start of <paramref name="source"/> (copied to a pooled buffer only when it spans several segments).</summary>
    /// <param name="source">An encoded DoubleHistogram.</param>
    /// <returns>The decoded histogram (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid DoubleHistogram encoding, or exceeds the options' limits.</exception>
    public DoubleHistogram DecodeDouble(ReadOnlySequence<byte> source)
        => (DoubleHistogram)DecodeSequence(source, DecodeKind.Double, null, HistogramCountType.Default);

    /// <summary>
    /// Reads one encoded DoubleHistogram from <paramref name="source"/> and decodes it: exactly the histogram's bytes
    /// are read (the wrapper and the internal histogram's header first, then the length it declares, checked against
    /// the limits first).
    /// </summary>
    /// <param name="source">The stream to read from.</param>
    /// <returns>The decoded histogram (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, or the stream ends inside it.</exception>
    public DoubleHistogram DecodeDouble(Stream source)
        => (DoubleHistogram)DecodeStream(source, DecodeKind.Double, null, HistogramCountType.Default);

    /// <summary>Decodes base64 text (standard alphabet, padded; what histogram logs hold) of an encoded DoubleHistogram.</summary>
    /// <param name="base64">The base64 text.</param>
    /// <returns>The decoded histogram (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid DoubleHistogram encoding.</exception>
    public DoubleHistogram DecodeDoubleFromBase64(string base64)
    {
        if (base64 is null)
        {
            throw new ArgumentNullException(nameof(base64));
        }

        return DecodeDoubleFromBase64(base64.AsSpan());
    }

    /// <summary>Decodes base64 text (standard alphabet, padded) of an encoded DoubleHistogram.</summary>
    /// <param name="base64">The base64 characters.</param>
    /// <returns>The decoded histogram (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid DoubleHistogram encoding.</exception>
    public DoubleHistogram DecodeDoubleFromBase64(ReadOnlySpan<char> base64)
        => (DoubleHistogram)DecodeBase64Chars(base64, DecodeKind.Double, null, HistogramCountType.Default);

    /// <summary>Decodes UTF-8 base64 text (standard alphabet, padded) of an encoded DoubleHistogram.</summary>
    /// <param name="utf8Base64">The base64 text as UTF-8 bytes.</param>
    /// <returns>The decoded histogram (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>).</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid DoubleHistogram encoding.</exception>
    public DoubleHistogram DecodeDoubleFromBase64Utf8(ReadOnlySpan<byte> utf8Base64)
        => (DoubleHistogram)DecodeBase64Utf8(utf8Base64, DecodeKind.Double, null, HistogramCountType.Default);

    /// <summary>
    /// Decodes the DoubleHistogram at the start of <paramref name="source"/> into <paramref name="target"/>, which is
    /// reset first and keeps its type (a <see cref="DoubleConcurrentHistogram"/> stays one). Nothing is allocated
    /// when the target's internal histogram already covers the encoded range.
    /// </summary>
    /// <param name="source">An encoded DoubleHistogram (plain or compressed).</param>
    /// <param name="target">
    /// The histogram to fill. Its significant digits must match the data's (else <see cref="HistogramFormatException"/>).
    /// It takes the data's counts, conversion ratio and covered range, and the data's dynamic range unless its own
    /// is wider (its internal histogram grows to the data's range but never shrinks, like an integer target's; a
    /// wider target keeps its ratio, so it re-encodes with that ratio). <see cref="DoubleHistogram.AutoResize"/> is
    /// turned on, as for any decoded histogram; its tag and timestamps are cleared. It must not be used by other
    /// threads meanwhile.
    /// </param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">
    /// The data is not a valid DoubleHistogram encoding, exceeds the limits, or does not match the target's digits.
    /// Every check is made before the target is touched: after any failure the target is unchanged.
    /// </exception>
    public void DecodeInto(ReadOnlySpan<byte> source, DoubleHistogram target) => DecodeInto(source, target, out _);

    /// <summary>Decodes into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>) and says how many bytes the histogram took.</summary>
    /// <param name="source">An encoded DoubleHistogram, possibly followed by other data.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">See <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>; after any failure the target is unchanged.</exception>
    public void DecodeInto(ReadOnlySpan<byte> source, DoubleHistogram target, out int bytesConsumed)
    {
        CheckTarget(target);
        DecodeDoubleInto(source, target, Accept.Any, out bytesConsumed);
    }

    /// <summary>Decodes the DoubleHistogram at the start of <paramref name="source"/> into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>).</summary>
    /// <param name="source">An encoded DoubleHistogram.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">See <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>; after any failure the target is unchanged.</exception>
    public void DecodeInto(ReadOnlySequence<byte> source, DoubleHistogram target)
    {
        CheckTarget(target);
        DecodeSequence(source, DecodeKind.Double, target, HistogramCountType.Default);
    }

    /// <summary>Reads one encoded DoubleHistogram from <paramref name="source"/> into <paramref name="target"/> (see <see cref="DecodeDouble(Stream)"/> and <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>).</summary>
    /// <param name="source">The stream to read from.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, does not match the target, or the stream ends inside it. The target is then unchanged (the histogram is read whole before the target is touched); the stream may have been read up to the error.</exception>
    public void DecodeInto(Stream source, DoubleHistogram target)
    {
        CheckTarget(target);
        DecodeStream(source, DecodeKind.Double, target, HistogramCountType.Default);
    }

    /// <summary>Decodes base64 text of an encoded DoubleHistogram into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>).</summary>
    /// <param name="base64">The base64 characters.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>. After any failure (the text included) the target is unchanged.</exception>
    public void DecodeFromBase64Into(ReadOnlySpan<char> base64, DoubleHistogram target)
    {
        CheckTarget(target);
        DecodeBase64Chars(base64, DecodeKind.Double, target, HistogramCountType.Default);
    }

    /// <summary>Decodes UTF-8 base64 text of an encoded DoubleHistogram into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>).</summary>
    /// <param name="utf8Base64">The base64 text as UTF-8 bytes.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or see <see cref="DecodeInto(ReadOnlySpan{byte}, DoubleHistogram)"/>. After any failure (the text included) the target is unchanged.</exception>
    public void DecodeFromBase64Utf8Into(ReadOnlySpan<byte> utf8Base64, DoubleHistogram target)
    {
        CheckTarget(target);
        DecodeBase64Utf8(utf8Base64, DecodeKind.Double, target, HistogramCountType.Default);
    }

    /// <summary>
    /// Decodes whichever kind of histogram is at the start of <paramref name="source"/>, as Java's
    /// <c>EncodableHistogram.decodeFromCompressedByteBuffer</c> does for log readers: a DoubleHistogram cookie
    /// (<c>0x0c72124e</c>, <c>0x0c72124f</c>) gives a <see cref="DoubleHistogram"/>, anything else an integer
    /// histogram (any version, plain or compressed). Bytes after the histogram are ignored.
    /// </summary>
    /// <param name="source">An encoded histogram of either kind.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data (DoubleHistogram data ignores it).</param>
    /// <returns>A <see cref="DoubleHistogram"/> (see <see cref="DecodeDouble(ReadOnlySpan{byte})"/>) or a <see cref="HistogramBase"/> (see <see cref="Decode(ReadOnlySpan{byte}, HistogramCountType)"/>).</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram of either kind, or exceeds the options' limits.</exception>
    public EncodableHistogram DecodeAny(ReadOnlySpan<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => DecodeEncodable(source, DecodeKind.Any, null, countType, Accept.Any, out _);

    /// <summary>Decodes whichever kind of histogram is at the start of <paramref name="source"/> (see <see cref="DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/>) and says how many bytes it took.</summary>
    /// <param name="source">An encoded histogram of either kind, possibly followed by other data.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram of either kind, or exceeds the options' limits.</exception>
    public EncodableHistogram DecodeAny(ReadOnlySpan<byte> source, out int bytesConsumed, HistogramCountType countType = HistogramCountType.Default)
        => DecodeEncodable(source, DecodeKind.Any, null, countType, Accept.Any, out bytesConsumed);

    /// <summary>Decodes whichever kind of histogram is at the start of <paramref name="source"/> (see <see cref="DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/>).</summary>
    /// <param name="source">An encoded histogram of either kind.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram of either kind, or exceeds the options' limits.</exception>
    public EncodableHistogram DecodeAny(ReadOnlySequence<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => DecodeSequence(source, DecodeKind.Any, null, countType);

    /// <summary>Reads one encoded histogram of either kind from <paramref name="source"/> and decodes it (see <see cref="DecodeAny(ReadOnlySpan{byte}, HistogramCountType)"/>); exactly the histogram's bytes are read.</summary>
    /// <param name="source">The stream to read from.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, or the stream ends inside it.</exception>
    public EncodableHistogram DecodeAny(Stream source, HistogramCountType countType = HistogramCountType.Default)
        => DecodeStream(source, DecodeKind.Any, null, countType);

    /// <summary>Decodes base64 text (standard alphabet, padded; a histogram log's payload column) of an encoded histogram of either kind.</summary>
    /// <param name="base64">The base64 text.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram of either kind.</exception>
    public EncodableHistogram DecodeAnyFromBase64(string base64, HistogramCountType countType = HistogramCountType.Default)
    {
        if (base64 is null)
        {
            throw new ArgumentNullException(nameof(base64));
        }

        return DecodeAnyFromBase64(base64.AsSpan(), countType);
    }

    /// <summary>Decodes base64 text (standard alphabet, padded) of an encoded histogram of either kind.</summary>
    /// <param name="base64">The base64 characters.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram of either kind.</exception>
    public EncodableHistogram DecodeAnyFromBase64(ReadOnlySpan<char> base64, HistogramCountType countType = HistogramCountType.Default)
        => DecodeBase64Chars(base64, DecodeKind.Any, null, countType);

    /// <summary>Decodes UTF-8 base64 text (standard alphabet, padded) of an encoded histogram of either kind.</summary>
    /// <param name="utf8Base64">The base64 text as UTF-8 bytes.</param>
    /// <param name="countType">The kind of integer histogram to create for integer data.</param>
    /// <returns>A <see cref="DoubleHistogram"/> or a <see cref="HistogramBase"/>.</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram of either kind.</exception>
    public EncodableHistogram DecodeAnyFromBase64Utf8(ReadOnlySpan<byte> utf8Base64, HistogramCountType countType = HistogramCountType.Default)
        => DecodeBase64Utf8(utf8Base64, DecodeKind.Any, null, countType);

    /// <summary>The decode behind every entry point: dispatches on the kind expected (and, for any kind, on the cookie).</summary>
    /// <param name="source">The data, starting with the cookie.</param>
    /// <param name="kind">The kind of histogram expected.</param>
    /// <param name="target">The histogram to fill (of the expected kind), or null to create one.</param>
    /// <param name="countType">The kind of integer histogram to create.</param>
    /// <param name="accept">Whether plain, compressed or both forms are accepted.</param>
    /// <param name="minBarForHighestTrackableValue">Java's minimum bar for an integer histogram's highest trackable value.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    internal EncodableHistogram DecodeEncodable(ReadOnlySpan<byte> source, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType, Accept accept, long minBarForHighestTrackableValue, out int bytesConsumed)
    {
        switch (kind)
        {
            case DecodeKind.Integer:
                return DecodeCore(source, (HistogramBase?)target, countType, accept, minBarForHighestTrackableValue, default, out bytesConsumed);
            case DecodeKind.Double:
                return target is null
                    ? DecodeDoubleCore(source, null, accept, out bytesConsumed)
                    : DecodeDoubleInto(source, (DoubleHistogram)target, accept, out bytesConsumed);
            default:
                return source.Length >= 4 && DoubleEncoder.IsDoubleCookie(BinaryPrimitives.ReadInt32BigEndian(source))
                    ? DecodeDoubleCore(source, null, accept, out bytesConsumed)
                    : DecodeCore(source, null, countType, accept, minBarForHighestTrackableValue, default, out bytesConsumed);
        }
    }

    private static void CheckTarget(DoubleHistogram target)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target));
        }
    }

    /// <summary>A format error inside a DoubleHistogram's internal histogram, located in the whole input.</summary>
    private static HistogramFormatException InInternalHistogram(HistogramFormatException e)
        => e.ByteOffset >= 0
            ? new HistogramFormatException("In the DoubleHistogram's internal histogram: " + e.MessageWithoutOffset, e.ByteOffset + DoubleEncoder.WrapperLength, e)
            : new HistogramFormatException("In the DoubleHistogram's internal histogram: " + e.Message, e);

    private static bool IsIntegerCookie(int cookie) => EncodingCookies.GetBase(cookie) is EncodingCookies.V2Base or EncodingCookies.V2CompressedBase
        or EncodingCookies.V1Base or EncodingCookies.V1CompressedBase or EncodingCookies.V0Base or EncodingCookies.V0CompressedBase;

    private EncodableHistogram DecodeEncodable(ReadOnlySpan<byte> source, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType, Accept accept, out int bytesConsumed)
        => DecodeEncodable(source, kind, target, countType, accept, _minBarForHighestTrackableValue, out bytesConsumed);

    /// <summary>
    /// Decodes into <paramref name="target"/>. Every check (wrapper, header, counts) is made before the internal
    /// histogram is touched, and nothing after that can fail, so invalid data leaves the target unchanged.
    /// </summary>
    private DoubleHistogram DecodeDoubleInto(ReadOnlySpan<byte> source, DoubleHistogram target, Accept accept, out int bytesConsumed)
        => DecodeDoubleCore(source, target, accept, out bytesConsumed);

    /// <summary>Decodes a DoubleHistogram: validates the wrapper, then decodes the internal histogram against it.</summary>
    private DoubleHistogram DecodeDoubleCore(ReadOnlySpan<byte> source, DoubleHistogram? target, Accept accept, out int bytesConsumed)
    {
        var errors = DecodeErrors.Input;
        if (source.Length < 4)
        {
            throw errors.At("The data ends before the 4-byte cookie: only " + Str(source.Length) + " byte(s)", source.Length);
        }

        int cookie = BinaryPrimitives.ReadInt32BigEndian(source);
        if (!DoubleEncoder.IsDoubleCookie(cookie))
        {
            throw errors.At(
                IsIntegerCookie(cookie)
                    ? "The data holds an integer histogram (cookie " + CookieInfo.Hex(cookie) + "), not a DoubleHistogram: decode it with HistogramDecoder.Decode or DecodeAny"
                    : "The data does not contain a DoubleHistogram: no valid cookie found (" + CookieInfo.Hex(cookie) + ")",
                0);
        }

        bool compressed = cookie == EncodingCookies.DoubleHistogramCompressed;
        if (compressed && accept == Accept.UncompressedOnly)
        {
            throw errors.At("The data does not contain an uncompressed DoubleHistogram (compressed cookie " + CookieInfo.Hex(cookie) + ")", 0);
        }

        if (!compressed && accept == Accept.CompressedOnly)
        {
            throw errors.At("The data does not contain a compressed DoubleHistogram (cookie " + CookieInfo.Hex(cookie) + ")", 0);
        }

        if (source.Length < DoubleEncoder.WrapperLength)
        {
            throw errors.At("The data ends inside the 16-byte DoubleHistogram header: only " + Str(source.Length) + " byte(s)", source.Length);
        }

        int digits = BinaryPrimitives.ReadInt32BigEndian(source.Slice(4));
        long ratio = BinaryPrimitives.ReadInt64BigEndian(source.Slice(8));
        string? problem = DoubleHistogram.CheckEncodedConfiguration(ratio, digits, out long integerValueRange, out bool ratioProblem);
        if (problem is not null)
        {
            throw errors.At("Invalid DoubleHistogram header: " + problem, ratioProblem ? 8 : 4);
        }

        if (target is not null && target.NumberOfSignificantValueDigits != digits)
        {
            throw errors.At(
                "The encoded number of significant value digits (" + Str(digits) + ") does not match the target DoubleHistogram's ("
                + Str(target.NumberOfSignificantValueDigits) + ")",
                4);
        }

        var wrapper = new DoubleWrapper(digits, ratio, integerValueRange);

        if (target is not null)
        {
            // The target's own member: a synchronized target holds its lock while it is decoded into and re-ranged.
            bytesConsumed = DoubleEncoder.WrapperLength + target.DecodeInto(this, source, compressed, wrapper);
            return target;
        }

        var inner = DecodeInternalHistogram(source, null, compressed, wrapper, out int innerConsumed);
        bytesConsumed = DoubleEncoder.WrapperLength + innerConsumed;
        return new DoubleHistogram(ratio, digits, inner) { AutoResize = true };
    }

    /// <summary>
    /// Replaces the content of <paramref name="target"/> with the encoded DoubleHistogram at the start of
    /// <paramref name="source"/>, whose wrapper has been checked (the decode-into that
    /// <see cref="DoubleHistogram.DecodeInto"/> runs): decodes into its internal histogram, then moves its range.
    /// </summary>
    /// <returns>The number of bytes the internal histogram's encoding took.</returns>
    internal int ReplaceContent(DoubleHistogram target, ReadOnlySpan<byte> source, bool compressed, in DoubleWrapper wrapper)
    {
        DecodeInternalHistogram(source, target.IntegerValuesHistogram, compressed, wrapper, out int innerConsumed);
        target.CompleteDecodeInto(wrapper.Ratio, wrapper.IntegerValueRange);
        return innerConsumed;
    }

    /// <summary>Decodes the internal histogram that follows the wrapper, into <paramref name="target"/> when there is one.</summary>
    private HistogramBase DecodeInternalHistogram(ReadOnlySpan<byte> source, HistogramBase? target, bool compressed, in DoubleWrapper wrapper, out int innerConsumed)
    {
        try
        {
            // Java decodes the internal histogram as a Histogram, without a minimum bar of its own.
            return DecodeCore(
                source.Slice(DoubleEncoder.WrapperLength),
                target,
                HistogramCountType.Long,
                compressed ? Accept.CompressedOnly : Accept.UncompressedOnly,
                0,
                wrapper,
                out innerConsumed);
        }
        catch (HistogramFormatException e)
        {
            throw InInternalHistogram(e);
        }
    }
}

/// <summary>
/// What a DoubleHistogram's 16-byte wrapper says its internal histogram must be (Java's constructor check), for the
/// integer decoder to verify before it creates or changes anything. The default value describes no wrapper.
/// </summary>
/// <param name="digits">The wrapper's number of significant value digits.</param>
/// <param name="ratio">The wrapper's highest-to-lowest value ratio.</param>
/// <param name="integerValueRange">The integer value range the ratio gives the internal histogram.</param>
internal readonly struct DoubleWrapper(int digits, long ratio, long integerValueRange)
{
    private readonly int _digits = digits;
    private readonly long _ratio = ratio;
    private readonly long _integerValueRange = integerValueRange;

    /// <summary>The wrapper's highest-to-lowest value ratio.</summary>
    public long Ratio => _ratio;

    /// <summary>The integer value range the ratio gives the internal histogram.</summary>
    public long IntegerValueRange => _integerValueRange;

    /// <summary>Throws the format error for an internal histogram that does not fit the wrapper; does nothing without a wrapper.</summary>
    public void Check(in EncodedHeader header, DecodeErrors errors)
    {
        if (_ratio == 0)
        {
            return;
        }

        bool v0 = header.Cookie.Version == EncodingVersion.V0;
        if (header.LowestDiscernibleValue != 1)
        {
            throw errors.At(
                "The lowest discernible value is " + Str(header.LowestDiscernibleValue) + "; a DoubleHistogram's internal histogram has 1",
                v0 ? 8 : 16);
        }

        if (header.NumberOfSignificantValueDigits != _digits)
        {
            throw errors.At(
                "The number of significant value digits (" + Str(header.NumberOfSignificantValueDigits)
                + ") differs from the DoubleHistogram header's (" + Str(_digits) + ")",
                v0 ? 4 : 12);
        }

        if (header.HighestTrackableValue != _integerValueRange - 1)
        {
            throw errors.At(
                "The highest trackable value is " + Str(header.HighestTrackableValue) + "; a DoubleHistogram with ratio " + Str(_ratio)
                + " and " + Str(_digits) + " digits has " + Str(_integerValueRange - 1),
                v0 ? 16 : 24);
        }

        string? problem = DoubleHistogram.CheckEncodedScale(_ratio, _digits, header.IntegerToDoubleValueConversionRatio);
        if (problem is not null)
        {
            throw errors.At("Invalid DoubleHistogram scale: " + problem, v0 ? 0 : 32);
        }
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
