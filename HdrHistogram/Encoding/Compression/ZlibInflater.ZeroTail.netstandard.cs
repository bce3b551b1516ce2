namespace HdrHistogram.Encoding.Compression;

internal sealed partial class ZlibInflater
{
    /// <summary>The index of the first byte that is not zero, or -1 (netstandard2.0: a plain loop; padding rarely comes in stored blocks).</summary>
    private static int IndexOfNonZero(ReadOnlySpan<byte> bytes)
    {
        for (int i = 0; i < bytes.Length; i++)
        {
            if (bytes[i] != 0)
            {
                return i;
            }
        }

        return -1;
    }
}
