using System;
using System.IO;

namespace HdrHistogram.Fuzz;

/// <summary>A read-only, non-seekable stream over bytes that returns at most one byte per read, as a slow pipe would.</summary>
internal sealed class OneByteStream : Stream
{
    private readonly byte[] _bytes;
    private int _position;

    public OneByteStream(byte[] bytes)
    {
        _bytes = bytes;
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        if (buffer.IsEmpty || _position >= _bytes.Length)
        {
            return 0;
        }

        buffer[0] = _bytes[_position++];
        return 1;
    }

    public override int ReadByte() => _position < _bytes.Length ? _bytes[_position++] : -1;

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
