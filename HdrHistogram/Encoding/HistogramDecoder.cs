using System.Buffers.Text;
using HdrHistogram.Encoding.Compression;
using HdrHistogram.Encoding.Counts;

namespace HdrHistogram.Encoding;

/// <summary>
/// Decodes every histogram encoding Java HdrHistogram 2.2.2 reads: V2 (what 2.1.7+ writes), the legacy V1 and V0
/// encodings, each plain or zlib-compressed, from a span, a <see cref="ReadOnlySequence{T}"/>, a <see cref="Stream"/>
/// or base64 text. The cookie says which encoding the data holds. Java's DoubleHistogram encodings (a 16-byte wrapper
/// around an integer histogram's encoding) decode with <c>DecodeDouble</c> and <c>DecodeInto(..., DoubleHistogram)</c>;
/// <c>DecodeAny</c> decodes whichever kind the cookie announces, as Java's log reader does.
/// </summary>
/// <remarks>
/// <para>
/// Decoding follows Java's <c>decodeFromByteBuffer</c>: the result equals the encoded histogram and re-encodes to the
/// same V2 bytes. Input is treated as hostile: anything malformed raises <see cref="HistogramFormatException"/> with
/// what is wrong and where, and every length read from the data is checked against <see cref="HistogramDecoderOptions"/>
/// before anything is allocated. Zeros after a compressed histogram (HdrHistogram.NET 2.5.0's padding) are accepted.
/// </para>
/// <para>
/// With <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/> into a histogram that covers the range, decoding
/// allocates nothing. Not thread-safe: one decoder per thread. The formats and the rules where this decoder is
/// stricter than Java: docs/formats.md, "Encodings".
/// </para>
/// </remarks>
public sealed partial class HistogramDecoder : IDisposable
{
    /// <summary>DEFLATE's maximum expansion: a 258-byte match coded in 2 bits.</summary>
    private const int MaxDeflateExpansion = 1032;

    /// <summary>Scratch buffers larger than this are returned to the pool after each call instead of being kept.</summary>
    private const int MaxRetainedScratch = 1024 * 1024;

    [ThreadStatic]
    private static HistogramDecoder? _threadDefault;

    private readonly ZlibInflater _inflater = new();
    private readonly int _maxCountsArrayLength;
    private readonly int _maxDecompressedBytes;
    private readonly long _minBarForHighestTrackableValue;
    private byte[] _scratch = Array.Empty<byte>();

    /// <summary>Creates a decoder with the default <see cref="HistogramDecoderOptions"/>.</summary>
    public HistogramDecoder()
        : this(new HistogramDecoderOptions())
    {
    }

    /// <summary>Creates a decoder with the given options (copied: later changes to <paramref name="options"/> have no effect).</summary>
    /// <param name="options">Limits and settings.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
    public HistogramDecoder(HistogramDecoderOptions options)
    {
        if (options is null)
        {
            throw new ArgumentNullException(nameof(options));
        }

        _maxCountsArrayLength = options.MaxCountsArrayLength;
        _maxDecompressedBytes = options.MaxDecompressedBytes;
        _minBarForHighestTrackableValue = options.MinBarForHighestTrackableValue;
    }

    /// <summary>Which parts of the format a decode call accepts (the Java-compatible entry points are strict).</summary>
    internal enum Accept
    {
        Any,
        UncompressedOnly,
        CompressedOnly,
    }

    /// <summary>A copy of the options this decoder uses.</summary>
    public HistogramDecoderOptions Options => new()
    {
        MaxCountsArrayLength = _maxCountsArrayLength,
        MaxDecompressedBytes = _maxDecompressedBytes,
        MinBarForHighestTrackableValue = _minBarForHighestTrackableValue,
    };

    /// <summary>A decoder with the default options for the calling thread.</summary>
    internal static HistogramDecoder ThreadDefault => _threadDefault ??= new HistogramDecoder();

