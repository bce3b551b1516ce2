namespace HdrHistogram.Utilities;

public sealed partial class ByteBuffer
{
    /// <summary>The byte at absolute index <paramref name="position"/> of <paramref name="array"/> (netstandard2.0 has no
    /// <c>MemoryMarshal.GetArrayDataReference</c>, so the array's own bounds check stays).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte DataAt(byte[] array, int position) => ref array[position];
}
