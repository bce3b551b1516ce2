using System.Runtime.CompilerServices;

namespace HdrHistogram.Utilities;

public sealed partial class ByteBuffer
{
    /// <summary>The byte at absolute index <paramref name="position"/> of the backing array (netstandard2.0 has no
    /// <c>MemoryMarshal.GetArrayDataReference</c>, so the array's own bounds check stays).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private ref byte DataAt(int position) => ref _array[position];
}
