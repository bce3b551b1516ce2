#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram;

// HdrHistogram 2.5.0's ByteBuffer forms, over the span reader and writer the encoders use.
public static partial class ZigZagEncoding
{
    /// <summary>Writes <paramref name="value"/> at the buffer's position and advances past it.</summary>
    /// <param name="buffer">The buffer to write to.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The encoded value does not fit in the remaining space; nothing is written.</exception>
    public static void PutLong(ByteBuffer buffer, long value)
    {
        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        if (!TryWriteLong(buffer.RemainingSpan, value, out int written))
        {
            throw buffer.Overflow(GetByteCount(value));
        }

        buffer.Advance(written);
    }

    /// <summary>Reads a value at the buffer's position and advances past it.</summary>
    /// <param name="buffer">The buffer to read from.</param>
    /// <returns>The value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="buffer"/> is null.</exception>
    /// <exception cref="InvalidOperationException">The buffer ends inside the encoded value; the position is unchanged.</exception>
    public static long GetLong(ByteBuffer buffer)
    {
        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        if (!TryReadLong(buffer.RemainingSpan, out long value, out int read))
        {
            throw buffer.Underflow(buffer.Remaining() + 1);
        }

        buffer.Advance(read);
        return value;
    }
}
