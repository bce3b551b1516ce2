#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Encoding;

/// <summary>
/// Writes a histogram into a <see cref="ByteBuffer"/> in some encoding (HdrHistogram 2.5.0's encoder abstraction, with
/// its 2.5.0 signature). <see cref="HistogramBase.Encode(ByteBuffer, IEncoder)"/> hands the encoder the histogram's
/// <see cref="IRecordedData"/>.
/// </summary>
public interface IEncoder
{
    /// <summary>Encodes <paramref name="data"/> into <paramref name="buffer"/> at its position and advances past it.</summary>
    /// <param name="data">The histogram's configuration and counts.</param>
    /// <param name="buffer">The buffer to write to.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the buffer's remaining space.</exception>
    int Encode(IRecordedData data, ByteBuffer buffer);
}
