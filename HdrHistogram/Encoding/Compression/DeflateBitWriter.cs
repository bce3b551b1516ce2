namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// Writes a deflate bit stream into a span: values least-significant bit first (RFC 1951 section 3.1.1), gathered
/// in a 64-bit buffer and stored four bytes at a time. The span must have at least 8 bytes more than the stream
/// needs, because a store writes a whole 32-bit word.
/// </summary>
internal ref struct DeflateBitWriter
{
    private readonly Span<byte> _destination;
    private ulong _bits;
    private int _bitCount;
    private int _position;

    /// <summary>Starts writing at the beginning of <paramref name="destination"/>.</summary>
    /// <param name="destination">Receives the bytes.</param>
    public DeflateBitWriter(Span<byte> destination)
    {
        _destination = destination;
        _bits = 0;
        _bitCount = 0;
        _position = 0;
    }

    /// <summary>Appends the low <paramref name="count"/> bits of <paramref name="value"/> (at most 16 bits).</summary>
    /// <param name="value">The bits; nothing above the low <paramref name="count"/> may be set.</param>
    /// <param name="count">Number of bits, 0 to 16.</param>
    public void WriteBits(uint value, int count)
    {
        _bits |= (ulong)value << _bitCount;
        _bitCount += count;
        if (_bitCount >= 32)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(_destination.Slice(_position), (uint)_bits);
            _position += 4;
            _bits >>= 32;
            _bitCount -= 32;
        }
    }

    /// <summary>Pads with zero bits to the next byte boundary.</summary>
    public void AlignToByte() => _bitCount = (_bitCount + 7) & ~7;

    /// <summary>Pads with zero bits to the next byte boundary, then appends <paramref name="bytes"/> unchanged.</summary>
    /// <param name="bytes">The bytes of a stored block.</param>
    public void WriteAlignedBytes(ReadOnlySpan<byte> bytes)
    {
        FlushWholeBytes();
        bytes.CopyTo(_destination.Slice(_position));
        _position += bytes.Length;
    }

    /// <summary>Writes out the bits still buffered, padded to a byte.</summary>
    /// <returns>Total number of bytes written.</returns>
    public int Finish()
    {
        FlushWholeBytes();
        return _position;
    }

    private void FlushWholeBytes()
    {
        while (_bitCount > 0)
        {
            _destination[_position++] = (byte)_bits;
            _bits >>= 8;
            _bitCount -= 8;
        }

        _bits = 0;
        _bitCount = 0;
    }
}
