using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace HdrHistogram.Encoding.Counts;

internal static partial class CountsFiller
{
    /// <summary>
    /// Skips the 16-byte blocks from <paramref name="position"/> on that hold only one-byte entries (no continuation
    /// bit), adding the slots they cover to <paramref name="index"/>: an even byte is a count (one slot), an odd byte
    /// b a zero run of (b &gt;&gt; 1) + 1 slots. Returns the position of the first block with a longer entry, or of the
    /// last bytes (fewer than a block). .NET 8+: vectorized.
    /// </summary>
    private static int SkipSingleByteEntryBlocks(ReadOnlySpan<byte> payload, int position, ref long index)
    {
        if (!Vector128.IsHardwareAccelerated)
        {
            return position;
        }

        ref byte start = ref MemoryMarshal.GetReference(payload);
        int last = payload.Length - Vector128<byte>.Count;
        var one = Vector128.Create((byte)1);
        while (position <= last)
        {
            var block = Vector128.LoadUnsafe(ref start, (nuint)position);
            if (Vector128.ExtractMostSignificantBits(block) != 0)
            {
                break;
            }

            var runExtra = Vector128.ShiftRightLogical(block, 1) & ~Vector128.Equals(block & one, Vector128<byte>.Zero);
            var (lower, upper) = Vector128.Widen(runExtra);
            index += Vector128<byte>.Count + Vector128.Sum(lower + upper); // at most 16 + 16 * 63
            position += Vector128<byte>.Count;
        }

        return position;
    }
}
