using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace HdrHistogram.Encoding.Compression;

internal static partial class Adler32
{
    // Whole vectors summed between two reductions: the largest multiples of the vector width within BlockSize.
    private const int Vector256BlockSize = BlockSize & ~31;
    private const int Vector128BlockSize = BlockSize & ~15;

    /// <summary>Continues a checksum over more data, summing whole vectors with SIMD instructions where available.</summary>
    /// <param name="adler">A checksum returned by an earlier call, or <see cref="InitialValue"/>.</param>
    /// <param name="data">The bytes that follow those already summed.</param>
    /// <returns>The checksum of all the data so far.</returns>
    public static uint Update(uint adler, ReadOnlySpan<byte> data)
    {
        if (data.Length >= 64 && Avx2.IsSupported)
        {
            return UpdateAvx2(adler, data);
        }

        if (data.Length >= 32 && Vector128.IsHardwareAccelerated)
        {
            return UpdateVector128(adler, data);
        }

        return UpdateScalar(adler, data);
    }

    // For a run of 32 bytes b[0..31] starting with sums (s1, s2):
    //   s1' = s1 + sum(b[i])
    //   s2' = s2 + 32 s1 + sum((32 - i) b[i])
    // vpsadbw gives the plain byte sums, vpmaddubsw + vpmaddwd the weighted ones. The 32 s1 terms are
    // collected in vs3 (the sum of s1 before each step) and added once, shifted, at the end of the block.
    // Lane sums never exceed the true sums, which the block size keeps below 2^32.
    private static uint UpdateAvx2(uint adler, ReadOnlySpan<byte> data)
    {
        uint s1 = adler & 0xFFFF;
        uint s2 = adler >> 16;
        ref byte start = ref MemoryMarshal.GetReference(data);
        nuint offset = 0;
        int remaining = data.Length;
        Vector256<sbyte> weights = Vector256.Create(
            32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
            16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, (sbyte)1);
        Vector256<short> ones = Vector256.Create((short)1);
        while (remaining >= 32)
        {
            int blockLength = Math.Min(remaining, Vector256BlockSize) & ~31;
            remaining -= blockLength;
            Vector256<uint> vs1 = Vector256.CreateScalar(s1);
            Vector256<uint> vs2 = Vector256.CreateScalar(s2);
            Vector256<uint> vs3 = Vector256<uint>.Zero;
            do
            {
                Vector256<byte> bytes = Vector256.LoadUnsafe(ref start, offset);
                vs3 += vs1;
                vs1 += Avx2.SumAbsoluteDifferences(bytes, Vector256<byte>.Zero).AsUInt32();
                Vector256<short> pairs = Avx2.MultiplyAddAdjacent(bytes, weights);
                vs2 += Avx2.MultiplyAddAdjacent(pairs, ones).AsUInt32();
                offset += 32;
                blockLength -= 32;
            }
            while (blockLength > 0);

            vs2 += vs3 << 5;
            s1 = Vector256.Sum(vs1) % Modulus;
            s2 = Vector256.Sum(vs2) % Modulus;
        }

        return UpdateScalar((s2 << 16) | s1, data.Slice((int)offset));
    }

    // The same scheme with portable 128-bit operations (SSE2 / AdvSimd): bytes widened to 16-bit lanes,
    // weighted by 16..1 (at most 255 * 24 per 16-bit lane after the add), then widened to 32-bit lanes.
    private static uint UpdateVector128(uint adler, ReadOnlySpan<byte> data)
    {
        uint s1 = adler & 0xFFFF;
        uint s2 = adler >> 16;
        ref byte start = ref MemoryMarshal.GetReference(data);
        nuint offset = 0;
        int remaining = data.Length;
        Vector128<ushort> weightsLow = Vector128.Create((ushort)16, 15, 14, 13, 12, 11, 10, 9);
        Vector128<ushort> weightsHigh = Vector128.Create((ushort)8, 7, 6, 5, 4, 3, 2, 1);
        while (remaining >= 16)
        {
            int blockLength = Math.Min(remaining, Vector128BlockSize) & ~15;
            remaining -= blockLength;
            Vector128<uint> vs1 = Vector128.CreateScalar(s1);
            Vector128<uint> vs2 = Vector128.CreateScalar(s2);
            Vector128<uint> vs3 = Vector128<uint>.Zero;
            do
            {
                Vector128<byte> bytes = Vector128.LoadUnsafe(ref start, offset);
                vs3 += vs1;
                (Vector128<ushort> low, Vector128<ushort> high) = Vector128.Widen(bytes);
                (Vector128<uint> sumLow, Vector128<uint> sumHigh) = Vector128.Widen(low + high);
                vs1 += sumLow + sumHigh;
                (Vector128<uint> weightedLow, Vector128<uint> weightedHigh) = Vector128.Widen((low * weightsLow) + (high * weightsHigh));
                vs2 += weightedLow + weightedHigh;
                offset += 16;
                blockLength -= 16;
            }
            while (blockLength > 0);

            vs2 += vs3 << 4;
            s1 = Vector128.Sum(vs1) % Modulus;
            s2 = Vector128.Sum(vs2) % Modulus;
        }

        return UpdateScalar((s2 << 16) | s1, data.Slice((int)offset));
    }
}
