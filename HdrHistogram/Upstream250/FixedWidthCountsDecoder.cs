using HdrHistogram.Encoding.Counts;
using HdrHistogram.Persistence;

namespace HdrHistogram.Upstream250;

/// <summary>Reads V0/V1 counts: one big-endian word of 2, 4 or 8 bytes per index, with the decoders' own loop.</summary>
internal sealed class FixedWidthCountsDecoder : ICountsDecoder
{
    public FixedWidthCountsDecoder(int wordSize)
    {
        WordSize = wordSize;
    }

    public int WordSize { get; }

    public int ReadCounts(ByteBuffer sourceBuffer, int lengthInBytes, int maxIndex, Action<int, long> setCount)
    {
        var payload = CountsPayload.Take(sourceBuffer, lengthInBytes, setCount);
        int count = payload.Length / WordSize;
        if (count > maxIndex)
        {
            throw new HistogramFormatException(
                "The counts payload holds " + count.ToString(CultureInfo.InvariantCulture) + " counts, more than the "
                + maxIndex.ToString(CultureInfo.InvariantCulture) + " the histogram has room for.");
        }

        CountsFiller.Report(new CountCallbackSlots(setCount, count), WordSize, payload, sourceBuffer.Position);
        sourceBuffer.Advance(lengthInBytes);
        return count;
    }
}