    /// <summary>Decodes the histogram at the start of <paramref name="source"/>; bytes after it are ignored.</summary>
    /// <param name="source">An encoded histogram (any version, plain or compressed).</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram, or exceeds the options' limits.</exception>
    public HistogramBase Decode(ReadOnlySpan<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => DecodeCore(source, null, countType, Accept.Any, _minBarForHighestTrackableValue, out _);

    /// <summary>Decodes the histogram at the start of <paramref name="source"/> and says how many bytes it took.</summary>
    /// <param name="source">An encoded histogram (any version, plain or compressed), possibly followed by other data.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram, or exceeds the options' limits.</exception>
    public HistogramBase Decode(ReadOnlySpan<byte> source, out int bytesConsumed, HistogramCountType countType = HistogramCountType.Default)
        => DecodeCore(source, null, countType, Accept.Any, _minBarForHighestTrackableValue, out bytesConsumed);

    /// <summary>
    /// Decodes the histogram at the start of <paramref name="source"/> into <paramref name="target"/>, which is reset
    /// first and keeps its type. Nothing is allocated when the target already covers the encoded range.
    /// </summary>
    /// <param name="source">An encoded histogram (any version, plain or compressed).</param>
    /// <param name="target">
    /// The histogram to fill. Its lowest discernible value and significant digits must match the data's (else
    /// <see cref="HistogramFormatException"/>: the data is not what the caller expects); it grows when the data's
    /// range is wider, takes the data's normalizing offset and conversion ratio, and has
    /// <see cref="HistogramBase.AutoResize"/> turned on, like any decoded histogram. Its tag and timestamps are cleared.
    /// It must not be used by other threads meanwhile.
    /// </param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, does not match the target's configuration, or holds a count too large for the target's count type. Every check (header, configuration, counts, truncation, compressed stream) is made before the target is touched: after any failure the target is unchanged, for every target type.</exception>
    public void DecodeInto(ReadOnlySpan<byte> source, HistogramBase target) => DecodeInto(source, target, out _);

    /// <summary>Decodes into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>) and says how many bytes the histogram took.</summary>
    /// <param name="source">An encoded histogram, possibly followed by other data.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">See <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>; after any failure the target is unchanged.</exception>
    public void DecodeInto(ReadOnlySpan<byte> source, HistogramBase target, out int bytesConsumed)
    {
        CheckTarget(target);
        DecodeCore(source, target, HistogramCountType.Default, Accept.Any, _minBarForHighestTrackableValue, out bytesConsumed);
    }

    /// <summary>Decodes the histogram at the start of <paramref name="source"/> (copied to a pooled buffer only when it spans several segments).</summary>
    /// <param name="source">An encoded histogram.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The data is not a valid encoded histogram, or exceeds the options' limits.</exception>
    public HistogramBase Decode(ReadOnlySequence<byte> source, HistogramCountType countType = HistogramCountType.Default)
        => (HistogramBase)DecodeSequence(source, DecodeKind.Integer, null, countType);

    /// <summary>Decodes the histogram at the start of <paramref name="source"/> into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>).</summary>
    /// <param name="source">An encoded histogram.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">See <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>; after any failure the target is unchanged.</exception>
    public void DecodeInto(ReadOnlySequence<byte> source, HistogramBase target)
    {
        CheckTarget(target);
        DecodeSequence(source, DecodeKind.Integer, target, HistogramCountType.Default);
    }

    /// <summary>
    /// Reads one encoded histogram from <paramref name="source"/> and decodes it. Exactly the histogram's bytes are
    /// read (first its header, then the length the header declares, checked against the limits first), so a stream
    /// of consecutive histograms can be read one by one.
    /// </summary>
    /// <param name="source">The stream to read from.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, or the stream ends inside it.</exception>
    public HistogramBase Decode(Stream source, HistogramCountType countType = HistogramCountType.Default)
        => (HistogramBase)DecodeStream(source, DecodeKind.Integer, null, countType);

    /// <summary>Reads one encoded histogram from <paramref name="source"/> into <paramref name="target"/> (see <see cref="Decode(Stream, HistogramCountType)"/> and <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>).</summary>
    /// <param name="source">The stream to read from.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="HistogramFormatException">The data is invalid, exceeds the limits, does not match the target, or the stream ends inside it. The target is then unchanged (the histogram is read whole before the target is touched); the stream may have been read up to the error.</exception>
    public void DecodeInto(Stream source, HistogramBase target)
    {
        CheckTarget(target);
        DecodeStream(source, DecodeKind.Integer, target, HistogramCountType.Default);
    }

    /// <summary>Decodes base64 text (standard alphabet, padded; what histogram logs hold) of an encoded histogram.</summary>
    /// <param name="base64">The base64 text.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="base64"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram.</exception>
    public HistogramBase DecodeFromBase64(string base64, HistogramCountType countType = HistogramCountType.Default)
    {
        if (base64 is null)
        {
            throw new ArgumentNullException(nameof(base64));
        }

        return DecodeFromBase64(base64.AsSpan(), countType);
    }

    /// <summary>Decodes base64 text (standard alphabet, padded) of an encoded histogram.</summary>
    /// <param name="base64">The base64 characters.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram.</exception>
    public HistogramBase DecodeFromBase64(ReadOnlySpan<char> base64, HistogramCountType countType = HistogramCountType.Default)
        => (HistogramBase)DecodeBase64Chars(base64, DecodeKind.Integer, null, countType);

    /// <summary>Decodes base64 text of an encoded histogram into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>).</summary>
    /// <param name="base64">The base64 characters.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>. After any failure (the text included) the target is unchanged.</exception>
    public void DecodeFromBase64Into(ReadOnlySpan<char> base64, HistogramBase target)
    {
        CheckTarget(target);
        DecodeBase64Chars(base64, DecodeKind.Integer, target, HistogramCountType.Default);
    }

    /// <summary>Decodes UTF-8 base64 text (standard alphabet, padded) of an encoded histogram.</summary>
    /// <param name="utf8Base64">The base64 text as UTF-8 bytes.</param>
    /// <param name="countType">The kind of histogram to create.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="HistogramFormatException">The text is not base64, or not a valid encoded histogram.</exception>
    public HistogramBase DecodeFromBase64Utf8(ReadOnlySpan<byte> utf8Base64, HistogramCountType countType = HistogramCountType.Default)
        => (HistogramBase)DecodeBase64Utf8(utf8Base64, DecodeKind.Integer, null, countType);

    /// <summary>Decodes UTF-8 base64 text of an encoded histogram into <paramref name="target"/> (see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>).</summary>
    /// <param name="utf8Base64">The base64 text as UTF-8 bytes.</param>
    /// <param name="target">The histogram to fill.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The text is not base64, or see <see cref="DecodeInto(ReadOnlySpan{byte}, HistogramBase)"/>. After any failure (the text included) the target is unchanged.</exception>
    public void DecodeFromBase64Utf8Into(ReadOnlySpan<byte> utf8Base64, HistogramBase target)
    {
        CheckTarget(target);
        DecodeBase64Utf8(utf8Base64, DecodeKind.Integer, target, HistogramCountType.Default);
    }

    /// <summary>Returns the scratch buffer to the shared pool.</summary>
    public void Dispose()
    {
        byte[] scratch = _scratch;
        _scratch = Array.Empty<byte>();
        if (scratch.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    /// <summary>The decode behind every entry point.</summary>
    /// <param name="source">The data, starting with the cookie.</param>
    /// <param name="target">The histogram to fill, or null to create one of <paramref name="countType"/>.</param>
    /// <param name="countType">The kind of histogram to create when <paramref name="target"/> is null.</param>
    /// <param name="accept">Whether plain, compressed or both forms are accepted.</param>
    /// <param name="minBarForHighestTrackableValue">Java's minimum bar for the highest trackable value.</param>
    /// <param name="bytesConsumed">The length of the encoded histogram.</param>
    internal HistogramBase DecodeCore(ReadOnlySpan<byte> source, HistogramBase? target, HistogramCountType countType, Accept accept, long minBarForHighestTrackableValue, out int bytesConsumed)
        => DecodeCore(source, target, countType, accept, minBarForHighestTrackableValue, default, out bytesConsumed);

    /// <summary>The integer decode, also of a DoubleHistogram's internal histogram, which <paramref name="wrapper"/> then describes.</summary>
    private HistogramBase DecodeCore(ReadOnlySpan<byte> source, HistogramBase? target, HistogramCountType countType, Accept accept, long minBarForHighestTrackableValue, in DoubleWrapper wrapper, out int bytesConsumed)
    {
        var errors = DecodeErrors.Input;
        if (source.Length < 4)
        {
            throw errors.At("The data ends before the 4-byte cookie: only " + Str(source.Length) + " byte(s)", source.Length);
        }

        var cookie = CookieInfo.Parse(BinaryPrimitives.ReadInt32BigEndian(source), errors);
        if (cookie.Compressed && accept == Accept.UncompressedOnly)
        {
            // Java's decodeFromByteBuffer does not know the compressed cookies.
            throw errors.At("The data does not contain an uncompressed histogram (compressed cookie " + CookieInfo.Hex(cookie.Cookie) + ")", 0);
        }

        if (!cookie.Compressed && accept == Accept.CompressedOnly)
        {
            throw errors.At("The data does not contain a compressed histogram (cookie " + CookieInfo.Hex(cookie.Cookie) + ")", 0);
        }

        if (!cookie.Compressed)
        {
            var header = EncodedHeader.Parse(source, cookie, minBarForHighestTrackableValue, _maxCountsArrayLength, errors);
            int available = source.Length - header.HeaderLength;
            if (header.PayloadLength > available)
            {
                throw errors.At(
                    "The data does not contain the full histogram payload: " + Str(header.PayloadLength) + " bytes expected after the "
                    + Str(header.HeaderLength) + "-byte header, " + Str(available) + " present",
                    header.Cookie.Version == EncodingVersion.V0 ? source.Length : 4);
            }

            bytesConsumed = header.HeaderLength + header.PayloadLength;
            return Populate(target, countType, header, source.Slice(header.HeaderLength, header.PayloadLength), wrapper, errors);
        }

        return DecodeCompressed(source, target, countType, minBarForHighestTrackableValue, wrapper, out bytesConsumed);
    }

    private static void CheckTarget(HistogramBase target)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target));
        }
    }

    private static HistogramBase Create(HistogramCountType countType, in EncodedHeader header)
    {
        long lowest = header.LowestDiscernibleValue;
        long highest = header.HighestTrackableValue;
        int digits = header.NumberOfSignificantValueDigits;
        if (countType == HistogramCountType.Default)
        {
            countType = header.Cookie.Version == EncodingVersion.V2
                ? HistogramCountType.Long
                : header.Cookie.WordSize switch
                {
                    2 => HistogramCountType.Short,
                    4 => HistogramCountType.Int,
                    _ => HistogramCountType.Long,
                };
        }

        return countType switch
        {
            HistogramCountType.Long => new LongHistogram(lowest, highest, digits),
            HistogramCountType.Int => new IntHistogram(lowest, highest, digits),
            HistogramCountType.Short => new ShortHistogram(lowest, highest, digits),
            HistogramCountType.LongConcurrent => new LongConcurrentHistogram(lowest, highest, digits),
            HistogramCountType.IntConcurrent => new IntConcurrentHistogram(lowest, highest, digits),
            HistogramCountType.Packed => new PackedHistogram(lowest, highest, digits),
            HistogramCountType.PackedConcurrent => new PackedConcurrentHistogram(lowest, highest, digits),
            HistogramCountType.Synchronized => new SynchronizedHistogram(lowest, highest, digits),
            _ => throw new ArgumentOutOfRangeException(nameof(countType), countType, "Unknown histogram count type."),
        };
    }

    /// <summary>Creates the histogram, or replaces the target's content, and fills it from the payload.</summary>
    private static HistogramBase Populate(HistogramBase? target, HistogramCountType countType, in EncodedHeader header, ReadOnlySpan<byte> payload, in DoubleWrapper wrapper, DecodeErrors errors)
    {
        // A DoubleHistogram's internal histogram must fit its wrapper before anything is created or changed.
        wrapper.Check(header, errors);

        if (target is not null)
        {
            // The target's own member: a synchronized target holds its lock for the whole replacement.
            target.DecodeInto(header, payload, errors);
            return target;
        }

        var histogram = Create(countType, header);
        Fill(histogram, header, payload, errors);
        return histogram;
    }

    /// <summary>
    /// Replaces the content of <paramref name="histogram"/> with the payload's (the decode-into that
    /// <see cref="HistogramBase.DecodeInto"/> runs): checks that the payload fits it, then resets it and fills it.
    /// </summary>
    internal static void ReplaceContent(HistogramBase histogram, in EncodedHeader header, ReadOnlySpan<byte> payload, DecodeErrors errors)
    {
        bool v0 = header.Cookie.Version == EncodingVersion.V0;
        if (histogram.LowestTrackableValue != header.LowestDiscernibleValue)
        {
            throw errors.At(
                "The encoded lowest discernible value (" + Str(header.LowestDiscernibleValue) + ") does not match the target histogram's ("
                + Str(histogram.LowestTrackableValue) + ")",
                v0 ? 8 : 16);
        }

        if (histogram.NumberOfSignificantValueDigits != header.NumberOfSignificantValueDigits)
        {
            throw errors.At(
                "The encoded number of significant value digits (" + Str(header.NumberOfSignificantValueDigits)
                + ") does not match the target histogram's (" + Str(histogram.NumberOfSignificantValueDigits) + ")",
                v0 ? 4 : 12);
        }

        // The counts are checked before the target changes, so that any failure leaves it unchanged (one contract
        // for every error and target type). A second pass over the payload, without writes; no allocation.
        CountsFiller.Validate(histogram, header, payload, header.HeaderLength, errors);
        histogram.ResetCore();
        histogram.EnsureHighestTrackableValue(header.HighestTrackableValue);
        Fill(histogram, header, payload, errors);
    }

    /// <summary>Fills an empty histogram of the header's configuration from the payload.</summary>
    private static void Fill(HistogramBase histogram, in EncodedHeader header, ReadOnlySpan<byte> payload, DecodeErrors errors)
    {
        histogram.AutoResize = true;
        histogram.IntegerToDoubleValueConversionRatio = header.IntegerToDoubleValueConversionRatio;
        histogram.SetNormalizingIndexOffset(header.NormalizingIndexOffset);
        var tracking = CountsFiller.Fill(histogram, header, payload, header.HeaderLength, errors);
        histogram.SetInternalTrackingValues(tracking.TotalCount, tracking.MaxIndex, tracking.MinNonZeroIndex);
    }

    private HistogramBase DecodeCompressed(ReadOnlySpan<byte> source, HistogramBase? target, HistogramCountType countType, long minBarForHighestTrackableValue, in DoubleWrapper wrapper, out int bytesConsumed)
    {
        var inputErrors = DecodeErrors.Input;
        if (source.Length < EncodingCookies.CompressedHeaderLength)
        {
            throw inputErrors.At("The data ends inside the 8-byte compressed histogram header: only " + Str(source.Length) + " byte(s)", source.Length);
        }

        int zlibLength = BinaryPrimitives.ReadInt32BigEndian(source.Slice(4));
        int available = source.Length - EncodingCookies.CompressedHeaderLength;
        if (zlibLength < 0 || zlibLength > available)
        {
            throw inputErrors.At(
                "The compressed length (" + Str(zlibLength) + ") is " + (zlibLength < 0 ? "negative" : "more than the " + Str(available) + " bytes present"),
                4);
        }

        ReadOnlySpan<byte> zlib = source.Slice(EncodingCookies.CompressedHeaderLength, zlibLength);
        var errors = DecodeErrors.Decompressed;

        // Java inflates the header first, decides everything from it, then inflates the payload: do the same (the
        // one-shot inflater starts again from the beginning; inflating 40 bytes twice costs nothing).
        Span<byte> headerBytes = stackalloc byte[EncodingCookies.V2HeaderLength];
        int headerWritten = Inflate(zlib, headerBytes);
        if (headerWritten < 4)
        {
            throw errors.At("The compressed data holds only " + Str(headerWritten) + " byte(s), less than a cookie", headerWritten);
        }

        // As in Java, the inflated data is an uncompressed encoding with its own cookie, decoded as such.
        var inner = CookieInfo.Parse(BinaryPrimitives.ReadInt32BigEndian(headerBytes), errors);
        if (inner.Compressed)
        {
            throw errors.At("The compressed data holds another compressed histogram (cookie " + CookieInfo.Hex(inner.Cookie) + ")", 0);
        }

        var header = EncodedHeader.Parse(headerBytes.Slice(0, headerWritten), inner, minBarForHighestTrackableValue, _maxCountsArrayLength, errors);
        long declared = (long)header.HeaderLength + header.PayloadLength;
        if (declared > _maxDecompressedBytes)
        {
            throw errors.At(
                "The histogram declares " + Str(declared) + " uncompressed bytes, more than MaxDecompressedBytes (" + Str(_maxDecompressedBytes) + ")",
                inner.Version == EncodingVersion.V0 ? 16 : 4);
        }

        // Inflate exactly the declared length. What follows it must be zeros: HdrHistogram.NET 2.5.0 compresses its whole
        // encoding buffer, so its payloads inflate to the histogram and then zeros up to the buffer's capacity. The zeros
        // are checked while inflating, never stored, and count towards MaxDecompressedBytes (a zero bomb stops there).
        // A declared length deflate could not reach from this many bytes is not reserved: the data must fall short.
        long reachable = ((long)zlibLength * MaxDeflateExpansion) + 64;
        bool reserveDeclared = declared <= reachable;
        int bufferLength = (int)(reserveDeclared ? declared : reachable);
        Span<byte> inflated = RentScratch(bufferLength).AsSpan(0, bufferLength);
        try
        {
            var status = Inflate(zlib, inflated, reserveDeclared ? _maxDecompressedBytes : -1, out int written, out long total);
            if (status == InflateStatus.NonZeroAfterOutput)
            {
                throw errors.At(
                    "The compressed data holds a non-zero byte after the " + Str(declared) + " bytes its histogram header declares; only zero padding "
                    + "(as HdrHistogram.NET 2.5.0 writes) may follow a histogram",
                    total);
            }

            if (status == InflateStatus.OutputFull)
            {
                throw reserveDeclared
                    ? errors.At("The compressed data inflates to more than MaxDecompressedBytes (" + Str(_maxDecompressedBytes) + ") with its zero padding", _maxDecompressedBytes)
                    : errors.At("The compressed data inflates to more than the " + Str(declared) + " bytes its header declares", declared);
            }

            int payloadLength = header.PayloadLength;
            if (written < declared)
            {
                int present = written - header.HeaderLength;
                if (inner.Version != EncodingVersion.V0)
                {
                    // Java: "The buffer does not contain the indicated payload amount".
                    throw errors.At(
                        "The compressed data holds " + Str(present) + " payload bytes; the header declares " + Str(payloadLength),
                        written);
                }

                // V0 has no payload length: a compressed V0 payload covers the counts up to the maximum value only.
                if (present % inner.WordSize != 0)
                {
                    throw errors.At("The compressed V0 payload ends inside a " + Str(inner.WordSize) + "-byte count", written);
                }

                payloadLength = present;
            }

            bytesConsumed = EncodingCookies.CompressedHeaderLength + zlibLength;
            return Populate(target, countType, header, inflated.Slice(header.HeaderLength, payloadLength), wrapper, errors);
        }
        finally
        {
            ReleaseScratch();
        }
    }

    /// <summary>Inflates the start of the data into <paramref name="output"/> (a header), mapping zlib errors to offsets in the whole input.</summary>
    /// <returns>The bytes written.</returns>
    private int Inflate(ReadOnlySpan<byte> zlib, Span<byte> output)
    {
        try
        {
            _inflater.Inflate(zlib, output, out _, out int written);
            return written;
        }
        catch (HistogramFormatException e) when (e.ByteOffset >= 0)
        {
            throw InvalidZlib(e);
        }
    }

    /// <summary>
    /// Inflates into <paramref name="output"/>; with a non-negative <paramref name="maxTotalLength"/>, whatever the data
    /// holds beyond the output must be zeros (see <see cref="ZlibInflater.InflateWithZeroTail"/>), up to that length.
    /// </summary>
    /// <returns>How the inflate ended; <paramref name="total"/> is the inflated length or where a non-zero byte was found.</returns>
    private InflateStatus Inflate(ReadOnlySpan<byte> zlib, Span<byte> output, long maxTotalLength, out int written, out long total)
    {
        try
        {
            if (maxTotalLength < 0)
            {
                var status = _inflater.Inflate(zlib, output, out _, out written);
                total = written;
                return status;
            }

            return _inflater.InflateWithZeroTail(zlib, output, maxTotalLength, out _, out written, out total);
        }
        catch (HistogramFormatException e) when (e.ByteOffset >= 0)
        {
            throw InvalidZlib(e);
        }
    }

    private static HistogramFormatException InvalidZlib(HistogramFormatException e)
        => new("Invalid compressed histogram: " + e.MessageWithoutOffset, e.ByteOffset + EncodingCookies.CompressedHeaderLength, e);

    private EncodableHistogram DecodeSequence(ReadOnlySequence<byte> source, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType)
    {
        if (source.IsSingleSegment)
        {
            return DecodeEncodable(source.First.Span, kind, target, countType, Accept.Any, out _);
        }

        // Copy only this histogram's bytes: find its length from its header first.
        Span<byte> prefix = stackalloc byte[MaxPrefixLength];
        int prefixLength = (int)Math.Min(prefix.Length, source.Length);
        source.Slice(0, prefixLength).CopyTo(prefix);
        long encodedLength = GetEncodedLength(prefix.Slice(0, prefixLength), out _);
        int length = (int)Math.Min(source.Length, encodedLength < 0 ? prefixLength : encodedLength);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            source.Slice(0, length).CopyTo(buffer);
            return DecodeEncodable(buffer.AsSpan(0, length), kind, target, countType, Accept.Any, out _);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// The total length of the encoded histogram whose first bytes are <paramref name="prefix"/>, or -1 when the
    /// prefix is too short to tell; then <paramref name="prefixNeeded"/> says how many bytes are needed.
    /// </summary>
    /// <exception cref="HistogramFormatException">The prefix is already invalid.</exception>
    private long GetEncodedLength(ReadOnlySpan<byte> prefix, out int prefixNeeded)
    {
        prefixNeeded = 4;
        if (prefix.Length < prefixNeeded)
        {
            return -1;
        }

        if (!DoubleEncoder.IsDoubleCookie(BinaryPrimitives.ReadInt32BigEndian(prefix)))
        {
            return GetIntegerEncodedLength(prefix, out prefixNeeded);
        }

        // A DoubleHistogram: the 16-byte wrapper, then an integer histogram's encoding.
        prefixNeeded = DoubleEncoder.WrapperLength + 4;
        if (prefix.Length < prefixNeeded)
        {
            return -1;
        }

        try
        {
            long innerLength = GetIntegerEncodedLength(prefix.Slice(DoubleEncoder.WrapperLength), out int innerNeeded);
            prefixNeeded = DoubleEncoder.WrapperLength + innerNeeded;
            return innerLength < 0 ? -1 : DoubleEncoder.WrapperLength + innerLength;
        }
        catch (HistogramFormatException e)
        {
            throw InInternalHistogram(e);
        }
    }

    /// <summary>
    /// Whether an encoding of <paramref name="totalLength"/> bytes whose first bytes are <paramref name="prefix"/> (up to
    /// <see cref="MaxPrefixLength"/> of them) is certainly cut short: it ends inside its header, or its header announces
    /// more bytes. False when it may be whole, or is invalid in some other way (a full decode says how).
    /// </summary>
    internal bool IsCertainlyTruncated(ReadOnlySpan<byte> prefix, long totalLength)
    {
        try
        {
            long length = GetEncodedLength(prefix, out int prefixNeeded);
            return length < 0 ? totalLength < prefixNeeded : totalLength < length;
        }
        catch (HistogramFormatException)
        {
            return false;
        }
    }

    /// <summary>The length of the integer histogram encoding whose first bytes are <paramref name="prefix"/> (see <see cref="GetEncodedLength"/>).</summary>
    private long GetIntegerEncodedLength(ReadOnlySpan<byte> prefix, out int prefixNeeded)
    {
        var errors = DecodeErrors.Input;
        prefixNeeded = 4;
        if (prefix.Length < prefixNeeded)
        {
            return -1;
        }

        var cookie = CookieInfo.Parse(BinaryPrimitives.ReadInt32BigEndian(prefix), errors);
        if (cookie.Compressed)
        {
            prefixNeeded = EncodingCookies.CompressedHeaderLength;
            if (prefix.Length < prefixNeeded)
            {
                return -1;
            }

            int zlibLength = BinaryPrimitives.ReadInt32BigEndian(prefix.Slice(4));
            long maxZlibLength = _maxDecompressedBytes + (_maxDecompressedBytes / 1024L) + 1024;
            if (zlibLength < 0 || zlibLength > maxZlibLength)
            {
                throw errors.At(
                    "The compressed length (" + Str(zlibLength) + ") is " + (zlibLength < 0 ? "negative" : "larger than any valid histogram within MaxDecompressedBytes can compress to"),
                    4);
            }

            return (long)EncodingCookies.CompressedHeaderLength + zlibLength;
        }

        prefixNeeded = cookie.HeaderLength;
        if (prefix.Length < prefixNeeded)
        {
            return -1;
        }

        var header = EncodedHeader.Parse(prefix, cookie, _minBarForHighestTrackableValue, _maxCountsArrayLength, errors);
        return (long)header.HeaderLength + header.PayloadLength;
    }

    private EncodableHistogram DecodeStream(Stream source, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        // Read the header, learn the length from it (validated against the limits), then read exactly that much,
        // growing the buffer as bytes actually arrive, so a short stream that declares a lot reserves little.
        byte[] buffer = ArrayPool<byte>.Shared.Rent(MaxPrefixLength);
        try
        {
            int filled = 0;
            long total;
            while (true)
            {
                total = GetEncodedLength(buffer.AsSpan(0, filled), out int needed);
                if (total >= 0)
                {
                    break;
                }

                filled += ReadAtLeast(source, buffer, filled, needed - filled, filled, needed);
            }

            int length = (int)total;
            while (filled < length)
            {
                if (filled == buffer.Length)
                {
                    byte[] larger = ArrayPool<byte>.Shared.Rent((int)Math.Min(length, Math.Max(64 * 1024, (long)buffer.Length * 2)));
                    Buffer.BlockCopy(buffer, 0, larger, 0, filled);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                filled += ReadAtLeast(source, buffer, filled, Math.Min(buffer.Length, length) - filled, filled, length);
            }

            return DecodeEncodable(buffer.AsSpan(0, length), kind, target, countType, Accept.Any, out _);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Reads up to <paramref name="count"/> bytes (at least one), or throws at the end of the stream.</summary>
    private static int ReadAtLeast(Stream source, byte[] buffer, int offset, int count, int readSoFar, long expected)
    {
        int read = source.Read(buffer, offset, count);
        if (read <= 0)
        {
            throw new HistogramFormatException(
                "The stream ends after " + Str(readSoFar) + " byte(s) of an encoded histogram; at least " + Str(expected) + " expected",
                readSoFar);
        }

        return read;
    }

    private EncodableHistogram DecodeBase64Chars(ReadOnlySpan<char> base64, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType)
    {
        // Narrow to ASCII in a pooled buffer, then decode with System.Buffers.Text.Base64, which reports where the
        // text goes wrong (and behaves the same on every target).
        byte[] utf8 = ArrayPool<byte>.Shared.Rent(Math.Max(base64.Length, 1));
        try
        {
            for (int i = 0; i < base64.Length; i++)
            {
                char c = base64[i];
                if (c > 0x7F)
                {
                    throw new HistogramFormatException("The text is not valid base64: non-ASCII character at offset " + Str(i));
                }

                utf8[i] = (byte)c;
            }

            return DecodeBase64Utf8(utf8.AsSpan(0, base64.Length), kind, target, countType);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(utf8);
        }
    }

    private EncodableHistogram DecodeBase64Utf8(ReadOnlySpan<byte> utf8Base64, DecodeKind kind, EncodableHistogram? target, HistogramCountType countType)
    {
        byte[] bytes = ArrayPool<byte>.Shared.Rent(Math.Max(Base64.GetMaxDecodedFromUtf8Length(utf8Base64.Length), 1));
        try
        {
            var status = Base64.DecodeFromUtf8(utf8Base64, bytes, out int consumed, out int written);
            if (status != OperationStatus.Done)
            {
                throw new HistogramFormatException(
                    "The text is not valid base64 (" + (status == OperationStatus.NeedMoreData ? "incomplete final block" : "invalid data")
                    + " at character offset " + Str(consumed) + ")");
            }

            return DecodeEncodable(bytes.AsSpan(0, written), kind, target, countType, Accept.Any, out _);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(bytes);
        }
    }

    private byte[] RentScratch(int length)
    {
        if (_scratch.Length < length)
        {
            ReleaseScratchNow();
            _scratch = ArrayPool<byte>.Shared.Rent(length);
        }

        return _scratch;
    }

    /// <summary>Keeps a modest scratch buffer for the next call; gives a large one back to the pool.</summary>
    private void ReleaseScratch()
    {
        if (_scratch.Length > MaxRetainedScratch)
        {
            ReleaseScratchNow();
        }
    }

    private void ReleaseScratchNow()
    {
        byte[] scratch = _scratch;
        _scratch = Array.Empty<byte>();
        if (scratch.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(scratch);
        }
    }

    private static string Str(long value) => value.ToString(CultureInfo.InvariantCulture);
}
