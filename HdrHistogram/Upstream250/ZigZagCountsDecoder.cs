using HdrHistogram.Persistence;

namespace HdrHistogram.Upstream250;

/// <summary>Reads V2 counts: zig-zag LEB128 values, a negative value standing for that many zero counts.</summary>
internal sealed class ZigZagCountsDecoder : ICountsDecoder
{
    /// <summary>The word size 2.5.0 gives the V2 payload: the most bytes one value takes.</summary>
    public const int V2WordSize = ZigZagEncoding.MaxBytesPerLong;

    public int WordSize => V2WordSize;

    public int ReadCounts(ByteBuffer sourceBuffer, int lengthInBytes, int maxIndex, Action<int, long> setCount)
    {
        var payload = CountsPayload.Take(sourceBuffer, lengthInBytes, setCount);
        int position = 0;
        long index = 0;
        while (position < payload.Length)
        {
            if (!ZigZagEncoding.TryReadLong(payload.Slice(position), out long value, out int read))
            {
                throw new HistogramFormatException("The counts payload ends inside a count at payload offset " + position.ToString(CultureInfo.InvariantCulture) + ".");
            }

            long covered = value < 0 ? -value : 1;
            if (index + covered > maxIndex)
            {
                throw new HistogramFormatException(
                    "The counts payload reaches index " + (index + covered - 1).ToString(CultureInfo.InvariantCulture) + " at payload offset "
                    + position.ToString(CultureInfo.InvariantCulture) + ", beyond the " + maxIndex.ToString(CultureInfo.InvariantCulture) + " indexes the histogram has.");
            }

            if (value >= 0)
            {
                setCount((int)index, value);
            }

            index += covered;
            position += read;
        }

        sourceBuffer.Advance(lengthInBytes);
        return (int)index;
    }
}
