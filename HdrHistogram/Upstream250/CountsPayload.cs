namespace HdrHistogram.Upstream250;

/// <summary>The argument checks the counts decoders share.</summary>
internal static class CountsPayload
{
    /// <summary>The <paramref name="lengthInBytes"/> bytes at the buffer's position (the position is not moved).</summary>
    public static ReadOnlySpan<byte> Take(ByteBuffer sourceBuffer, int lengthInBytes, Action<int, long> setCount)
    {
        if (sourceBuffer is null)
        {
            throw new ArgumentNullException(nameof(sourceBuffer));
        }

        if (setCount is null)
        {
            throw new ArgumentNullException(nameof(setCount));
        }

        if (lengthInBytes < 0 || lengthInBytes > sourceBuffer.Remaining())
        {
            throw new HistogramFormatException(
                "The counts payload length " + lengthInBytes.ToString(CultureInfo.InvariantCulture) + " does not fit in the buffer's "
                + sourceBuffer.Remaining().ToString(CultureInfo.InvariantCulture) + " remaining bytes.");
        }

        return sourceBuffer.RemainingSpan.Slice(0, lengthInBytes);
    }
}
