using System.Runtime.InteropServices;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

public sealed partial class ByteBuffer
{
    /// <summary>
    /// The byte at absolute index <paramref name="position"/> of <paramref name="array"/> (the buffer's <c>_array</c>),
    /// without the array's bounds check: every caller has checked that the access ends at or before <c>_end</c>, and
    /// <c>_end</c> never exceeds the length of the (never replaced) array, so the access stays inside it even when the
    /// buffer is misused from several threads. Without the check the per-value read is the load and the byte swap
    /// alone (what that is worth: docs/performance.md, <c>ByteBuffer</c>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte DataAt(byte[] array, nint position) => ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), position);

    /// <summary>Copies <paramref name="source"/> to <paramref name="destination"/> (as long), reversing each value's bytes on little-endian hosts (vectorized).</summary>
    private static void CopyReversingIfLittleEndian(ReadOnlySpan<long> source, Span<long> destination)
    {
        if (BitConverter.IsLittleEndian)
        {
            BinaryPrimitives.ReverseEndianness(source, destination);
        }
        else
        {
            source.CopyTo(destination);
        }
    }
}
