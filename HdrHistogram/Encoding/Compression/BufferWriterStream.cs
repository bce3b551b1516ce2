namespace HdrHistogram.Encoding.Compression;

/// <summary>
/// A write-only <see cref="Stream"/> that appends to an <see cref="IBufferWriter{T}"/>: the sink that
/// <see cref="System.IO.Compression.DeflateStream"/> writes the compressed bytes into. One instance serves
/// many calls: <see cref="Retarget"/> points it at a writer before each use and detaches it after, and disposing it (as a
/// compression stream may) has no effect.
/// </summary>
internal sealed partial class BufferWriterStream : Stream
{
    /// <summary>The writer that receives the bytes, or null between uses.</summary>
    public IBufferWriter<byte>? Target { get; private set; }

    /// <summary>Number of bytes written since the last <see cref="Retarget"/>.</summary>
    public long BytesWritten { get; private set; }

    /// <inheritdoc />
    public override bool CanRead => false;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => true;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    /// <summary>Points the stream at a new writer and resets <see cref="BytesWritten"/>.</summary>
    /// <param name="target">The writer to append to, or null to detach.</param>
    public void Retarget(IBufferWriter<byte>? target)
    {
        Target = target;
        BytesWritten = 0;
    }

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count)
    {
        if (buffer is null)
        {
            throw new ArgumentNullException(nameof(buffer));
        }

        if ((uint)offset > (uint)buffer.Length || (uint)count > (uint)(buffer.Length - offset))
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        Append(new ReadOnlySpan<byte>(buffer, offset, count));
    }

    /// <inheritdoc />
    public override void WriteByte(byte value)
    {
        IBufferWriter<byte> target = Target ?? throw new InvalidOperationException("The stream has no target writer.");
        target.GetSpan(1)[0] = value;
        target.Advance(1);
        BytesWritten++;
    }

    /// <inheritdoc />
    public override void Flush()
    {
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();

    private void Append(ReadOnlySpan<byte> data)
    {
        IBufferWriter<byte> target = Target ?? throw new InvalidOperationException("The stream has no target writer.");
        if (data.IsEmpty)
        {
            return;
        }

        data.CopyTo(target.GetSpan(data.Length));
        target.Advance(data.Length);
        BytesWritten += data.Length;
    }
}
