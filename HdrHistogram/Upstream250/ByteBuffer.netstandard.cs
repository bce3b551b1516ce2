using System.Runtime.InteropServices;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

public sealed partial class ByteBuffer
{
    /// <summary>The byte at absolute index <paramref name="position"/> of <paramref name="array"/> (netstandard2.0 has no
    /// <c>MemoryMarshal.GetArrayDataReference</c>, so the array's own bounds check stays).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte DataAt(byte[] array, nint position) => ref array[position];

    /// <summary>Copies <paramref name="source"/> to <paramref name="destination"/> (as long), reversing each value's bytes on little-endian hosts.</summary>
    private static void CopyReversingIfLittleEndian(ReadOnlySpan<long> source, Span<long> destination)
    {
        if (!BitConverter.IsLittleEndian)
        {
            source.CopyTo(destination);
            return;
        }

        // The caller has checked the lengths; through references the loop has no bounds checks.
        ref long from = ref MemoryMarshal.GetReference(source);
        ref long to = ref MemoryMarshal.GetReference(destination);
        for (int i = 0; i < source.Length; i++)
        {
            Unsafe.Add(ref to, i) = BinaryPrimitives.ReverseEndianness(Unsafe.Add(ref from, i));
        }
    }
}
