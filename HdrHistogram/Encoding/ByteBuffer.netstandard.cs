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

        // Sliced to the source's length once, so that the loop indexes both without bounds checks.
        destination = destination.Slice(0, source.Length);
        for (int i = 0; i < source.Length; i++)
        {
            destination[i] = BinaryPrimitives.ReverseEndianness(source[i]);
        }
    }
}
