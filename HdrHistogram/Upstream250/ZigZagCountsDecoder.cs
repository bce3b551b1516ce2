using HdrHistogram.Encoding.Counts;
using HdrHistogram.Persistence;

namespace HdrHistogram.Upstream250;

/// <summary>
/// Reads V2 counts (zig-zag LEB128 values, a negative value standing for that many zero counts) with the decoders'
/// own loop and checks.
/// </summary>
internal sealed class ZigZagCountsDecoder : ICountsDecoder
{
    /// <summary>The word size 2.5.0 gives the V2 payload: the most bytes one value takes.</summary>
    public const int V2WordSize = ZigZagEncoding.MaxBytesPerLong;

    public int WordSize => V2WordSize;

    public int ReadCounts(ByteBuffer sourceBuffer, int lengthInBytes, int maxIndex, Action<int, long> setCount)
    {
        var payload = CountsPayload.Take(sourceBuffer, lengthInBytes, setCount);
        int covered = CountsFiller.Report(new CountCallbackSlots(setCount, Math.Max(maxIndex, 0)), V2WordSize, payload, sourceBuffer.Position);
        sourceBuffer.Advance(lengthInBytes);
        return covered;
    }
}
