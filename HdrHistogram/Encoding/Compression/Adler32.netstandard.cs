namespace HdrHistogram.Encoding.Compression;

internal static partial class Adler32
{
    /// <summary>Continues a checksum over more data (netstandard2.0: the scalar loop).</summary>
    /// <param name="adler">A checksum returned by an earlier call, or <see cref="InitialValue"/>.</param>
    /// <param name="data">The bytes that follow those already summed.</param>
    /// <returns>The checksum of all the data so far.</returns>
    public static uint Update(uint adler, ReadOnlySpan<byte> data) => UpdateScalar(adler, data);
}
