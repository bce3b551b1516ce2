namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// The Adler-32 checksum of RFC 1950, which ends every zlib stream. The running sums are reduced modulo
/// 65521 only once per block of up to <see cref="BlockSize"/> bytes, the longest run for which they cannot
/// overflow 32 bits. On .NET 8+ whole vectors are summed with SIMD instructions (the <c>.netcoreapp.cs</c>
/// part); the scalar loop here serves netstandard2.0 and the tail that does not fill a vector.
/// </summary>
internal static partial class Adler32
{
    /// <summary>The checksum of no data: the initial value for <see cref="Update"/>.</summary>
    public const uint InitialValue = 1;

    // The largest prime below 2^16.
    private const uint Modulus = 65521;

    // The largest n with 255 n (n + 1) / 2 + (n + 1) (Modulus - 1) < 2^32 (zlib's NMAX): the number of
    // bytes that can be summed before s2 must be reduced.
    private const int BlockSize = 5552;

    /// <summary>Computes the Adler-32 checksum of <paramref name="data"/>.</summary>
    /// <param name="data">The bytes to checksum.</param>
    /// <returns>The checksum, as written big-endian at the end of a zlib stream.</returns>
    public static uint Compute(ReadOnlySpan<byte> data) => Update(InitialValue, data);

    /// <summary>Continues a checksum over <paramref name="count"/> zero bytes, in constant time.</summary>
    /// <param name="adler">A checksum returned by an earlier call, or <see cref="InitialValue"/>.</param>
    /// <param name="count">How many zero bytes follow the data summed so far.</param>
    /// <returns>The checksum of the data followed by the zeros.</returns>
    public static uint UpdateWithZeros(uint adler, long count)
    {
        // A zero byte leaves s1 unchanged and adds s1 to s2: count zeros add count * s1.
        uint s1 = adler & 0xFFFF;
        uint s2 = adler >> 16;
        s2 = (uint)((s2 + ((ulong)(count % Modulus) * s1)) % Modulus);
        return (s2 << 16) | s1;
    }

    /// <summary>The portable implementation: eight bytes per loop step, one reduction per block.</summary>
    /// <param name="adler">A checksum returned by an earlier call, or <see cref="InitialValue"/>.</param>
    /// <param name="data">The bytes that follow those already summed.</param>
    /// <returns>The checksum of all the data so far.</returns>
    private static uint UpdateScalar(uint adler, ReadOnlySpan<byte> data)
    {
        uint s1 = adler & 0xFFFF;
        uint s2 = adler >> 16;
        while (data.Length > 0)
        {
            int n = Math.Min(data.Length, BlockSize);
            ReadOnlySpan<byte> block = data.Slice(0, n);
            int i = 0;
            for (; i <= n - 8; i += 8)
            {
                s1 += block[i];
                s2 += s1;
                s1 += block[i + 1];
                s2 += s1;
                s1 += block[i + 2];
                s2 += s1;
                s1 += block[i + 3];
                s2 += s1;
                s1 += block[i + 4];
                s2 += s1;
                s1 += block[i + 5];
                s2 += s1;
                s1 += block[i + 6];
                s2 += s1;
                s1 += block[i + 7];
                s2 += s1;
            }

            for (; i < n; i++)
            {
                s1 += block[i];
                s2 += s1;
            }

            s1 %= Modulus;
            s2 %= Modulus;
            data = data.Slice(n);
        }

        return (s2 << 16) | s1;
    }
}
