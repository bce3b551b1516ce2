#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Persistence;

/// <summary>
/// Reads the counts payload of an encoded histogram for one word size (HdrHistogram 2.5.0's interface, at its 2.5.0
/// full name). <see cref="CountsDecoder.GetDecoderForWordSize"/> returns the implementations.
/// </summary>
public interface ICountsDecoder
{
    /// <summary>The word size this decoder reads: 2, 4 or 8 (V0/V1 big-endian counts) or 9 (V2's zig-zag LEB128 counts).</summary>
    int WordSize { get; }

    /// <summary>
    /// Reads <paramref name="lengthInBytes"/> bytes of counts at the buffer's position, advances past them and hands
    /// each count with its index to <paramref name="setCount"/>.
    /// </summary>
    /// <param name="sourceBuffer">The buffer holding the counts at its position.</param>
    /// <param name="lengthInBytes">The length of the counts payload.</param>
    /// <param name="maxIndex">The number of indexes the target holds; a count beyond it is a format error.</param>
    /// <param name="setCount">Receives each index and count.</param>
    /// <returns>The index after the last count read (the number of indexes covered).</returns>
    int ReadCounts(ByteBuffer sourceBuffer, int lengthInBytes, int maxIndex, Action<int, long> setCount);
}
