using System;
using HdrHistogram.Utilities;

namespace HdrHistogram.Encoding;

/// <summary>Writes a histogram into a <see cref="ByteBuffer"/> in some encoding (upstream's encoder abstraction).</summary>
public interface IEncoder
{
    /// <summary>Encodes <paramref name="histogram"/> into <paramref name="buffer"/> at its position and advances past it.</summary>
    /// <param name="histogram">The histogram to encode.</param>
    /// <param name="buffer">The buffer to write to.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">The encoding does not fit in the buffer's remaining space.</exception>
    int Encode(HistogramBase histogram, ByteBuffer buffer);
}
