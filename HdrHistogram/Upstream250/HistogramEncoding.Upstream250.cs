using System.IO.Compression;
using HdrHistogram.Encoding;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

// HdrHistogram 2.5.0's remaining encoding entry points, kept at their 2.5.0 signatures as forwarders onto the decoder.
public static partial class HistogramEncoding
{
    /// <summary>
    /// Decodes a histogram whose header is at the buffer's position and whose counts come either from the same buffer
    /// (<paramref name="decompressor"/> null: the same as <see cref="DecodeFromByteBuffer(ByteBuffer, long)"/>) or from
    /// <paramref name="decompressor"/>, the inflating stream of a compressed histogram positioned after the header
    /// (HdrHistogram 2.5.0's signature).
    /// </summary>
    /// <param name="buffer">The buffer holding the uncompressed header (or the whole histogram) at its position; its position moves past what was read from it.</param>
    /// <param name="minBarForHighestTrackableValue">The decoded histogram covers at least up to this value.</param>
    /// <param name="decompressor">The stream the counts are read from, or null to read them from <paramref name="buffer"/>.</param>
    /// <returns>The decoded histogram.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="HistogramFormatException">The header or the counts are not a valid histogram encoding.</exception>
    public static HistogramBase DecodeFromByteBuffer(ByteBuffer buffer, long minBarForHighestTrackableValue, DeflateStream? decompressor)
    {
        if (decompressor is null)
        {
            return DecodeFromByteBuffer(buffer, minBarForHighestTrackableValue);
        }

        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        var header = buffer.RemainingSpan;
        if (header.Length < sizeof(int))
        {
            throw new HistogramFormatException("The buffer holds " + header.Length.ToString(CultureInfo.InvariantCulture) + " bytes, too few for a histogram cookie.", 0);
        }

        var cookie = CookieInfo.Parse(BinaryPrimitives.ReadInt32BigEndian(header), DecodeErrors.Input);
        if (cookie.Compressed || header.Length < cookie.HeaderLength)
        {
            throw new HistogramFormatException(cookie.Compressed
                ? "The buffer holds a compressed histogram's cookie " + CookieInfo.Hex(cookie.Cookie) + "; the header of the inflated histogram was expected."
                : "The buffer holds " + header.Length.ToString(CultureInfo.InvariantCulture) + " bytes, too few for the " + cookie.HeaderLength.ToString(CultureInfo.InvariantCulture) + "-byte histogram header.", 0);
        }

        // V1/V2 headers carry the payload length after the cookie; a V0 payload runs to the end of the stream. The
        // counts are copied as they arrive, so a corrupt length costs no more memory than the stream really holds.
        int payloadLength = cookie.Version == EncodingVersion.V0 ? int.MaxValue : BinaryPrimitives.ReadInt32BigEndian(header.Slice(sizeof(int)));
        if (payloadLength < 0)
        {
            throw new HistogramFormatException("The histogram header declares a negative payload length (" + payloadLength.ToString(CultureInfo.InvariantCulture) + ").", sizeof(int));
        }

        using var whole = new MemoryStream();
        whole.Write(header.Slice(0, cookie.HeaderLength).ToArray(), 0, cookie.HeaderLength);
        CopyAtMost(decompressor, whole, payloadLength);
        var histogram = HistogramDecoder.ThreadDefault.DecodeCore(
            new ReadOnlySpan<byte>(whole.GetBuffer(), 0, (int)whole.Length), null, HistogramCountType.Default,
            HistogramDecoder.Accept.UncompressedOnly, minBarForHighestTrackableValue, out _);
        buffer.Advance(cookie.HeaderLength);
        return histogram;
    }

    /// <summary>
    /// The cookie <see cref="EncodeIntoByteBuffer(HistogramBase, ByteBuffer)"/> writes for <paramref name="histogram"/>: Java's uncompressed V2
    /// cookie (HdrHistogram 2.5.0's API; the same for every histogram).
    /// </summary>
    /// <param name="histogram">The histogram.</param>
    /// <returns>The V2 encoding cookie, <c>0x1c849313</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="histogram"/> is null.</exception>
    public static int GetEncodingCookie(this HistogramBase histogram)
        => histogram is null ? throw new ArgumentNullException(nameof(histogram)) : EncodingCookies.V2;

    private static void CopyAtMost(Stream source, Stream destination, int maxBytes)
    {
        byte[] chunk = new byte[Math.Min(maxBytes, 81920)];
        int remaining = maxBytes;
        while (remaining > 0)
        {
            int read = source.Read(chunk, 0, Math.Min(chunk.Length, remaining));
            if (read == 0)
            {
                return;
            }

            destination.Write(chunk, 0, read);
            remaining -= read;
        }
    }
}
